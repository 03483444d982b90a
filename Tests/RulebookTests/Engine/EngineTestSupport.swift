import XCTest

@testable import Rulebook

/// JSON written as Swift literals in tests (a wrapper, so `Value` itself gets no
/// literal conformances that could clash with the library's).
struct J: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    let value: Rulebook.Value
    init(_ value: Rulebook.Value) { self.value = value }
    init(stringLiteral value: String) { self.value = .string(value) }
    init(integerLiteral value: Int) { self.value = .integer(value) }
    init(floatLiteral value: Double) { self.value = .decimal(value) }
    init(booleanLiteral value: Bool) { self.value = .bool(value) }
    init(arrayLiteral elements: J...) { self.value = .array(elements.map(\.value)) }
    init(dictionaryLiteral elements: (String, J)...) {
        self.value = .object(ValueObject(elements.map { (key: $0.0, value: $0.1.value) }))
    }
    init(nilLiteral: ()) { self.value = .null }
}

/// A record from literal members.
func record(_ members: KeyValuePairs<String, J> = [:]) -> Value {
    .object(ValueObject(members.map { (key: $0.key, value: $0.value.value) }))
}

/// A path written as in a rule file.
func path(_ text: String) -> FieldPath {
    guard let query = FieldQuery(parsing: text) else { fatalError("bad test path \(text)") }
    return query.pattern
}

/// A checked rule as the checker would produce it: parameter names and message key
/// from the validator table's form for the argument count.
func rule(
    _ validator: BuiltinValidator, _ arguments: RuleArgument..., message: MessageOverride? = nil,
    line: Int = 1, column: Int = 1, file: String = "test.rules", expandedFrom: [String] = []
) -> CheckedRule {
    let definition = validator.definition
    let form = definition.forms.first { $0.variadic != nil || $0.parameters.count == arguments.count } ?? definition.forms[0]
    let named: [(name: String, value: RuleArgument)]
    if let variadic = form.variadic {
        named = [(variadic.name, .list(arguments))]
    } else {
        named = zip(form.parameters, arguments).map { ($0.name, $1) }
    }
    return CheckedRule(
        validator: validator, messageKey: form.messageKey, arguments: named, messageOverride: message,
        location: SourceLocation(file: file, line: line, column: column), expandedFrom: expandedFrom)
}

/// A number argument written as `text`.
func num(_ text: String) -> RuleArgument { .number(Double(text) ?? .nan, text: text) }

/// A literal argument.
func lit(_ literal: J) -> RuleArgument { .value(literal.value) }

/// A field statement.
func field(_ text: String, when condition: Condition? = nil, _ rules: CheckedRule...) -> CheckedStatement {
    CheckedStatement(
        path: path(text), condition: condition, rules: rules,
        location: SourceLocation(file: "test.rules", line: 1, column: 1))
}

/// A compiled rule set from statements.
func compile(_ statements: CheckedStatement...) -> CompiledRuleSet {
    CompiledRuleSet(RuleSet(statements: statements, files: ["test.rules"]))
}

/// Options with a fixed today and, optionally, every failure.
func options(today: String = "2026-01-15", all: Bool = false) -> ValidationOptions {
    ValidationOptions(reportAllFailures: all, context: EvaluationContext(today: CalendarDate(iso: today)!))
}

extension CompiledRuleSet {
    /// The validators that failed, per concrete field, in report order: `["age: min"]`.
    func failures(_ record: Value, _ options: ValidationOptions = options()) -> [String] {
        validate(record, options: options).violations.map { "\($0.field): \($0.validator.rawValue)" }
    }
}

