// `rulebook-bench lsp [--binary .build/release/rulebook] [--lines 5000] [--edits 200] [--edit-at 0.5]`:
// the language server's latency from `didChange` to the `publishDiagnostics` of that
// version, for a generated rule file (goal: median within 15 ms at 5,000 lines).
//
// It starts the real `rulebook lsp` over pipes, as an editor would, opens the file, then
// makes one small edit at a time in the middle of the file (`--edit-at F`: at that
// fraction of its lines), alternately adding and removing a rule (so the diagnostics
// really change), and waits for each version's
// diagnostics before the next edit. A second phase types a burst of edits without
// waiting and measures until the last version's diagnostics arrive.

import Foundation
import Rulebook
import RulebookLanguageServer
import RulebookTooling

/// A minimal LSP client over a child process's pipes.
final class BenchmarkClient: @unchecked Sendable {
    // @unchecked: `inbox` is guarded by `condition`.
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let condition = NSCondition()
    private var inbox: [Value] = []

    init(binary: String) throws {
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["lsp"]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let descriptor = output.fileHandleForReading.fileDescriptor
        Thread { [weak self] in
            var framer = MessageFramer()
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count <= 0 { return }
                framer.append(buffer[0..<count])
                while let event = framer.next() {
                    guard case .message(let body) = event, let value = try? JSONReader().parse(body) else { continue }
                    self?.deliver(value)
                }
            }
        }.start()
    }

    private func deliver(_ value: Value) {
        condition.lock()
        inbox.append(value)
        condition.broadcast()
        condition.unlock()
    }

    func send(_ value: Value) {
        var body: [UInt8] = []
        JSONWriter().write(value, into: &body)
        input.fileHandleForWriting.write(Data(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body))
    }

    /// Waits for a message satisfying `predicate` (dropping the ones before it).
    func wait(_ predicate: (Value) -> Bool) -> Value? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(60)
        while true {
            if let index = inbox.firstIndex(where: predicate) {
                let found = inbox[index]
                inbox.removeSubrange(0...index)
                return found
            }
            if !condition.wait(until: deadline) { return nil }
        }
    }

    /// The server process's CPU time so far (user + system), in milliseconds.
    var cpuMilliseconds: Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command name: state is field 3, utime 14 and stime 15 (1-based, man 5 proc).
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) * 1000 / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The server's process id.
    var processIdentifier: Int32 { process.processIdentifier }

    func stop() {
        send(.object(ValueObject([("jsonrpc", .string("2.0")), ("id", .integer(999_999)), ("method", .string("shutdown"))])))
        _ = wait { member($0, "id") == .integer(999_999) }
        send(.object(ValueObject([("jsonrpc", .string("2.0")), ("method", .string("exit"))])))
        process.waitUntilExit()
    }
}

private func member(_ value: Value, _ key: String) -> Value? {
    if case .object(let object) = value { return object[key] }
    return nil
}

