import Foundation
import Rulebook
import XCTest

@testable import RulebookLanguageServer

/// A language-server client for tests: starts a server (the real `rulebook lsp`
/// executable, or the library in-process) on pipes, writes framed messages, and collects
/// everything the server sends on a reader thread.
///
/// Waits have generous limits so a broken server fails a test instead of hanging it;
/// nothing asserts on timing.
final class LSPTestClient: @unchecked Sendable {
    // @unchecked: `received`, `closed` and `nextID` are guarded by `condition`.
    enum Mode { case executable, inProcess }

    private let toServer = Pipe()
    private let fromServer = Pipe()
    private let errors = Pipe()
    private var process: Process?
    private var inProcessStatus: Task<Int32, Never>?
    private let condition = NSCondition()
    private var received: [Value] = []
    private var closed = false
    private var nextID = 1
    private var stderrText = ""
    let timeout: TimeInterval = 60

    /// Starts a server.
    init(mode: Mode = .executable, extraRoutes: [String: Route] = [:]) throws {
        switch mode {
        case .executable:
            let process = Process()
            process.executableURL = try LSPTestClient.executableURL()
            process.arguments = ["lsp"]
            process.standardInput = toServer
            process.standardOutput = fromServer
            process.standardError = errors
            try process.run()
            self.process = process
        case .inProcess:
            let input = toServer.fileHandleForReading.fileDescriptor
            let output = fromServer.fileHandleForWriting.fileDescriptor
            let log = errors.fileHandleForWriting.fileDescriptor
            inProcessStatus = Task.detached {
                await LanguageServer.serve(input: input, output: output, log: log, version: "test", extraRoutes: extraRoutes)
            }
        }
        startReaders()
    }

    deinit {
        process?.terminate()
    }

    /// The server's process (nil in process).
    var processIdentifier: Int32? { process?.processIdentifier }

