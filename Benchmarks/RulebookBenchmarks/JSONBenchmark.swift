// `rulebook-bench json`: nanoseconds per record for the JSON layer: the flat
// tape the streaming validator parses each NDJSON line into, the `Value` reader, numeric
// text, the writer, and `ValueEncoder` for the embedded `Encodable` path.

import Foundation
import Rulebook

/// Edit-profile records of varied shape (ASCII and not, a wrong-kind field), cycled so
/// branch prediction cannot learn one record.
private let profileRecords: [[UInt8]] = [
    #"{"firstName":"Ann","lastName":"Lee","email":"ann@example.com","age":34}"#,
    #"{"firstName":"Bartholomew","lastName":"O'Neil","email":"bart.oneil@example.org","age":61}"#,
    #"{"firstName":"Zoë","lastName":"Müller","email":"zoe.mueller@example.de","age":19}"#,
    #"{"firstName":"J","lastName":"","email":"nope","age":"27"}"#,
].map { Array($0.utf8) }

private struct Profile: Encodable {
    var firstName: String
    var lastName: String
    var email: String
    var age: Int
    var newsletter: Bool
}

/// This thread's CPU time in nanoseconds: unlike wall time it excludes the time the
/// thread waits for a core, so numbers stay meaningful on a busy shared machine.
private func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Runs `body` `iterations` times per round and returns the best round's CPU ns per call.
private func measure(_ iterations: Int, rounds: Int = 7, _ body: () -> Int) -> (ns: Double, sink: Int) {
    var best = Double.infinity
    var sink = 0
    for _ in 0..<rounds {
        let start = threadCPUNanoseconds()
        for _ in 0..<iterations { sink &+= body() }
        let elapsed = Double(threadCPUNanoseconds() - start)
        best = min(best, elapsed / Double(iterations))
    }
    return (best, sink)
}

/// Runs the JSON measurements; `only`, when given, keeps those whose name contains it
/// (for profiling one at a time: `rulebook-bench json tape`).
func runJSONBenchmark(only: String? = nil) {
    func wanted(_ name: String) -> Bool { only.map { name.localizedCaseInsensitiveContains($0) } ?? true }
    let averageBytes = Double(profileRecords.map(\.count).reduce(0, +)) / Double(profileRecords.count)
    print("JSON layer, profile records (\(String(format: "%.0f", averageBytes)) bytes on average), best of 7 rounds, thread CPU time")
    print("| measurement | ns/record |")
    print("|---|---:|")
    var results: [(String, Double)] = []
    var sinks = 0
    let n = 1_000_000

    var tape = JSONTape()
    var index = 0
    // The records as lines of one buffer, the way the streaming validator sees an NDJSON
    // chunk (so the loop measures parsing, not array retains).
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: profileRecords.map(\.count).reduce(0, +), alignment: 8)
    defer { chunk.deallocate() }
    var lines: [UnsafeRawBufferPointer] = []
    var offset = 0
    for record in profileRecords {
        UnsafeMutableRawBufferPointer(rebasing: chunk[offset..<offset + record.count]).copyBytes(from: record)
        lines.append(UnsafeRawBufferPointer(rebasing: chunk[offset..<offset + record.count]))
        offset += record.count
    }
    if wanted("JSONTape.parse") {
        let tapeParse = measure(n) {
            index = (index + 1) & 3
            return (try? tape.parse(lines[index])) == nil ? 0 : tape.entryCount
        }
        results.append(("JSONTape.parse", tapeParse.ns)); sinks &+= tapeParse.sink
    }

    if wanted("JSONTape.parse, one 102-byte record") {
        let record = Array(#"{"firstName":"Annabelle","lastName":"Lee","email":"annabelle.lee@example.com","age":34,"city":"Leeds"}"#.utf8)
        let single = record.withUnsafeBytes { bytes in
            measure(n) { (try? tape.parse(bytes)) == nil ? 0 : tape.entryCount }
        }
        results.append(("JSONTape.parse, one 102-byte record", single.ns)); sinks &+= single.sink
    }

    // Key bytes allocated once, as a compiled rule set's field table holds them.
    let keys: [UnsafeRawBufferPointer] = ["firstName", "lastName", "email", "age"].map { key in
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: key.utf8.count, alignment: 1)
        buffer.copyBytes(from: key.utf8)
        return UnsafeRawBufferPointer(buffer)
    }
    defer { keys.forEach { $0.deallocate() } }
    if wanted("JSONTape.parse + 4 member lookups") {
        let tapeLookup = measure(n) {
            index = (index + 1) & 3
            let bytes = lines[index]
            guard (try? tape.parse(bytes)) != nil else { return 0 }
            return tape.withView(over: bytes) { view in
                guard let root = view.root else { return 0 }
                var found = 0
                for key in keys {
                    if let node = view.member(of: root, key: key) { found &+= view.rawUTF8(of: node).count }
                }
                return found
            }
        }
        results.append(("JSONTape.parse + 4 member lookups", tapeLookup.ns)); sinks &+= tapeLookup.sink
    }

    let reader = JSONReader()
    if wanted("JSONReader.parse → Value") {
        let valueParse = measure(n / 4) {
            index = (index + 1) & 3
            return (try? reader.parse(lines[index]))?.objectValue?.count ?? 0
        }
        results.append(("JSONReader.parse → Value", valueParse.ns)); sinks &+= valueParse.sink
    }

    let datas = profileRecords.map { Data($0) }
    if wanted("Foundation JSONSerialization (reference)") {
        let foundation = measure(n / 20, rounds: 3) {
            index = (index + 1) & 3
            return ((try? JSONSerialization.jsonObject(with: datas[index])) as? [String: Any])?.count ?? 0
        }
        results.append(("Foundation JSONSerialization (reference)", foundation.ns)); sinks &+= foundation.sink
    }

    let numberTexts = ["27", "-1.5e3", "34", "0.25"].map { Array($0.utf8) }
    if wanted("JSONNumber(utf8:) on numeric text") {
        let numbers = measure(n) {
            index = (index + 1) & 3
            return numberTexts[index].withUnsafeBytes { JSONNumber(utf8: $0)?.integerValue ?? 1 }
        }
        results.append(("JSONNumber(utf8:) on numeric text", numbers.ns)); sinks &+= numbers.sink
    }

    let profile = Profile(firstName: "Ann", lastName: "Lee", email: "ann@example.com", age: 34, newsletter: true)
    let encoder = ValueEncoder()
    if wanted("ValueEncoder, 5-field struct") {
        let encode = measure(n / 4) { (try? encoder.encode(profile))?.objectValue?.count ?? 0 }
        results.append(("ValueEncoder, 5-field struct", encode.ns)); sinks &+= encode.sink
    }

    let report: Value = [
        "record": 12, "valid": false,
        "violations": [
            [
                "field": "firstName", "rule": "minLength", "params": ["min": 2],
                "message": "First name must be at least 2 characters long.", "location": "Rules/profile.rules:2:23",
            ]
        ],
    ]
    var output: [UInt8] = []
    output.reserveCapacity(4096)
    let writer = JSONWriter()
    if wanted("JSONWriter, one NDJSON result line") {
        let write = measure(n / 4) {
            output.removeAll(keepingCapacity: true)
            writer.write(report, into: &output)
            return output.count
        }
        results.append(("JSONWriter, one NDJSON result line", write.ns)); sinks &+= write.sink
    }

    for (name, ns) in results { print("| \(name) | \(String(format: "%.1f", ns)) |") }
    print("(checksum \(sinks & 0xFFFF))")
}
