import Foundation
import Rulebook
import RulebookTooling
import XCTest

@testable import RulebookLanguageServer

final class LifecycleTests: LSPTestCase {
    func testInitializeNegotiatesUTF8WhenOffered() throws {
        let result = try startInitialized(encodings: ["utf-32", "utf-8", "utf-16"])
        XCTAssertEqual(result["capabilities"]["positionEncoding"], .string("utf-8"))
        XCTAssertEqual(result["serverInfo"]["name"], .string("rulebook"))
    }

    func testInitializeFallsBackToUTF16() throws {
        let result = try startInitialized(encodings: ["utf-32"])
        XCTAssertEqual(result["capabilities"]["positionEncoding"], .string("utf-16"))
    }

    func testInitializeWithoutPositionEncodingsUsesUTF16() throws {
        try startServer()
        let result = try client.request("initialize", .json(#"{"processId": null, "rootUri": null, "capabilities": {}}"#))
        XCTAssertEqual(result["capabilities"]["positionEncoding"], .string("utf-16"))
        XCTAssertEqual(result["capabilities"]["textDocumentSync"]["change"], .integer(2))
        XCTAssertNil(result["capabilities"]["diagnosticProvider"], "pull diagnostics only for clients that declare them")
    }

    func testInitializeAcceptsAbsentAndNullParams() throws {
        try startServer()
        let absent = try client.requestResponse("initialize", nil)
        XCTAssertNotNil(absent["result"]["capabilities"])
        try startServer()
        let null = try client.requestResponse("initialize", .null)
        XCTAssertNotNil(null["result"]["capabilities"])
    }

    func testRequestsBeforeInitializeAreRejected() throws {
        try startServer()
        let response = try client.requestResponse("textDocument/hover", at("a.rules", 0, 0))
        XCTAssertEqual(response["error"]["code"], .integer(-32002))
        // Notifications before initialize are dropped silently, and the server still works.
        client.notify(
            "textDocument/didOpen",
            .json(#"{"textDocument": {"uri": "file:///x.rules", "languageId": "rulebook", "version": 1, "text": ""}}"#))
        let initialize = try client.requestResponse("initialize", .json(#"{"capabilities": {}}"#))
        XCTAssertNotNil(initialize["result"])
    }

    func testSecondInitializeIsAnError() throws {
        try startInitialized()
        let response = try client.requestResponse("initialize", .json(#"{"capabilities": {}}"#))
        XCTAssertEqual(response["error"]["code"], .integer(-32600))
    }

    func testUnknownRequestIsMethodNotFoundAndUnknownNotificationsAreIgnored() throws {
        try startInitialized()
        client.notify("custom/somethingNew", .json("{}"))
        client.notify("$/setTrace", .json(#"{"value": "verbose"}"#))
        client.notify("$/progress", .json(#"{"token": 1, "value": {}}"#))
        let response = try client.requestResponse("textDocument/teleport", .json("{}"))
        XCTAssertEqual(response["error"]["code"], .integer(-32601))
        let dollar = try client.requestResponse("$/unknownRequest", nil)
        XCTAssertEqual(dollar["error"]["code"], .integer(-32601), "a $/ request still gets an answer")
    }

    func testInvalidParamsAreRejected() throws {
        try startInitialized()
        for params in [#"{"textDocument": 5}"#, #"{"textDocument": {"uri": 1}, "position": {"line": 0, "character": 0}}"#, "[1, 2]"] {
            let response = try client.requestResponse("textDocument/documentSymbol", .json(params))
            XCTAssertEqual(response["error"]["code"], .integer(-32602), params)
        }
        let missing = try client.requestResponse("textDocument/documentSymbol", nil)
        XCTAssertEqual(missing["error"]["code"], .integer(-32602))
    }

    func testStringAndIntegerIDsAreEchoed() throws {
        try startInitialized()
        for id: Value in [.string("abc-1"), .integer(0), .integer(-7), .string("")] {
            let sent = client.sendRequest("textDocument/nothing", nil, id: id)
            let response = try client.waitForResponse(id: sent)
            XCTAssertEqual(response["id"], id)
            XCTAssertEqual(response["jsonrpc"], .string("2.0"))
        }
    }

    func testNotificationsAreNeverAnswered() throws {
        try startInitialized()
        client.notify("textDocument/didOpen", .json(#"{"textDocument": 3}"#))  // invalid params: logged only
        client.notify("initialized", .json("{}"))
        client.notify("workspace/didChangeConfiguration", .json(#"{"settings": {}}"#))
        // A request afterwards is answered, and nothing answered the notifications.
        _ = try client.request("shutdown", nil)
        let leftovers = client.drain().filter { $0["id"] != nil && $0["method"] == nil }
        XCTAssertEqual(leftovers, [])
    }

    func testShutdownThenExitExitsWithZero() async throws {
        try startInitialized()
        try shutdown()
        let status = try await client.exitStatus()
        XCTAssertEqual(status, 0)
    }

    func testExitWithoutShutdownExitsWithOne() async throws {
        try startInitialized()
        client.notify("exit", nil)
        let status = try await client.exitStatus()
        XCTAssertEqual(status, 1)
    }

    /// An editor that quits writes its last requests and `exit` at once: the real server
    /// answers everything queued before `exit` — the diagnostics of the opened document
    /// and the hover, then the `shutdown` reply — and then exits with LSP's status (0
    /// after `shutdown`, 1 without).
    func testRequestsQueuedBeforeExitInOneBurstAreAnsweredInOrder() async throws {
        for sendsShutdown in [true, false] {
            try startServer(mode: .executable)
            let documentURI = uri("a.rules")
            var messages = [
                #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#,
                #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
                #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(documentURI)","languageId":"rulebook","version":1,"text":"name: required, minLenght 2\n"}}}"#,
                #"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"\#(documentURI)"},"position":{"line":0,"character":8}}}"#,
            ]
            if sendsShutdown { messages.append(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#) }
            messages.append(#"{"jsonrpc":"2.0","method":"exit"}"#)
            client.sendRaw(messages.flatMap { Array("Content-Length: \($0.utf8.count)\r\n\r\n\($0)".utf8) })
            let status = try client.waitForExit()
            let received = client.drain()
            let kinds = received.map { message -> String in
                if case .string(let method)? = message["method"] { return method }
                if case .integer(let id)? = message["id"] { return "reply \(id)" }
                return "?"
            }
            // The hover and the diagnostics are independent (either may come first); the
            // initialize reply comes first and the shutdown reply after both.
            let expected = ["reply 1", "textDocument/publishDiagnostics", "reply 2"] + (sendsShutdown ? ["reply 3"] : [])
            XCTAssertEqual(kinds.sorted(), expected.sorted(), "shutdown sent: \(sendsShutdown)")
            XCTAssertEqual(kinds.first, "reply 1")
            if sendsShutdown { XCTAssertEqual(kinds.last, "reply 3") }
            let diagnostics = received.first { $0["method"] == .string("textDocument/publishDiagnostics") }?["params"]["diagnostics"]
            XCTAssertEqual(diagnostics?[0]["code"], .string("unknown-validator"))
            XCTAssertNotNil(received.first { $0["id"] == .integer(2) }?["result"]["contents"])
            XCTAssertEqual(status, sendsShutdown ? 0 : 1)
        }
    }

    func testClosingInputEndsTheServer() async throws {
        try startInitialized()
        client.closeInput()
        let status = try await client.exitStatus()
        XCTAssertEqual(status, 1)
    }

    func testClosingInputAfterShutdownExitsWithZero() async throws {
        try startInitialized()
        _ = try client.request("shutdown", nil)
        client.closeInput()
        let status = try await client.exitStatus()
        XCTAssertEqual(status, 0)
    }

    func testRequestsAfterShutdownAreInvalid() throws {
        try startInitialized()
        _ = try client.request("shutdown", nil)
        let response = try client.requestResponse("textDocument/documentSymbol", document("a.rules"))
        XCTAssertEqual(response["error"]["code"], .integer(-32600))
    }

    func testWatchedFilesAreRegisteredOnlyWhenTheClientCanRegister() throws {
        try startInitialized()
        let registration = try client.waitForNotification("client/registerCapability")
        XCTAssertEqual(registration["registrations"][0]["method"], .string("workspace/didChangeWatchedFiles"))

        try startInitialized(capabilities: #""textDocument": {}"#)
        _ = try client.request("shutdown", nil)
        XCTAssertFalse(client.drain().contains { $0["method"] == .string("client/registerCapability") })
    }
}
