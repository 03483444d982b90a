import XCTest
@testable import Rulebook

/// The validators' shared predicates (`ValidatorPredicates`), which both evaluators call:
/// their answers at the edges SPEC §3 draws. (That the evaluators agree on whole records
/// is `FlatPlanEquivalenceTests`.)
final class ValidatorPredicateTests: XCTestCase {
    func testNumberValidatorsAtTheirEdges() {
        let integer = Instruction.integer
        XCTAssertTrue(ValidatorPredicates.passesNumber(integer, 2))
        XCTAssertTrue(ValidatorPredicates.passesNumber(integer, -0.0))
        XCTAssertTrue(ValidatorPredicates.passesNumber(integer, 1e300))
        XCTAssertFalse(ValidatorPredicates.passesNumber(integer, 2.5))
        XCTAssertFalse(ValidatorPredicates.passesNumber(integer, .infinity))
        XCTAssertFalse(ValidatorPredicates.passesNumber(integer, .nan))
        XCTAssertFalse(ValidatorPredicates.passesNumber(integer, nil))
        XCTAssertTrue(ValidatorPredicates.passesNumber(.number, 0.5))
        XCTAssertFalse(ValidatorPredicates.passesNumber(.number, nil))
        XCTAssertTrue(ValidatorPredicates.passesNumber(.min(13), 13))
        XCTAssertFalse(ValidatorPredicates.passesNumber(.min(13), 12.999))
        XCTAssertTrue(ValidatorPredicates.passesNumber(.max(124), 124))
        XCTAssertFalse(ValidatorPredicates.passesNumber(.max(124), 124.5))
        XCTAssertTrue(ValidatorPredicates.passesNumber(.between(13, 124), 13))
        XCTAssertTrue(ValidatorPredicates.passesNumber(.between(13, 124), 124))
        XCTAssertFalse(ValidatorPredicates.passesNumber(.between(13, 124), 125))
        XCTAssertFalse(ValidatorPredicates.passesNumber(.between(13, 124), nil))
        // Only the number validators are answered here.
        XCTAssertFalse(ValidatorPredicates.passesNumber(.email, 1))
    }

    func testCharacterTestsOnText() {
        func passes(_ instruction: Instruction, _ text: String) -> Bool? {
            guard let test = ValidatorPredicates.characterTest(instruction) else { return nil }
            return test.verdict(test.every ? TextScan.all(test.traits, in: text) : TextScan.any(test.traits, in: text))
        }
        XCTAssertEqual(passes(.alpha, "Zoë"), true)
        XCTAssertEqual(passes(.alpha, "Zoe2"), false)
        XCTAssertEqual(passes(.alphanumeric, "Zoe2"), true)
        XCTAssertEqual(passes(.alphanumeric, "Zoe 2"), false)
        XCTAssertEqual(passes(.noSpecialChars, "Zoe 2"), true)
        XCTAssertEqual(passes(.noSpecialChars, "Zoe-2"), false)
        XCTAssertEqual(passes(.noDigits, "Zoe"), true)
        XCTAssertEqual(passes(.noDigits, "Zoe2"), false)
        XCTAssertEqual(passes(.containsDigit, "Zoe2"), true)
        XCTAssertEqual(passes(.containsDigit, "Zoe"), false)
        XCTAssertEqual(passes(.containsLetter, "42x"), true)
        XCTAssertEqual(passes(.containsLetter, "42"), false)
        XCTAssertEqual(passes(.containsUppercase, "zoE"), true)
        XCTAssertEqual(passes(.containsUppercase, "zoe"), false)
        XCTAssertEqual(passes(.containsLowercase, "ZOe"), true)
        XCTAssertEqual(passes(.containsLowercase, "ZOE"), false)
        XCTAssertEqual(passes(.containsSymbol, "pa$$"), true)
        XCTAssertEqual(passes(.containsSymbol, "pass word 1"), false)
        XCTAssertNil(passes(.email, "a@b.c"))
        XCTAssertNil(passes(.minLength(2), "ab"))
    }

