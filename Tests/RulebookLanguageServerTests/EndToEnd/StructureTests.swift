import Foundation
import Rulebook
import RulebookTooling
import XCTest

@testable import RulebookLanguageServer

/// Document symbols, folding ranges, semantic tokens and formatting.
final class StructureTests: LSPTestCase {
    private let hotspot = """
        # Personal hotspot
        # settings screen
        import "common.rules"
        isEnabled: boolean
        when isEnabled and not offline {
          password:    required, minLength 8
          networkName: required,
                       maxLength 32
          when password == "x" {
            note: string
          }
        }
        rule code = required, pattern /^[0-9]+$/i

        """

    func testDocumentSymbolsAsATree() throws {
        try startInitialized()
        open("h.rules", hotspot)
        let symbols = try XCTUnwrap(try client.request("textDocument/documentSymbol", document("h.rules")).arrayValue)
        XCTAssertEqual(
            symbols.compactMap { $0["name"].stringValue },
            ["import \"common.rules\"", "isEnabled", "when isEnabled and not offline", "code"])
        let block = symbols[2]
        XCTAssertEqual(
            block["children"].arrayValue?.compactMap { $0["name"].stringValue },
            ["password", "networkName", "when password == \"x\""])
        XCTAssertEqual(block["children"][2]["children"][0]["name"], .string("note"))
        XCTAssertEqual(symbols[1]["detail"], .string("boolean"))
        XCTAssertEqual(symbols[3]["kind"], .integer(12))
        XCTAssertEqual(block["range"]["start"]["line"], .integer(4))
        XCTAssertEqual(block["range"]["end"]["line"], .integer(11))
    }

    /// A file whose symbols take several pieces of answer text gets every symbol, in
    /// order, in one valid answer.
    func testDocumentSymbolsOfALongFile() throws {
        try startInitialized()
        let count = 12_000
        let text = (0..<count).map { "field\($0): required, minLength 2, maxLength 80\n" }.joined()
        open("long.rules", text)
        let symbols = try XCTUnwrap(try client.request("textDocument/documentSymbol", document("long.rules")).arrayValue)
        XCTAssertEqual(symbols.count, count)
        XCTAssertEqual(symbols.compactMap { $0["name"].stringValue }, (0..<count).map { "field\($0)" })
        XCTAssertEqual(symbols[count - 1]["detail"], .string("required, minLength 2, maxLength 80"))
        XCTAssertEqual(symbols[count - 1]["range"]["start"]["line"], .integer(count - 1))
    }

