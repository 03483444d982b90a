import XCTest

@testable import Rulebook

/// Every syntax diagnostic, asserted whole (code, range, message) at marked positions,
/// and recovery: one mistake, one diagnostic.
final class ParserDiagnosticTests: XCTestCase {
    private func expect(_ code: DiagnosticCode, _ range: SourceRange, _ message: String) -> ExpectedDiagnostic {
        ExpectedDiagnostic(code: code.id, range: range, message: message)
    }

    func testUnexpectedCharacter() {
        let source = MarkedSource("x: required, 1️⃣@@2️⃣ minLength 2\ny: email\n")
        assertDiagnostics(source, [expect(.unexpectedCharacter, source.range(1, 2), "unexpected characters '@@'")])
    }

    func testMissingColonAfterPath() {
        let source = MarkedSource("firstName 1️⃣required2️⃣, minLength 2\nlastName: required\n")
        assertDiagnostics(
            source, [expect(.unexpectedToken, source.range(1, 2), "expected ':' after field path 'firstName', found 'required'")])
        let tree = parse(source.text)
        XCTAssertEqual(tree.statements.count, 2)
    }

    func testEqualsInsteadOfColonReadsOn() {
        let source = MarkedSource("firstName 1️⃣=2️⃣ required\n")
        assertDiagnostics(source, [expect(.unexpectedToken, source.range(1, 2), "expected ':' after field path 'firstName', found '='")])
        guard case .field(let field) = parse(source.text).statements[0] else { return XCTFail() }
        XCTAssertEqual(field.rules.map(\.name.name), ["required"])
    }

    func testMissingRuleAfterColonAndComma() {
        let source = MarkedSource("a:1️⃣\nwhen b {\n  c: required,\n2️⃣}3️⃣\n")
        assertDiagnostics(
            source,
            [
                expect(.unexpectedToken, .empty(at: source[1]), "expected a rule after ':', found end of line"),
                expect(.unexpectedToken, source.range(2, 3), "expected a rule after ',', found '}'"),
            ])
    }

    func testTrailingCommaAtEndOfFile() {
        let source = MarkedSource("a: required,1️⃣")
        assertDiagnostics(source, [expect(.unexpectedToken, .empty(at: source[1]), "expected a rule after ',', found end of file")])
    }

    func testTrailingCommaBeforeANewStatement() {
        let source = MarkedSource("a: required,1️⃣\nb: email\n")
        assertDiagnostics(
            source,
            [
                expect(
                    .unexpectedToken, .empty(at: source[1]),
                    "expected a rule after ',' at the end of the line, found a new field statement")
            ])
        XCTAssertEqual(parse(source.text).statements.count, 2)
    }

    func testJunkAfterRuleResyncsAtComma() {
        let source = MarkedSource("a: minLength 2 1️⃣:2️⃣ 3, email\n")
        assertDiagnostics(
            source, [expect(.unexpectedToken, source.range(1, 2), "expected ',' or the end of the line after rule 'minLength', found ':'")])
        guard case .field(let field) = parse(source.text).statements[0] else { return XCTFail() }
        XCTAssertEqual(field.rules.map(\.name.name), ["minLength", "email"])
    }

    func testMessageCannotNameARule() {
        let source = MarkedSource("a: 1️⃣message2️⃣ \"x\"\n")
        assertDiagnostics(source, [expect(.unexpectedToken, source.range(1, 2), "expected a rule after ':', found 'message'")])
    }

    func testMessageWithoutValue() {
        let source = MarkedSource("a: email message1️⃣, required\n")
        assertDiagnostics(
            source,
            [
                expect(
                    .unexpectedToken, source.range(1, 1).union(SourceRange(start: source[1], end: source[1] + 1)),
                    "expected a message key or a string in quotes after 'message', found ','")
            ])
    }

