import Dispatch
import Foundation
import XCTest
@testable import Rulebook
import SeededRandom

/// Reports of a flat program's invalid records hold their masks inline and share their
/// rule set's contents (`FlatReportContents`) when the messages are the built-in ones and
/// no rule reads today; otherwise each report makes its own. Both must read exactly as
/// the general evaluator's reports do — kept past their record and rule set, read from
/// several threads at once, compared and hashed with each other and with reports made
/// from given results, read through `fields`, `results` and `violations` in any order.
final class SharedFlatReportTests: XCTestCase {
    private static let profile = """
        firstName: required, minLength 2
        lastName:  required, minLength 2
        email:     required, minLength 5, email
        age:       required, integer, between 13 124
        """

    /// The built-in messages under another type: its reports cannot share the contents.
    private struct ForwardingMessages: MessageRendering {
        func render(_ request: MessageRequest) -> String { DefaultMessages().render(request) }
    }

    private static let texts: [Value] = [.null, .string(""), .string(" "), .string("A"), .string("Ann"),
                                         .string("ann@example.com"), .string("nope"), .string("a@b"),
                                         .integer(7), .integer(30), .integer(150), .decimal(20.5), .bool(true)]

    private func compile(_ source: String) throws -> CompiledRuleSet {
        try CompiledRuleSet(source: source)
    }

    private func record(_ rng: inout SeededGenerator) -> Value {
        var members: [(key: String, value: Value)] = []
        for key in ["firstName", "lastName", "email", "age", "birthDate"] where rng.next(below: 5) != 0 {
            members.append((key, key == "birthDate" ? rng.pick([.string("2010-05-01"), .string("1990-01-01"), .null])
                                                    : rng.pick(Self.texts)))
        }
        return .object(ValueObject(members))
    }

    /// The reference report: `RecordEvaluator`'s outcome, its violations built eagerly.
    private func reference(_ rules: CompiledRuleSet, _ value: Value, _ options: ValidationOptions) -> ValidationReport {
        let today = rules.today(options.context)
        let outcome = RecordEvaluator.outcome(program: rules.program, access: ValueAccess(value), today: today,
                                              reportAllFailures: options.reportAllFailures)
        var builder = ViolationBuilder(program: rules.program, messages: options.messages, today: today)
        var noCache: [String?] = []
        return ValidationReport(fields: builder.results(of: outcome, cache: &noCache), changes: nil)
    }

    /// What a reader sees of a report, as plain values (compared across threads).
    private static func snapshot(_ report: ValidationReport) -> [String] {
        report.fields.map { field in
            "\(field.field) \(field.status) " + field.violations.map { "\($0.messageKey)=\($0.message)" }.joined(separator: "|")
        }
    }

    private func assertSame(_ got: ValidationReport, _ expected: ValidationReport, _ label: String, order: Int) {
        switch order % 3 {
        case 0: _ = got.violations
        case 1: for result in got.results.reversed() { _ = result.violations }
        default: break
        }
        XCTAssertEqual(got.isValid, expected.isValid, label)
        XCTAssertEqual(Self.snapshot(got), Self.snapshot(expected), label)
        XCTAssertEqual(got.fields, expected.fields, label)
        XCTAssertEqual(Array(got.results), expected.fields, label)
        XCTAssertEqual(got.results.hashValue, expected.fields.hashValue, label)
        XCTAssertEqual(got.violations, expected.violations, label)
        XCTAssertEqual(got, expected, label)
        XCTAssertEqual(expected, got, label)
        XCTAssertEqual(got.hashValue, expected.hashValue, label)
        XCTAssertNil(got.changes, label)
    }

    func testSharedAndOwnContentsMatchTheReference() throws {
        let profile = try compile(Self.profile)
        let dated = try compile(Self.profile + "\nbirthDate: minAge 18\n")
        XCTAssertNotNil(profile.sharedFlatContents)
        XCTAssertNil(dated.sharedFlatContents, "a program whose rules read today shares nothing")
        XCTAssertTrue(dated.program.isFlat)
        var rng = SeededGenerator(seed: 0x5A4E_D001)
        var invalid = 0
        for index in 0..<1_500 {
            let value = record(&rng)
            for rules in [profile, dated] {
                for all in [false, true] {
                    for messages in [DefaultMessages() as any MessageRendering, ForwardingMessages()] {
                        let options = ValidationOptions(reportAllFailures: all, messages: messages,
                                                        context: EvaluationContext(today: CalendarDate(year: 2026, month: 1, day: 15)!))
                        let expected = reference(rules, value, options)
                        if !expected.isValid { invalid += 1 }
                        assertSame(rules.validate(value, options: options), expected,
                                   "record \(index) all=\(all) \(type(of: messages)): \(value)", order: index)
                    }
                }
            }
        }
        XCTAssertGreaterThan(invalid, 4_000, "most generated records should be invalid somewhere")
    }

