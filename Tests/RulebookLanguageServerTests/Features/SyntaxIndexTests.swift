import Rulebook
import XCTest

@testable import RulebookLanguageServer

/// The index answers a lookup by offset from the statements at that offset; the answer
/// must be the one the whole file's occurrences give, at every offset.
final class SyntaxIndexTests: XCTestCase {
    private let text = """
        # profile
        import "common.rules"
        rule name = required, minLength 2 message "Too short"
        first: name
        last: required, maxLength 80 message profile.tooLong
        when country == "GB" and not (age or other.path != "n/a") {
          postcode: required, pattern /^[A-Z]{2}$/i
          when flag {
            inner: after today, before 2030-12-31
          }
        }
        items[*].sku: required, oneOf "A" "B" } junk
        "quoted-key": same first
        when open {
          late: required
        """

    func testLookupsByOffsetAgreeWithTheWholeFilesOccurrences() {
        let index = SyntaxIndex(Parser.parse(SourceFile(path: "a.rules", text: text)))
        let all = index.occurrences
        XCTAssertGreaterThan(all.count, 40)
        for offset in 0...text.utf8.count {
            let expected = all.filter { $0.range.contains(offset) }.min { $0.range.length < $1.range.length }
            XCTAssertEqual(index.occurrence(at: offset), expected, "offset \(offset)")
            var expectedRule: RuleSyntax?
            for occurrence in all {
                switch occurrence.kind {
                case .validator(_, let rule), .ruleReference(_, let rule):
                    if rule.range.contains(offset) { expectedRule = rule }
                default: continue
                }
            }
            XCTAssertEqual(index.rule(at: offset), expectedRule, "offset \(offset)")
        }
    }

    func testWholeFileQuestionsSeeEveryStatement() {
        let index = SyntaxIndex(Parser.parse(SourceFile(path: "a.rules", text: text)))
        XCTAssertEqual(index.declarations.map(\.name.name), ["name"])
        XCTAssertEqual(index.references(toRule: "name").count, 1)
        XCTAssertEqual(
            index.fieldPaths.map(\.description),
            [
                "first", "last", "country", "age", "other.path", "postcode", "flag", "inner", "items[*].sku", "\"quoted-key\"", "first",
                "open", "late",
            ])
    }
}
