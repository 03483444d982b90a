import XCTest

@testable import Rulebook

/// The per-field analysis keeps every field of a file in shared tables (``RuleAnalysis``):
/// a field's states are a list through rows that interleave with other fields' rows, and
/// bounds point at rows of a shared key table. Fields must stay apart, states must be
/// visited in order of creation, and the rule a diagnostic names must be the earliest.
final class RuleAnalysisTablesTests: XCTestCase {
    private func messages(_ text: String) -> [String] {
        checkSource(text).diagnostics.filter { $0.code == .contradiction || $0.code == .redundantRule }
            .map { "\($0.code.id): \($0.message) @ \($0.notes.first.map { "\($0.range.map(\.start) ?? -1)" } ?? "-")" }
    }

    func testInterleavedFieldsAcrossBlocksStayApart() {
        let text = """
            a: minLength 5
            b: maxLength 3
            when x { a: maxLength 2 }
            when x { b: minLength 4 }
            when y { a: minLength 5 }
            when x { b: maxLength 3 }
            when z { b: maxLength 3 }
            """
        XCTAssertEqual(
            messages(text),
            [
                "contradictory-rules: 'maxLength 2' contradicts 'minLength 5': no text has at least 5 characters and at most 2 characters @ 3",
                "contradictory-rules: 'minLength 4' contradicts 'maxLength 3': no text has at most 3 characters and at least 4 characters @ 18",
                "redundant-rule: 'minLength 5' already applies to 'a' @ 3",
                // Under `x`, b's block rule `minLength 4` (its second state) applies too.
                "contradictory-rules: 'maxLength 3' contradicts 'minLength 4': no text has at least 4 characters and at most 3 characters @ 68",
                // Under `z`, only the unconditional rules apply with it.
                "redundant-rule: 'maxLength 3' already applies to 'b' @ 18",
            ])
    }

    func testEarliestStateIsNamedWhenSeveralRelate() {
        // Three blocks on one field, then an unconditional rule that contradicts all three:
        // the first block's rule is named (states are visited in order of creation).
        var text = ""
        for index in 0..<3 { text += "other\(index): required\nwhen k\(index) { c: minLength \(index + 1) }\n" }
        text += "c: maxLength 0\n"
        let found = messages(text)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertEqual(
            found.first,
            "contradictory-rules: 'maxLength 0' contradicts 'minLength 1': "
                + "no text has at least 1 character and at most 0 characters @ \(offset(of: "minLength 1", in: text))")
    }

    func testStatesBeyondTheLimitAreNotAnalysed() {
        // 70 distinct blocks: only the first 64 get a state; an unconditional contradiction
        // names the first, and a block past the limit compares with the earlier states only.
        var text = ""
        for index in 0..<70 { text += "when k\(index) { c: minLength \(index + 1) }\n" }
        text += "c: maxLength 0\n"
        text += "when k99 { c: maxLength 0 }\n"
        let found = messages(text)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.hasPrefix("contradictory-rules: 'maxLength 0' contradicts 'minLength 1'") ?? false, "\(found)")
    }

    func testManyKeysInOneStateAmongOtherFields() {
        // More distinct rules than a state keeps in its list (they are then hashed), with
        // another field's rules written in between.
        var text = ""
        for index in 1...20 { text += "x: minLength \(index)\ny\(index): required, string\n" }
        text += "x: minLength 3\nx: boolean\n"
        XCTAssertEqual(
            messages(text),
            [
                "redundant-rule: 'minLength 3' already applies to 'x' @ \(offset(of: "minLength 3", in: text))",
                "contradictory-rules: 'boolean' contradicts 'minLength 1': 'minLength 1' accepts only text, 'boolean' only true or false @ 3",
            ])
    }

    private func offset(of needle: String, in text: String) -> Int {
        text.range(of: needle).map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) } ?? -1
    }
}