    func testReportsOutliveTheirRecordAndRuleSetAndReadFromThreads() throws {
        var reports: [ValidationReport] = []
        var expected: [[String]] = []
        do {
            let rules = try compile(Self.profile)
            var rng = SeededGenerator(seed: 0x5A4E_D002)
            for _ in 0..<400 {
                let value = record(&rng)
                reports.append(rules.validate(value))
                expected.append(Self.snapshot(reference(rules, value, ValidationOptions())))
            }
        }
        XCTAssertGreaterThan(reports.filter { !$0.isValid }.count, 200)
        let copies = reports, wanted = expected
        let mismatches = Mismatches()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for index in copies.indices where (index + worker) % 2 == 0 {
                let report = copies[index]
                let seen = worker % 2 == 0
                    ? report.results.map { "\($0.field) \($0.status) " + $0.violations.map { "\($0.messageKey)=\($0.message)" }.joined(separator: "|") }
                    : Self.snapshot(report)
                if seen != wanted[index] { mismatches.add(index) }
            }
        }
        XCTAssertEqual(mismatches.count, 0)
        for (report, copy) in zip(reports, copies) { XCTAssertEqual(report, copy) }
    }

    func testEqualityAndHashingAcrossRecordsAndContents() throws {
        let rules = try compile(Self.profile)
        let a: Value = ["firstName": "A", "lastName": "Smith", "email": "ann@example.com", "age": 30]
        let b: Value = ["firstName": "B", "lastName": "Jones", "email": "bob@example.com", "age": 40]
        let c: Value = ["firstName": "Ann", "lastName": "S", "email": "ann@example.com", "age": 30]
        let reportA = rules.validate(a), reportB = rules.validate(b), reportC = rules.validate(c)
        // Different records, the same failure: equal reports and results, equal hashes.
        XCTAssertEqual(reportA, reportB)
        XCTAssertEqual(reportA.hashValue, reportB.hashValue)
        XCTAssertEqual(reportA.results[0], reportB.results[0])
        XCTAssertEqual(reportA.results[0].violations.map(\.message), ["First name must be at least 2 characters long."])
        // A different failing field: unequal, at the report and at the field.
        XCTAssertNotEqual(reportA, reportC)
        XCTAssertNotEqual(reportA.results, reportC.results)
        XCTAssertEqual(reportC.results.filter { $0.status == .invalid }.map(\.field.description), ["lastName"])
        // Shared contents against a report's own contents and against given results.
        let own = rules.validate(a, options: ValidationOptions(messages: ForwardingMessages()))
        XCTAssertEqual(own, reportA)
        XCTAssertEqual(own.hashValue, reportA.hashValue)
        let given = ValidationReport(fields: reportA.fields, changes: nil)
        XCTAssertEqual(given, reportA)
        XCTAssertEqual(given.hashValue, reportA.hashValue)
        // One failed rule against two on the same field (`reportAllFailures`).
        let d: Value = ["firstName": "Ann", "lastName": "Smith", "email": "x@y", "age": 30]
        let first = rules.validate(d), all = rules.validate(d, options: ValidationOptions(reportAllFailures: true))
        XCTAssertEqual(first.results[2].violations.count, 1)
        XCTAssertEqual(all.results[2].violations.count, 2)
        XCTAssertNotEqual(first.results[2], all.results[2])
        XCTAssertNotEqual(first, all)
        XCTAssertEqual(Set([reportA, reportB, reportC, own, given]).count, 2)
    }

    func testOptionsKnowWhetherTheirMessagesAreTheBuiltInOnes() throws {
        let rules = try compile(Self.profile)
        let value: Value = ["firstName": "A", "email": "nope", "age": 7]
        var options = ValidationOptions()
        XCTAssertTrue(options.usesDefaultMessages)
        let shared = rules.validate(value, options: options)
        options.messages = ForwardingMessages()
        XCTAssertFalse(options.usesDefaultMessages)
        let own = rules.validate(value, options: options)
        options.messages = DefaultMessages()
        XCTAssertTrue(options.usesDefaultMessages)
        XCTAssertFalse(ValidationOptions(messages: ForwardingMessages()).usesDefaultMessages)
        // The built-in messages share the rule set's contents; another renderer does not.
        XCTAssertTrue(shared.contents === rules.sharedFlatContents)
        XCTAssertTrue(rules.validate(["firstName": "B", "age": 8]).contents === shared.contents)
        XCTAssertFalse(own.contents === rules.sharedFlatContents)
        XCTAssertEqual(shared, own)
        XCTAssertEqual(shared.violations.map(\.message), own.violations.map(\.message))
        XCTAssertEqual(shared.violations.count, 4)
    }

    func testValidRecordsStillShareTheAllValidReport() throws {
        let rules = try compile(Self.profile)
        let valid: Value = ["firstName": "Ann", "lastName": "Smith", "email": "ann@example.com", "age": 30]
        let report = rules.validate(valid)
        XCTAssertTrue(report.isValid)
        XCTAssertTrue(report.contents === rules.program.allValidReport, "a valid record's report is the shared one")
        XCTAssertEqual(report.fields.map(\.status), [.valid, .valid, .valid, .valid])
        XCTAssertTrue(report.violations.isEmpty)
        XCTAssertEqual(report, rules.validate(valid, options: ValidationOptions(messages: ForwardingMessages())))
    }
}

/// Indices whose reads differed, collected from several threads.
private final class Mismatches: @unchecked Sendable {
    private let lock = NSLock()
    private var indices: [Int] = []

    func add(_ index: Int) { lock.withLock { indices.append(index) } }
    var count: Int { lock.withLock { indices.count } }
}
