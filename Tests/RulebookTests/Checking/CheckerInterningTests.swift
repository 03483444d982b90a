import RulebookTooling
import XCTest

@testable import Rulebook

/// The checker interns each statement path once per file (its hash computed once) and
/// finds a field's accepted kinds through its table of repetition keys, which switches
/// from a short array to a dictionary past sixteen distinct rules. Neither may change
/// which fields are the same or which earlier rule a contradiction names.
final class CheckerInterningTests: XCTestCase {
    /// The contradiction messages of `text`, in order.
    private func contradictions(_ text: String) -> [String] {
        checkSource(text).diagnostics.filter { $0.code == .contradiction }.map(\.message)
    }

    func testKindsConflictNamesTheEarliestRuleWithFewRules() {
        XCTAssertEqual(
            contradictions("x: minLength 1\nx: string\nx: boolean\n"),
            [
                "'boolean' contradicts 'minLength 1': 'minLength 1' accepts only text, 'boolean' only true or false"
            ])
    }

    func testKindsConflictNamesTheEarliestRuleAfterTheTableIsHashed() {
        // Twenty distinct rules (more than the table keeps in its array), then one whose
        // kinds exclude the first's; the later rules with the same kinds must not be named.
        let rules = (1...20).map { "x: minLength \($0)\n" }.joined()
        XCTAssertEqual(
            contradictions(rules + "x: string\nx: boolean\nx: integer\n"),
            [
                "'boolean' contradicts 'minLength 1': 'minLength 1' accepts only text, 'boolean' only true or false",
                "'integer' contradicts 'boolean': 'boolean' accepts only true or false, 'integer' only numbers or numeric text",
            ])
    }

    func testKindsAddedAfterTheTableIsHashedAreStillCompared() {
        let rules = (1...20).map { "x: minLength \($0)\n" }.joined()
        let messages = contradictions(rules + "x: boolean\nx: minItems 1\n")
        XCTAssertEqual(messages.count, 2)
        XCTAssertTrue(messages.last?.hasPrefix("'minItems 1' contradicts 'minLength 1'") ?? false, "\(messages)")
    }

    func testPathsEqualAsSwiftStringsAreOneField() {
        // U+212A KELVIN SIGN is canonically equivalent to "K": Swift strings compare equal,
        // so the two statements name one field and their bounds are compared.
        let messages = contradictions("\"K\": minLength 5\n\"\u{212A}\": maxLength 2\n")
        XCTAssertEqual(messages.count, 1, "\(messages)")
    }

    func testDistinctPathsStayApartAndUnknownFieldStillSuggests() {
        let diagnostics = checkSource("a: minLength 5\nb: maxLength 2\nc: same bb\nd: same a\n").diagnostics
        XCTAssertEqual(diagnostics.filter { $0.code == .contradiction }, [])
        XCTAssertEqual(
            diagnostics.filter { $0.code == .unknownField }.map(\.message),
            ["no statement mentions the field 'bb'; did you mean 'b'?"])
    }
}
