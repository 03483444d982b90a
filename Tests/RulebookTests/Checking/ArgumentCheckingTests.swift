import XCTest

@testable import Rulebook

/// Argument counts, kinds and values, and their conversion to `RuleArgument`s.
final class ArgumentCheckingTests: XCTestCase {
    func testArgumentsConvertToTheirKinds() throws {
        let ruleSet = assertClean(
            """
            a: minLength 2, length 3 4, digits, digits 4, oneOf "x" 2 1.5 true
            b: min 1.5, max 10, between -1 2e3, before 2026-01-31, after today, after a
            c: same a, different "first-name", minAge 18, pattern /^[a-z]+$/i

            """)
        XCTAssertEqual(
            summary(ruleSet),
            [
                "a: minLength min=2, length min=3 max=4, digits, digits count=4, oneOf values=[\"x\" 2 1.5 true]",
                "b: min min=1.5, max max=10, between min=-1 max=2e3, before date=2026-01-31, after date=today, after date=field:a",
                "c: same other=field:a, different other=field:\"first-name\", minAge age=18, pattern pattern=/^[a-z]+$/",
            ])
        let rules = try XCTUnwrap(ruleSet?.statements.first?.rules)
        XCTAssertEqual(rules.map(\.messageKey), ["minLength", "lengthBetween", "digits", "digitsCount", "oneOf"])
        guard case .list(let values)? = rules.last?.arguments.first?.value, values.count == 4,
            case .value(.string("x")) = values[0], case .value(.integer(2)) = values[1],
            case .value(.decimal(1.5)) = values[2], case .value(.bool(true)) = values[3]
        else {
            return XCTFail("oneOf values: \(String(describing: rules.last?.arguments))")
        }
        guard case .regex(let pattern, _)? = ruleSet?.statements.last?.rules.last?.arguments.first?.value else {
            return XCTFail("pattern argument")
        }
        XCTAssertEqual(pattern.flags, "i")
    }

