import SeededRandom
import XCTest

@testable import Rulebook

/// Random record values for differential and round-trip tests.
enum RandomJSON {
    static let keyPool = [
        "a", "id", "firstName", "e\u{301}", "naïve", "", "with space", "quote\"d", "back\\slash",
        "tab\t", "日本", "😀", "nul\u{0}",
    ]
    static let textPool = [
        "", " ", "Ann", "Lee", "ann@example.com", "line\nbreak", "\u{7}bell", "\u{1F}",
        "😀👍🏽", "é", "e\u{301}", "\\", "\"", "/", "\u{2028}", "Ωmega", "\u{FFFF}", "\u{10FFFF}",
    ]

    static func value(_ rng: inout SeededGenerator, depth: Int = 0) -> Value {
        let choice = Int(rng.next() % (depth >= 4 ? 6 : 8))
        switch choice {
        case 0: return .null
        case 1: return .bool(rng.next() % 2 == 0)
        case 2:
            switch rng.next() % 4 {
            case 0: return .integer(Int(truncatingIfNeeded: rng.next()))
            case 1: return .integer(Int(rng.next() % 2000) - 1000)
            default: return .integer(Int(rng.next() % 100))
            }
        case 3:
            switch rng.next() % 4 {
            case 0: return .decimal(Double(bitPattern: rng.next() & 0x7FEF_FFFF_FFFF_FFFF) * (rng.next() % 2 == 0 ? 1 : -1))
            case 1: return .decimal(Double(Int(rng.next() % 100_000) - 50_000) / 100)
            case 2: return .decimal(Double(rng.next() % 1000) * 1e-9)
            default: return .decimal(Double(rng.next() % 1000) + 0.5)
            }
        case 4, 5:
            var text = textPool[Int(rng.next() % UInt64(textPool.count))]
            if rng.next() % 3 == 0 { text += textPool[Int(rng.next() % UInt64(textPool.count))] }
            return .string(text)
        case 6:
            let count = Int(rng.next() % 5)
            return .array((0..<count).map { _ in value(&rng, depth: depth + 1) })
        default:
            let count = Int(rng.next() % 5)
            var members: [(key: String, value: Value)] = []
            for _ in 0..<count {
                members.append((keyPool[Int(rng.next() % UInt64(keyPool.count))], value(&rng, depth: depth + 1)))
            }
            return .object(ValueObject(members))
        }
    }

    /// Bytes that matter to a JSON reader, for mutations.
    static let mutationBytes: [UInt8] =
        Array("{}[]\":,\\ \n-+.0123456789eEtfnulsarxu".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xE2, 0xED, 0xF0, 0xFF]

    /// `bytes` with one to three random edits (replace, insert, delete, truncate).
    static func mutate(_ bytes: [UInt8], _ rng: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        for _ in 0...(rng.next() % 3) {
            let position = bytes.isEmpty ? 0 : Int(rng.next() % UInt64(bytes.count))
            let byte = mutationBytes[Int(rng.next() % UInt64(mutationBytes.count))]
            switch rng.next() % 4 {
            case 0 where !bytes.isEmpty: bytes[position] = byte
            case 1: bytes.insert(byte, at: position)
            case 2 where !bytes.isEmpty: bytes.remove(at: position)
            case 3: bytes.removeSubrange(position...)
            default: bytes.append(byte)
            }
        }
        return bytes
    }
}

/// The result of parsing through a tape, as a `Value`.
func tapeValue(_ bytes: [UInt8], limits: JSONLimits = .default) -> Result<Value, JSONError> {
    var tape = JSONTape(limits: limits)
    do {
        try tape.parse(bytes)
    } catch {
        return .failure(error)
    }
    return .success(tape.withView(over: bytes) { view in view.root.map { view.value(of: $0) } ?? .null })
}

/// The result of parsing through the `Value` reader.
func readerValue(_ bytes: [UInt8], limits: JSONLimits = .default) -> Result<Value, JSONError> {
    do {
        return .success(try JSONReader(limits: limits).parse(bytes))
    } catch {
        return .failure(error)
    }
}

/// Values whose numbers are compared bit-exactly (so `-0.0` and `0.0`, or a decimal
/// and an integer, are told apart), for round trips.
func assertIdentical(_ a: Value, _ b: Value, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a, b, file: file, line: line)
    XCTAssertEqual(a.json, b.json, file: file, line: line)
}
