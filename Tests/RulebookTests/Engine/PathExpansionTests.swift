import XCTest

@testable import Rulebook

final class PathExpansionTests: XCTestCase {
    func testNestedPathWithAbsentParentIsAbsent() {
        let rules = compile(field("address.postcode", rule(.required)))
        XCTAssertEqual(rules.failures(record()), ["address.postcode: required"])
        XCTAssertEqual(rules.failures(record(["address": "10 Downing St"])), ["address.postcode: required"])
        XCTAssertEqual(rules.failures(record(["address": ["postcode", "x"]])), ["address.postcode: required"])
        XCTAssertEqual(rules.failures(record(["address": nil])), ["address.postcode: required"])
        XCTAssertEqual(rules.failures(record(["address": ["postcode": "SW1A 2AA"]])), [])
    }

    func testDeepPath() {
        let rules = compile(field("a.b.c.d", rule(.integer)))
        XCTAssertEqual(rules.failures(record(["a": ["b": ["c": ["d": "x"]]]])), ["a.b.c.d: integer"])
        XCTAssertEqual(rules.validate(record(["a": ["b": 1]])).fields.map(\.status), [.valid])
    }

    func testWildcardExpandsToConcretePaths() {
        let rules = compile(field("items[*].sku", rule(.required), rule(.minLength, .count(3))))
        let report = rules.validate(record(["items": [["sku": "ABC"], ["sku": "X"], ["qty": 1], "loose"]]))
        XCTAssertEqual(report.fields.map(\.field.description), ["items[0].sku", "items[1].sku", "items[2].sku", "items[3].sku"])
        XCTAssertEqual(report.fields.map(\.status), [.valid, .invalid, .invalid, .invalid])
        XCTAssertEqual(report.violations.map(\.validator), [.minLength, .required, .required])
        XCTAssertEqual(report.violations.first?.field.jsonPointer, "/items/1/sku")
    }

    func testWildcardOverNothingYieldsNoValues() {
        let rules = compile(field("items[*].sku", rule(.required)))
        for items: J in [nil, [], "abc", ["sku": "x"], 5, true] {
            XCTAssertEqual(rules.validate(record(["items": items])).fields.count, 0, "\(items.value)")
        }
        XCTAssertEqual(rules.validate(record()).fields.count, 0)
    }

    func testWildcardOfScalars() {
        let rules = compile(field("tags[*]", rule(.minLength, .count(2))))
        XCTAssertEqual(rules.failures(record(["tags": ["ok", "x", "fine", 5]])), ["tags[1]: minLength", "tags[3]: minLength"])
    }

    func testNestedWildcards() {
        let rules = compile(field("orders[*].lines[*].qty", rule(.required), rule(.min, num("1"))))
        let value = record(["orders": [["lines": [["qty": 1], ["qty": 0]]], ["lines": []], ["lines": [["qty": 5], [:]]]]])
        XCTAssertEqual(rules.failures(value), ["orders[0].lines[1].qty: min", "orders[2].lines[1].qty: required"])
        XCTAssertEqual(
            rules.validate(value).fields.map(\.field.description),
            ["orders[0].lines[0].qty", "orders[0].lines[1].qty", "orders[2].lines[0].qty", "orders[2].lines[1].qty"])
    }

    func testQuotedKeysAndPointerEscaping() {
        let rules = compile(
            CheckedStatement(
                path: FieldPath([.key("first-name"), .key("a/b~c")]), condition: nil,
                rules: [rule(.required)], location: SourceLocation(file: "t", line: 1, column: 1)))
        let violation = rules.validate(record()).violations.first
        XCTAssertEqual(violation?.field.description, "\"first-name\".\"a/b~c\"")
        XCTAssertEqual(violation?.field.jsonPointer, "/first-name/a~1b~0c")
    }

    func testLargeArrayIsWalkedOnce() {
        // 200,000 elements with a condition and a reference bound to the element: a
        // quadratic walk would not finish in any reasonable time.
        let elements: [Value] = (0..<200_000).map { .object(ValueObject([("sku", .string("S\($0)")), ("copy", .string("S\($0)"))])) }
        let rules = compile(field("items[*].copy", when: .present(path("items[*].sku")), rule(.same, .field(path("items[*].sku")))))
        let report = rules.validate(.object(ValueObject([("items", .array(elements))])))
        XCTAssertEqual(report.fields.count, 200_000)
        XCTAssertTrue(report.isValid)
    }

    func testMembersInAnyOrderAreFound() {
        let rules = compile(
            field("a", rule(.integer)), field("b", rule(.integer)), field("c", rule(.integer)),
            field("d", rule(.integer)), field("e", rule(.integer)))
        for value in [
            record(["e": "x", "d": "x", "c": "x", "b": "x", "a": "x"]), record(["c": "x", "a": "x", "e": "x", "b": "x", "d": "x"]),
            record(["b": "x", "e": "x", "a": "x", "d": "x", "c": "x"]),
        ] {
            XCTAssertEqual(rules.failures(value), ["a: integer", "b: integer", "c: integer", "d: integer", "e: integer"])
        }
        XCTAssertEqual(rules.failures(record(["d": "x", "z": 1, "b": "x"])), ["b: integer", "d: integer"])
    }

    func testFieldsAreReportedInRuleOrder() {
        let rules = compile(
            field("b", rule(.required)), field("a", rule(.required)), field("b", rule(.email)),
            field("c[*]", rule(.integer)), field("d", rule(.required)))
        let report = rules.validate(record(["a": 1, "b": "x@y.z", "c": [1, 2], "d": 1]))
        XCTAssertEqual(report.fields.map(\.field.description), ["b", "a", "c[0]", "c[1]", "d"])
    }
}
