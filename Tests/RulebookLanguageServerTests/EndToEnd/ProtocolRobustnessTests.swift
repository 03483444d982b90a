import Foundation
import Rulebook
import XCTest

@testable import RulebookLanguageServer

/// Raw bytes at the server: after each kind of bad input, a valid request must still be
/// answered.
final class ProtocolRobustnessTests: LSPTestCase {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    private func assertStillServing(file: StaticString = #filePath, line: UInt = #line) throws {
        let response = try client.requestResponse("textDocument/doesNotExist", .json("{}"))
        XCTAssertEqual(response["error"]["code"], .integer(-32601), "server stopped answering", file: file, line: line)
    }

    func testBrokenJSONIsAParseErrorWithNullID() throws {
        try startInitialized()
        for body in [#"{"jsonrpc": "2.0", "id": 1, "method": "#, "{]", "nul", "\u{FF}\u{FE}", #"{"a": "\u{1}"}"#, ""] {
            client.sendRaw(bytes("Content-Length: \(body.utf8.count)\r\n\r\n") + bytes(body))
            let error = try client.waitFor("parse error for \(body.debugDescription)") { $0["error"]["code"] == .integer(-32700) }
            XCTAssertEqual(error["id"], .null)
            try assertStillServing()
        }
        XCTAssertTrue(client.waitForLog(containing: "unparsable message"), client.log)
    }

    func testValidJSONThatIsNotAMessageIsInvalidRequest() throws {
        try startInitialized()
        for body in [
            "[]", "42", #"{"jsonrpc": "2.0"}"#, #"{"jsonrpc": "2.0", "id": 9, "method": 3}"#,
            #"{"jsonrpc": "1.0", "id": 10, "method": "x"}"#,
        ] {
            client.sendJSON(body)
            let error = try client.waitFor("invalid request for \(body)") { $0["error"]["code"] == .integer(-32600) }
            if body.contains(#""id": 9"#) { XCTAssertEqual(error["id"], .integer(9)) }
            try assertStillServing()
        }
    }

    func testGarbageBetweenMessages() throws {
        try startInitialized()
        client.sendRaw(bytes("\u{0}\u{1}\u{2}hello there\r\n\r\n}}}}{{{{\r\n"))
        client.sendRaw([UInt8](repeating: 0xFF, count: 100_000))
        try assertStillServing()
        XCTAssertTrue(client.waitForLog(containing: "skipped"), client.log)
    }

    func testMissingAndInvalidContentLength() throws {
        try startInitialized()
        client.sendRaw(bytes("Content-Type: application/json\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":77,\"method\":\"x\"}"))
        try assertStillServing()
        client.sendRaw(bytes("Content-Length: banana\r\n\r\n{}"))
        try assertStillServing()
        client.sendRaw(bytes("Content-Length: -20\r\n\r\n{}"))
        try assertStillServing()
    }

    func testUnderstatedContentLength() throws {
        try startInitialized()
        let body = #"{"jsonrpc":"2.0","id":5,"method":"shutdown"}"#
        client.sendRaw(bytes("Content-Length: 20\r\n\r\n") + bytes(body))
        let error = try client.waitFor("parse error") { $0["error"]["code"] == .integer(-32700) }
        XCTAssertEqual(error["id"], .null)
        try assertStillServing()
    }

    func testOverstatedContentLengthDoesNotSwallowTheNextMessage() throws {
        try startInitialized()
        let body = #"{"jsonrpc":"2.0","id":"long","method":"textDocument/nothing"}"#
        client.sendRaw(bytes("Content-Length: \(body.utf8.count + 500)\r\n\r\n") + bytes(body))
        try assertStillServing()
        let first = try client.waitForResponse(id: .string("long"))
        XCTAssertEqual(first["error"]["code"], .integer(-32601), "the cut body was the intended message")
    }

    func testHeaderCaseAndContentTypeAndSplitWrites() throws {
        try startInitialized()
        let body = #"{"jsonrpc":"2.0","id":"split","method":"textDocument/nothing"}"#
        let message =
            bytes("content-length: \(body.utf8.count)\r\nCONTENT-TYPE: application/vscode-jsonrpc; charset=utf-8\r\n\r\n") + bytes(body)
        for byte in message { client.sendRaw([byte]) }
        let response = try client.waitForResponse(id: .string("split"))
        XCTAssertEqual(response["error"]["code"], .integer(-32601))
    }

    func testSeveralMessagesInOneWrite() throws {
        try startInitialized()
        var batch: [UInt8] = []
        for id in 100..<110 {
            let body = #"{"jsonrpc":"2.0","id":\#(id),"method":"textDocument/nothing"}"#
            batch += bytes("Content-Length: \(body.utf8.count)\r\n\r\n") + bytes(body)
        }
        client.sendRaw(batch)
        for id in 100..<110 { _ = try client.waitForResponse(id: .integer(id)) }
    }

    func testTenMegabyteDocument() throws {
        try startInitialized()
        // Mostly comments (the point is the 10 MB message, not the checker's speed in a
        // debug build), with rules at both ends.
        let comment = "# 👋🏽 名前 a long comment line that makes the document big ........................\n"
        let text = "first: required, @\n" + String(repeating: comment, count: (10 << 20) / comment.utf8.count + 1) + "last: email\n"
        XCTAssertGreaterThan(text.utf8.count, 10 << 20)
        open("big.rules", text)
        try assertStillServing()
        let diagnostics = try diagnostics("big.rules", version: 1)
        XCTAssertEqual(diagnostics.map { $0["code"] }, [.string("unexpected-character")])
        let folds = try client.request("textDocument/foldingRange", document("big.rules"))
        XCTAssertEqual(folds[0]["kind"], .string("comment"))
        XCTAssertEqual(folds[0]["startLine"], .integer(1))
    }

    func testRequestsAreAnsweredWhileASlowAnalysisRuns() throws {
        try startInitialized()
        // Thousands of statements on one field make the checker work hard.
        open("slow.rules", String(repeating: "field: required, minLength 2\n", count: 3_000))
        for _ in 0..<5 { try assertStillServing() }
        _ = try diagnostics("slow.rules", version: 1)
    }

    func testNullRequestIDIsRejected() throws {
        try startInitialized()
        client.sendJSON(#"{"jsonrpc":"2.0","id":null,"method":"shutdown"}"#)
        let error = try client.waitFor("invalid request") { $0["error"]["code"] == .integer(-32600) }
        XCTAssertEqual(error["id"], .null)
        try assertStillServing()
    }

    func testServerNeverWritesLogsToStdout() throws {
        try startInitialized()
        client.sendRaw(bytes("garbage garbage\r\n\r\n"))
        client.sendJSON("{broken")
        try assertStillServing()
        _ = try client.request("shutdown", nil)
        for message in client.drain() {
            XCTAssertEqual(message["jsonrpc"], .string("2.0"), "every stdout message is JSON-RPC: \(message)")
        }
    }
}
