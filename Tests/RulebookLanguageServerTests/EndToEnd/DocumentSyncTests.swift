import Foundation
import Rulebook
import XCTest

@testable import RulebookLanguageServer

/// didOpen / didChange / didClose with positions in both encodings, through the
/// diagnostics the server publishes.
final class DocumentSyncTests: LSPTestCase {
    /// `@` starts no token: one `unexpected-character` diagnostic exactly on it.
    private func errorRange(_ diagnostics: [Value]) -> (Int, Int, Int, Int)? {
        guard let range = diagnostics.first(where: { $0["code"] == .string("unexpected-character") })?["range"],
            let startLine = range["start"]["line"].intValue, let startCharacter = range["start"]["character"].intValue,
            let endLine = range["end"]["line"].intValue, let endCharacter = range["end"]["character"].intValue
        else { return nil }
        return (startLine, startCharacter, endLine, endCharacter)
    }

    private let emojiLine = #"a: oneOf "👋🏽日本" @"#

    func testDiagnosticRangeAfterEmojiInUTF16() throws {
        try startInitialized(encodings: ["utf-16"])
        open("e.rules", "# first\n" + emojiLine + "\n")
        let diagnostics = try diagnostics("e.rules", version: 1)
        // 10 ASCII + 4 UTF-16 units for 👋🏽 + 2 for 日本 + quote + space = 18.
        XCTAssertTrue(errorRange(diagnostics).map { $0 == (1, 18, 1, 19) } ?? false, "\(diagnostics)")
        XCTAssertEqual(diagnostics.first?["source"], .string("rulebook"))
        XCTAssertEqual(diagnostics.first?["severity"], .integer(1))
    }

    func testDiagnosticRangeAfterEmojiInUTF8() throws {
        try startInitialized(encodings: ["utf-8", "utf-16"])
        open("e.rules", "# first\n" + emojiLine + "\n")
        let diagnostics = try diagnostics("e.rules", version: 1)
        // 10 ASCII + 8 bytes for 👋🏽 + 6 for 日本 + quote + space = 26.
        XCTAssertTrue(errorRange(diagnostics).map { $0 == (1, 26, 1, 27) } ?? false, "\(diagnostics)")
    }

    func testCRLFAndLoneCRLineNumbers() throws {
        try startInitialized()
        open("crlf.rules", "a: required\r\nb: required\r\nc: @\r\n")
        XCTAssertTrue(errorRange(try diagnostics("crlf.rules", version: 1)).map { $0 == (2, 3, 2, 4) } ?? false)
        open("cr.rules", "a: required\rb: required\r\rc: @\r")
        XCTAssertTrue(errorRange(try diagnostics("cr.rules", version: 1)).map { $0 == (3, 3, 3, 4) } ?? false)
    }

    func testIncrementalEditsInUTF16() throws {
        try startInitialized(encodings: ["utf-16"])
        open("i.rules", "名前: required\n" + emojiLine + "\n")
        XCTAssertNotNil(errorRange(try diagnostics("i.rules", version: 1)))
        // Delete the `@` (line 1, UTF-16 columns 18..<19): clean.
        change("i.rules", version: 2, range: (1, 18, 1, 19), text: "")
        XCTAssertNil(errorRange(try diagnostics("i.rules", version: 2)))
        // Insert a new `@` right after 名前 on line 0 (UTF-16 column 2).
        change("i.rules", version: 3, range: (0, 2, 0, 2), text: "@")
        XCTAssertTrue(errorRange(try diagnostics("i.rules", version: 3)).map { $0 == (0, 2, 0, 3) } ?? false)
    }

    func testIncrementalEditsInUTF8() throws {
        try startInitialized(encodings: ["utf-8"])
        open("i.rules", "名前: required\n" + emojiLine + "\n")
        change("i.rules", version: 2, range: (1, 26, 1, 27), text: "")
        XCTAssertNil(errorRange(try diagnostics("i.rules", version: 2)))
        change("i.rules", version: 3, range: (0, 6, 0, 6), text: "@")
        XCTAssertTrue(errorRange(try diagnostics("i.rules", version: 3)).map { $0 == (0, 6, 0, 7) } ?? false)
    }

    func testEditsAcrossCRLF() throws {
        try startInitialized()
        open("c.rules", "a: required\r\nb: @\r\n")
        XCTAssertNotNil(errorRange(try diagnostics("c.rules", version: 1)))
        change("c.rules", version: 2, range: (1, 3, 1, 4), text: "email")
        XCTAssertNil(errorRange(try diagnostics("c.rules", version: 2)))
    }

    func testOutOfRangeEditIsClamped() throws {
        try startInitialized()
        open("o.rules", "a: required\n")
        change("o.rules", version: 2, range: (0, 500, 0, 900), text: ", @")
        XCTAssertTrue(errorRange(try diagnostics("o.rules", version: 2)).map { $0 == (0, 13, 0, 14) } ?? false)
        change("o.rules", version: 3, range: (40, 0, 41, 0), text: "b: @")
        XCTAssertNotNil(try diagnostics("o.rules", version: 3))
    }

    func testRapidChangesEndWithTheLatestVersionAndNeverGoBack() throws {
        try startInitialized()
        open("r.rules", "a: required\n")
        for version in 2...40 {
            let text = version.isMultiple(of: 2) ? "a: required, @\n" : "a: required\n"
            change("r.rules", version: version, text: text)
        }
        let final = try diagnostics("r.rules", version: 40)
        XCTAssertNotNil(errorRange(final), "version 40 has the error")
        _ = try client.request("shutdown", nil)
        let published = client.drain().filter { $0["method"] == .string("textDocument/publishDiagnostics") }
        let versions = published.compactMap { $0["params"]["version"].intValue }
        XCTAssertEqual(versions, versions.sorted(), "published versions never go backwards")
        XCTAssertFalse(versions.contains(40), "version 40 is published once: \(versions)")
    }

