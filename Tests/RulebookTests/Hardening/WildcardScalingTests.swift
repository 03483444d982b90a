import Foundation
import XCTest

@testable import Rulebook

/// `[*]` paths over large arrays stay linear — each element is visited once per
/// rule, never by re-walking the record from its root. No timing is asserted (the
/// machine is shared); the work is counted through the report instead: exactly one
/// result per reached element and rule, with the violations at the right indices. The
/// measured times go to the log for docs/hardening.md.
final class WildcardScalingTests: XCTestCase {
    private let rules = """
        items[*].sku: required, pattern /^[A-Z]{3}-[0-9]+$/
        items[*].quantity: between 1 99
        """

    private func record(items count: Int) -> [UInt8] {
        var text = #"{"items":["#
        text.reserveCapacity(count * 32)
        for index in 0..<count {
            if index > 0 { text += "," }
            // Every 1,000th SKU is malformed, every 500th quantity out of range.
            let sku = index % 1_000 == 999 ? "bad" : "ABC-\(index)"
            let quantity = index % 500 == 0 ? 100 : index % 99 + 1
            text += #"{"sku":"\#(sku)","quantity":\#(quantity)}"#
        }
        return Array((text + "]}").utf8)
    }

    func testMillionElementArrayThroughTheTape() throws {
        let compiled = try CompiledRuleSet(source: rules)
        for count in [100_000, 1_000_000] {
            let bytes = record(items: count)
            let start = Date()
            let report = try compiled.validate(json: bytes, options: ValidationOptions(reportAllFailures: true))
            let elapsed = Date().timeIntervalSince(start)
            print("WildcardScaling tape \(count) elements: \(String(format: "%.2f", elapsed)) s")
            XCTAssertEqual(report.fields.count, 2 * count, "one result per element and rule")
            let violations = report.violations
            XCTAssertEqual(violations.filter { $0.validator == .pattern }.count, count / 1_000)
            XCTAssertEqual(violations.filter { $0.validator == .between }.count, count / 500)
            XCTAssertEqual(violations.first { $0.validator == .pattern }?.field.description, "items[999].sku")
            XCTAssertEqual(violations.last { $0.validator == .pattern }?.field.description, "items[\(count - 1)].sku")
        }
    }

    func testHundredThousandElementsThroughTheValueTree() throws {
        let compiled = try CompiledRuleSet(source: rules)
        let value = try JSONReader().parse(record(items: 100_000))
        let start = Date()
        let report = compiled.validate(value)
        print("WildcardScaling value tree 100000 elements: \(String(format: "%.2f", Date().timeIntervalSince(start))) s")
        XCTAssertEqual(report.fields.count, 200_000)
        XCTAssertEqual(report.fields.filter { $0.status == .invalid }.count, 100 + 200)
    }

    /// Nested wildcards: 1,000 × 1,000 leaves, each reached once.
    func testNestedWildcardsVisitEachLeafOnce() throws {
        let compiled = try CompiledRuleSet(source: "rows[*].cells[*]: integer, min 0\n")
        let row = "{\"cells\":[" + (0..<1_000).map { $0 == 500 ? "-1" : "\($0)" }.joined(separator: ",") + "]}"
        let bytes = Array(("{\"rows\":[" + Array(repeating: row, count: 1_000).joined(separator: ",") + "]}").utf8)
        let start = Date()
        let report = try compiled.validate(json: bytes)
        print("WildcardScaling nested 1000x1000: \(String(format: "%.2f", Date().timeIntervalSince(start))) s")
        XCTAssertEqual(report.fields.count, 1_000_000)
        XCTAssertEqual(report.violations.count, 1_000)
        XCTAssertEqual(report.violations.first?.field.description, "rows[0].cells[500]")
    }
}
