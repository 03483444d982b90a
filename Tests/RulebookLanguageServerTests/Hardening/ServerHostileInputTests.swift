import Foundation
import Rulebook
import XCTest

@testable import RulebookLanguageServer

/// More of the language server's robustness tests: deeply nested JSON in
/// messages, and hostile documents. After each, a valid request is still answered.
final class ServerHostileInputTests: LSPTestCase {
    private func assertStillServing(file: StaticString = #filePath, line: UInt = #line) throws {
        let response = try client.requestResponse("textDocument/doesNotExist", .json("{}"))
        XCTAssertEqual(response["error"]["code"], .integer(-32601), "server stopped answering", file: file, line: line)
    }

    private func frame(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

    /// Params nested a million levels deep are a parse error (the depth limit), not a
    /// stack overflow; nesting within the limit in an unknown member is ignored.
    func testDeeplyNestedParams() throws {
        try startInitialized()
        let deep = String(repeating: "[", count: 1_000_000) + String(repeating: "]", count: 1_000_000)
        client.sendRaw(frame(#"{"jsonrpc":"2.0","id":41,"method":"textDocument/hover","params":"# + deep + "}"))
        let error = try client.waitFor("parse error for deep params") { $0["error"]["code"] == .integer(-32700) }
        XCTAssertEqual(error["id"], .null)
        try assertStillServing()

        let objects = String(repeating: #"{"a":"#, count: 200) + "1" + String(repeating: "}", count: 200)
        let open =
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///deep.rules","languageId":"rulebook","version":1,"text":"x: required\n"},"extra":"#
            + objects + "}}"
        client.sendRaw(frame(open))
        try assertStillServing()

        let deepObjects = String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000)
        client.sendRaw(frame(#"{"jsonrpc":"2.0","id":42,"method":"initialize","params":"# + deepObjects + "}"))
        _ = try client.waitFor("parse error for deep objects") { $0["error"]["code"] == .integer(-32700) }
        try assertStillServing()
    }

    /// A rule file beyond every parser limit is diagnosed, not fatal.
    func testDocumentBeyondTheParserLimits() throws {
        try startInitialized()
        let nesting = String(repeating: "when a {\n", count: 20_000) + String(repeating: "}\n", count: 20_000)
        let parens = "when " + String(repeating: "(", count: 50_000) + "a {\n}\n"
        let text = nesting + parens + "x: oneOf \"" + String(repeating: "y", count: 200_000) + "\"\n"
        let open: Value = .object([
            "textDocument": .object([
                "uri": .string("file:///limits.rules"), "languageId": .string("rulebook"), "version": .integer(1), "text": .string(text),
            ])
        ])
        client.notify("textDocument/didOpen", open)
        let published = try client.waitFor("diagnostics") {
            $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]["uri"] == .string("file:///limits.rules")
        }
        guard case .array(let diagnostics) = published["params"]["diagnostics"] else { return XCTFail("no diagnostics array") }
        XCTAssertTrue(diagnostics.contains { $0["code"] == .string("limit-exceeded") }, "\(diagnostics.prefix(3))")
        try assertStillServing()
    }
}