    /// The `rulebook` executable built next to the test bundle.
    static func executableURL() throws -> URL {
        var candidates: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("rulebook"))
        }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("rulebook"))
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/rulebook"))
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw XCTSkip("the rulebook executable was not built (looked in \(candidates.map(\.path)))")
        }
        return found
    }

    private func startReaders() {
        let output = fromServer.fileHandleForReading.fileDescriptor
        let thread = Thread { [weak self] in
            var framer = MessageFramer()
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = read(output, &buffer, buffer.count)
                if count <= 0 { break }
                framer.append(buffer[0..<count])
                while let event = framer.next() {
                    guard case .message(let body) = event, let value = try? JSONReader().parse(body) else {
                        self?.record(.string("UNREADABLE OUTPUT: \(event)"))
                        continue
                    }
                    self?.record(value)
                }
            }
            self?.markClosed()
        }
        thread.start()
        let errorDescriptor = errors.fileHandleForReading.fileDescriptor
        Thread { [weak self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(errorDescriptor, &buffer, buffer.count)
                if count <= 0 { break }
                let text = String(decoding: buffer[0..<count], as: UTF8.self)
                self?.condition.lock()
                self?.stderrText += text
                self?.condition.broadcast()  // (see `waitForLog(containing:)`)
                self?.condition.unlock()
            }
        }.start()
    }

    private func record(_ value: Value) {
        condition.lock()
        received.append(value)
        condition.broadcast()
        condition.unlock()
    }

    private func markClosed() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// What the server logged so far.
    var log: String {
        condition.lock()
        defer { condition.unlock() }
        return stderrText
    }

    /// Whether the server's log comes to contain `text` within the timeout. The log is
    /// read from its own pipe, so a response on the other pipe can arrive before a line
    /// the server logged before sending it.
    func waitForLog(containing text: String) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !stderrText.contains(text) {
            if !condition.wait(until: deadline) { return stderrText.contains(text) }
        }
        return true
    }

    // MARK: Sending

    /// Writes raw bytes to the server's input.
    func sendRaw(_ bytes: [UInt8]) {
        toServer.fileHandleForWriting.write(Data(bytes))
    }

    /// Writes one framed message.
    func send(_ value: Value) {
        var body: [UInt8] = []
        JSONWriter().write(value, into: &body)
        sendRaw(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    /// Writes one framed message given as JSON text.
    func sendJSON(_ text: String) {
        sendRaw(Array("Content-Length: \(text.utf8.count)\r\n\r\n".utf8) + Array(text.utf8))
    }

    /// A fresh integer id.
    func makeID() -> Int {
        condition.lock()
        defer { condition.unlock() }
        nextID += 1
        return nextID
    }

    /// Sends a request without waiting; returns its id.
    @discardableResult
    func sendRequest(_ method: String, _ params: Value?, id: Value? = nil) -> Value {
        let id = id ?? .integer(makeID())
        var message = ValueObject([("jsonrpc", .string("2.0")), ("id", id), ("method", .string(method))])
        if let params { message["params"] = params }
        send(.object(message))
        return id
    }

    /// Sends a notification.
    func notify(_ method: String, _ params: Value?) {
        var message = ValueObject([("jsonrpc", .string("2.0")), ("method", .string(method))])
        if let params { message["params"] = params }
        send(.object(message))
    }

    /// Sends a request and waits for its response (the whole response object).
    func requestResponse(_ method: String, _ params: Value?) throws -> Value {
        let id = sendRequest(method, params)
        return try waitForResponse(id: id)
    }

    /// Sends a request and returns its `result`, failing on an error response.
    func request(_ method: String, _ params: Value?, file: StaticString = #filePath, line: UInt = #line) throws -> Value {
        let response = try requestResponse(method, params)
        if let error = response["error"] {
            XCTFail("\(method) failed: \(error)", file: file, line: line)
            throw TestClientError.errorResponse(error)
        }
        return response["result"] ?? .null
    }

    // MARK: Receiving

    /// Waits until a received message satisfies `predicate`; removes and returns it.
    func waitFor(_ description: String, _ predicate: (Value) -> Bool) throws -> Value {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let index = received.firstIndex(where: predicate) { return received.remove(at: index) }
            if closed { throw TestClientError.closed(waitingFor: description, log: stderrText) }
            if !condition.wait(until: deadline) { throw TestClientError.timedOut(waitingFor: description, log: stderrText) }
        }
    }

    /// Waits for the response to request `id`.
    func waitForResponse(id: Value) throws -> Value {
        try waitFor("response \(id)") { $0["id"] == id && $0["method"] == nil }
    }

    /// Waits for a notification (or server request) with `method` whose params satisfy `predicate`.
    func waitForNotification(_ method: String, where predicate: (Value) -> Bool = { _ in true }) throws -> Value {
        try waitFor(method) { $0["method"] == .string(method) && predicate($0["params"] ?? .null) }["params"] ?? .null
    }

    /// Everything received and not yet taken.
    func drain() -> [Value] {
        condition.lock()
        defer { condition.unlock() }
        let all = received
        received.removeAll()
        return all
    }

    /// Waits until the server closes its output; returns its exit status.
    func waitForExit() throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        while !closed {
            if !condition.wait(until: deadline) { condition.unlock(); throw TestClientError.timedOut(waitingFor: "exit", log: stderrText) }
        }
        condition.unlock()
        if let process {
            process.waitUntilExit()
            return process.terminationStatus
        }
        throw TestClientError.timedOut(waitingFor: "in-process exit status", log: "")
    }

    /// The server's exit status: the process's, or what the in-process `serve` returned.
    func exitStatus() async throws -> Int32 {
        if let inProcessStatus { return await inProcessStatus.value }
        return try waitForExit()
    }

    /// Closes the server's input (as an editor that quits does).
    func closeInput() {
        try? toServer.fileHandleForWriting.close()
    }

    /// Closes the client's end of the server's output (so the in-process reader and
    /// writer threads can finish).
    func closeAll() {
        closeInput()
        try? fromServer.fileHandleForWriting.close()
    }
}

enum TestClientError: Error, CustomStringConvertible {
    case timedOut(waitingFor: String, log: String)
    case closed(waitingFor: String, log: String)
    case errorResponse(Value)

    var description: String {
        switch self {
        case .timedOut(let what, let log): "timed out waiting for \(what); server log:\n\(log)"
        case .closed(let what, let log): "server closed its output while waiting for \(what); server log:\n\(log)"
        case .errorResponse(let error): "error response \(error)"
        }
    }
}

extension Value {
    /// The member `key` of an object (nil otherwise), for terse assertions.
    subscript(key: String) -> Value? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The element at `index` of an array.
    subscript(index: Int) -> Value? {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return nil
    }

    var stringValue: String? { if case .string(let text) = self { text } else { nil } }
    var intValue: Int? { if case .integer(let number) = self { number } else { nil } }
    var arrayValue: [Value]? { if case .array(let elements) = self { elements } else { nil } }

    /// Parses JSON text (tests write messages as text).
    static func json(_ text: String) -> Value {
        do { return try JSONReader().parse(text) } catch { XCTFail("bad test JSON: \(error)\n\(text)"); return .null }
    }
}

extension Optional where Wrapped == Value {
    subscript(key: String) -> Value? { self?[key] }
    subscript(index: Int) -> Value? { self?[index] }
    var stringValue: String? { self?.stringValue }
    var intValue: Int? { self?.intValue }
    var arrayValue: [Value]? { self?.arrayValue }
}
