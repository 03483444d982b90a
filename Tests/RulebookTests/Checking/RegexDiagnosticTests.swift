import XCTest

@testable import Rulebook

/// Pattern flags and the mapping of pattern errors into the rule file.
final class RegexDiagnosticTests: XCTestCase {
    func testUnknownAndRepeatedFlagsPointAtTheFlag() {
        let source = MarkedSource("code: pattern /^[a-z]+$/1️⃣g2️⃣\nname: pattern /x/i3️⃣i4️⃣\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .invalidRegex, source.range(1, 2),
                    "unknown pattern flag 'g'; the flags are 'i' (ignore case), 's' (dot matches newline) and 'u' (Unicode, always on)",
                    fixIts: [fix("Remove the flag 'g'", source.range(1, 2), "")]),
                CheckedDiagnostic(
                    .invalidRegex, source.range(3, 4), "pattern flag 'i' is given twice",
                    fixIts: [fix("Remove the flag 'i'", source.range(3, 4), "")]),
            ])
    }

    /// docs/regex.md documents the flags `s` (dot matches newline) and `u` (a no-op): the
    /// checker accepts them and the compiled rules honour them.
    func testDotAllAndUnicodeFlagsAreAcceptedAndHonoured() throws {
        assertCheck(MarkedSource("a: pattern /x.y/s\nb: pattern /é+/u\nc: pattern /x.y/isu\n"), [])
        let rules = try CompiledRuleSet(source: "a: pattern /x.y/s\nb: pattern /é+/u\nc: pattern /x.y/\n")
        func record(_ a: String, _ b: String, _ c: String) -> Value {
            .object(ValueObject([("a", .string(a)), ("b", .string(b)), ("c", .string(c))]))
        }
        XCTAssertTrue(rules.isValid(record("x\ny", "éé", "x-y")))
        XCTAssertFalse(rules.isValid(record("x\ny", "éé", "x\ny")), "without s, '.' does not match a newline")
        XCTAssertFalse(rules.isValid(record("xy", "éé", "x-y")))
    }

    func testSyntaxErrorsPointAtTheOffendingCharacters() {
        let source = MarkedSource(
            """
            a: pattern /ab1️⃣)2️⃣c/
            b: pattern /x3️⃣{3,2}4️⃣/
            c: pattern /5️⃣\\q6️⃣/
            d: pattern /é\\/7️⃣(8️⃣/

            """)
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .invalidRegex, source.range(1, 2), "invalid regular expression: unmatched ')': there is no group to close"),
                CheckedDiagnostic(
                    .invalidRegex, source.range(3, 4),
                    "invalid regular expression: the repetition '{3,2}' has its minimum above its maximum"),
                CheckedDiagnostic(.invalidRegex, source.range(5, 6), "invalid regular expression: unknown escape '\\q'"),
                CheckedDiagnostic(.invalidRegex, source.range(7, 8), "invalid regular expression: unclosed group: '(' has no matching ')'"),
            ])
    }

    func testBacktrackingConstructsAreUnsupportedAndNamed() {
        let source = MarkedSource(
            """
            password: pattern /^1️⃣(?=2️⃣.*[0-9]).+$/
            twice: pattern /(a)3️⃣\\14️⃣/
            behind: pattern /日本5️⃣(?<=6️⃣x)/i

            """)
        assertCheck(
            source,
            [
                CheckedDiagnostic(.unsupportedRegex, source.range(1, 2), "lookahead '(?=' is not supported: it needs backtracking"),
                CheckedDiagnostic(
                    .unsupportedRegex, source.range(3, 4), "backreferences such as '\\1' are not supported: they need backtracking"),
                CheckedDiagnostic(.unsupportedRegex, source.range(5, 6), "lookbehind '(?<=' is not supported: it needs backtracking"),
            ])
    }

    func testPatternsTooLargeToCompileAreALimit() {
        let source = MarkedSource("code: pattern /(x{1000})1️⃣{1000}2️⃣/\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .limitExceeded, source.range(1, 2), "the pattern is too complex: it needs more than 100000 automaton states")
            ])
    }

    func testAnUnterminatedLiteralIsReportedOnlyByTheParser() {
        let result = checkSource("a: pattern /[a-z/\n")
        XCTAssertEqual(result.diagnostics.map(\.code), [.unterminatedLiteral])
    }

    func testCompiledPatternsMatchWholeText() throws {
        let ruleSet = assertClean("zip: pattern /[0-9]{5}/\nname: pattern /^[a-z]+$/i\n")
        guard case .regex(let zip, "[0-9]{5}")? = ruleSet?.statements[0].rules[0].arguments[0].value,
            case .regex(let name, _)? = ruleSet?.statements[1].rules[0].arguments[0].value
        else {
            return XCTFail("patterns")
        }
        XCTAssertTrue(zip.matches("12345"))
        XCTAssertFalse(zip.matches("12345\n"))
        XCTAssertTrue(name.matches("ABC"))
    }

    func testVerbatimPatternMapsByOffset() {
        let raw = Array("a(?=b)é[".utf8)
        let map = PatternOffsetMap(pattern: "a(?=b)é[", raw: raw, base: 100, limit: 112)
        XCTAssertEqual(map.fileRange(of: 1..<4), SourceRange(start: 101, end: 104))
        XCTAssertEqual(map.fileRange(of: 6..<8), SourceRange(start: 106, end: 108))
        XCTAssertEqual(map.fileRange(of: 9..<9), SourceRange(start: 109, end: 109), "the end of the pattern")
        XCTAssertEqual(map.fileRange(of: 10..<11), SourceRange(start: 110, end: 111), "a flag after the closing slash")
        XCTAssertEqual(map.fileRange(of: 10..<50), SourceRange(start: 110, end: 112), "clamped to the literal")
        XCTAssertEqual(map.fileRange(of: -3..<1), SourceRange(start: 100, end: 101), "clamped to the start")
    }

    func testDecodedEscapesKeepLaterOffsetsAligned() {
        // The file has `a\/b(`; a pattern given as `a/b(` still maps `(` onto the file's `(`.
        let map = PatternOffsetMap(pattern: "a/b(", raw: Array("a\\/b(".utf8), base: 10, limit: 20)
        XCTAssertEqual(map.fileRange(of: 3..<4), SourceRange(start: 14, end: 15))
        XCTAssertEqual(map.fileRange(of: 1..<2), SourceRange(start: 11, end: 13), "the decoded slash covers its escape")
        XCTAssertEqual(map.fileRange(of: 0..<4), SourceRange(start: 10, end: 15))
    }
}