    func testUnterminatedString() {
        let source = MarkedSource("a: oneOf 1️⃣\"GB2️⃣\nb: required\n")
        assertDiagnostics(
            source, [expect(.unterminatedLiteral, source.range(1, 2), "unterminated string: expected '\"' before the end of the line")])
        let atEnd = MarkedSource("a: oneOf 1️⃣\"GB2️⃣")
        assertDiagnostics(
            atEnd, [expect(.unterminatedLiteral, atEnd.range(1, 2), "unterminated string: expected '\"' before the end of the file")])
    }

    func testUnterminatedQuotedPathIsOneDiagnostic() {
        let source = MarkedSource("1️⃣\"first-name: required2️⃣\nb: required\n")
        assertDiagnostics(
            source, [expect(.unterminatedLiteral, source.range(1, 2), "unterminated string: expected '\"' before the end of the line")])
    }

    func testUnterminatedRegex() {
        let source = MarkedSource("a: pattern 1️⃣/[0-9]{5}2️⃣\nb: required\n")
        assertDiagnostics(
            source,
            [expect(.unterminatedLiteral, source.range(1, 2), "unterminated regular expression: expected '/' before the end of the line")])
        // A slash inside a class does not close it, so this one is unterminated too.
        let inClass = MarkedSource("a: pattern 1️⃣/[/2️⃣\n")
        assertDiagnostics(
            inClass,
            [expect(.unterminatedLiteral, inClass.range(1, 2), "unterminated regular expression: expected '/' before the end of the line")])
    }

    func testUnterminatedRegexPatternCoversTheRest() {
        let tree = parse("a: pattern /ab\n")
        guard case .field(let field) = tree.statements[0] else { return XCTFail() }
        XCTAssertEqual(field.rules[0].arguments[0].kind, .regex(pattern: "ab", flags: "", patternRange: SourceRange(start: 12, end: 14)))
    }

