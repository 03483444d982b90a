import SeededRandom
import XCTest

@testable import Rulebook

/// `ValidationReport.results` (public as an opaque collection, `FieldResults` inside, read
/// in place) holds the same results as
/// `fields` (the array), in the same order, with the same violations, equality and hash:
/// valid and invalid records, plain and nested paths,
/// `[*]`, conditions, with and without `reportAllFailures`, edited records and reports
/// made from given results.
final class FieldResultsViewTests: XCTestCase {
    /// Rule sets: plain key paths (profile, nested and quoted keys) and `[*]`, `when`.
    private static let sources = [
        """
        firstName: required, minLength 2
        lastName:  required, minLength 2
        email:     required, minLength 5, email
        age:       required, integer, between 13 124
        """,
        """
        address.postcode: required, pattern /^[0-9]{5}$/
        address.city: minLength 2, maxLength 5
        "first-name": required, alpha
        age: integer, min 18, max 99
        """,
        """
        items[*].sku: required, minLength 3
        items: minItems 1
        email: email
        when age == 30 or firstName {
          licence: required
        }
        """,
    ]

    private static let texts: [Value] = [
        .null, .string(""), .string(" "), .string("a"), .string("Ann"), .string("Zoë"),
        .string("12345"), .string("1234"), .string("ann@example.com"), .string("nope"),
        .string("Amsterdam"), .integer(7), .integer(30), .integer(150), .decimal(20.5),
        .bool(true), .array([]), .object(ValueObject()),
    ]

    private func record(_ rng: inout SeededGenerator) -> Value {
        var members: [(key: String, value: Value)] = []
        for key in ["firstName", "lastName", "email", "age", "first-name", "licence"] where rng.next(below: 4) != 0 {
            members.append((key, rng.pick(Self.texts)))
        }
        if rng.next(below: 3) != 0 {
            members.append(
                (
                    "address",
                    .object(
                        ValueObject([
                            ("postcode", rng.pick(Self.texts)),
                            ("city", rng.pick(Self.texts)),
                        ]))
                ))
        }
        if rng.next(below: 3) != 0 {
            let items = (0..<rng.next(below: 4)).map { _ in Value.object(ValueObject([("sku", rng.pick(Self.texts))])) }
            members.append(("items", .array(items)))
        }
        if rng.next(below: 3) == 0 { members.reverse() }
        return .object(ValueObject(members))
    }

    /// Requires the collection to hold exactly `fields`, read in `order`.
    private func assertSame<Results: RandomAccessCollection<FieldResult> & Hashable>(
        _ results: Results, _ fields: [FieldResult], _ label: String, readViolationsFirst: Bool
    ) {
        XCTAssertEqual(results.count, fields.count, label)
        XCTAssertEqual(results.isEmpty, fields.isEmpty, label)
        XCTAssertEqual(results.indices.map { results.distance(from: results.startIndex, to: $0) }, Array(fields.indices), label)
        // Printed and reflected as the array of results, not as the stored all-valid ones.
        XCTAssertEqual(String(describing: results), String(describing: fields), label)
        XCTAssertEqual(Mirror(reflecting: results).children.count, fields.count, label)
        if readViolationsFirst {
            for (index, position) in zip(results.indices, fields.indices).reversed() {
                XCTAssertEqual(results[index].violations, fields[position].violations, label)
            }
        }
        for (result, field) in zip(results, fields) {
            XCTAssertEqual(result.field, field.field, label)
            XCTAssertEqual(result.field.description, field.field.description, label)
            XCTAssertEqual(result.status, field.status, label)
            XCTAssertEqual(result.violations.map(\.message), field.violations.map(\.message), label)
            XCTAssertEqual(result, field, label)
            XCTAssertEqual(result.hashValue, field.hashValue, label)
        }
        XCTAssertEqual(Array(results), fields, label)
        XCTAssertEqual(results.hashValue, fields.hashValue, label)
        XCTAssertEqual(results.filter { $0.status == .invalid }, fields.filter { $0.status == .invalid }, label)
        XCTAssertEqual(results.map(\.field.description), fields.map(\.field.description), label)
        XCTAssertEqual(results.first, fields.first, label)
        XCTAssertEqual(results.last, fields.last, label)
    }

