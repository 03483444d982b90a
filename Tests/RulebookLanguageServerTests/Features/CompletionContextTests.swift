import Rulebook
import XCTest

@testable import RulebookLanguageServer

final class CompletionContextTests: XCTestCase {
    private func context(_ marked: String) -> CompletionContext {
        let index = marked.firstIndex(of: "‸")!
        let offset = marked[..<index].utf8.count
        let text = marked.replacingCharacters(in: index...index, with: "")
        return CompletionContext(source: SourceFile(path: "/w/a.rules", text: text), offset: offset)
    }

    func testRuleNameAfterColonCommaAndEquals() {
        XCTAssertEqual(context("name: ‸").kind, .ruleName)
        XCTAssertEqual(context("name: min‸").kind, .ruleName)
        XCTAssertEqual(context("name: min‸").prefix, "min")
        XCTAssertEqual(context("name: required, ‸").kind, .ruleName)
        XCTAssertEqual(context("name: required,‸").kind, .ruleName)
        XCTAssertEqual(context("rule personName = required, no‸").kind, .ruleName)
        XCTAssertEqual(context("when a {\n  b: ‸\n}").kind, .ruleName)
    }

    func testContinuationLine() {
        XCTAssertEqual(context("name: required,\n      min‸").kind, .ruleName)
        XCTAssertEqual(context("name: required, # note\n\n  ‸").kind, .ruleName)
        XCTAssertEqual(context("name: required\n‸").kind, .statementStart)
    }

    func testArguments() {
        XCTAssertEqual(context("a: minLength ‸").kind, .argument(validator: "minLength", index: 0))
        XCTAssertEqual(context("a: between 1 ‸").kind, .argument(validator: "between", index: 1))
        XCTAssertEqual(context("a: same pass‸").kind, .argument(validator: "same", index: 0))
        XCTAssertEqual(context("a: same pass‸").prefix, "pass")
        XCTAssertEqual(context("a: oneOf \"a\" \"b\" ‸").kind, .argument(validator: "oneOf", index: 2))
        XCTAssertEqual(context("a: pattern /a b/ ‸").kind, .argument(validator: "pattern", index: 1))
    }

    func testMessageKey() {
        XCTAssertEqual(context("a: minLength 2 message ‸").kind, .messageKey)
        XCTAssertEqual(context("a: minLength 2 message profile.na‸").kind, .messageKey)
        XCTAssertEqual(context("a: minLength 2 message profile.na‸").prefix, "profile.na")
        XCTAssertEqual(context("a: minLength 2 message x ‸").kind, .none)
    }

    func testImportPath() {
        XCTAssertEqual(context("import \"‸").kind, .importPath)
        XCTAssertEqual(context("import \"com‸").kind, .importPath)
        XCTAssertEqual(context("import \"com‸").prefix, "com")
        XCTAssertEqual(context("a: oneOf \"x‸").kind, .none)
    }

    func testStatementStartAndConditions() {
        XCTAssertEqual(context("‸").kind, .statementStart)
        XCTAssertEqual(context("first‸").kind, .statementStart)
        XCTAssertEqual(context("  address.po‸").prefix, "address.po")
        XCTAssertEqual(context("when ‸").kind, .condition)
        XCTAssertEqual(context("when a and ‸").kind, .condition)
        XCTAssertEqual(context("when not (a or ‸").kind, .condition)
        XCTAssertEqual(context("when a == 1 {\n‸").kind, .statementStart)
    }

    func testNothingInCommentsStringsAndRegexes() {
        XCTAssertEqual(context("# name: ‸").kind, .none)
        XCTAssertEqual(context("a: required # min‸").kind, .none)
        XCTAssertEqual(context("a: pattern /[a-z‸").kind, .none)
        XCTAssertEqual(context("a: oneOf \"x, ‸").kind, .none)
    }

    func testMultibyteTextBeforeTheCursor() {
        let c = context("名前: required, mi‸")
        XCTAssertEqual(c.kind, .ruleName)
        XCTAssertEqual(c.prefix, "mi")
        XCTAssertEqual(c.wordStart, "名前: required, ".utf8.count)
    }
}
