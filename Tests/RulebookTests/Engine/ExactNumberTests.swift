import XCTest

@testable import Rulebook

/// Whole numbers beyond 2^53 compare exactly with whole-number bounds, on every record
/// storage, and messages show the bound as the rule file writes it.
final class ExactNumberTests: XCTestCase {
    private func check(_ source: String, _ json: String) throws -> (value: Bool, tape: Bool, report: ValidationReport) {
        let rules = try CompiledRuleSet(source: source)
        let value = try Value(json: Array(json.utf8))
        let report = rules.validate(value, options: ValidationOptions(context: EvaluationContext(today: CalendarDate(iso: "2026-01-01")!)))
        return (rules.isValid(value), try rules.isValid(json: Array(json.utf8)), report)
    }

    func testMinRejectsTheIntegerBelowItsBoundThatShareItsDouble() throws {
        let below = try check("n: min 9007199254740993", #"{"n": 9007199254740992}"#)
        XCTAssertFalse(below.value)
        XCTAssertFalse(below.tape)
        XCTAssertEqual(below.report.violations.map(\.message), ["N must be at least 9007199254740993."])
        XCTAssertEqual(below.report.violations.first?.parameters.first?.value, .integer(9_007_199_254_740_993))
        let at = try check("n: min 9007199254740993", #"{"n": 9007199254740993}"#)
        XCTAssertTrue(at.value)
        XCTAssertTrue(at.tape)
    }

    func testMaxAndBetweenCompareExactly() throws {
        XCTAssertFalse(try check("n: max 9007199254740992", #"{"n": 9007199254740993}"#).value)
        XCTAssertFalse(try check("n: max 9007199254740992", #"{"n": 9007199254740993}"#).tape)
        XCTAssertTrue(try check("n: max 9007199254740993", #"{"n": 9007199254740993}"#).tape)
        let outside = try check("n: between 9007199254740993 9007199254740995", #"{"n": 9007199254740996}"#)
        XCTAssertFalse(outside.value)
        XCTAssertFalse(outside.tape)
        XCTAssertEqual(
            outside.report.violations.map(\.message),
            ["N must be between 9007199254740993 and 9007199254740995."])
        XCTAssertTrue(try check("n: between 9007199254740993 9007199254740995", #"{"n": 9007199254740994}"#).tape)
    }

    func testNumericTextComparesExactlyToo() throws {
        XCTAssertFalse(try check("n: min 9007199254740993", #"{"n": "9007199254740992"}"#).value)
        XCTAssertFalse(try check("n: min 9007199254740993", #"{"n": "9007199254740992"}"#).tape)
        XCTAssertTrue(try check("n: min 9007199254740993", #"{"n": "9007199254740993"}"#).tape)
    }

    func testSmallAndDecimalBoundsKeepTheirMessages() throws {
        XCTAssertEqual(try check("n: min 1000", #"{"n": 5}"#).report.violations.map(\.message), ["N must be at least 1,000."])
        XCTAssertEqual(try check("n: max 0.5", #"{"n": 0.75}"#).report.violations.map(\.message), ["N must be at most 0.5."])
        XCTAssertTrue(try check("n: max 0.5", #"{"n": 0.5}"#).tape)
    }

    func testOneOfShowsWholeNumbersBeyondDoublesAsWritten() throws {
        let outside = try check("u: oneOf 9007199254740993 7", #"{"u": 9007199254740992}"#)
        XCTAssertFalse(outside.value)
        XCTAssertFalse(outside.tape)
        XCTAssertEqual(outside.report.violations.map(\.message), ["U must be one of: 9007199254740993, 7."])
    }
}
