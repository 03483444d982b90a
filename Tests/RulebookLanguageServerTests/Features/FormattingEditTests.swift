import Rulebook
import XCTest

@testable import RulebookLanguageServer

final class FormattingEditTests: XCTestCase {
    private func apply(_ old: String, _ new: String) -> String {
        var text = old
        for edit in Formatting.edits(from: old, to: new) {
            text = TextDocument.replacing(bytes: edit.range.start..<edit.range.end, in: text, with: edit.replacement)
        }
        return text
    }

    func testEditsReproduceTheFormattedText() {
        let cases = [
            ("a:required\n", "a: required\n"),
            ("a: required", "a: required\n"),
            ("x\r\ny\r\n", "x\ny\n"),
            ("名前:required\n", "名前: required\n"),
            ("a: oneOf \"👋🏽\"\n", "a: oneOf \"👋🏾\"\n"),
            ("same\n", "same\n"),
            ("", "\n"),
        ]
        for (old, new) in cases {
            XCTAssertEqual(apply(old, new), new, "\(old.debugDescription) → \(new.debugDescription)")
        }
    }

    func testOneSmallEditForALocalChange() {
        let old = String(repeating: "a: required\n", count: 100) + "b:email\n" + String(repeating: "c: required\n", count: 100)
        let new = old.replacingOccurrences(of: "b:email", with: "b: email")
        let edits = Formatting.edits(from: old, to: new)
        XCTAssertEqual(edits.count, 1)
        XCTAssertLessThan(edits[0].range.length, 4)
        XCTAssertEqual(Formatting.edits(from: old, to: old).count, 0)
    }
}
