import XCTest

@testable import Rulebook

final class EmptinessTests: XCTestCase {
    private let empties: [J] = [nil, "", " ", "   ", "\t\n", "\r\n", "\u{A0}", "\u{3000}", " \u{2003} ", []]

    func testEveryKindOfEmptyFailsRequired() {
        let rules = compile(field("v", rule(.required)))
        XCTAssertEqual(rules.failures(record()), ["v: required"], "absent")
        for value in empties {
            XCTAssertEqual(rules.failures(record(["v": value])), ["v: required"], "\(value.value)")
        }
    }

    func testValuesThatAreNotEmpty() {
        assertRule(rule(.required), passes: [[:], false, 0, 0.0, "0", "a", " a ", [nil], [""], "\u{301}", "\u{200B}"], fails: [])
    }

    func testEmptyFieldsWithoutRequiredSkipTheirValidators() {
        let rules = compile(
            field(
                "v", rule(.minLength, .count(2)), rule(.email), rule(.integer), rule(.minItems, .count(1)),
                rule(.same, .field(path("other"))), rule(.accepted)))
        XCTAssertEqual(rules.validate(record(), options: options(all: true)).fields.map(\.status), [.valid])
        for value in empties {
            let report = rules.validate(record(["v": value, "other": "x"]), options: options(all: true))
            XCTAssertEqual(report.fields.map(\.status), [.valid], "\(value.value)")
        }
    }

    func testEmptyFieldWithRequiredReportsOnlyRequiredEvenWithAllFailures() {
        let rules = compile(field("v", rule(.minLength, .count(2)), rule(.required), rule(.email)))
        for value in empties {
            XCTAssertEqual(rules.failures(record(["v": value]), options(all: true)), ["v: required"], "\(value.value)")
        }
    }

    func testNonEmptyValuesRunEveryValidator() {
        let rules = compile(field("v", rule(.minLength, .count(2)), rule(.email)))
        XCTAssertEqual(rules.failures(record(["v": "a"]), options(all: true)), ["v: minLength", "v: email"])
        XCTAssertEqual(rules.failures(record(["v": false]), options(all: true)), ["v: minLength", "v: email"])
        XCTAssertEqual(rules.failures(record(["v": [:]]), options(all: true)), ["v: minLength", "v: email"])
    }
}
