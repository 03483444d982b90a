import XCTest

@testable import Rulebook

/// Rules that no value can satisfy together, and exact repetitions.
final class ContradictionTests: XCTestCase {
    func testMinLengthAboveMaxLength() {
        let source = MarkedSource("code: 1️⃣minLength 52️⃣, 3️⃣maxLength 34️⃣\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .contradiction, source.range(3, 4),
                    "'maxLength 3' contradicts 'minLength 5': no text has at least 5 characters and at most 3 characters",
                    notes: [note("'minLength 5' is here", source.range(1, 2))])
            ])
    }

    func testExactLengthAgainstBounds() {
        let source = MarkedSource(
            """
            a: 1️⃣length 22️⃣, 3️⃣minLength 34️⃣
            b: 5️⃣maxLength 16️⃣, 7️⃣length 1 38️⃣
            c: 9️⃣digits 50️⃣, length 5

            """)
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .contradiction, source.range(3, 4),
                    "'minLength 3' contradicts 'length 2': no text has exactly 2 characters and at least 3 characters",
                    notes: [note("'length 2' is here", source.range(1, 2))])
            ])
        let other = MarkedSource("b: 1️⃣maxLength 12️⃣, 3️⃣length 2 34️⃣\nc: 5️⃣digits 56️⃣, 7️⃣length 48️⃣\n")
        assertCheck(
            other,
            [
                CheckedDiagnostic(
                    .contradiction, other.range(3, 4),
                    "'length 2 3' contradicts 'maxLength 1': no text has at most 1 character and between 2 and 3 characters",
                    notes: [note("'maxLength 1' is here", other.range(1, 2))]),
                CheckedDiagnostic(
                    .contradiction, other.range(7, 8),
                    "'length 4' contradicts 'digits 5': no text has exactly 5 characters and exactly 4 characters",
                    notes: [note("'digits 5' is here", other.range(5, 6))]),
            ])
        _ = source
    }

    func testInvertedBetweenAndLengthWithASwapFix() {
        let source = MarkedSource("age: 1️⃣between 2️⃣103️⃣ 4️⃣15️⃣\ncvc: 6️⃣length 7️⃣48️⃣ 9️⃣30️⃣\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .contradiction, source.range(1, 5),
                    "'between 10 1' can never pass: the minimum 10 is greater than the maximum 1",
                    fixIts: [
                        FixIt(
                            message: "Swap 10 and 1",
                            edits: [
                                TextEdit(file: "test.rules", range: source.range(2, 3), replacement: "1"),
                                TextEdit(file: "test.rules", range: source.range(4, 5), replacement: "10"),
                            ])
                    ]),
                CheckedDiagnostic(
                    .contradiction, source.range(6, 0),
                    "'length 4 3' can never pass: the minimum 4 is greater than the maximum 3",
                    fixIts: [
                        FixIt(
                            message: "Swap 4 and 3",
                            edits: [
                                TextEdit(file: "test.rules", range: source.range(7, 8), replacement: "3"),
                                TextEdit(file: "test.rules", range: source.range(9, 0), replacement: "4"),
                            ])
                    ]),
            ])
    }

    func testNumericItemAndAgeBounds() {
        let source = MarkedSource(
            """
            a: 1️⃣min 52️⃣, 3️⃣max 4.54️⃣
            b: 5️⃣minItems 36️⃣, 7️⃣maxItems 18️⃣
            c: 9️⃣between 1 100️⃣, min 10, max 10

            """)
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .contradiction, source.range(3, 4), "'max 4.5' contradicts 'min 5': no number is at least 5 and at most 4.5",
                    notes: [note("'min 5' is here", source.range(1, 2))]),
                CheckedDiagnostic(
                    .contradiction, source.range(7, 8),
                    "'maxItems 1' contradicts 'minItems 3': no list has at least 3 items and at most 1 item",
                    notes: [note("'minItems 3' is here", source.range(5, 6))]),
            ])
        let ages = MarkedSource("birthday: 1️⃣minAge 302️⃣, 3️⃣maxAge 184️⃣\n")
        assertCheck(
            ages,
            [
                CheckedDiagnostic(
                    .contradiction, ages.range(3, 4),
                    "'maxAge 18' contradicts 'minAge 30': no birth date is at least 30 years ago and at most 18 years ago",
                    notes: [note("'minAge 30' is here", ages.range(1, 2))])
            ])
    }

    func testLiteralDateBounds() {
        let source = MarkedSource(
            """
            a: 1️⃣before 2026-01-012️⃣, 3️⃣after 2026-01-014️⃣
            b: after 2026-01-01, before 2026-01-02
            c: before today, after 2030-01-01
            d: 5️⃣after 2026-06-016️⃣, 7️⃣before 2025-01-018️⃣

            """)
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .contradiction, source.range(3, 4),
                    "'after 2026-01-01' contradicts 'before 2026-01-01': no date is before 2026-01-01 and after 2026-01-01",
                    notes: [note("'before 2026-01-01' is here", source.range(1, 2))]),
                CheckedDiagnostic(
                    .contradiction, source.range(7, 8),
                    "'before 2025-01-01' contradicts 'after 2026-06-01': no date is after 2026-06-01 and before 2025-01-01",
                    notes: [note("'after 2026-06-01' is here", source.range(5, 6))]),
            ])
    }

    func testKindsThatExcludeEachOther() {
        let source = MarkedSource(
            """
            a: 1️⃣minLength 22️⃣, 3️⃣minItems 14️⃣
            b: 5️⃣boolean6️⃣, 7️⃣integer8️⃣
            c: string, digits, integer, min 1
            d: accepted, boolean
            e: array, unique, minItems 1, maxItems 4

            """)
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .contradiction, source.range(3, 4),
                    "'minItems 1' contradicts 'minLength 2': 'minLength 2' accepts only text, 'minItems 1' only lists",
                    notes: [note("'minLength 2' is here", source.range(1, 2))]),
                CheckedDiagnostic(
                    .contradiction, source.range(7, 8),
                    "'integer' contradicts 'boolean': 'boolean' accepts only true or false, 'integer' only numbers or numeric text",
                    notes: [note("'boolean' is here", source.range(5, 6))]),
            ])
    }

    func testStatementsOfOneFieldAddUp() {
        let source = MarkedSource("code: 1️⃣minLength 52️⃣\nother: required\ncode: 3️⃣maxLength 34️⃣\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .contradiction, source.range(3, 4),
                    "'maxLength 3' contradicts 'minLength 5': no text has at least 5 characters and at most 3 characters",
                    notes: [note("'minLength 5' is here", source.range(1, 2))])
            ])
    }

    func testConditionalRulesAreComparedOnlyWithRulesThatApplyTogether() {
        let source = MarkedSource(
            """
            mode: oneOf "a" "b"
            code: 1️⃣minLength 52️⃣
            when mode == "a" {
              code: 3️⃣maxLength 34️⃣
              other: maxLength 3
            }
            when mode == "b" {
              other: 7️⃣minLength 58️⃣
              when code {
                other: 5️⃣maxLength 46️⃣
              }
            }

            """)
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .contradiction, source.range(3, 4),
                    "'maxLength 3' contradicts 'minLength 5': no text has at least 5 characters and at most 3 characters",
                    notes: [note("'minLength 5' is here", source.range(1, 2))]),
                CheckedDiagnostic(
                    .contradiction, source.range(5, 6),
                    "'maxLength 4' contradicts 'minLength 5': no text has at least 5 characters and at most 4 characters",
                    notes: [note("'minLength 5' is here", source.range(7, 8))]),
            ])
    }

    func testContradictionWithARuleFromANamedRuleNotesWhereItComesFrom() {
        let common = MarkedSource("rule personName = required, 1️⃣minLength 22️⃣\n")
        let source = MarkedSource("import \"common.rules\"\nname: personName, 1️⃣maxLength 12️⃣\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .contradiction, source.range(1, 2),
                    "'maxLength 1' contradicts 'minLength 2': no text has at least 2 characters and at most 1 character",
                    notes: [note("'minLength 2' (from 'personName') is here", common.range(1, 2), file: "common.rules")])
            ], files: ["common.rules": common.text])
    }

    func testContradictionInsideANamedRuleIsReportedAtItsDefinitionOnly() {
        let source = MarkedSource("rule bad = 1️⃣minLength 52️⃣, 3️⃣maxLength 34️⃣\na: bad\nb: bad\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .contradiction, source.range(3, 4),
                    "'maxLength 3' contradicts 'minLength 5': no text has at least 5 characters and at most 3 characters",
                    notes: [note("'minLength 5' is here", source.range(1, 2))])
            ])
    }

    func testExactRepetitionIsAWarningWithARemovalFix() {
        let source = MarkedSource("name: 1️⃣required2️⃣, minLength 23️⃣, 4️⃣required5️⃣\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .redundantRule, source.range(4, 5), "'required' already applies to 'name'",
                    notes: [note("'required' is here", source.range(1, 2))],
                    fixIts: [fix("Remove 'required'", source.range(3, 5), "")])
            ])
    }

    func testRepeatedStatementIsRemovedWithItsLine() {
        let source = MarkedSource("name: 1️⃣required2️⃣\n3️⃣name: 4️⃣required5️⃣\n6️⃣age: integer\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .redundantRule, source.range(4, 5), "'required' already applies to 'name'",
                    notes: [note("'required' is here", source.range(1, 2))],
                    fixIts: [fix("Remove 'required'", source.range(3, 6), "")])
            ])
    }

    func testRepeatedFirstRuleIsRemovedWithTheFollowingComma() {
        let source = MarkedSource("name: 1️⃣required2️⃣\nname: 3️⃣required5️⃣, 4️⃣minLength 2\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .redundantRule, source.range(3, 5), "'required' already applies to 'name'",
                    notes: [note("'required' is here", source.range(1, 2))],
                    fixIts: [fix("Remove 'required'", source.range(3, 4), "")])
            ])
    }

    func testNamedRuleWhoseEveryRuleAlreadyApplies() {
        let source = MarkedSource("rule short = required, maxLength 3\nname: 1️⃣required2️⃣, maxLength 33️⃣, 4️⃣short5️⃣\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .redundantRule, source.range(4, 5), "every rule of 'short' already applies to 'name'",
                    notes: [note("'required' is here", source.range(1, 2))],
                    fixIts: [fix("Remove 'short'", source.range(3, 5), "")])
            ])
    }

    func testRepetitionUnderANarrowerConditionIsRedundantButNotTheOtherWayRound() {
        let source = MarkedSource(
            """
            on: boolean
            name: 1️⃣required2️⃣
            when on {
              name: 3️⃣required4️⃣
              code: required
            }
            code: required

            """)
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .redundantRule, source.range(3, 4), "'required' already applies to 'name'",
                    notes: [note("'required' is here", source.range(1, 2))],
                    fixIts: [fix("Remove 'required'", SourceRange(start: source[3] - 8, end: source[4] + 1), "")])
            ])
    }

    func testNoFalsePositives() {
        assertClean(
            """
            a: minLength 2, maxLength 2, length 2, digits 2
            b: min 1, max 1, between 1 1, integer, number
            c: string, digits, integer
            d: after 2026-01-01, before 2026-01-02
            e: minItems 0, maxItems 0, array, unique
            f: required, minLength 2 message a.b, minLength 2 message a.c
            g: pattern /a/, pattern /a/i, oneOf "1" 1
            h: before today, after today, before g, after g
            i: minAge 18, maxAge 18, date
            j: accepted, boolean
            k: same a, different b, required

            """)
    }
}
