import Foundation
import Rulebook
import RulebookReference
import RulebookTooling
import XCTest

/// The differential suite through the Swift API: random rule sets and records, and every
/// way of asking the engine — `validate` (of a built `Value`, of JSON text), `isValid`,
/// `validateField`, `explain`, first failure and every failure — must give the
/// reference interpreter's answers. Bounded and seeded here; a long run is
/// `RULEBOOK_DIFF_CASES=100000 swift test -c release --filter APIDifferentialTests`.
final class APIDifferentialTests: XCTestCase {
    /// Records per rule set.
    static let perRuleSet = 10

    func testEveryAPIAgreesWithTheReference() throws {
        let settings = DifferentialSettings(defaultCases: 1_000)
        var compiled = 0, rejected = 0, cases = 0, failures = 0
        var rejections: [String] = []
        var failing = Set<String>(), statuses = Set<String>()
        for seed in settings.ruleSetSeeds(perRuleSet: Self.perRuleSet) {
            let testCase = DifferentialCase(seed: seed, recordCount: Self.perRuleSet)
            let rules: CompiledRuleSet
            do {
                rules = try CompiledRuleSet(source: testCase.ruleText)
            } catch {
                rejected += 1
                if rejections.count < 5 { rejections.append("\(testCase.ruleText)\(error)") }
                continue
            }
            compiled += 1
            for (index, generated) in testCase.records.enumerated() {
                var speller = JSONSpeller(seed: seed &+ UInt64(index))
                let json = speller.text(generated)
                cases += 1
                for result in testCase.reference.evaluate(generated.value, reportAllFailures: true) {
                    failing.formUnion(result.failures)
                    statuses.insert(result.status.rawValue)
                }
                if let mismatch = Self.mismatch(rules, testCase, generated.value, json) {
                    failures += 1
                    if failures <= 5 { XCTFail(testCase.replay(record: json, mismatch)) }
                }
            }
            if failures > 5 { break }
        }
        // The generator writes rule files the checker accepts, nearly always: a rule set it
        // rejects tests nothing, so a generator gone wrong must fail here.
        XCTAssertGreaterThan(compiled, rejected * 100, "rule sets rejected: \(rejected)\n" + rejections.joined(separator: "\n\n"))
        // Every validator failed somewhere and every status occurred: the run tested something.
        if settings.replay == nil {
            XCTAssertEqual(Set(BuiltinValidator.allCases.map(\.rawValue)).subtracting(failing), [], "validators that never failed")
            XCTAssertEqual(statuses, ["valid", "invalid", "skipped"])
        }
        print(
            "API differential: \(cases) cases over \(compiled) rule sets (\(rejected) rejected by the checker), seed \(settings.seed), \(failures) mismatches"
        )
    }

    /// The first disagreement between the engine and the reference for one record, or nil.
    static func mismatch(_ rules: CompiledRuleSet, _ testCase: DifferentialCase, _ value: Value, _ json: String) -> String? {
        let parsed: Value
        do { parsed = try Value(json: json) } catch { return "Value(json:) failed: \(error)" }
        guard ReferenceEquality.equal(parsed, value) else { return "Value(json:) read \(parsed), the reference \(value)" }
        let context = EvaluationContext(
            today: CalendarDate(
                year: testCase.today.year, month: testCase.today.month,
                day: testCase.today.day)!)
        for all in [false, true] {
            let options = ValidationOptions(reportAllFailures: all, context: context)
            let expected = testCase.reference.evaluate(value, reportAllFailures: all).map(Outcome.init)
            let mode = all ? "reportAllFailures" : "first failure"
            let built = rules.validate(value, options: options).fields.map(Outcome.init)
            if built != expected { return difference("validate(Value), \(mode)", built, expected) }
            let read = rules.validate(parsed, options: options).fields.map(Outcome.init)
            if read != expected { return difference("validate(Value(json:)), \(mode)", read, expected) }
            do {
                let direct = try rules.validate(json: Array(json.utf8), options: options).fields.map(Outcome.init)
                if direct != expected { return difference("validate(json:), \(mode)", direct, expected) }
            } catch {
                return "validate(json:) threw \(error)"
            }
            let explained = rules.explain(parsed, options: options).fields.map(Outcome.init)
            if explained != expected { return difference("explain, \(mode)", explained, expected) }
            for pattern in testCase.reference.fieldPatterns {
                let field = rules.validateField(pattern, in: parsed, options: options).map(Outcome.init)
                let wanted = testCase.reference.evaluate(field: pattern, in: value, reportAllFailures: all).map(Outcome.init)
                if field != wanted { return difference("validateField(\(pattern)), \(mode)", field, wanted) }
            }
            // One element of a `[*]` field, named by its concrete path (`items[2].sku`).
            for result in testCase.reference.evaluate(value, reportAllFailures: all) where result.pattern.contains("[*]") {
                let concrete = result.field.description
                let field = rules.validateField(concrete, in: parsed, options: options).map(Outcome.init)
                if field != [Outcome(result)] { return difference("validateField(\(concrete)), \(mode)", field, [Outcome(result)]) }
            }
        }
        let valid = !testCase.reference.evaluate(value, reportAllFailures: false).contains { $0.status == .invalid }
        if rules.isValid(value, context: context) != valid { return "isValid(Value) is \(!valid), the reference says \(valid)" }
        if rules.isValid(parsed, context: context) != valid { return "isValid(Value(json:)) is \(!valid), the reference says \(valid)" }
        if (try? rules.isValid(json: Array(json.utf8), context: context)) != valid {
            return "isValid(json:) is not \(valid), what the reference says"
        }
        return nil
    }

    static func difference(_ what: String, _ actual: [Outcome], _ expected: [Outcome]) -> String {
        "\(what):\n  engine:    \(actual)\n  reference: \(expected)"
    }
}

/// One concrete field's verdict as every API reports it: path, status, failing validators.
struct Outcome: Equatable, CustomStringConvertible {
    let field: String
    let status: FieldStatus
    let failures: [String]

    init(_ result: ReferenceFieldResult) {
        field = result.field.description
        status = result.status
        failures = result.failures
    }

    init(_ result: FieldResult) {
        field = result.field.description
        status = result.status
        failures = result.violations.map { $0.validator.rawValue }
    }

    init(_ explanation: FieldExplanation) {
        field = explanation.field.description
        status = explanation.status
        failures = explanation.rules.compactMap { rule in
            if case .failed(let violation) = rule.outcome { return violation.validator.rawValue }
            return nil
        }
    }

    var description: String { "\(field): \(status.rawValue)" + (failures.isEmpty ? "" : " \(failures)") }
}
