import Foundation
import Rulebook
import XCTest

@testable import RulebookLanguageServer

/// The dispatcher's error, concurrency and cancellation paths, with handlers the test
/// controls (in-process: the executable has no such handlers).
final class DispatchTests: LSPTestCase {
    /// A gate a handler waits on until the test opens it.
    final class Gate: @unchecked Sendable {
        private let condition = NSCondition()
        private var open = false
        private(set) var entered = 0

        func wait() async {
            enter()
            while !isOpen && !Task.isCancelled {
                try? await Task.sleep(nanoseconds: 2_000_000)
            }
        }

        private func enter() { condition.lock(); entered += 1; condition.broadcast(); condition.unlock() }
        private var isOpen: Bool { condition.lock(); defer { condition.unlock() }; return open }

        func waitUntilEntered() {
            condition.lock()
            while entered == 0 { _ = condition.wait(until: Date().addingTimeInterval(1)) }
            condition.unlock()
        }

        func release() { condition.lock(); open = true; condition.unlock() }
    }

    struct Boom: Error {}

    func testAFailingHandlerAnswersInternalErrorAndTheServerGoesOn() throws {
        let routes: [String: Route] = ["test/fail": Route { _, _ in throw Boom() }]
        try startInitialized(mode: .inProcess, extraRoutes: routes)
        let response = try client.requestResponse("test/fail", nil)
        XCTAssertEqual(response["error"]["code"], .integer(-32603))
        let again = try client.requestResponse("test/fail", nil)
        XCTAssertEqual(again["error"]["code"], .integer(-32603))
    }

    func testCancelAPendingRequest() throws {
        let gate = Gate()
        let routes: [String: Route] = [
            "test/slow": Route { _, _ in
                await gate.wait()
                try Task.checkCancellation()
                return .string("finished")
            }
        ]
        try startInitialized(mode: .inProcess, extraRoutes: routes)
        let id = client.sendRequest("test/slow", nil)
        gate.waitUntilEntered()
        client.notify("$/cancelRequest", .object(["id": id]))
        let response = try client.waitForResponse(id: id)
        XCTAssertEqual(response["error"]["code"], .integer(-32800))
        gate.release()
        // Exactly one answer: the late result is dropped.
        try assertStillServing()
        XCTAssertFalse(client.drain().contains { $0["id"] == id })
    }

    func testCancellingWithAStringIDAndUnknownIDs() throws {
        let gate = Gate()
        let routes: [String: Route] = [
            "test/slow": Route { _, _ in
                await gate.wait(); return .null
            }
        ]
        try startInitialized(mode: .inProcess, extraRoutes: routes)
        client.notify("$/cancelRequest", .json(#"{"id": "never-sent"}"#))
        client.notify("$/cancelRequest", .json(#"{"id": {"bad": true}}"#))
        let id = client.sendRequest("test/slow", nil, id: .string("s-1"))
        gate.waitUntilEntered()
        client.notify("$/cancelRequest", .json(#"{"id": "s-1"}"#))
        XCTAssertEqual(try client.waitForResponse(id: id)["error"]["code"], .integer(-32800))
        gate.release()
    }

    func testSlowRequestDoesNotBlockOthers() throws {
        let gate = Gate()
        let routes: [String: Route] = [
            "test/slow": Route { _, _ in
                await gate.wait(); return .string("slow")
            }
        ]
        try startInitialized(mode: .inProcess, extraRoutes: routes)
        let slow = client.sendRequest("test/slow", nil)
        gate.waitUntilEntered()
        // Other requests are answered while the slow one is pending.
        try assertStillServing()
        gate.release()
        XCTAssertEqual(try client.waitForResponse(id: slow)["result"], .string("slow"))
    }

    func testCancellingAFinishedRequestSendsNothingMore() throws {
        try startInitialized(mode: .inProcess, extraRoutes: ["test/fast": Route { _, _ in .integer(1) }])
        let id = client.sendRequest("test/fast", nil)
        XCTAssertEqual(try client.waitForResponse(id: id)["result"], .integer(1))
        client.notify("$/cancelRequest", .object(["id": id]))
        try assertStillServing()
        XCTAssertFalse(client.drain().contains { $0["id"] == id })
    }

    private func assertStillServing(file: StaticString = #filePath, line: UInt = #line) throws {
        let response = try client.requestResponse("textDocument/doesNotExist", .json("{}"))
        XCTAssertEqual(response["error"]["code"], .integer(-32601), file: file, line: line)
    }
}

/// Cancellation through the real executable: whatever the timing, exactly one answer.
final class CancellationTests: LSPTestCase {
    func testCancelARequestWaitingForAnalysis() throws {
        try startInitialized()
        // Thousands of statements on one field: the analysis takes a while.
        open("slow.rules", String(repeating: "field: required, minLength 2\n", count: 3_000))
        let id = client.sendRequest("textDocument/documentSymbol", document("slow.rules"))
        client.notify("$/cancelRequest", .object(["id": id]))
        let response = try client.waitForResponse(id: id)
        let cancelled = response["error"]["code"] == .integer(-32800)
        XCTAssertTrue(cancelled || response["result"]?.arrayValue != nil, "\(response)")
        // The server goes on, and never answers the request twice.
        XCTAssertEqual(try client.requestResponse("textDocument/nothing", nil)["error"]["code"], .integer(-32601))
        _ = try client.request("shutdown", nil)
        XCTAssertFalse(client.drain().contains { $0["id"] == id && $0["method"] == nil })
    }
}
