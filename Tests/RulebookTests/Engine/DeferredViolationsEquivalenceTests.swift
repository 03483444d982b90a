import SeededRandom
import XCTest

@testable import Rulebook

/// Reports of `validate(Value)` keep their violations in the outcome until a field's
/// violations are read (`FieldResult` pointing into its report). These tests hold them,
/// on thousands of generated records, to the results built eagerly from the same record
/// (the streaming path's `ViolationBuilder.results`): same fields, statuses, violations,
/// parameters, messages, equality and hashes, whatever is read first and however long a
/// result outlives its report.
final class DeferredViolationsEquivalenceTests: XCTestCase {
    private static let ruleText = """
        name:    required, minLength 2, maxLength 20, noDigits
        email:   required, email
        code:    alphanumeric, length 2 6
        zip:     pattern /[0-9]{5}/
        country: oneOf "GB" "FR" 2 true
        age:     integer, between 13 124
        score:   number, min 0, max 1.5
        born:    date, before today, minAge 18
        start:   date
        end:     after start
        pw:      containsDigit, containsUppercase
        confirm: same pw
        tags:    array, minItems 1, maxItems 3, unique
        tags[*]: minLength 1
        items[*].sku: required, minLength 3
        items[*].q:   integer, min 1
        when country == "GB" { post: required, digits 5 }
        when flag { extra: required }
        nick: minLength 3 message "nickname too short: {min}"
        """

    private static let texts: [Value] = [
        .string(""), .string(" "), .string("A"), .string("Ann"), .string("José"), .string("ann@example.com"),
        .string("a@b"), .string("12345"), .string("1234"), .string("GB"), .string("FR"), .string("2000-02-29"),
        .string("2999-01-01"), .string("2026-02-30"), .string("Pa55"), .string("pass"), .string("27"), .string("abc123"),
        .string("👍🏽"), .string("日本語テキスト"),
    ]
    private static let scalars: [Value] = [
        .null, .bool(true), .bool(false), .integer(0), .integer(1), .integer(2),
        .integer(13), .integer(125), .decimal(1.5), .decimal(12.5), .integer(-1),
    ]

    private func value(_ rng: inout SeededGenerator, depth: Int = 0) -> Value {
        switch rng.next(below: 10) {
        case 0...4: return rng.pick(Self.texts)
        case 5...7: return rng.pick(Self.scalars)
        case 8 where depth < 2: return .array((0..<rng.next(below: 5)).map { _ in value(&rng, depth: depth + 1) })
        default: return rng.pick(Self.texts)
        }
    }

    private func record(_ rng: inout SeededGenerator) -> Value {
        let keys = [
            "name", "email", "code", "zip", "country", "age", "score", "born", "start", "end", "pw", "confirm",
            "tags", "items", "post", "flag", "extra", "nick", "other",
        ]
        var members: [(key: String, value: Value)] = []
        for key in keys where rng.next(below: 5) != 0 {
            if key == "items", rng.next(below: 2) == 0 {
                let items = (0..<rng.next(below: 4)).map { _ -> Value in
                    .object(ValueObject([("sku", value(&rng)), ("q", rng.pick([.integer(1), .integer(0), .string("2"), .null]))]))
                }
                members.append((key, .array(items)))
            } else {
                members.append((key, value(&rng)))
            }
        }
        // Members in a shuffled order sometimes (the root lookup's hint wraps around).
        if rng.next(below: 3) == 0 { members.reverse() }
        return .object(ValueObject(members))
    }

    /// The eagerly built results of `record`, as the streaming path builds them.
    private func eagerFields(_ compiled: CompiledRuleSet, _ record: Value, _ settings: ValidationOptions) -> [FieldResult] {
        var cache: [String?] = []
        var scratch = EvaluationOutcome()
        return ValueAccess.with(record) {
            RecordEvaluator.results(
                program: compiled.program, access: $0, today: compiled.today(settings.context),
                options: settings, cache: &cache, scratch: &scratch)
        }
    }