    func testAcceptedTextIsExactlyYesOnOrOne() {
        func accepted(_ text: String) -> Bool {
            var copy = text
            return copy.withUTF8 { ValidatorPredicates.isAccepted(text: $0) }
        }
        for text in ["yes", "on", "1"] { XCTAssertTrue(accepted(text), text) }
        for text in ["Yes", "true", "y", "01", "1.0", "", "yes ", "ON"] { XCTAssertFalse(accepted(text), text) }
    }

    func testDateValidatorsWithDayTodayAndFieldBounds() throws {
        let today = try XCTUnwrap(CalendarDate(year: 2026, month: 1, day: 1))
        let birthday = try XCTUnwrap(CalendarDate(year: 2013, month: 1, day: 2))
        let value = DateReading(day: birthday.daysSinceEpoch, instant: nil)
        let noField: (Int) -> DateReading? = { _ in nil }
        XCTAssertTrue(ValidatorPredicates.passesDate(.date, value, today: today, fieldDate: noField))
        XCTAssertTrue(ValidatorPredicates.passesDate(.before(.today), value, today: today, fieldDate: noField))
        XCTAssertFalse(ValidatorPredicates.passesDate(.after(.today), value, today: today, fieldDate: noField))
        XCTAssertFalse(ValidatorPredicates.passesDate(.before(.day(birthday.daysSinceEpoch)), value, today: today,
                                                      fieldDate: noField))
        XCTAssertTrue(ValidatorPredicates.passesDate(.after(.day(birthday.daysSinceEpoch - 1)), value, today: today,
                                                     fieldDate: noField))
        // One day short of 13 full years.
        XCTAssertFalse(ValidatorPredicates.passesDate(.minAge(13), value, today: today, fieldDate: noField))
        XCTAssertTrue(ValidatorPredicates.passesDate(.minAge(12), value, today: today, fieldDate: noField))
        XCTAssertTrue(ValidatorPredicates.passesDate(.maxAge(12), value, today: today, fieldDate: noField))
        XCTAssertFalse(ValidatorPredicates.passesDate(.maxAge(11), value, today: today, fieldDate: noField))
        // A field bound: read through the closure; an unknown date is neither before nor after.
        let later = DateReading(day: birthday.daysSinceEpoch + 1, instant: nil)
        XCTAssertTrue(ValidatorPredicates.passesDate(.before(.field(0)), value, today: today) { _ in later })
        XCTAssertFalse(ValidatorPredicates.passesDate(.after(.field(0)), value, today: today) { _ in later })
        XCTAssertFalse(ValidatorPredicates.passesDate(.before(.field(0)), value, today: today, fieldDate: noField))
        XCTAssertFalse(ValidatorPredicates.passesDate(.after(.field(0)), value, today: today, fieldDate: noField))
        XCTAssertFalse(ValidatorPredicates.passesDate(.email, value, today: today, fieldDate: noField))
    }

    func testNoDuplicatesUsesJSONEqualityAndStopsAtTheFirst() {
        func unique(_ elements: [Value]) -> (Bool, visited: Int) {
            var visited = 0
            let result = ValidatorPredicates.hasNoDuplicates(count: elements.count) { visit in
                for element in elements {
                    visited += 1
                    if !visit(element) { return }
                }
            }
            return (result, visited)
        }
        XCTAssertTrue(unique([1, 2, "1", true, .null]).0)
        XCTAssertTrue(unique([]).0)
        XCTAssertFalse(unique([1, .decimal(1.0)]).0)  // 1 and 1.0 are the same JSON number
        XCTAssertFalse(unique([["a": 1], ["a": 1]]).0)
        let (result, visited) = unique(["a", "b", "a", "c", "d"])
        XCTAssertFalse(result)
        XCTAssertEqual(visited, 3)
    }
}
