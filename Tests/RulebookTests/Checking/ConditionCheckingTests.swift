import RulebookTooling
import XCTest

@testable import Rulebook

/// `when` conditions: conversion, nesting, and the diagnostics about them.
final class ConditionCheckingTests: XCTestCase {
    func testConditionsConvertAndNestedBlocksJoinWithAnd() throws {
        let ruleSet = assertClean(
            """
            enabled: boolean
            mode: string
            count: integer
            when enabled {
              a: required
              when mode == "x" or not (count != 2.5) and enabled == true {
                b: required
              }
            }
            c: required

            """)
        let statements = try XCTUnwrap(ruleSet?.statements)
        XCTAssertEqual(statements.map(\.path.description), ["enabled", "mode", "count", "a", "b", "c"])
        let enabled = Condition.present(FieldPath([.key("enabled")]))
        XCTAssertEqual(statements[3].condition, enabled)
        let inner = Condition.or(
            .equals(FieldPath([.key("mode")]), .string("x")),
            .and(.not(.notEquals(FieldPath([.key("count")]), .decimal(2.5))), .equals(FieldPath([.key("enabled")]), .bool(true))))
        XCTAssertEqual(statements[4].condition, .and(enabled, inner))
        XCTAssertNil(statements[5].condition)
        XCTAssertNil(statements[0].condition)
    }

    func testWildcardPathsInConditionsAreInvalid() {
        let source = MarkedSource(
            "items: array\nwhen items1️⃣[*]2️⃣.sku == \"A\" {\n  note: required\n}\nwhen not tags3️⃣[*]4️⃣ {\n  x: required\n}\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .invalidCondition, source.range(1, 2),
                    "a condition tests one value, but 'items[*].sku' names every element of a list; test the list itself or a specific field"
                ),
                CheckedDiagnostic(
                    .invalidCondition, source.range(3, 4),
                    "a condition tests one value, but 'tags[*]' names every element of a list; test the list itself or a specific field"),
            ])
    }

    func testConditionLiteralsMustBeStringsNumbersOrBooleans() {
        let source = MarkedSource(
            """
            when start == 1️⃣2026-01-012️⃣ {
              a: required
            }
            when start == 3️⃣today4️⃣ {
              b: required
            }

            """)
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .invalidCondition, source.range(1, 2), "a condition compares with a string, number or boolean, found a date",
                    fixIts: [fix("Write it as the string \"2026-01-01\"", source.range(1, 2), "\"2026-01-01\"")]),
                CheckedDiagnostic(
                    .invalidCondition, source.range(3, 4), "a condition compares with a string, number or boolean, found 'today'"),
            ])
    }

    func testEveryProblemOfOneConditionIsReported() {
        let source = MarkedSource("when a1️⃣[*]2️⃣ or b == 3️⃣today4️⃣ {\n  x: required\n}\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .invalidCondition, source.range(1, 2),
                    "a condition tests one value, but 'a[*]' names every element of a list; test the list itself or a specific field"),
                CheckedDiagnostic(
                    .invalidCondition, source.range(3, 4), "a condition compares with a string, number or boolean, found 'today'"),
            ])
    }

    func testAConditionOneTypoAwayFromAKnownFieldIsAWarningWithAFix() {
        let source = MarkedSource(
            """
            isEnabled: boolean
            when 1️⃣isEnabeld2️⃣ {
              password: required
            }
            confirm: same 3️⃣pasword4️⃣
            other: same somethingElse
            when address.country == "GB" {
              x: required
            }
            address: object

            """)
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .unknownField, source.range(1, 2), "no statement mentions the field 'isEnabeld'; did you mean 'isEnabled'?",
                    fixIts: [fix("Replace 'isEnabeld' with 'isEnabled'", source.range(1, 2), "isEnabled")]),
                CheckedDiagnostic(
                    .unknownField, source.range(3, 4), "no statement mentions the field 'pasword'; did you mean 'password'?",
                    fixIts: [fix("Replace 'pasword' with 'password'", source.range(3, 4), "password")]),
            ])
    }
}

/// `message KEY` overrides against the base catalogue's keys.
final class MessageKeyCheckingTests: XCTestCase {
    let known: Set<String> = ["minLength", "profile.nameTooShort", "address.postcodeFormat"]

    func testKeysAreNotCheckedWithoutACatalogue() {
        assertClean("name: minLength 2 message no.such.key\n")
    }

    func testKnownKeysAndLiteralMessagesPass() throws {
        let ruleSet = assertClean(
            "name: minLength 2 message profile.nameTooShort, required message \"Say your name\"\n",
            options: CheckOptions(knownMessageKeys: known))
        XCTAssertEqual(ruleSet?.statements.first?.rules.map(\.messageOverride), [.key("profile.nameTooShort"), .literal("Say your name")])
    }

    func testUnknownKeyWithASuggestionAndTheCatalogueFix() {
        let source = MarkedSource("name: minLength 2 message 1️⃣profile.nameToShort2️⃣\ncode: required message 3️⃣zzz4️⃣\n")
        let options = CheckOptions(
            knownMessageKeys: known,
            missingMessageKeyFix: { missing in
                FixIt(
                    message: "Add '\(missing.key)' to Localizations/en.json",
                    edits: [TextEdit(file: "Localizations/en.json", range: .empty(at: 1), replacement: "\"\(missing.key)\": \"\",")])
            })
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .unknownMessageKey, source.range(1, 2),
                    "message key 'profile.nameToShort' is not defined in the base catalogue; did you mean 'profile.nameTooShort'?",
                    fixIts: [
                        fix("Replace 'profile.nameToShort' with 'profile.nameTooShort'", source.range(1, 2), "profile.nameTooShort"),
                        fix(
                            "Add 'profile.nameToShort' to Localizations/en.json", .empty(at: 1),
                            "\"profile.nameToShort\": \"\",", file: "Localizations/en.json"),
                    ]),
                CheckedDiagnostic(
                    .unknownMessageKey, source.range(3, 4), "message key 'zzz' is not defined in the base catalogue",
                    fixIts: [fix("Add 'zzz' to Localizations/en.json", .empty(at: 1), "\"zzz\": \"\",", file: "Localizations/en.json")]),
            ], options: options)
    }

    func testKeysInsideNamedRulesAreCheckedOnce() {
        let source = MarkedSource("rule short = maxLength 3 message 1️⃣nope2️⃣\na: short\nb: short\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(.unknownMessageKey, source.range(1, 2), "message key 'nope' is not defined in the base catalogue")
            ], options: CheckOptions(knownMessageKeys: known))
    }
}