private func message(_ method: String, id: Int? = nil, _ params: Value) -> Value {
    var object = ValueObject([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
    if let id { object["id"] = .integer(id) }
    return .object(object)
}

private func isDiagnostics(_ value: Value, version: Int) -> Bool {
    guard member(value, "method") == .string("textDocument/publishDiagnostics"), let params = member(value, "params") else { return false }
    return member(params, "version") == .integer(version)
}

private func position(_ line: Int, _ character: Int) -> Value {
    .object(ValueObject([("line", .integer(line)), ("character", .integer(character))]))
}

/// An incremental change inserting or deleting `text` at the end of `line`.
private func change(uri: String, version: Int, line: Int, column: Int, insert text: String?, deleteLength: Int) -> Value {
    let end = position(line, column + deleteLength)
    let range = ValueObject([("start", position(line, column)), ("end", end)])
    let content = ValueObject([("range", .object(range)), ("text", .string(text ?? ""))])
    let document = ValueObject([("uri", .string(uri)), ("version", .integer(version))])
    return message(
        "textDocument/didChange",
        .object(ValueObject([("textDocument", .object(document)), ("contentChanges", .array([.object(content)]))])))
}

func runLSPBenchmark(binary: String, lines: Int, edits: Int, editAt fraction: Double = 0.5) {
    let fileManager = FileManager.default
    let root = fileManager.temporaryDirectory.appendingPathComponent("rulebook-lsp-bench-\(getpid())")
    try? fileManager.createDirectory(at: root.appendingPathComponent("Rules"), withIntermediateDirectories: true)
    defer { try? fileManager.removeItem(at: root) }
    // The shipped catalogues and named rules, so message keys and imports resolve as in a project.
    try? fileManager.copyItem(atPath: "Localizations", toPath: root.appendingPathComponent("Localizations").path)
    try? fileManager.copyItem(atPath: "Rules/common.rules", toPath: root.appendingPathComponent("Rules/common.rules").path)
    let text = generateRuleFile(lines: lines)
    let path = root.appendingPathComponent("Rules/bench.rules").path
    let uri = DocumentURI.fileURI(forPath: path)
    let lineCount = LineTable(text).lineCount

    guard let client = try? BenchmarkClient(binary: binary) else {
        print("cannot start \(binary) lsp (build it first: swift build -c release)")
        return
    }
    let initialize = ValueObject([
        ("processId", .null), ("rootUri", .string(DocumentURI.fileURI(forPath: root.path))),
        ("capabilities", .object(ValueObject())),
    ])
    client.send(message("initialize", id: 1, .object(initialize)))
    _ = client.wait { member($0, "id") == .integer(1) }
    client.send(message("initialized", .object(ValueObject())))
    let item = ValueObject([("uri", .string(uri)), ("languageId", .string("rulebook")), ("version", .integer(1)), ("text", .string(text))])
    let openStart = now()
    client.send(message("textDocument/didOpen", .object(ValueObject([("textDocument", .object(item))]))))
    guard let opened = client.wait({ isDiagnostics($0, version: 1) }) else { print("no diagnostics for the opened file"); return }
    let openMilliseconds = (now() - openStart) * 1000
    let initialCount =
        member(member(opened, "params") ?? .null, "diagnostics").flatMap { if case .array(let items) = $0 { items.count } else { nil } }
        ?? 0

    // Sequential edits at one line (the middle by default; `--edit-at 0.05` near the top,
    // where reparsing from the edit keeps least): add a rule to the line, then remove it.
    let target = Swift.max(0, Swift.min(lineCount - 2, Int(Double(lineCount) * fraction)))
    let lineText = text.split(separator: "\n", omittingEmptySubsequences: false)[target]
    let column = lineText.utf16.count
    var latencies: [Double] = []
    var version = 1
    let cpuBefore = client.cpuMilliseconds
    for edit in 0..<edits {
        version += 1
        let adding = edit.isMultiple(of: 2)
        let start = now()
        client.send(
            change(
                uri: uri, version: version, line: target, column: column, insert: adding ? ", minLenght 2" : nil,
                deleteLength: adding ? 0 : ", minLenght 2".utf16.count))
        guard client.wait({ isDiagnostics($0, version: version) }) != nil else { print("timed out at version \(version)"); return }
        latencies.append((now() - start) * 1000)
    }

    let serverCPUPerEdit = (client.cpuMilliseconds - cpuBefore) / Double(edits)

    // A burst of typing: one character per change, no waiting, until the last version's diagnostics.
    let burst = 20
    let burstStart = now()
    for offset in 0..<burst {
        version += 1
        client.send(change(uri: uri, version: version, line: target, column: column + offset, insert: "x", deleteLength: 0))
    }
    let burstOK = client.wait { isDiagnostics($0, version: version) } != nil
    let burstMilliseconds = (now() - burstStart) * 1000
    client.stop()

    // Where the time goes: the library's parse and check of the same text, in process.
    let catalogs = (try? MessageCatalogs(directory: root.appendingPathComponent("Localizations").path)) ?? .empty
    let options = CheckOptions(knownMessageKeys: catalogs.base == nil ? nil : catalogs.baseKeys).withLint
    // Thread CPU time, so that other processes on the machine do not inflate it.
    var parseTimes: [Double] = [], checkTimes: [Double] = []
    for _ in 0..<20 {
        var start = threadCPUMilliseconds()
        _ = Parser.parse(SourceFile(path: path, text: text))
        parseTimes.append(threadCPUMilliseconds() - start)
        var provider = OverlaySourceProvider(base: DiskSourceProvider())
        provider.setBuffer(text, for: path)
        start = threadCPUMilliseconds()
        _ = try? Workspace(provider: provider, options: options).check(rootFile: path, buildingRuleSet: false)
        checkTimes.append(threadCPUMilliseconds() - start)
    }
    parseTimes.sort()
    checkTimes.sort()

    latencies.sort()
    func percentile(_ p: Double) -> Double { latencies[Swift.min(latencies.count - 1, Int(Double(latencies.count) * p))] }
    print("rulebook lsp: didChange → publishDiagnostics (\(binary))")
    print("  file: \(lineCount) lines, \(text.utf8.count / 1024) KiB, \(initialCount) diagnostics when opened; edits at line \(target + 1)")
    print("  open → first diagnostics: \(format1(openMilliseconds)) ms")
    print(
        "  \(edits) sequential edits:  median \(format1(percentile(0.5))) ms   p90 \(format1(percentile(0.9)))  ms   min \(format1(latencies.first ?? 0)) ms   max \(format1(latencies.last ?? 0)) ms"
    )
    print("  server CPU time per edit (user + system, all threads): \(format1(serverCPUPerEdit)) ms")
    print(
        "  the library alone, in process, CPU ms (median of 20): parse \(format1(parseTimes[10])), Workspace.check (parse + check) \(format1(checkTimes[10]))"
    )
    var load = [0.0, 0.0, 0.0]
    if getloadavg(&load, 3) == 3 { print("  machine load average while measuring: \(format1(load[0])) (2 cores; wall times grow with it)") }
    print(
        "  burst of \(burst) changes without waiting → last version's diagnostics: \(burstOK ? format1(burstMilliseconds) + " ms" : "timed out")"
    )
}
