import Dispatch
import XCTest

@testable import Rulebook

/// Reports from `validate(Value)` build their results and messages on first read; these
/// tests hold them to the same content, equality and hashing as reports built eagerly.
final class LazyValidationReportTests: XCTestCase {
    /// Counts renders; never cached (no identity), so every built message is a render.
    private final class CountingRenderer: MessageRendering, @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var renders: Int { lock.withLock { count } }
        func render(_ request: MessageRequest) -> String {
            lock.withLock { count += 1 }
            return "\(request.field)/\(request.messageKey)/\(request.arguments.map { "\($0.name)=\($0.value)" })"
        }
    }

    /// What concurrent readers saw.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [[FieldResult]] = []
        private var hashes: Set<Int> = []
        func add(_ fields: [FieldResult], hash: Int) {
            lock.withLock {
                seen.append(fields); hashes.insert(hash)
            }
        }
        var contents: ([[FieldResult]], Set<Int>) { lock.withLock { (seen, hashes) } }
    }

    private let rules = compile(
        field("name", rule(.required), rule(.minLength, .count(2))),
        field("born", rule(.before, .today)),
        field("items[*].sku", rule(.required), rule(.minLength, .count(3))),
        field("nickname", when: .present(path("wantsNickname")), rule(.required)))

    private let bad = record([
        "name": "A", "born": "2999-01-01",
        "items": [["sku": "ABC"], ["sku": "X"], [:]], "wantsNickname": false,
    ])

    /// The report `bad` must give, written out by hand.
    private func expectedFields(_ settings: ValidationOptions) -> [FieldResult] {
        func violation(
            _ field: ConcretePath, _ pattern: String, _ validator: BuiltinValidator, key: String,
            _ parameters: [Violation.Parameter], _ arguments: [(name: String, value: MessageArgument)]
        ) -> Violation {
            let message = settings.messages.render(
                MessageRequest(
                    messageOverride: nil, field: path(pattern), messageKey: key,
                    arguments: arguments))
            return Violation(
                field: field, validator: validator, parameters: parameters, messageKey: key, message: message,
                location: SourceLocation(file: "test.rules", line: 1, column: 1))
        }
        let name = ConcretePath([.key("name")]), born = ConcretePath([.key("born")])
        let sku = { (index: Int) in ConcretePath([.key("items"), .index(index), .key("sku")]) }
        return [
            FieldResult(
                field: name, status: .invalid,
                violations: [
                    violation(name, "name", .minLength, key: "minLength", [.init(name: "min", value: .integer(2))], [("min", .number(2))])
                ]),
            FieldResult(
                field: born, status: .invalid,
                violations: [
                    violation(
                        born, "born", .before, key: "before", [.init(name: "date", value: .string("2026-01-15"))],
                        [("date", .date(CalendarDate(iso: "2026-01-15")!))])
                ]),
            FieldResult(field: sku(0), status: .valid, violations: []),
            FieldResult(
                field: sku(1), status: .invalid,
                violations: [
                    violation(
                        sku(1), "items[*].sku", .minLength, key: "minLength", [.init(name: "min", value: .integer(3))],
                        [("min", .number(3))])
                ]),
            FieldResult(
                field: sku(2), status: .invalid,
                violations: [
                    violation(sku(2), "items[*].sku", .required, key: "required", [], [])
                ]),
            FieldResult(field: ConcretePath([.key("nickname")]), status: .skipped, violations: []),
        ]
    }

    func testLazyReportEqualsAndHashesLikeAnEagerOne() {
        let settings = options()
        let eager = ValidationReport(fields: expectedFields(settings), changes: nil)
        // Each lazy report is compared or hashed before anything else reads it.
        XCTAssertEqual(rules.validate(bad, options: settings), eager)
        XCTAssertEqual(eager, rules.validate(bad, options: settings))
        XCTAssertEqual(rules.validate(bad, options: settings).hashValue, eager.hashValue)
        XCTAssertEqual(Set([rules.validate(bad, options: settings), eager, rules.validate(bad, options: settings)]).count, 1)
        XCTAssertEqual(rules.validate(bad, options: settings).fields, eager.fields)
        XCTAssertEqual(rules.validate(bad, options: settings).violations, eager.violations)
        XCTAssertFalse(rules.validate(bad, options: settings).isValid)
        // Different content stays different.
        let other = rules.validate(record(["name": "Ann", "born": "2000-01-01"]), options: settings)
        XCTAssertNotEqual(other, eager)
        XCTAssertTrue(other.isValid)
    }

    func testIsValidBuildsNothingAndMessagesUseTheValidateTimeRenderer() {
        let renderer = CountingRenderer()
        var settings = options()
        settings.messages = renderer
        let report = rules.validate(bad, options: settings)
        XCTAssertFalse(report.isValid)
        XCTAssertEqual(renderer.renders, 0)
        // Changing the options afterwards changes nothing: the report kept its renderer and today.
        settings.messages = DefaultMessages()
        settings.context = EvaluationContext(today: CalendarDate(iso: "2030-06-01")!)
        var expected = options()
        expected.messages = renderer
        XCTAssertEqual(report.fields, expectedFields(expected))
        XCTAssertEqual(renderer.renders, 4 + 4)  // four violations built, four expected rendered
        _ = report.violations
        XCTAssertEqual(renderer.renders, 8, "a report builds its results once")
    }

    func testLazyValueReportsEqualEagerTapeReports() throws {
        let json = Array(#"{"name":"A","born":"2999-01-01","items":[{"sku":"ABC"},{"sku":"X"},{}],"wantsNickname":false}"#.utf8)
        for all in [false, true] {
            let settings = options(all: all)
            let fromTape = try rules.validate(json: json, options: settings)
            XCTAssertEqual(rules.validate(bad, options: settings), fromTape)
            XCTAssertEqual(rules.validate(bad, options: settings).violations.map(\.message), fromTape.violations.map(\.message))
        }
    }

    func testConcurrentFirstReadsAgree() {
        let renderer = CountingRenderer()
        var settings = options(all: true)
        settings.messages = renderer
        for _ in 0..<50 {
            let report = rules.validate(bad, options: settings)
            let reads = 8
            let collected = Collected()
            DispatchQueue.concurrentPerform(iterations: reads) { index in
                let fields = index % 2 == 0 ? report.fields : report.violations.isEmpty ? [] : report.fields
                collected.add(fields, hash: report.hashValue)
            }
            let (seen, hashes) = collected.contents
            XCTAssertEqual(seen.count, reads)
            XCTAssertTrue(seen.allSatisfy { $0 == seen[0] })
            XCTAssertEqual(hashes.count, 1)
            XCTAssertEqual(seen[0].flatMap(\.violations).count, 4)
        }
    }

    func testConcurrentReadsThroughTheSharedMessageCache() {
        // The built-in renderer's messages come from the rule set's shared cache.
        let rules = compile(field("name", rule(.minLength, .count(2))), field("xs[*]", rule(.integer)))
        let reports = (0..<64).map { _ in rules.validate(record(["name": "A", "xs": [1, "x", 3, "y"]]), options: options(all: true)) }
        let collected = Collected()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for (index, report) in reports.enumerated() where (index + worker) % 2 == 0 || worker == 0 {
                collected.add(report.fields, hash: report.hashValue)
            }
        }
        let (seen, hashes) = collected.contents
        XCTAssertTrue(seen.allSatisfy { $0 == seen[0] })
        XCTAssertEqual(hashes.count, 1)
        XCTAssertEqual(
            seen[0].flatMap(\.violations).map(\.message),
            [
                DefaultMessages().render(
                    MessageRequest(
                        messageOverride: nil, field: path("name"), messageKey: "minLength",
                        arguments: [("min", .number(2))]))
            ]
                + Array(
                    repeating: DefaultMessages().render(
                        MessageRequest(
                            messageOverride: nil, field: path("xs[*]"),
                            messageKey: "integer", arguments: [])), count: 2))
    }

    func testValidateFieldMatchesTheWholeReport() {
        let whole = rules.validate(bad, options: options())
        XCTAssertEqual(
            rules.validateField("items[*].sku", in: bad, options: options()),
            Array(whole.fields.filter { $0.field.pattern == path("items[*].sku") }))
        XCTAssertEqual(
            rules.validateField("items[1].sku", in: bad, options: options()),
            whole.fields.filter { $0.field.description == "items[1].sku" })
        XCTAssertEqual(rules.validateField("born", in: bad, options: options()), [whole.fields[1]])
        XCTAssertEqual(rules.validateField("nickname", in: bad, options: options()).map(\.status), [.skipped])
    }

    func testOnlyChangedFieldsKeepsTheChangedOnesLazily() {
        let original = record([
            "name": "Ann", "born": "2999-01-01", "items": [["sku": "ABC"], ["sku": "XYZ"], ["sku": "DEF"]],
            "wantsNickname": false,
        ])
        var settings = options()
        settings.onlyChangedFields = true
        let renderer = CountingRenderer()
        settings.messages = renderer
        let limited = rules.validate(bad, original: original, options: settings)
        XCTAssertFalse(limited.isValid)
        XCTAssertEqual(renderer.renders, 0)
        XCTAssertEqual(limited.fields.map(\.field.description), ["name", "items[1].sku", "items[2].sku"])
        settings.onlyChangedFields = false
        let full = rules.validate(bad, original: original, options: settings)
        XCTAssertEqual(limited.fields, full.fields.filter { full.changes?.touches($0.field) == true })
        XCTAssertEqual(limited.changes, full.changes)
        XCTAssertEqual(limited.changes?.changedFields.map(\.description), ["name", "items[1].sku", "items[2].sku"])
        // An unchanged record limited to its changes has no fields and is valid.
        settings.onlyChangedFields = true
        let unchanged = rules.validate(bad, original: bad, options: settings)
        XCTAssertEqual(unchanged, ValidationReport(fields: [], changes: ChangeSet(from: bad, to: bad)))
        XCTAssertTrue(unchanged.isValid)
    }

    func testAllValidReportsEqualBuiltOnes() {
        let plain = compile(field("a", rule(.required)), field("b.c", rule(.integer)))
        let report = plain.validate(record(["a": "x", "b": ["c": 3]]), options: options())
        let built = ValidationReport(
            fields: [
                FieldResult(field: ConcretePath([.key("a")]), status: .valid, violations: []),
                FieldResult(
                    field: ConcretePath([.key("b"), .key("c")]), status: .valid,
                    violations: []),
            ], changes: nil)
        XCTAssertEqual(report, built)
        XCTAssertEqual(report.hashValue, built.hashValue)
        XCTAssertTrue(report.isValid)
        // A later invalid field after valid ones keeps the valid ones first.
        let second = plain.validate(record(["a": "x", "b": ["c": "no"]]), options: options())
        XCTAssertEqual(second.fields.map(\.status), [.valid, .invalid])
        XCTAssertEqual(second.fields.map(\.field.description), ["a", "b.c"])
        // A wildcard field over valid elements lists each element.
        let listed = compile(field("a", rule(.required)), field("xs[*]", rule(.integer)))
        XCTAssertEqual(
            listed.validate(record(["a": "x", "xs": [1, 2]]), options: options()).fields.map(\.field.description),
            ["a", "xs[0]", "xs[1]"])
    }

    /// Valid records of a program share one report contents; the changes of an edited
    /// record travel with its report (valid or not) and take part in equality.
    func testSharedValidContentsAndChanges() {
        let plain = compile(field("a", rule(.required)))
        let first = plain.validate(record(["a": "x"]), options: options())
        let second = plain.validate(record(["a": "y"]), options: options())
        XCTAssertEqual(first, second)
        XCTAssertEqual(first.hashValue, second.hashValue)
        XCTAssertNil(first.changes)
        // The shared contents compare (and hash) as the same results given one by one:
        // `==` of two shared reports is decided by identity, which would hide wrong contents.
        let rebuilt = ValidationReport(fields: first.fields, changes: nil)
        XCTAssertEqual(first, rebuilt)
        XCTAssertEqual(first.hashValue, rebuilt.hashValue)
        XCTAssertEqual(first.fields.map(\.field.description), ["a"])
        XCTAssertEqual(first.fields.map(\.status), [.valid])
        let edited = plain.validate(record(["a": "y"]), original: record(["a": "x"]), options: options())
        XCTAssertTrue(edited.isValid)
        XCTAssertEqual(edited.changes?.changedFields, [ConcretePath([.key("a")])])
        XCTAssertEqual(edited.fields, first.fields)
        XCTAssertNotEqual(edited, first)
        let invalid = plain.validate(record(["a": ""]), original: record(["a": "x"]), options: options())
        XCTAssertFalse(invalid.isValid)
        XCTAssertEqual(invalid.changes?.changedFields, [ConcretePath([.key("a")])])
        XCTAssertEqual(invalid.fields.map(\.status), [.invalid])
        XCTAssertEqual(ValidationReport(fields: invalid.fields, changes: invalid.changes), invalid)
    }
}
