// `rulebook-bench memory [--binary .build/release/rulebook] [--bytes 18000000]`: peak
// resident memory of the real binary on a generated rule file of short lines
// (``DenseRuleFile``, the densest hand-written shape), against the goal of about 20× the
// file's size:
// - `rulebook check FILE` and `rulebook validate --rules FILE` (one record), each a child
//   measured with wait4(2), beside `rulebook check` of an empty file (the baseline: the
//   runtime and the binary's own pages);
// - `rulebook lsp` with the file open: after its first diagnostics, answering
//   documentSymbol and hover, and 50 documentSymbol requests, then their cancellations (the
//   server's VmHWM, reset between phases through /proc/PID/clear_refs, and its VmRSS
//   once the cancelled requests are answered).
// "× size" is (peak − baseline) / file size. Linux only (/proc).
//
// A command's peak is measured by a fresh `rulebook-bench rss` launching it: a child's
// ru_maxrss also counts the memory of the process it was spawned from (Linux records the
// parent's peak when a vfork child execs), and this process holds the generated file.

import Foundation
import Rulebook
import RulebookLanguageServer
import SeededRandom

/// The server's resident memory now and its peak since the last reset, in bytes.
private func serverMemory(_ pid: Int32) -> (resident: Int, peak: Int) {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return (0, 0) }
    func kilobytes(_ key: String) -> Int {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key) }) else { return 0 }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }
    return (kilobytes("VmRSS:") * 1024, kilobytes("VmHWM:") * 1024)
}

/// Resets the peak (`VmHWM`) to the current resident size.
private func resetPeak(_ pid: Int32) {
    try? "5".write(toFile: "/proc/\(pid)/clear_refs", atomically: false, encoding: .utf8)
}

private func request(_ method: String, id: Int, _ params: Value) -> Value {
    .object(ValueObject([("jsonrpc", .string("2.0")), ("id", .integer(id)), ("method", .string(method)), ("params", params)]))
}