    func testCloseClearsDiagnostics() throws {
        try startInitialized()
        open("x.rules", "a: @\n")
        XCTAssertNotNil(errorRange(try diagnostics("x.rules", version: 1)))
        client.notify("textDocument/didClose", document("x.rules"))
        let params = try client.waitForNotification("textDocument/publishDiagnostics") {
            $0["uri"] == .string(self.uri("x.rules")) && $0["diagnostics"] == .array([])
        }
        XCTAssertNotNil(params)
        // Requests on the closed document are invalid-params errors, not crashes.
        let response = try client.requestResponse("textDocument/documentSymbol", document("x.rules"))
        XCTAssertEqual(response["error"]["code"], .integer(-32602))
    }

    func testChangeForUnopenedDocumentIsIgnored() throws {
        try startInitialized()
        change("never.rules", version: 2, text: "a: @")
        open("y.rules", "a: required\n")
        XCTAssertEqual(try diagnostics("y.rules", version: 1), [])
    }

    func testUntitledDocument() throws {
        try startInitialized()
        client.notify(
            "textDocument/didOpen",
            .json(#"{"textDocument": {"uri": "untitled:Untitled-1", "languageId": "rulebook", "version": 1, "text": "a: @"}}"#))
        let params = try client.waitForNotification("textDocument/publishDiagnostics") { $0["uri"] == .string("untitled:Untitled-1") }
        XCTAssertEqual(params["diagnostics"].arrayValue?.count, 1)
    }
}

extension DocumentSyncTests {
    func testExtremeVersionsAndPositionsDoNotCrash() throws {
        try startInitialized()
        client.notify(
            "textDocument/didOpen",
            .json(
                #"{"textDocument": {"uri": "\#(uri("v.rules"))", "languageId": "rulebook", "version": 9223372036854775807, "text": "a: required\n"}}"#
            ))
        client.notify(
            "textDocument/didChange",
            .json(
                #"{"textDocument": {"uri": "\#(uri("v.rules"))"}, "contentChanges": [{"range": {"start": {"line": 9223372036854775807, "character": 9223372036854775807}, "end": {"line": -5, "character": -1}}, "text": "b: email\n"}]}"#
            ))
        let hover = try client.requestResponse(
            "textDocument/hover",
            .json(
                #"{"textDocument": {"uri": "\#(uri("v.rules"))"}, "position": {"line": 9223372036854775807, "character": 9223372036854775807}}"#
            ))
        XCTAssertNil(hover["error"])
        let completion = try client.requestResponse(
            "textDocument/completion",
            .json(#"{"textDocument": {"uri": "\#(uri("v.rules"))"}, "position": {"line": 1e300, "character": 0}}"#))
        XCTAssertEqual(completion["error"]["code"], .integer(-32602), "a number that is not an integer is invalid params")
        let symbols = try client.request("textDocument/documentSymbol", document("v.rules"))
        // The reversed range (end clamped to 0:0) is read forwards: it covers the whole text.
        XCTAssertEqual(symbols.arrayValue?.compactMap { $0["name"].stringValue }, ["b"])
    }
}

extension DocumentSyncTests {
    /// What a diagnostic says, without the document it was published for.
    private func summary(_ diagnostics: [Value]) -> [String] {
        diagnostics.map { diagnostic in
            let range = diagnostic["range"]
            return [
                "\(range["start"]["line"].intValue ?? -1):\(range["start"]["character"].intValue ?? -1)",
                "\(range["end"]["line"].intValue ?? -1):\(range["end"]["character"].intValue ?? -1)",
                diagnostic["code"].stringValue ?? "", diagnostic["message"].stringValue ?? "",
            ].joined(separator: " ")
        }
    }

    /// The server reparses an edited buffer from the edit on (the statements before it
    /// are kept from the previous version's tree): every version's diagnostics are those
    /// of the same text opened fresh.
    func testEditsReparsedFromTheEditGiveTheDiagnosticsOfAFreshOpen() throws {
        try startInitialized()
        var lines = (0..<400).map { index in
            index.isMultiple(of: 50) ? "rule r\(index) = required, minLength 2" : "field\(index): required, minLength 2, maxLength 80"
        }
        open("big.rules", lines.joined(separator: "\n") + "\n")
        _ = try diagnostics("big.rules", version: 1)  // (warnings: the named rules are unused)
        let edits: [(line: Int, replacement: [String])] = [
            (200, ["broken: minLength", "field200: required"]),  // a rule without its argument
            (300, ["field300: requird, minLength 2"]),  // an unknown rule, further on
            (200, ["field200: required"]),  // the first mistake fixed
            (0, ["@", "field0: required"]),  // a mistake at the top
            (100, ["field100: same field101"]),  // after a diagnostic: parsed again whole
        ]
        for (number, edit) in edits.enumerated() {
            let version = number + 2
            lines.replaceSubrange(edit.line...edit.line, with: edit.replacement)
            let text = lines.joined(separator: "\n") + "\n"
            change("big.rules", version: version, text: text)
            let edited = try diagnostics("big.rules", version: version)
            open("fresh\(version).rules", text)
            XCTAssertEqual(summary(edited), summary(try diagnostics("fresh\(version).rules", version: 1)), "version \(version)")
            if version == 2 { XCTAssertFalse(edited.isEmpty, "the broken rule is diagnosed") }
        }
    }
}