    func testInvalidEscapes() {
        let source = MarkedSource(#"a: oneOf "x1️⃣\q2️⃣y" "3️⃣\u{D800}4️⃣" "5️⃣\u{}6️⃣" "7️⃣\u8️⃣0041""#)
        assertDiagnostics(
            source,
            [
                expect(.invalidEscape, source.range(1, 2), #"invalid escape '\q' in string; the escapes are \", \\, \n, \t, \r and \u{…}"#),
                expect(.invalidEscape, source.range(3, 4), #"'\u{D800}' is not a Unicode scalar value"#),
                expect(.invalidEscape, source.range(5, 6), #"invalid Unicode escape '\u{}'; write \u{…} with 1 to 8 hex digits"#),
                expect(.invalidEscape, source.range(7, 8), #"invalid Unicode escape '\u'; write \u{…} with 1 to 8 hex digits"#),
            ])
    }

    func testInvalidDates() {
        let source = MarkedSource("a: after 1️⃣2026-02-302️⃣, before 3️⃣2026-13-014️⃣, before 5️⃣2026-1-16️⃣\nb: after 2024-02-29\n")
        assertDiagnostics(
            source,
            [
                expect(.invalidDate, source.range(1, 2), "'2026-02-30' is not a real date: 2026-02 has 28 days"),
                expect(.invalidDate, source.range(3, 4), "'2026-13-01' is not a real date: there is no month 13"),
                expect(.invalidDate, source.range(5, 6), "'2026-1-1' is not a date; write dates as YYYY-MM-DD"),
            ])
    }

    func testInvalidNumbers() {
        let source = MarkedSource("a: min 1️⃣99999999999999999999992️⃣, max 3️⃣1e9994️⃣, length 5️⃣2abc6️⃣\n")
        assertDiagnostics(
            source,
            [
                expect(.invalidNumber, source.range(1, 2), "integer '9999999999999999999999' is out of range (\(Int.min)...\(Int.max))"),
                expect(.invalidNumber, source.range(3, 4), "decimal '1e999' is out of range"),
                expect(.invalidNumber, source.range(5, 6), "'2abc' is not a number"),
            ])
    }

    func testUnclosedBlock() {
        let source = MarkedSource("when a 1️⃣{2️⃣\n  b: required\n")
        assertDiagnostics(
            source, [expect(.unclosedBlock, source.range(1, 2), "'when' block is not closed: expected '}' before the end of the file")])
        guard case .when(let block) = parse(source.text).statements[0] else { return XCTFail() }
        XCTAssertEqual(block.body.count, 1)
        XCTAssertTrue(block.closeBraceRange.isEmpty)
    }

    func testStrayClosingBrace() {
        let source = MarkedSource("a: required\n1️⃣}2️⃣\nb: email\n")
        assertDiagnostics(source, [expect(.unexpectedToken, source.range(1, 2), "unexpected '}' without a matching 'when … {'")])
    }

    func testMissingOpenBraceIsOneDiagnostic() {
        let source = MarkedSource("when a1️⃣\n  b: required\n}\nc: email\n")
        assertDiagnostics(source, [expect(.unexpectedToken, .empty(at: source[1]), "expected '{' after the condition, found end of line")])
    }

    func testJunkBetweenConditionAndBrace() {
        let source = MarkedSource("when a 1️⃣b2️⃣ c {\n  d: required\n}\n")
        assertDiagnostics(source, [expect(.unexpectedToken, source.range(1, 2), "expected '{' after the condition, found 'b'")])
        guard case .when(let block) = parse(source.text).statements[0] else { return XCTFail() }
        XCTAssertEqual(block.body.count, 1)
    }

    func testBadConditions() {
        let empty = MarkedSource("when 1️⃣{2️⃣\n}\n")
        assertDiagnostics(
            empty, [expect(.unexpectedToken, empty.range(1, 2), "expected a condition (a field path, 'not' or '('), found '{'")])
        let literal = MarkedSource("when a == 1️⃣b2️⃣ {\n}\n")
        assertDiagnostics(
            literal,
            [
                expect(
                    .unexpectedToken, literal.range(1, 2),
                    "expected a literal (a number, string, date, today, true or false) after '==', found 'b'")
            ])
        let paren = MarkedSource("when (a and b 1️⃣{2️⃣\n}\n")
        assertDiagnostics(paren, [expect(.unexpectedToken, paren.range(1, 2), "expected ')' to close '(', found '{'")])
        let dangling = MarkedSource("when a and 1️⃣{2️⃣\n}\n")
        assertDiagnostics(
            dangling, [expect(.unexpectedToken, dangling.range(1, 2), "expected a condition (a field path, 'not' or '('), found '{'")])
        guard case .when(let block) = parse(empty.text).statements[0], case .missing = block.condition else { return XCTFail() }
    }

    func testStatementStartErrors() {
        let source = MarkedSource("1️⃣:2️⃣ required\n")
        assertDiagnostics(
            source, [expect(.unexpectedToken, source.range(1, 2), "expected a field path, 'rule', 'import' or 'when', found ':'")])
        let named = MarkedSource("rule 1️⃣=2️⃣ required\nrule x 3️⃣required4️⃣\nrule y: required\n")
        assertDiagnostics(
            named,
            [
                expect(.unexpectedToken, named.range(1, 2), "expected a rule name after 'rule', found '='"),
                expect(.unexpectedToken, named.range(3, 4), "expected '=' after rule name 'x', found 'required'"),
                expect(
                    .unexpectedToken, SourceRange(start: named.text.utf8.count - 11, end: named.text.utf8.count - 10),
                    "expected '=' after rule name 'y', found ':'"),
            ])
        let imported = MarkedSource("import 1️⃣common2️⃣\nimport \"a.rules\" 3️⃣x4️⃣\n")
        assertDiagnostics(
            imported,
            [
                expect(.unexpectedToken, imported.range(1, 2), "expected a file name in quotes after 'import', found 'common'"),
                expect(.unexpectedToken, imported.range(3, 4), "expected the end of the line after the imported file name, found 'x'"),
            ])
    }

    func testBadPaths() {
        let dot = MarkedSource("address.1️⃣:2️⃣ required\n")
        assertDiagnostics(dot, [expect(.unexpectedToken, dot.range(1, 2), "expected a key after '.' in a path, found ':'")])
        let index = MarkedSource("items1️⃣[0]2️⃣.sku: required\n")
        assertDiagnostics(
            index,
            [expect(.unexpectedToken, index.range(1, 2), "'[0]' is not allowed in a path; write '[*]' for every element of an array")])
        let space = MarkedSource("address 1️⃣.postcode2️⃣: required\n")
        assertDiagnostics(
            space,
            [
                expect(
                    .unexpectedToken, SourceRange(start: space[1], end: space[1] + 1), "expected ':' after field path 'address', found '.'")
            ])
    }

    func testJunkAfterClosingBrace() {
        let source = MarkedSource("when a {\n} 1️⃣else2️⃣ {\n")
        assertDiagnostics(source, [expect(.unexpectedToken, source.range(1, 2), "expected the end of the line after '}', found 'else'")])
    }

    func testThreeIndependentErrorsReportThree() {
        let source = MarkedSource(
            """
            firstName: required, minLength 1️⃣@2️⃣
            lastName 3️⃣required4️⃣
            when country == "GB" {
              postcode: pattern 5️⃣/[A-Z6️⃣
            }
            email: required, email
            """)
        assertDiagnostics(
            source,
            [
                expect(.unexpectedCharacter, source.range(1, 2), "unexpected character '@'"),
                expect(.unexpectedToken, source.range(3, 4), "expected ':' after field path 'lastName', found 'required'"),
                expect(
                    .unterminatedLiteral, source.range(5, 6), "unterminated regular expression: expected '/' before the end of the line"),
            ])
        let tree = parse(source.text)
        XCTAssertEqual(tree.statements.filter { if case .field = $0 { return true } else { return false } }.count, 3)
    }

    func testLimits() {
        let nesting = MarkedSource("when a {\n  1️⃣when2️⃣ b {\n    when c {\n      x: required\n    }\n  }\n}\ny: email\n")
        let limits = ParserLimits(maxBlockNesting: 1)
        assertDiagnostics(
            nesting, [expect(.limitExceeded, nesting.range(1, 2), "'when' blocks nest deeper than the limit of 1")], limits: limits)
        XCTAssertEqual(parse(nesting.text, limits: limits).statements.count, 2)

        let deep = "when " + String(repeating: "not ", count: 200) + "a {\n}\nb: required\n"
        let deepTree = parse(deep)
        XCTAssertEqual(deepTree.diagnostics.map(\.code), [.limitExceeded])
        XCTAssertEqual(deepTree.diagnostics.first?.message, "condition is nested deeper than the limit of 64")
        XCTAssertEqual(deepTree.statements.count, 2)

        let parens = "when " + String(repeating: "(", count: 50_000) + "a {\n}\n"
        XCTAssertEqual(parse(parens).diagnostics.map(\.code), [.limitExceeded])

        let chain = "when a" + String(repeating: " or a", count: 10_000) + " {\n}\n"
        XCTAssertEqual(parse(chain).diagnostics.map(\.code), [.limitExceeded])

        let line = MarkedSource("a: oneOf \"" + String(repeating: "x", count: 20) + "1️⃣" + String(repeating: "y", count: 10) + "\"2️⃣\n")
        assertDiagnostics(
            line, [expect(.limitExceeded, line.range(1, 2), "line is 41 bytes long, more than the limit of 30")],
            limits: ParserLimits(maxLineBytes: 30))

        let big = parse("a: required\n", limits: ParserLimits(maxFileBytes: 4))
        XCTAssertEqual(big.diagnostics.map(\.message), ["file is 12 bytes long, more than the limit of 4; it was not parsed"])
        XCTAssertEqual(big.statements, [.unexpected(UnexpectedSyntax(range: SourceRange(start: 0, end: 12)))])
    }

    func testDeepBlockNestingBeyondDefaultLimitIsLinearAndReported() {
        let depth = 10_000
        let text = String(repeating: "when a {\n", count: depth) + String(repeating: "}\n", count: depth)
        let tree = parse(text)
        XCTAssertEqual(tree.diagnostics.map(\.code), [.limitExceeded])
    }
}
