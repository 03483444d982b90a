import XCTest

@testable import Rulebook

final class KindValidatorTests: XCTestCase {
    func testStringObjectArray() {
        assertRule(rule(.string), passes: ["a", " a"], fails: [1, true, ["a"], ["k": "v"]])
        assertRule(rule(.object), passes: [[:], ["k": "v"]], fails: [1, "x", true, ["a"]])
        assertRule(rule(.array), passes: [[1], ["a", "b"]], fails: [1, "x", true, ["k": "v"]])
    }

    func testBooleanAcceptsOnlyJSONBooleans() {
        assertRule(rule(.boolean), passes: [true, false], fails: ["true", "false", 1, 0, "yes", ["k": true]])
    }

    func testAccepted() {
        assertRule(
            rule(.accepted), passes: [true, "yes", "on", "1"],
            fails: [false, "no", "off", "false", "true", "0", 0, 1, 1.0, 2, "YES", "Yes", " yes", ["yes"], [:]])
    }

    func testMinItemsBoundaries() {
        assertRule(rule(.minItems, .count(2)), passes: [[1, 2], [1, 2, 3]], fails: [[1], "ab", ["a": 1, "b": 2], 2])
    }

    func testMaxItemsBoundaries() {
        assertRule(rule(.maxItems, .count(2)), passes: [[1], [1, 2]], fails: [[1, 2, 3], [1, 2, 3, 4], "a", 1, [:]])
    }

    func testUniqueUsesJSONEquality() {
        assertRule(
            rule(.unique), passes: [[1, 2, 3], ["a", "A"], [1, "1", true], [["a": 1], ["a": 2]], [nil, 0, false]],
            fails: [
                [1, 1], [1, 1.0], ["a", "b", "a"], [["a": 1, "b": 2], ["b": 2, "a": 1]], [[1, 2], [1, 2]],
                [nil, nil], "ab", 1, ["k": 1],
            ])
    }

    func testUniqueOnALargeArray() {
        let distinct = J(.array((0..<20_000).map { .integer($0) }))
        let duplicated = J(.array((0..<20_000).map { .integer($0) } + [.decimal(19_999)]))
        assertRule(rule(.unique), passes: [distinct], fails: [duplicated])
    }
}

final class EqualityValidatorTests: XCTestCase {
    func testOneOfText() {
        assertRule(
            rule(.oneOf, lit("GB"), lit("FR"), lit("DE")), passes: ["GB", "FR", "DE"],
            fails: ["gb", "GB ", "UK", "G", 1, true, ["GB"]])
    }

    func testOneOfNumbersUseJSONEquality() {
        assertRule(rule(.oneOf, lit(1), lit(2), lit(2.5)), passes: [1, 2, 2.0, 2.5, 1.0], fails: ["2", 3, 2.4, true])
    }

    func testOneOfBooleans() {
        assertRule(rule(.oneOf, lit(true)), passes: [true], fails: [false, "true", 1])
    }

    func testOneOfReportsItsValuesAsAnArray() {
        let violation = compile(field("c", rule(.oneOf, lit("GB"), lit(2)))).validate(record(["c": "x"])).violations.first
        XCTAssertEqual(violation?.parameters, [.init(name: "values", value: .array([.string("GB"), .integer(2)]))])
        XCTAssertEqual(violation?.messageKey, "oneOf")
    }

    func testSame() {
        let rules = compile(field("confirm", rule(.same, .field(path("password")))))
        XCTAssertTrue(rules.validate(record(["password": "s3cret!", "confirm": "s3cret!"])).isValid)
        XCTAssertTrue(rules.validate(record(["password": 2, "confirm": 2.0])).isValid)
        XCTAssertTrue(rules.validate(record(["password": ["a": 1, "b": [1]], "confirm": ["b": [1], "a": 1]])).isValid)
        XCTAssertEqual(rules.failures(record(["password": "s3cret!", "confirm": "s3cret"])), ["confirm: same"])
        XCTAssertEqual(rules.failures(record(["password": "e\u{301}", "confirm": "\u{E9}"])), ["confirm: same"])
        XCTAssertEqual(rules.failures(record(["password": "2", "confirm": 2])), ["confirm: same"])
        // An absent value equals nothing.
        XCTAssertEqual(rules.failures(record(["confirm": "x"])), ["confirm: same"])
        // An empty field without `required` is not checked.
        XCTAssertEqual(rules.failures(record(["password": "x"])), [])
    }

    func testSameReportsTheOtherPath() {
        let violation = compile(field("confirm", rule(.same, .field(path("account.password")))))
            .validate(record(["confirm": "x"])).violations.first
        XCTAssertEqual(violation?.parameters, [.init(name: "other", value: .string("account.password"))])
    }

    func testDifferent() {
        let rules = compile(field("new", rule(.different, .field(path("old")))))
        XCTAssertTrue(rules.validate(record(["old": "a", "new": "b"])).isValid)
        XCTAssertTrue(rules.validate(record(["old": "2", "new": 2])).isValid)
        XCTAssertTrue(rules.validate(record(["new": "b"])).isValid, "an absent value equals nothing")
        XCTAssertEqual(rules.failures(record(["old": "a", "new": "a"])), ["new: different"])
        XCTAssertEqual(rules.failures(record(["old": 1, "new": 1.0])), ["new: different"])
    }
}
