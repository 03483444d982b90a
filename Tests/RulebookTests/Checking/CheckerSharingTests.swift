import RulebookTooling
import SeededRandom
import XCTest

@testable import Rulebook

/// The checker shares work between rules written the same way (the lowering cache by
/// head text), between statements of one block (their conditions), and between
/// candidates of "did you mean" (first segments, ties by name). Each shortcut must leave
/// every occurrence's own diagnostics and locations intact.
final class CheckerSharingTests: XCTestCase {
    func testRepeatedHeadsKeepTheirOwnLocationsAndMessages() throws {
        let text = "a: minLength 2\nbb: required, minLength 2 message \"Short\"\n日本: minLength 2\n"
        let ruleSet = try XCTUnwrap(assertClean(text))
        let rules = ruleSet.statements.flatMap(\.rules).filter { $0.validator == .minLength }
        XCTAssertEqual(
            rules.map(\.location),
            [
                SourceLocation(file: "test.rules", line: 1, column: 4),
                SourceLocation(file: "test.rules", line: 2, column: 15),
                SourceLocation(file: "test.rules", line: 3, column: 5),
            ])
        XCTAssertEqual(rules.map(\.messageOverride), [nil, .literal("Short"), nil])
        XCTAssertEqual(rules.map(\.messageKey), ["minLength", "minLength", "minLength"])
    }

    func testRepeatedInvalidHeadsAreReportedAtEachOccurrence() {
        let source = MarkedSource("a: minLength 1️⃣-12️⃣\nb: minLength 3️⃣-14️⃣\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(.invalidArgument, source.range(1, 2), "'minLength' needs a count of zero or more, found -1"),
                CheckedDiagnostic(.invalidArgument, source.range(3, 4), "'minLength' needs a count of zero or more, found -1"),
            ])
    }

    func testRepeatedFieldArgumentsAreEachCheckedForTypos() {
        let source = MarkedSource("password: required\na: same 1️⃣pasword2️⃣\nb: same 3️⃣pasword4️⃣\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .unknownField, source.range(1, 2), "no statement mentions the field 'pasword'; did you mean 'password'?",
                    fixIts: [fix("Replace 'pasword' with 'password'", source.range(1, 2), "password")]),
                CheckedDiagnostic(
                    .unknownField, source.range(3, 4), "no statement mentions the field 'pasword'; did you mean 'password'?",
                    fixIts: [fix("Replace 'pasword' with 'password'", source.range(3, 4), "password")]),
            ])
    }

    func testAMessageOverrideMakesADifferentRuleForRepetition() {
        assertClean("a: minLength 2, minLength 2 message \"Short\"\n")
        let source = MarkedSource("a: minLength 2 message \"Short\", 1️⃣minLength 2 message \"Short\"2️⃣\n")
        let result = checkSource(source.text)
        XCTAssertEqual(result.diagnostics.map(\.code), [.redundantRule])
        XCTAssertEqual(result.diagnostics.first?.range, SourceRange(start: source[1], end: source[1] + "minLength 2".utf8.count))
    }

    func testRepetitionAndContradictionAcrossStatementsOfOneBlockAndNestedBlocks() {
        let source = MarkedSource(
            """
            when x {
              a: minLength 5
              a: 1️⃣minLength 52️⃣
              when y {
                a: 3️⃣maxLength 34️⃣
              }
            }
            when x {
              a: 5️⃣minLength 56️⃣
            }

            """)
        let result = checkSource(source.text)
        // The second block's conditions equal the first's, and the nested block's include
        // them: its `maxLength 3` applies whenever the later `minLength 5` does.
        XCTAssertEqual(result.diagnostics.map(\.code), [.redundantRule, .contradiction, .contradiction])
        XCTAssertEqual(result.diagnostics.map(\.range), [source.range(1, 2), source.range(3, 4), source.range(5, 6)])
        let separate = MarkedSource("when x {\n  a: minLength 5\n}\nwhen x {\n  a: 1️⃣minLength 52️⃣\n}\nwhen y {\n  a: minLength 5\n}\n")
        let repeated = checkSource(separate.text)
        XCTAssertEqual(repeated.diagnostics.map(\.code), [.redundantRule], "equal conditions in separate blocks are one context")
        XCTAssertEqual(repeated.diagnostics.map(\.range), [separate.range(1, 2)])
    }

    func testAFieldBelowAKnownFirstSegmentIsKnown() {
        // `address.line1` makes `address` known, and a field below a known one is not
        // claimed to be a typo (`address` may be an object with fields of its own).
        assertClean("address.line1: required\nwhen address.contry == \"GB\" {\n  postcode: required\n}\n")
        let source = MarkedSource("country: required\nwhen 1️⃣contry2️⃣ {\n  postcode: required\n}\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .unknownField, source.range(1, 2), "no statement mentions the field 'contry'; did you mean 'country'?",
                    fixIts: [fix("Replace 'contry' with 'country'", source.range(1, 2), "country")])
            ])
    }

    func testTiesBetweenFieldSuggestionsGoToTheSmallerName() {
        // `ab` is one substitution from both `zb` and `ac`; the smaller name wins,
        // whatever order the statements come in (as among sorted candidates).
        for order in [["zb", "ac"], ["ac", "zb"]] {
            let text = order.map { "\($0): required\n" }.joined() + "when ab {\n  x: required\n}\n"
            let result = checkSource(text)
            XCTAssertEqual(result.diagnostics.map(\.message), ["no statement mentions the field 'ab'; did you mean 'ac'?"], "\(order)")
        }
    }

    /// Each file's `unknown-field` references are checked against its own statements once
    /// it is walked (the references waiting then are all that file's, and are taken
    /// whole): a typo is reported in its own file, against its own statements only.
    func testFieldReferencesAreCheckedPerFileAcrossImports() {
        let shared =
            "rule matching = same pasword\npassword: required\nconfirm: same pasword\nwhen contry == \"GB\" {\n  zip: required\n}\n"
        let root = MarkedSource("import \"shared.rules\"\ncountry: required\nemail: same 1️⃣passwrd2️⃣\nwhen 3️⃣countri4️⃣ {\n  x: matching\n}\n")
        let result = checkSource(root.text, files: ["shared.rules": shared])
        let byFile = Dictionary(grouping: result.diagnostics.filter { $0.code == .unknownField }, by: { $0.file })
        XCTAssertEqual(
            byFile["test.rules"]?.map(\.message),
            [
                "no statement mentions the field 'countri'; did you mean 'country'?"
            ])
        XCTAssertEqual(byFile["test.rules"]?.map(\.range), [root.range(3, 4)])
        // `contry` is one typo from `country`, which only test.rules mentions; `passwrd`
        // from `password`, which only shared.rules mentions: neither is said.
        XCTAssertEqual(
            byFile["shared.rules"]?.map(\.message),
            [
                "no statement mentions the field 'pasword'; did you mean 'password'?"
            ])
        XCTAssertFalse(result.diagnostics.contains { $0.range == root.range(1, 2) })
    }
}
