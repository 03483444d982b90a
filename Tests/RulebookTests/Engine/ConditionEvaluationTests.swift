import XCTest

@testable import Rulebook

final class ConditionEvaluationTests: XCTestCase {
    private func statuses(_ condition: Condition, _ value: Value) -> [FieldStatus] {
        compile(field("password", when: condition, rule(.required))).validate(value).fields.map(\.status)
    }

    func testPresentMeansPresentNotFalseNotEmpty() {
        let enabled = Condition.present(path("isEnabled"))
        for truthy: J in [true, "yes", "false", 0, 1, [:], [0], ["k": nil]] {
            XCTAssertEqual(statuses(enabled, record(["isEnabled": truthy])), [.invalid], "\(truthy.value)")
        }
        for falsy: J in [false, nil, "", "  ", []] {
            XCTAssertEqual(statuses(enabled, record(["isEnabled": falsy])), [.skipped], "\(falsy.value)")
        }
        XCTAssertEqual(statuses(enabled, record()), [.skipped])
    }

    func testEqualsUsesJSONEqualityAndAbsentEqualsNothing() {
        let gb = Condition.equals(path("country"), .string("GB"))
        XCTAssertEqual(statuses(gb, record(["country": "GB"])), [.invalid])
        XCTAssertEqual(statuses(gb, record(["country": "gb"])), [.skipped])
        XCTAssertEqual(statuses(gb, record()), [.skipped])
        let two = Condition.equals(path("n"), .integer(2))
        XCTAssertEqual(statuses(two, record(["n": 2.0])), [.invalid])
        XCTAssertEqual(statuses(two, record(["n": "2"])), [.skipped])
    }

    func testNotEqualsHoldsForAbsentValues() {
        let notGB = Condition.notEquals(path("country"), .string("GB"))
        XCTAssertEqual(statuses(notGB, record(["country": "FR"])), [.invalid])
        XCTAssertEqual(statuses(notGB, record(["country": "GB"])), [.skipped])
        XCTAssertEqual(statuses(notGB, record()), [.invalid])
        XCTAssertEqual(statuses(notGB, record(["country": nil])), [.invalid])
    }

    func testNotAndOrNested() {
        let a = Condition.present(path("a")), b = Condition.present(path("b")), c = Condition.equals(path("c"), .bool(true))
        let condition = Condition.or(.and(a, .not(b)), .and(.not(a), c))
        XCTAssertEqual(statuses(condition, record(["a": 1])), [.invalid])
        XCTAssertEqual(statuses(condition, record(["a": 1, "b": 1])), [.skipped])
        XCTAssertEqual(statuses(condition, record(["c": true])), [.invalid])
        XCTAssertEqual(statuses(condition, record(["a": 1, "b": 1, "c": true])), [.skipped])
        XCTAssertEqual(statuses(condition, record(["c": false])), [.skipped])
    }

    func testConditionsReadNestedPaths() {
        let condition = Condition.equals(path("settings.mode"), .string("pro"))
        XCTAssertEqual(statuses(condition, record(["settings": ["mode": "pro"]])), [.invalid])
        XCTAssertEqual(statuses(condition, record(["settings": "pro"])), [.skipped])
    }

    func testSkippedOnlyWhenEveryStatementIsOff() {
        let rules = compile(
            field("password", when: .present(path("on")), rule(.required), rule(.minLength, .count(8))),
            field("password", rule(.maxLength, .count(20))))
        XCTAssertEqual(rules.validate(record()).fields.map(\.status), [.valid])
        XCTAssertEqual(rules.validate(record(["password": String(repeating: "x", count: 21).j])).fields.map(\.status), [.invalid])
        XCTAssertEqual(rules.failures(record(["on": true, "password": "short"])), ["password: minLength"])
        XCTAssertEqual(rules.failures(record(["on": true])), ["password: required"])
    }

    func testRequiredUnderAFalseConditionDoesNotApply() {
        let rules = compile(field("name", when: .present(path("on")), rule(.required)), field("name", rule(.minLength, .count(2))))
        XCTAssertTrue(rules.validate(record(["name": ""])).isValid)
        XCTAssertEqual(rules.failures(record(["name": "", "on": true])), ["name: required"])
    }

    func testHotspot() {
        let on = Condition.present(path("isEnabled"))
        let rules = compile(
            field("isEnabled", rule(.boolean)),
            field("password", when: on, rule(.required), rule(.minLength, .count(8))),
            field("networkName", when: on, rule(.required), rule(.maxLength, .count(32))))
        XCTAssertEqual(rules.validate(record(["isEnabled": false])).fields.map(\.status), [.valid, .skipped, .skipped])
        XCTAssertEqual(
            rules.failures(record(["isEnabled": true, "password": "1234567"])),
            ["password: minLength", "networkName: required"])
        XCTAssertTrue(rules.validate(record(["isEnabled": true, "password": "12345678", "networkName": "home"])).isValid)
    }

    func testWildcardInAConditionBindsToTheSameElement() {
        let physical = Condition.equals(path("items[*].type"), .string("physical"))
        let rules = compile(field("items[*].weight", when: physical, rule(.required)))
        let report = rules.validate(record(["items": [["type": "physical"], ["type": "digital"], ["type": "physical", "weight": 2]]]))
        XCTAssertEqual(report.fields.map(\.status), [.invalid, .skipped, .valid])
        XCTAssertEqual(report.violations.map(\.field.description), ["items[0].weight"])
    }

    func testFreeWildcardInAConditionMeansAnyElement() {
        let anyGift = Condition.equals(path("items[*].gift"), .bool(true))
        let rules = compile(field("giftMessage", when: anyGift, rule(.required)))
        XCTAssertEqual(rules.failures(record(["items": [["gift": false], ["gift": true]]])), ["giftMessage: required"])
        XCTAssertTrue(rules.validate(record(["items": [["gift": false]]])).isValid)
        XCTAssertEqual(rules.validate(record(["items": []])).fields.map(\.status), [.skipped])
        let noGift = Condition.notEquals(path("items[*].gift"), .bool(true))
        XCTAssertEqual(
            compile(field("x", when: noGift, rule(.required))).validate(record(["items": [["gift": true]]])).fields.map(\.status),
            [.skipped])
    }
}

extension String {
    /// As a test literal value.
    var j: J { J(.string(self)) }
}