/// Asserts how one rule judges each value (the value placed at field `v`).
func assertRule(
    _ checked: CheckedRule, passes good: [J], fails bad: [J], today: String = "2026-01-15",
    file: StaticString = #filePath, line: UInt = #line
) {
    let rules = compile(field("v", checked))
    for value in good {
        let report = rules.validate(record(["v": value]), options: options(today: today))
        XCTAssertTrue(
            report.isValid, "\(checked.validator) should pass \(value.value): \(report.violations.map(\.message))",
            file: file, line: line)
        XCTAssertEqual(
            rules.isValid(record(["v": value]), context: EvaluationContext(today: CalendarDate(iso: today)!)),
            true, "isValid disagrees for \(value.value)", file: file, line: line)
    }
    for value in bad {
        let report = rules.validate(record(["v": value]), options: options(today: today))
        XCTAssertEqual(
            report.violations.map(\.validator), [checked.validator],
            "\(checked.validator) should fail \(value.value)", file: file, line: line)
        XCTAssertEqual(
            rules.isValid(record(["v": value]), context: EvaluationContext(today: CalendarDate(iso: today)!)),
            false, "isValid disagrees for \(value.value)", file: file, line: line)
    }
}

/// A renderer that remembers what it was asked, for assertions on message requests.
final class RecordingMessages: MessageRendering, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [MessageRequest] = []

    var requests: [MessageRequest] { lock.withLock { recorded } }

    func render(_ request: MessageRequest) -> String {
        lock.withLock { recorded.append(request) }
        return "<\(request.field)|\(request.messageKey)>"
    }
}

/// What the general evaluator (`RecordEvaluator` over the whole `Value`) reports for
/// `value`: the reference the flat evaluator's fast paths are held to.
func referenceReport(_ compiled: CompiledRuleSet, _ value: Value, all: Bool) -> ValidationReport {
    let settings = options(all: all)
    let today = compiled.today(settings.context)
    let outcome = ValueAccess.with(value) {
        RecordEvaluator.outcome(program: compiled.program, access: $0, today: today, reportAllFailures: all)
    }
    return compiled.report(outcome, today: today, options: settings, changes: nil)
}

/// Asserts that `validate` (first failure and all failures, messages included) and
/// `isValid` answer for `value` as the reference does; returns how many of the
/// reference's field results (both modes) were valid and invalid, for the caller to check
/// that its records exercise both.
@discardableResult
func assertMatchesReference(
    _ compiled: CompiledRuleSet, _ value: Value, _ label: String,
    file: StaticString = #filePath, line: UInt = #line
) -> (valid: Int, invalid: Int) {
    var counts = (valid: 0, invalid: 0)
    for all in [false, true] {
        let got = compiled.validate(value, options: options(all: all))
        let expected = referenceReport(compiled, value, all: all)
        XCTAssertEqual(got, expected, "\(label) all=\(all): \(value)", file: file, line: line)
        XCTAssertEqual(got.violations.map(\.message), expected.violations.map(\.message), label, file: file, line: line)
        for field in expected.fields { if field.status == .valid { counts.valid += 1 } else { counts.invalid += 1 } }
    }
    let today = compiled.today(options().context)
    XCTAssertEqual(
        compiled.isValid(value),
        ValueAccess.with(value) { RecordEvaluator.passesAll(program: compiled.program, access: $0, today: today) },
        "isValid \(label)", file: file, line: line)
    return counts
}

/// Whether the JSON record `bytes` passes every rule, by the general evaluator
/// (`RecordEvaluator` over its tape, finding members by search): the reference the tape
/// counting paths are held to.
func referencePasses(_ compiled: CompiledRuleSet, _ bytes: [UInt8], today: CalendarDate) throws -> Bool {
    var tape = JSONTape()
    try tape.parse(bytes)
    return tape.withView(over: bytes) { view in
        guard let root = view.root else { return true }
        return RecordEvaluator.passesAll(program: compiled.program, access: TapeAccess(view: view, root: root), today: today)
    }
}

/// The `email` rule read plainly from its definition (one `@` with text before it, a
/// domain of two or more non-empty dot-separated labels, no white space or control
/// character anywhere), on Swift strings: the reference the byte scans are held to.
func plainEmailReading(_ bytes: [UInt8]) -> Bool {
    let text = String(decoding: bytes, as: UTF8.self)
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty,
        !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F })
    else { return false }
    let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
    return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
}
