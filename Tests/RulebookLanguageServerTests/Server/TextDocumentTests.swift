import XCTest
import Rulebook
@testable import RulebookLanguageServer

final class TextDocumentTests: XCTestCase {
    private func edit(_ text: String, _ range: ((Int, Int), (Int, Int))?, _ replacement: String, encoding: PositionEncoding = .utf16) -> String {
        let document = TextDocument(uri: "file:///t.rules", version: 1, languageID: "rulebook", text: text)
        let lspRange = range.map {
            LSPRange(start: LinePosition(line: $0.0.0, character: $0.0.1), end: LinePosition(line: $0.1.0, character: $0.1.1))
        }
        let edited = document.applying([TextDocumentContentChange(range: lspRange, text: replacement)], version: 2, encoding: encoding)
        XCTAssertEqual(edited.version, 2)
        return edited.text
    }

    func testFullReplacement() {
        XCTAssertEqual(edit("a: required", nil, "b: email"), "b: email")
    }

    func testInsertAfterEmojiInUTF16AndUTF8() {
        // "👋🏽" is 2 scalars, 4 UTF-16 units, 8 UTF-8 bytes.
        XCTAssertEqual(edit("x👋🏽y", ((0, 5), (0, 5)), "!", encoding: .utf16), "x👋🏽!y")
        XCTAssertEqual(edit("x👋🏽y", ((0, 9), (0, 9)), "!", encoding: .utf8), "x👋🏽!y")
        XCTAssertEqual(edit("x👋🏽y", ((0, 3), (0, 3)), "!", encoding: .unicodeScalars), "x👋🏽!y")
    }

    func testReplaceCJK() {
        XCTAssertEqual(edit("名前: required", ((0, 0), (0, 2)), "氏名", encoding: .utf16), "氏名: required")
        XCTAssertEqual(edit("名前: required", ((0, 0), (0, 6)), "氏名", encoding: .utf8), "氏名: required")
    }

    func testPositionInsideASurrogatePairDoesNotSplitIt() {
        let result = edit("a😀b", ((0, 2), (0, 2)), "X", encoding: .utf16)
        XCTAssertTrue(result == "aX😀b" || result == "a😀Xb", result)
        XCTAssertEqual(result.unicodeScalars.count, 4)
    }

    func testLineBreakStyles() {
        XCTAssertEqual(edit("a\r\nb\r\nc", ((1, 0), (1, 1)), "B"), "a\r\nB\r\nc")
        XCTAssertEqual(edit("a\rb\rc", ((2, 0), (2, 1)), "C"), "a\rb\rC")
        XCTAssertEqual(edit("a\nb\r\nc\rd", ((3, 0), (3, 1)), "D"), "a\nb\r\nc\rD")
        // Deleting across a CRLF line break joins the lines.
        XCTAssertEqual(edit("ab\r\ncd", ((0, 2), (1, 0)), ""), "abcd")
    }

    func testOutOfRangePositionsAreClamped() {
        XCTAssertEqual(edit("abc\ndef", ((0, 99), (0, 200)), "!"), "abc!\ndef")
        XCTAssertEqual(edit("abc\ndef", ((7, 0), (9, 9)), "!"), "abc\ndef!")
        XCTAssertEqual(edit("abc", ((0, 2), (0, 1)), "X"), "aXc", "a reversed range is read forwards")
    }

    func testChangesApplyInOrder() {
        let document = TextDocument(uri: "file:///t.rules", version: 1, languageID: "rulebook", text: "abc")
        let changes = [
            TextDocumentContentChange(range: LSPRange(start: .init(line: 0, character: 3), end: .init(line: 0, character: 3)), text: "\nxyz"),
            TextDocumentContentChange(range: LSPRange(start: .init(line: 1, character: 1), end: .init(line: 1, character: 2)), text: "Y"),
        ]
        XCTAssertEqual(document.applying(changes, version: 2, encoding: .utf16).text, "abc\nxYz")
    }

    func testURIsArePercentDecodedAndNormalised() {
        XCTAssertEqual(DocumentURI.path(fromURI: "file:///home/me/My%20Rules/a%2Bb.rules"), "/home/me/My Rules/a+b.rules")
        XCTAssertEqual(DocumentURI.fileURI(forPath: "/home/me/My Rules/ü.rules"), "file:///home/me/My%20Rules/%C3%BC.rules")
        XCTAssertEqual(DocumentURI.normalized("file:///a/b%2Dc.rules"), DocumentURI.normalized("file:///a/b-c.rules"))
        XCTAssertNil(DocumentURI.path(fromURI: "untitled:Untitled-1"))
        let document = TextDocument(uri: "untitled:Untitled-1", version: 1, languageID: "rulebook", text: "")
        XCTAssertEqual(document.path, "untitled:Untitled-1")
    }
}