    func testResultsEqualFieldsOnGeneratedRecords() throws {
        var rng = SeededGenerator(seed: 0xF1E1_D5)
        var invalid = 0, flatInvalid = 0
        for (set, source) in Self.sources.enumerated() {
            let compiled = try CompiledRuleSet(source: source)
            for index in 0..<800 {
                let value = record(&rng)
                for all in [false, true] {
                    let report = compiled.validate(value, options: options(all: all))
                    let label = "set \(set) record \(index) all=\(all): \(value)"
                    // Read the view first on odd records (the array first on even ones).
                    let results = index % 2 == 1 ? report.results : nil
                    let fields = report.fields
                    assertSame(results ?? report.results, fields, label, readViolationsFirst: index % 3 == 0)
                    XCTAssertEqual(report.results, report.results, label)
                    XCTAssertEqual(report.results.contains { $0.status == .invalid }, !report.isValid, label)
                    if !report.isValid {
                        invalid += 1
                        if set < 2 { flatInvalid += 1 }
                    }
                }
            }
        }
        XCTAssertGreaterThan(flatInvalid, 500)
        XCTAssertGreaterThan(invalid - flatInvalid, 200)
    }

    /// A view outlives its report: its results, and their violations, read afterwards
    /// are the same.
    func testResultsReadAfterTheReportIsGone() throws {
        let compiled = try CompiledRuleSet(source: Self.sources[0])
        let bad: Value = ["firstName": "A", "email": "nope", "age": 7]
        let expected = compiled.validate(bad, options: options()).fields
        let kept = resultsOfDroppedReport(compiled, bad)
        XCTAssertEqual(kept.map(\.status), [.invalid, .invalid, .invalid, .invalid])
        XCTAssertEqual(kept.flatMap(\.violations).map(\.message), expected.flatMap(\.violations).map(\.message))
        XCTAssertEqual(Array(kept), expected)
    }

    /// The results of a report of `record` that is gone once this returns.
    private func resultsOfDroppedReport(_ rules: CompiledRuleSet, _ record: Value) -> some RandomAccessCollection<FieldResult> {
        let report = rules.validate(record, options: options())
        return report.results
    }

    /// Valid records share their program's contents; edited records (with changes, and
    /// `onlyChangedFields`) and reports made from given results read the array.
    func testSharedEditedAndGivenReports() throws {
        let compiled = try CompiledRuleSet(source: Self.sources[0])
        let good: Value = ["firstName": "Ann", "lastName": "Lee", "email": "ann@example.com", "age": 30]
        let valid = compiled.validate(good)
        assertSame(valid.results, valid.fields, "valid", readViolationsFirst: false)
        XCTAssertEqual(valid.results.map(\.status), [.valid, .valid, .valid, .valid])

        let edited: Value = ["firstName": "A", "lastName": "Lee", "email": "ann@example.com", "age": 30]
        var settings = options()
        let withChanges = compiled.validate(edited, original: good, options: settings)
        assertSame(withChanges.results, withChanges.fields, "edited", readViolationsFirst: true)
        settings.onlyChangedFields = true
        let onlyChanged = compiled.validate(edited, original: good, options: settings)
        assertSame(onlyChanged.results, onlyChanged.fields, "only changed", readViolationsFirst: false)
        XCTAssertEqual(onlyChanged.results.map(\.field.description), ["firstName"])

        let given = ValidationReport(fields: withChanges.fields, changes: nil)
        assertSame(given.results, withChanges.fields, "given", readViolationsFirst: false)
        let empty = ValidationReport(fields: [], changes: nil)
        XCTAssertTrue(empty.results.isEmpty)
        XCTAssertEqual(empty.results, ValidationReport(fields: [], changes: nil).results)
        XCTAssertNotEqual(valid.results, withChanges.results)
    }
}
