import RulebookTooling
import XCTest

@testable import Rulebook

/// Validators, named rules, scoping and the diagnostics about names.
final class NameResolutionTests: XCTestCase {
    func testUnknownValidatorSuggestsTheClosestValidatorWithAFix() {
        let source = MarkedSource("firstName: required, 1️⃣minLenght2️⃣ 2\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .unknownValidator, source.range(1, 2),
                    "unknown validator or named rule 'minLenght'; did you mean 'minLength'?",
                    fixIts: [fix("Replace 'minLenght' with 'minLength'", source.range(1, 2), "minLength")])
            ])
    }

    func testUnknownValidatorPrefersACaseOnlyDifference() {
        let source = MarkedSource("name: 1️⃣MinLength2️⃣ 2\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .unknownValidator, source.range(1, 2),
                    "unknown validator or named rule 'MinLength'; did you mean 'minLength'?",
                    fixIts: [fix("Replace 'MinLength' with 'minLength'", source.range(1, 2), "minLength")])
            ])
    }

    func testUnknownValidatorWithoutAnythingCloseHasNoSuggestion() {
        let source = MarkedSource("name: 1️⃣banana2️⃣\nother: 3️⃣foo4️⃣\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(.unknownValidator, source.range(1, 2), "unknown validator or named rule 'banana'"),
                CheckedDiagnostic(.unknownValidator, source.range(3, 4), "unknown validator or named rule 'foo'"),
            ])
    }

    func testSuggestionsIncludeNamedRulesInScope() {
        let source = MarkedSource(
            """
            rule personName = required, minLength 2
            name: 1️⃣persnName2️⃣

            """)
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .unknownValidator, source.range(1, 2),
                    "unknown validator or named rule 'persnName'; did you mean 'personName'?",
                    fixIts: [fix("Replace 'persnName' with 'personName'", source.range(1, 2), "personName")])
            ])
    }

    func testSuggestionsIncludeImportedNamedRules() {
        let source = MarkedSource("import \"common.rules\"\nemail: 1️⃣emailAdress2️⃣\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .unknownValidator, source.range(1, 2),
                    "unknown validator or named rule 'emailAdress'; did you mean 'emailAddress'?",
                    fixIts: [fix("Replace 'emailAdress' with 'emailAddress'", source.range(1, 2), "emailAddress")])
            ], files: ["common.rules": "rule emailAddress = required, email\n"])
    }

    func testEditDistanceCountsATranspositionAsOneEdit() {
        func distance(_ a: String, _ b: String) -> Int {
            Suggestions.editDistance(a.unicodeScalars.map(\.value), b.unicodeScalars.map(\.value), limit: 10)
        }
        XCTAssertEqual(distance("minlenght", "minlength"), 1)
        XCTAssertEqual(distance("abc", "abc"), 0)
        XCTAssertEqual(distance("", "abc"), 3)
        XCTAssertEqual(distance("kitten", "sitting"), 3)
        XCTAssertEqual(distance("名前x", "名x前"), 1)
        let abcd = PathSignature(Array("abcd".unicodeScalars.map(\.value)))
        XCTAssertEqual(abcd, PathSignature(Array("dcba".unicodeScalars.map(\.value))), "order does not matter")
        XCTAssertEqual(Suggestions.closest(to: "requird", among: ["required", "url"]), "required")
        XCTAssertNil(Suggestions.closest(to: "foo", among: ["url", "uuid"]))
        XCTAssertNil(Suggestions.closest(to: "", among: ["url"]))
    }

    func testDuplicateNamedRuleInOneFile() {
        let source = MarkedSource(
            """
            rule 1️⃣short2️⃣ = maxLength 10
            rule 3️⃣short4️⃣ = maxLength 20
            name: short

            """)
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .duplicateRule, source.range(3, 4), "named rule 'short' is already defined in this file",
                    notes: [note("'short' is first defined here", source.range(1, 2))])
            ])
    }

    func testLocalNamedRuleCollidingWithAnImportedOne() {
        let source = MarkedSource(
            """
            import "common.rules"
            rule 1️⃣personName2️⃣ = required
            name: personName

            """)
        let common = MarkedSource("rule 1️⃣personName2️⃣ = required, minLength 2\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .duplicateRule, source.range(1, 2),
                    "named rule 'personName' is also defined in 'common.rules', which this file imports",
                    notes: [note("'personName' is defined here", common.range(1, 2), file: "common.rules")])
            ], files: ["common.rules": common.text])
    }

    func testTwoImportsDefiningOneName() {
        let source = MarkedSource(
            """
            import "a.rules"
            import 1️⃣"b.rules"2️⃣
            name: short

            """)
        let a = MarkedSource("rule 1️⃣short2️⃣ = maxLength 10\n"), b = MarkedSource("rule 1️⃣short2️⃣ = maxLength 20\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .duplicateRule, source.range(1, 2),
                    "'b.rules' and 'a.rules' both define named rule 'short'; the first import's is used",
                    notes: [
                        note("'short' is defined here", a.range(1, 2), file: "a.rules"),
                        note("'short' is defined here", b.range(1, 2), file: "b.rules"),
                    ])
            ], files: ["a.rules": a.text, "b.rules": b.text])
    }

    func testNamedRuleMayNotShadowAValidator() {
        let source = MarkedSource("rule 1️⃣email2️⃣ = required, minLength 5\nemail: email\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .shadowedValidator, source.range(1, 2),
                    "named rule 'email' has the name of a built-in validator; choose another name")
            ])
    }

    func testSelfReferencingNamedRule() {
        let source = MarkedSource("rule loop = required, 1️⃣loop2️⃣\nx: loop\n")
        assertCheck(source, [CheckedDiagnostic(.ruleCycle, source.range(1, 2), "named rule 'loop' uses itself")])
    }

    func testCycleOfTwoNamedRules() {
        let source = MarkedSource(
            """
            rule a = required, 1️⃣b2️⃣
            rule b = minLength 2, 3️⃣a4️⃣
            x: a

            """)
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .ruleCycle, source.range(3, 4), "named rules use each other in a cycle: 'a' → 'b' → 'a'",
                    notes: [note("'a' uses 'b' here", source.range(1, 2))])
            ])
    }

    func testCycleOfThreeNamedRulesIsReportedOnce() {
        let source = MarkedSource(
            """
            rule a = 1️⃣b2️⃣
            rule b = 3️⃣c4️⃣
            rule c = 5️⃣a6️⃣
            x: a
            y: b

            """)
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .ruleCycle, source.range(5, 6), "named rules use each other in a cycle: 'a' → 'b' → 'c' → 'a'",
                    notes: [note("'a' uses 'b' here", source.range(1, 2)), note("'b' uses 'c' here", source.range(3, 4))])
            ])
    }

    func testNamedRuleAndImportInsideAWhenBlockAreMisplaced() {
        let source = MarkedSource(
            """
            when enabled {
              1️⃣rule short2️⃣ = maxLength 3
              3️⃣import "common.rules"4️⃣
              name: short, personName
            }
            enabled: boolean

            """)
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .misplacedDeclaration, source.range(1, 2),
                    "named rule 'short' is defined inside a 'when' block; define named rules at the top level of the file"),
                CheckedDiagnostic(
                    .misplacedDeclaration, source.range(3, 4),
                    "'import' inside a 'when' block; imports belong at the top level of the file"),
            ], files: ["common.rules": "rule personName = required\n"])
    }

    func testNamedRuleUsedWithArguments() {
        let source = MarkedSource("rule short = maxLength 3\nname: short1️⃣ 2️⃣5 63️⃣\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .wrongArgumentCount, source.range(2, 3),
                    "'short' is a named rule and takes no arguments, found 2 arguments",
                    fixIts: [fix("Remove the arguments", source.range(1, 3), "", applicability: .suggested)])
            ])
    }

    func testUnusedNamedRuleInAFormFile() {
        let source = MarkedSource("rule 1️⃣helper2️⃣ = maxLength 3\nname: required\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .unusedRule, source.range(1, 2), "named rule 'helper' is never used",
                    fixIts: [fix("Remove named rule 'helper'", SourceRange(start: 0, end: 26), "", applicability: .suggested)])
            ])
    }

    func testNamedRulesOfALibraryFileAreNeverUnused() {
        assertClean("rule helper = maxLength 3\nrule other = helper\n")
    }

    func testImportsAreNotTransitive() {
        let source = MarkedSource("import \"middle.rules\"\nname: middleRule, 1️⃣deepRule2️⃣\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(.unknownValidator, source.range(1, 2), "unknown validator or named rule 'deepRule'")
            ],
            files: [
                "middle.rules": "import \"deep.rules\"\nrule middleRule = deepRule, required\n",
                "deep.rules": "rule deepRule = minLength 2\n",
            ])
    }

    func testNamedRulesExpandInPlaceWithTheInnerLocation() throws {
        let common = "rule personName = required, minLength 2\nrule fullName = personName, maxLength 80\n"
        let ruleSet = assertClean(
            "import \"lib/common.rules\"\nname: alpha, fullName, noDigits\n",
            files: ["lib/common.rules": common])
        let rules = try XCTUnwrap(ruleSet?.statements.first?.rules)
        XCTAssertEqual(rules.map(\.validator), [.alpha, .required, .minLength, .maxLength, .noDigits])
        XCTAssertEqual(rules.map(\.expandedFrom), [[], ["fullName", "personName"], ["fullName", "personName"], ["fullName"], []])
        XCTAssertEqual(
            rules.map(\.location),
            [
                SourceLocation(file: "test.rules", line: 2, column: 7),
                SourceLocation(file: "lib/common.rules", line: 1, column: 19),
                SourceLocation(file: "lib/common.rules", line: 1, column: 29),
                SourceLocation(file: "lib/common.rules", line: 2, column: 29),
                SourceLocation(file: "test.rules", line: 2, column: 24),
            ])
        XCTAssertEqual(ruleSet?.files, ["test.rules", "lib/common.rules"])
    }

    func testAMessageOverrideOnANamedRuleAppliesToEveryRuleItExpandsTo() throws {
        let ruleSet = assertClean("rule short = required, maxLength 3 message inner\nname: short message outer\ncode: short\n")
        let statements = try XCTUnwrap(ruleSet?.statements)
        XCTAssertEqual(statements[0].rules.map(\.messageOverride), [.key("outer"), .key("outer")])
        XCTAssertEqual(statements[1].rules.map(\.messageOverride), [nil, .key("inner")])
    }

    func testEachMistakeInsideANamedRuleIsReportedOnceHoweverOftenItIsUsed() {
        let source = MarkedSource("rule short = 1️⃣maxLenth2️⃣ 3\na: short\nb: short\nc: short\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .unknownValidator, source.range(1, 2),
                    "unknown validator or named rule 'maxLenth'; did you mean 'maxLength'?",
                    fixIts: [fix("Replace 'maxLenth' with 'maxLength'", source.range(1, 2), "maxLength")])
            ])
    }

    func testSeveralIndependentMistakesAreEachReportedOnce() {
        let source = MarkedSource(
            """
            firstName: required, 1️⃣minLenght2️⃣ 2
            age: integer, between 3️⃣"13"4️⃣ 124
            zip: digits 5️⃣-56️⃣
            email: 7️⃣emial8️⃣, required 9️⃣true0️⃣

            """)
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .unknownValidator, source.range(1, 2),
                    "unknown validator or named rule 'minLenght'; did you mean 'minLength'?",
                    fixIts: [fix("Replace 'minLenght' with 'minLength'", source.range(1, 2), "minLength")]),
                CheckedDiagnostic(
                    .wrongArgumentKind, source.range(3, 4), "'between' expects a number, found a string",
                    fixIts: [fix("Remove the quotes", source.range(3, 4), "13")]),
                CheckedDiagnostic(.invalidArgument, source.range(5, 6), "'digits' needs a count of zero or more, found -5"),
                CheckedDiagnostic(
                    .unknownValidator, source.range(7, 8),
                    "unknown validator or named rule 'emial'; did you mean 'email'?",
                    fixIts: [fix("Replace 'emial' with 'email'", source.range(7, 8), "email")]),
                CheckedDiagnostic(
                    .wrongArgumentCount, source.range(9, 0), "'required' takes no arguments, found 1",
                    fixIts: [
                        fix("Remove the extra argument", SourceRange(start: source[9] - 1, end: source[0]), "", applicability: .suggested)
                    ]),
            ])
    }
}