private func notification(_ method: String, _ params: Value) -> Value {
    .object(ValueObject([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
}

private func responseID(_ value: Value) -> Int? {
    guard case .object(let object) = value, object["method"] == nil, case .integer(let id)? = object["id"] else { return nil }
    return Int(id)
}

/// `rulebook-bench rss OUT COMMAND…`: runs the command (stdout to /dev/null) and writes
/// its peak resident memory in bytes to OUT.
func runPeakRSS(_ arguments: [String]) {
    guard arguments.count >= 2, let cost = measure(Array(arguments.dropFirst())) else { return }
    try? "\(Int(cost.peakRSSMegabytes * 1_048_576)) \(cost.exitStatus) \(cost.wallSeconds)".write(
        toFile: arguments[0], atomically: false, encoding: .utf8)
}

/// The peak RSS in bytes, exit status and wall seconds of `command`, launched by a fresh
/// `rulebook-bench rss`.
private func peakRSS(_ command: [String], scratch: String) -> (peak: Int, status: Int32, seconds: Double)? {
    let bench = CommandLine.arguments[0].contains("/") ? CommandLine.arguments[0] : ".build/release/rulebook-bench"
    guard measure([bench, "rss", scratch] + command) != nil, let text = try? String(contentsOfFile: scratch, encoding: .utf8) else {
        return nil
    }
    let fields = text.split(separator: " ")
    guard fields.count == 3, let peak = Int(fields[0]), let status = Int32(fields[1]), let seconds = Double(fields[2]) else { return nil }
    return (peak, status, seconds)
}

func runMemoryBenchmark(binary: String, bytes: Int) {
    let fileManager = FileManager.default
    let root = fileManager.temporaryDirectory.appendingPathComponent("rulebook-memory-bench-\(getpid())")
    try? fileManager.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? fileManager.removeItem(at: root) }
    let text = DenseRuleFile.text(bytes: bytes)
    let size = text.utf8.count
    let rules = root.appendingPathComponent("dense.rules").path
    let empty = root.appendingPathComponent("empty.rules").path
    let record = root.appendingPathComponent("record.json").path
    guard fileManager.createFile(atPath: rules, contents: Data(text.utf8)), fileManager.createFile(atPath: empty, contents: Data()),
        fileManager.createFile(atPath: record, contents: Data("{}\n".utf8))
    else { return print("cannot write into \(root.path)") }

    let lines = text.utf8.lazy.filter { $0 == 10 }.count
    print("memory benchmark: \(binary), rule file \(size) bytes, \(lines) lines (DenseRuleFile, seed 20)")
    let scratch = root.appendingPathComponent("rss").path
    guard let baseline = peakRSS([binary, "check", empty], scratch: scratch) else { return print("cannot run \(binary)") }
    let base = baseline.peak
    func row(_ name: String, peak: Int, note: String = "") {
        let ratio = Double(peak - base) / Double(size)
        print("| \(name) | \(String(format2: Double(peak) / 1_048_576)) | \(String(format2: ratio))× | \(note) |")
    }
    print("| what | peak RSS MiB | (peak − baseline) / size | |")
    print("|---|---:|---:|---|")
    print("| baseline: `rulebook check` of an empty file | \(megabytes(base)) | | |")
    if let check = peakRSS([binary, "check", rules], scratch: scratch) {
        row("`rulebook check`", peak: check.peak, note: "exit \(check.status), \(String(format2: check.seconds)) s")
    }
    if let validate = peakRSS([binary, "validate", "--rules", rules, record], scratch: scratch) {
        row(
            "`rulebook validate --rules` (one record)", peak: validate.peak,
            note: "exit \(validate.status), \(String(format2: validate.seconds)) s")
    }
    measureServer(binary: binary, root: root, path: rules, text: text, row: row)
}

private func measureServer(binary: String, root: URL, path: String, text: String, row: (String, Int, String) -> Void) {
    guard let client = try? BenchmarkClient(binary: binary) else { return print("cannot start \(binary) lsp") }
    let pid = client.processIdentifier
    let initialize = ValueObject([
        ("processId", .null), ("rootUri", .string(DocumentURI.fileURI(forPath: root.path))),
        ("capabilities", .object(ValueObject())),
    ])
    client.send(request("initialize", id: 1, .object(initialize)))
    _ = client.wait { responseID($0) == 1 }
    client.send(notification("initialized", .object(ValueObject())))
    let uri = DocumentURI.fileURI(forPath: path)
    let item = ValueObject([("uri", .string(uri)), ("languageId", .string("rulebook")), ("version", .integer(1)), ("text", .string(text))])
    client.send(notification("textDocument/didOpen", .object(ValueObject([("textDocument", .object(item))]))))
    guard
        client.wait({
            guard case .object(let object) = $0 else { return false }
            return object["method"] == .string("textDocument/publishDiagnostics")
        }) != nil
    else { return print("no diagnostics for the opened file") }
    row(
        "`rulebook lsp`: open, first diagnostics published", serverMemory(pid).peak,
        "resident after: \(megabytes(serverMemory(pid).resident)) MiB")

    let document = Value.object(ValueObject([("textDocument", .object(ValueObject([("uri", .string(uri))])))]))
    let middle = ValueObject([("line", .integer(text.utf8.lazy.filter { $0 == 10 }.count / 2)), ("character", .integer(1))])
    var hoverParams = ValueObject([("textDocument", .object(ValueObject([("uri", .string(uri))])))])
    hoverParams["position"] = .object(middle)
    resetPeak(pid)
    client.send(request("textDocument/documentSymbol", id: 2, document))
    client.send(request("textDocument/hover", id: 3, .object(hoverParams)))
    _ = client.wait { responseID($0) == 2 }
    _ = client.wait { responseID($0) == 3 }
    row("`rulebook lsp`: documentSymbol + hover", serverMemory(pid).peak, "resident after: \(megabytes(serverMemory(pid).resident)) MiB")

    // 50 requests, then their 50 cancellations: every one is answered (most with
    // RequestCancelled), and what they held should be released.
    resetPeak(pid)
    for id in 100..<150 { client.send(request("textDocument/documentSymbol", id: id, document)) }
    for id in 100..<150 { client.send(notification("$/cancelRequest", .object(ValueObject([("id", .integer(id))])))) }
    var unanswered = Set(100..<150)
    _ = client.wait { message in
        if let id = responseID(message) { unanswered.remove(id) }
        return unanswered.isEmpty
    }
    // A last request, answered after every cancelled one has let go.
    client.send(request("textDocument/hover", id: 151, .object(hoverParams)))
    _ = client.wait { responseID($0) == 151 }
    row(
        "`rulebook lsp`: 50 documentSymbol cancelled at once", serverMemory(pid).peak,
        "resident after: \(megabytes(serverMemory(pid).resident)) MiB")
    client.stop()
}

private func megabytes(_ bytes: Int) -> String { String(format2: Double(bytes) / 1_048_576) }