    func testFlatSymbolsForClientsWithoutHierarchy() throws {
        try startInitialized(capabilities: #""textDocument": {}"#)
        open("h.rules", hotspot)
        let symbols = try XCTUnwrap(try client.request("textDocument/documentSymbol", document("h.rules")).arrayValue)
        let password = try XCTUnwrap(symbols.first { $0["name"] == .string("password") })
        XCTAssertEqual(password["containerName"], .string("when isEnabled and not offline"))
        XCTAssertEqual(password["location"]["uri"], .string(uri("h.rules")))
    }

    func testFoldingRanges() throws {
        try startInitialized()
        open("h.rules", hotspot)
        let folds = try XCTUnwrap(try client.request("textDocument/foldingRange", document("h.rules")).arrayValue)
        let triples = folds.map {
            [$0["startLine"].intValue ?? -1, $0["endLine"].intValue ?? -1] + [$0["kind"].stringValue == "comment" ? 1 : 0]
        }
        XCTAssertTrue(triples.contains([0, 1, 1]), "comment run: \(triples)")
        XCTAssertTrue(triples.contains([4, 10, 0]), "outer when block: \(triples)")
        XCTAssertTrue(triples.contains([6, 7, 0]), "continued statement: \(triples)")
        XCTAssertTrue(triples.contains([8, 9, 0]), "inner when block: \(triples)")
    }

    /// Decodes semantic tokens into (line, column, length, type name).
    private func tokens(_ data: [Int]) -> [(Int, Int, Int, String)] {
        var result: [(Int, Int, Int, String)] = []
        var line = 0, column = 0
        var index = 0
        while index + 4 < data.count {
            line += data[index]
            column = data[index] == 0 ? column + data[index + 1] : data[index + 1]
            result.append((line, column, data[index + 2], SemanticTokenType(rawValue: data[index + 3])?.name ?? "?"))
            index += 5
        }
        return result
    }

    func testSemanticTokensInBothEncodings() throws {
        for encoding in [PositionEncoding.utf16, .utf8] {
            let result = try startInitialized(encodings: [encoding.rawValue])
            XCTAssertEqual(result["capabilities"]["semanticTokensProvider"]["legend"]["tokenTypes"][1], .string("function"))
            let text = "名前: required, oneOf \"😀\" 2, pattern /x/ # 👋🏽\nwhen a == true { b: personName }\n"
            open("t.rules", text)
            let data = try XCTUnwrap(try client.request("textDocument/semanticTokens/full", document("t.rules"))["data"].arrayValue)
            let decoded = tokens(data.compactMap(\.intValue))
            func find(_ needle: String, _ type: String, file: StaticString = #filePath, line: UInt = #line) {
                let at = position(of: needle, in: text, encoding: encoding)
                let length = needle.utf8.count == needle.count || encoding == .utf8 ? needle.utf8.count : needle.utf16.count
                XCTAssertTrue(
                    decoded.contains { $0 == (at.line, at.character, length, type) },
                    "\(needle) as \(type) in \(encoding): \(decoded)", file: file, line: line)
            }
            find("名前", "property")
            find("required", "function")
            find("\"😀\"", "string")
            find("2", "number")
            find("/x/", "regexp")
            find("# 👋🏽", "comment")
            find("when", "keyword")
            find("==", "operator")
            find("true", "keyword")
            find("personName", "macro")
        }
    }

    func testFormattingIsTheLibraryFormatter() throws {
        try startInitialized()
        let messy = "name:required,minLength   2\n\n\n\nwhen a {\nb: email\n}"
        open("f.rules", messy)
        let edits = try XCTUnwrap(
            try client.request("textDocument/formatting", document("f.rules", extra: #", "options": {"tabSize": 4, "insertSpaces": true}"#))
                .arrayValue)
        XCTAssertFalse(edits.isEmpty)
        // Apply the edits as an editor would and compare with the formatter's output.
        var text = messy
        for edit in edits.reversed() {
            let range = try XCTUnwrap(edit["range"])
            let converter = TextDocument(uri: "file:///f.rules", version: 1, languageID: "rulebook", text: text).converter(.utf16)
            let start = converter.offset(
                of: LinePosition(line: range["start"]["line"].intValue ?? 0, character: range["start"]["character"].intValue ?? 0))
            let end = converter.offset(
                of: LinePosition(line: range["end"]["line"].intValue ?? 0, character: range["end"]["character"].intValue ?? 0))
            text = TextDocument.replacing(bytes: start..<end, in: text, with: edit["newText"].stringValue ?? "")
        }
        XCTAssertEqual(text, Formatter.format(SourceFile(path: "f.rules", text: messy)))
        // Formatting the formatted text changes nothing.
        change("f.rules", version: 2, text: text)
        XCTAssertEqual(
            try client.request(
                "textDocument/formatting", document("f.rules", extra: #", "options": {"tabSize": 2, "insertSpaces": true}"#)), .array([]))
    }

    func testFormattingAFileWithSyntaxErrorsChangesNothing() throws {
        try startInitialized()
        open("bad.rules", "name: required, @@\n")
        XCTAssertEqual(
            try client.request(
                "textDocument/formatting", document("bad.rules", extra: #", "options": {"tabSize": 2, "insertSpaces": true}"#)), .null)
    }
}