    func testTooManyArgumentsPointAtTheExtraOnesWithAFix() {
        let source = MarkedSource("name: minLength 21️⃣ 2️⃣3 43️⃣\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .wrongArgumentCount, source.range(2, 3), "'minLength' expects 1 argument ('minLength min'), found 3",
                    fixIts: [fix("Remove the extra arguments", source.range(1, 3), "", applicability: .suggested)])
            ])
    }

    func testTooFewArgumentsPointAtTheRule() {
        let source = MarkedSource("name: 1️⃣minLength2️⃣\nage: 3️⃣between 14️⃣\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(.wrongArgumentCount, source.range(1, 2), "'minLength' expects 1 argument ('minLength min'), found 0"),
                CheckedDiagnostic(.wrongArgumentCount, source.range(3, 4), "'between' expects 2 arguments ('between min max'), found 1"),
            ])
    }

    func testWrongCountNamesEveryForm() {
        let source = MarkedSource("cvc: length 3 41️⃣ 2️⃣53️⃣\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .wrongArgumentCount, source.range(2, 3),
                    "'length' expects 1 or 2 arguments ('length n' or 'length min max'), found 3",
                    fixIts: [fix("Remove the extra argument", source.range(1, 3), "", applicability: .suggested)])
            ])
    }

    func testValidatorWithoutParametersGivenOne() {
        let source = MarkedSource("email: email1️⃣ 2️⃣\"x\"3️⃣\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .wrongArgumentCount, source.range(2, 3), "'email' takes no arguments, found 1",
                    fixIts: [fix("Remove the extra argument", source.range(1, 3), "", applicability: .suggested)])
            ])
    }

    func testEmptyOneOf() {
        let source = MarkedSource("country: required, 1️⃣oneOf2️⃣\n")
        assertCheck(source, [CheckedDiagnostic(.invalidArgument, source.range(1, 2), "'oneOf' needs at least one value to compare with")])
    }

    func testWrongKindsAreNamedInTheMessage() {
        let source = MarkedSource(
            """
            a: minLength 1️⃣"5"2️⃣
            b: minLength 3️⃣two4️⃣
            c: pattern 5️⃣"^[0-9]/x$"6️⃣
            d: min 7️⃣true8️⃣
            e: oneOf "GB" 9️⃣FR0️⃣

            """)
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .wrongArgumentKind, source.range(1, 2), "'minLength' expects a whole number, found a string",
                    fixIts: [fix("Remove the quotes", source.range(1, 2), "5")]),
                CheckedDiagnostic(.wrongArgumentKind, source.range(3, 4), "'minLength' expects a whole number, found the name 'two'"),
                CheckedDiagnostic(
                    .wrongArgumentKind, source.range(5, 6),
                    "'pattern' expects a regular expression like /^[0-9]+$/, found a string",
                    fixIts: [fix("Write the pattern as /^[0-9]\\/x$/", source.range(5, 6), "/^[0-9]\\/x$/")]),
                CheckedDiagnostic(.wrongArgumentKind, source.range(7, 8), "'min' expects a number, found the boolean true"),
                CheckedDiagnostic(
                    .wrongArgumentKind, source.range(9, 0), "'oneOf' expects a string, number or boolean, found the name 'FR'",
                    fixIts: [fix("Write it as the string \"FR\"", source.range(9, 0), "\"FR\"")]),
            ])
    }

    func testDatesAndFields() {
        let source = MarkedSource(
            """
            a: before 1️⃣"2026-01-01"2️⃣
            b: same 3️⃣2026-01-014️⃣
            c: same items5️⃣[*]6️⃣.sku
            d: oneOf 7️⃣2026-01-018️⃣

            """)
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .wrongArgumentKind, source.range(1, 2),
                    "'before' expects a date (2026-01-31), 'today' or a field, found a string",
                    fixIts: [fix("Remove the quotes", source.range(1, 2), "2026-01-01")]),
                CheckedDiagnostic(.wrongArgumentKind, source.range(3, 4), "'same' expects a field, found a date"),
                CheckedDiagnostic(
                    .invalidArgument, source.range(5, 6), "'same' compares with one other field; a path with '[*]' names many"),
                CheckedDiagnostic(
                    .wrongArgumentKind, source.range(7, 8), "'oneOf' expects a string, number or boolean, found a date",
                    fixIts: [fix("Write it as the string \"2026-01-01\"", source.range(7, 8), "\"2026-01-01\"")]),
            ])
    }

    func testImpossibleValues() {
        let source = MarkedSource(
            """
            a: minLength 1️⃣-12️⃣
            b: maxItems 3️⃣2.54️⃣
            c: minAge 5️⃣18.06️⃣
            d: same 7️⃣today8️⃣
            e: minLength 9️⃣today0️⃣

            """)
        assertCheck(
            source,
            [
                CheckedDiagnostic(.invalidArgument, source.range(1, 2), "'minLength' needs a count of zero or more, found -1"),
                CheckedDiagnostic(.invalidArgument, source.range(3, 4), "'maxItems' needs a whole number, found 2.5"),
                CheckedDiagnostic(
                    .invalidArgument, source.range(5, 6), "'minAge' needs a whole number, found 18.0",
                    fixIts: [fix("Replace 18.0 with 18", source.range(5, 6), "18")]),
                CheckedDiagnostic(.invalidArgument, source.range(7, 8), "'today' is a date, but 'same' expects a field"),
                CheckedDiagnostic(.invalidArgument, source.range(9, 0), "'today' is a date, but 'minLength' expects a whole number"),
            ])
    }

    func testNumbersKeepTheirTextForMessages() throws {
        let ruleSet = assertClean("price: min 0.50, max 1e3\n")
        let arguments = try XCTUnwrap(ruleSet?.statements.first?.rules.map { $0.arguments[0].value })
        guard case .number(0.5, "0.50") = arguments[0], case .number(1000, "1e3") = arguments[1] else {
            return XCTFail("\(arguments)")
        }
    }
}
