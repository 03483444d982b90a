import Rulebook
import RulebookTooling
import SeededRandom
import XCTest

@testable import RulebookLanguageServer

final class TextDocumentTests: XCTestCase {
    private func edit(_ text: String, _ range: ((Int, Int), (Int, Int))?, _ replacement: String, encoding: PositionEncoding = .utf16)
        -> String
    {
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
            TextDocumentContentChange(
                range: LSPRange(start: .init(line: 0, character: 3), end: .init(line: 0, character: 3)), text: "\nxyz"),
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

/// Thousands of random incremental edits in every encoding, checked against a reference
/// that edits an array of Unicode scalars.
final class TextDocumentRandomizedTests: XCTestCase {
    private let alphabet: [String] = ["a", "b", " ", ":", ",", "\n", "\r\n", "\r", "é", "日", "👋🏽", "😀", "#"]

    /// The scalars of each line, split the way LSP splits lines.
    private func lines(_ scalars: [Unicode.Scalar]) -> [(start: Int, content: [Unicode.Scalar])] {
        var result: [(Int, [Unicode.Scalar])] = []
        var start = 0, index = 0
        while index < scalars.count {
            if scalars[index] == "\n" || scalars[index] == "\r" {
                result.append((start, Array(scalars[start..<index])))
                if scalars[index] == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n" { index += 1 }
                start = index + 1
            }
            index += 1
        }
        result.append((start, Array(scalars[start...])))
        return result
    }

    private func width(_ scalar: Unicode.Scalar, _ encoding: PositionEncoding) -> Int {
        switch encoding {
        case .utf8: String(scalar).utf8.count
        case .utf16: scalar.value > 0xFFFF ? 2 : 1
        case .unicodeScalars: 1
        }
    }

    func testRandomEditsMatchTheReference() {
        var random = SeededGenerator(seed: 7)
        for encoding in PositionEncoding.allCases {
            var scalars: [Unicode.Scalar] = Array("a: b\r\n日本: 👋🏽\rc\n".unicodeScalars)
            var document = TextDocument(
                uri: "file:///r.rules", version: 0, languageID: "rulebook", text: String(String.UnicodeScalarView(scalars)))
            for step in 1...1_500 {
                let table = lines(scalars)
                func randomPoint() -> (scalarIndex: Int, position: LinePosition) {
                    let line = Int.random(in: 0..<table.count, using: &random)
                    let column = Int.random(in: 0...table[line].content.count, using: &random)
                    let character = table[line].content[..<column].reduce(0) { $0 + width($1, encoding) }
                    return (table[line].start + column, LinePosition(line: line, character: character))
                }
                var a = randomPoint(), b = randomPoint()
                if b.scalarIndex < a.scalarIndex { swap(&a, &b) }
                // Never split a CRLF pair (a position cannot point between \r and \n anyway).
                let insert = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                    alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
                }.joined()
                scalars.replaceSubrange(a.scalarIndex..<b.scalarIndex, with: insert.unicodeScalars)
                document = document.applying(
                    [TextDocumentContentChange(range: LSPRange(start: a.position, end: b.position), text: insert)],
                    version: step, encoding: encoding)
                let expected = String(String.UnicodeScalarView(scalars))
                if document.text.utf8.elementsEqual(expected.utf8) == false {
                    XCTFail("\(encoding) step \(step): \(document.text.debugDescription) != \(expected.debugDescription)")
                    return
                }
            }
        }
    }
}
