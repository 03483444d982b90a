import XCTest

@testable import Rulebook

final class NumericValidatorTests: XCTestCase {
    private let notNumbers: [J] = [
        "NaN", "Infinity", "-Infinity", "0x1A", " 27", "27 ", "+1", "01", "1.", ".5", "1e", "--1",
        "1,5", "abc", "٣", true, false, [1], ["n": 1],
    ]

    func testIntegerAcceptsWholeNumbersAndWholeNumericText() {
        assertRule(
            rule(.integer), passes: [5, -3, 0, 1.0, 1e2, -0.0, "27", "-27", "0", "-0", "1e2", "-1.5e3", "2.0", "12345678901234567890"],
            fails: [1.5, -0.1, 1e-2, "1.5", "0.1", "1e-1"] + notNumbers)
    }

    func testNumberAcceptsNumbersAndJSONNumberText() {
        assertRule(
            rule(.number), passes: [1.5, 0, -7, "1.5", "-1.5e3", "0", "-0", "0.5", "1E+2", "1e-7", "1e400"],
            fails: notNumbers)
    }

    func testMinBoundaries() {
        assertRule(rule(.min, num("13")), passes: [13, 14, 13.0, "13", "13.5", 1e9], fails: [12, 12.999, "12", "-13"])
    }

    func testMaxBoundaries() {
        assertRule(rule(.max, num("124")), passes: [124, 123, "124", -5], fails: [125, 124.001, "125", "1e3"])
    }

    func testBetweenBoundaries() {
        assertRule(
            rule(.between, num("13"), num("124")), passes: [13, 14, 123, 124, "13", "124"],
            fails: [12, 125, "12", "125", 12.5])
    }

    func testDecimalBounds() {
        assertRule(rule(.between, num("0.5"), num("1.5")), passes: [0.5, 1, 1.5, "0.50", "15e-1"], fails: [0.4999, 1.5001, "1.6"])
    }

    func testNegativeBounds() {
        assertRule(rule(.min, num("-10")), passes: [-10, -9, 0, "-10"], fails: [-11, "-10.5"])
    }

    func testBooleansAndOtherKindsAreNeverNumbers() {
        for checked in [rule(.min, num("0")), rule(.max, num("10")), rule(.between, num("0"), num("1")), rule(.number), rule(.integer)] {
            assertRule(checked, passes: [], fails: [true, false, [1], ["v": 1], "yes", "NaN", "0x1A", " 1"])
        }
    }

    func testIntegerParametersAreReportedAsIntegers() {
        let violations = compile(field("age", rule(.between, num("13"), num("124")))).validate(record(["age": 5])).violations
        XCTAssertEqual(violations.first?.parameters, [.init(name: "min", value: .integer(13)), .init(name: "max", value: .integer(124))])
        let decimal = compile(field("x", rule(.min, num("0.5")))).validate(record(["x": 0])).violations
        XCTAssertEqual(decimal.first?.parameters, [.init(name: "min", value: .decimal(0.5))])
    }
}

final class NumericTextTests: XCTestCase {
    private func parse(_ text: String) -> Double? {
        var copy = text
        return copy.withUTF8 { NumericText.parse($0) }
    }

    func testValuesAreCorrectlyRounded() {
        for text in [
            "0", "-0", "1", "27", "-1.5e3", "0.1", "0.3", "3.14159", "1e22", "1e23", "123456789012345678",
            "9007199254740993", "2.2250738585072014e-308", "1.7976931348623157e308", "0.000001", "4.35", "1E+2",
            "1.00000000000000011102230246251565404236316680908203125", "100000000000000000000000000000000",
        ] {
            XCTAssertEqual(parse(text), Double(text), text)
        }
    }

    func testGrammarIsJSONs() {
        for text in [
            "", "-", "+1", "01", "00", "1.", ".1", "1e", "1e+", "0x10", "NaN", "inf", "Infinity", " 1", "1 ", "1_000",
            "1.2.3", "--1", "1e1.5", "١",
        ] {
            XCTAssertNil(parse(text), text)
        }
    }

    func testOverflowIsInfiniteNotAbsent() {
        XCTAssertEqual(parse("1e400"), .infinity)
        XCTAssertEqual(parse("-1e400"), -.infinity)
        XCTAssertEqual(parse("1e-400"), 0)
    }

    func testLongInputTerminates() {
        XCTAssertNotNil(parse(String(repeating: "9", count: 100_000)))
        XCTAssertNil(parse(String(repeating: "9", count: 100_000) + "x"))
    }
}