    func testDeferredViolationsEqualEagerOnes() throws {
        let compiled = rules(Self.ruleText)
        var rng = SeededGenerator(seed: 0xDEFE_44ED)
        var invalidFields = 0, violationsSeen = 0
        for index in 0..<3_000 {
            let value = record(&rng)
            for all in [false, true] {
                let settings = options(today: "2026-01-15", all: all)
                let eager = eagerFields(compiled, value, settings)
                let lazy = compiled.validate(value, options: settings)
                XCTAssertEqual(lazy.isValid, !eager.contains { $0.status == .invalid }, "record \(index)")
                // Read in a different order per record: fields first, violations first, or
                // one field's violations before anything else.
                switch index % 3 {
                case 0: _ = lazy.fields
                case 1: _ = lazy.violations
                default: _ = lazy.fields.last?.violations
                }
                let fields = lazy.fields
                XCTAssertEqual(fields.count, eager.count, "record \(index)")
                for (got, expected) in zip(fields, eager) {
                    XCTAssertEqual(got.field, expected.field, "record \(index)")
                    XCTAssertEqual(got.status, expected.status, "record \(index)")
                    // Field by field, member by member (not only through `==`).
                    XCTAssertEqual(got.violations.count, expected.violations.count, "record \(index)")
                    for (violation, wanted) in zip(got.violations, expected.violations) {
                        XCTAssertEqual(violation.field, wanted.field)
                        XCTAssertEqual(violation.validator, wanted.validator)
                        XCTAssertEqual(violation.parameters, wanted.parameters)
                        XCTAssertEqual(violation.messageKey, wanted.messageKey)
                        XCTAssertEqual(violation.message, wanted.message)
                        XCTAssertEqual(violation.location, wanted.location)
                    }
                    XCTAssertEqual(got, expected)
                    XCTAssertEqual(got.hashValue, expected.hashValue)
                    if got.status == .invalid { invalidFields += 1 }
                    violationsSeen += got.violations.count
                }
                XCTAssertEqual(lazy, ValidationReport(fields: eager, changes: nil), "record \(index)")
                XCTAssertEqual(lazy.hashValue, ValidationReport(fields: eager, changes: nil).hashValue, "record \(index)")
                XCTAssertEqual(lazy.violations, eager.flatMap(\.violations), "record \(index)")
                if lazy.fields != eager { return }
            }
        }
        // The corpus reaches many invalid fields and violations.
        XCTAssertGreaterThan(invalidFields, 5_000)
        XCTAssertGreaterThan(violationsSeen, 8_000)
    }

    func testResultsOutliveTheirReport() {
        let compiled = rules(Self.ruleText)
        let value = Value.object(
            ValueObject([
                ("name", .string("A")), ("email", .string("a@b")), ("nick", .string("x")),
                ("items", .array([.object(ValueObject([("sku", .string("X"))]))])),
            ]))
        let settings = options()
        let expected = eagerFields(compiled, value, settings)
        // Only the results are kept; the report (and its copies) are gone before their
        // violations are first read.
        let kept: [FieldResult] = compiled.validate(value, options: settings).fields
        XCTAssertEqual(kept.map(\.violations), expected.map(\.violations))
        XCTAssertEqual(kept.flatMap(\.violations).map(\.message), expected.flatMap(\.violations).map(\.message))
        XCTAssertTrue(kept.flatMap(\.violations).contains { $0.message == "nickname too short: 3" })
        XCTAssertEqual(kept.filter { $0.status == .invalid }.count, 4)
        // A result compares equal to an eagerly built one and to itself read again.
        XCTAssertEqual(kept, expected)
        XCTAssertEqual(compiled.validate(value, options: settings).fields, kept)
    }

    func testValidAndSkippedFieldsCarryNoViolations() {
        let compiled = rules(Self.ruleText)
        let report = compiled.validate(
            .object(ValueObject([("name", .string("Ann")), ("email", .string("x"))])),
            options: options(all: true))
        for field in report.fields where field.status != .invalid { XCTAssertEqual(field.violations, []) }
        XCTAssertEqual(report.fields.filter { $0.status == .invalid }.map(\.field.description), ["email"])
        XCTAssertEqual(report.fields.first { $0.field.description == "post" }?.status, .skipped)
    }
}
