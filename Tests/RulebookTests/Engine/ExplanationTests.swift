import Foundation
import RulebookTooling
import XCTest

@testable import Rulebook

/// `explain` must give the verdict `validate` gives, rule for rule: checked over every
/// example record shipped for the rules in `Rules/`, in both reporting modes.
final class ExplanationTests: XCTestCase {
    private static let rulesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Rules")

    private func examples() throws -> [(rules: CompiledRuleSet, records: [Value], today: CalendarDate?)] {
        var result: [(CompiledRuleSet, [Value], CalendarDate?)] = []
        for name in ["profile", "hotspot", "signup", "address", "payment"] {
            let rules = try CompiledRuleSet(contentsOfFile: Self.rulesDirectory.appendingPathComponent("\(name).rules").path)
            let text = try String(contentsOf: Self.rulesDirectory.appendingPathComponent("\(name).examples.json"), encoding: .utf8)
            guard case .object(let file) = try JSONReader().parse(text), case .array(let entries)? = file["examples"] else {
                XCTFail("\(name).examples.json")
                continue
            }
            let records = entries.compactMap { entry -> Value? in
                guard case .object(let example) = entry else { return nil }
                return example["record"]
            }
            var today: CalendarDate?
            if case .string(let date)? = file["today"] { today = CalendarDate(iso: date) }
            result.append((rules, records, today))
        }
        return result
    }

    func testVerdictsEqualValidationOnEveryShippedExample() throws {
        var checked = 0
        for (rules, records, today) in try examples() {
            for all in [false, true] {
                let options = ValidationOptions(
                    reportAllFailures: all,
                    context: today.map { EvaluationContext(today: $0) } ?? EvaluationContext())
                for record in records {
                    let report = rules.validate(record, options: options)
                    let explanation = rules.explain(record, options: options)
                    XCTAssertEqual(explanation.isValid, report.isValid, "\(record)")
                    XCTAssertEqual(explanation.fields.map(\.field), report.fields.map(\.field), "\(record)")
                    XCTAssertEqual(explanation.fields.map(\.status), report.fields.map(\.status), "\(record)")
                    let failed = explanation.fields.flatMap(\.rules).compactMap { rule -> Violation? in
                        if case .failed(let violation) = rule.outcome { return violation }
                        return nil
                    }
                    XCTAssertEqual(failed, report.violations, "\(record)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 100)
    }

    func testSkipReasons() throws {
        let rules = try CompiledRuleSet(
            source: """
                nickname: minLength 2
                email: required, email
                when enabled {
                  password: required, minLength 8
                }
                age: integer, between 13 124
                """)
        let explanation = rules.explain(["email": "", "enabled": false, "age": "x"])
        func outcomes(_ field: String) -> [RuleOutcome] {
            explanation.fields.first { $0.field.description == field }?.rules.map(\.outcome) ?? []
        }
        XCTAssertEqual(outcomes("nickname"), [.skipped(.emptyNotRequired)])
        XCTAssertEqual(outcomes("email").count, 2)
        if case .failed(let violation) = outcomes("email")[0] { XCTAssertEqual(violation.validator, .required) } else { XCTFail() }
        XCTAssertEqual(outcomes("email")[1], .skipped(.emptyRequiredReports))
        XCTAssertEqual(outcomes("password"), [.skipped(.conditionFalse("enabled")), .skipped(.conditionFalse("enabled"))])
        XCTAssertEqual(explanation.fields.first { $0.field.description == "password" }?.status, .skipped)
        if case .failed = outcomes("age")[0] {} else { XCTFail("integer fails on \"x\"") }
        XCTAssertEqual(outcomes("age")[1], .skipped(.earlierFailure))
        let all = rules.explain(["age": "x"], options: ValidationOptions(reportAllFailures: true))
        let age = all.fields.first { $0.field.description == "age" }?.rules.map(\.outcome) ?? []
        XCTAssertEqual(age.filter { if case .failed = $0 { true } else { false } }.count, 2)
    }

    func testRuleAndConditionTexts() throws {
        let rules = try CompiledRuleSet(
            source: """
                when country == "GB" or (country == "FR" and not vip) {
                  postcode: pattern /^[0-9]{5}$/, oneOf "A" 2 true, before today
                }
                """)
        let explanation = rules.explain(["country": "GB", "postcode": "12345"])
        let texts = explanation.fields.first?.rules.map(\.text)
        XCTAssertEqual(texts, ["pattern /^[0-9]{5}$/", "oneOf \"A\" 2 true", "before today"])
        XCTAssertEqual(explanation.fields.first?.rules.first?.condition, "country == \"GB\" or (country == \"FR\" and not vip)")
    }
}
