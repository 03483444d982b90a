// Explaining an evaluation rule by rule (`rulebook explain`): for every concrete field,
// what each of its rules did — passed, failed, or was skipped and why. It is the trace of
// the one evaluation (`RecordEvaluator` with a `TraceCollector`), so an explanation's
// verdict is always the verdict `validate` gives.

import Rulebook

/// What one rule did to one concrete value.
package enum RuleOutcome: Sendable, Hashable {
    case passed
    case failed(Violation)
    case skipped(SkipReason)
}

/// One rule of a field and its outcome.
package struct RuleExplanation: Sendable, Hashable {
    /// The validator that ran (for a named rule, the underlying validator).
    package let validator: ValidatorName
    /// The rule as written, with its arguments (`minLength 2`, `pattern /^[0-9]{5}$/`).
    package let text: String
    /// Where the validator is written.
    package let location: SourceLocation
    /// The named rules it was expanded from, outermost first.
    package let expandedFrom: [String]
    /// The `when` condition of its statement, as text, if any.
    package let condition: String?
    /// Whether the rule passed, failed or was skipped, and why.
    package let outcome: RuleOutcome
}

/// Every rule of one concrete field.
package struct FieldExplanation: Sendable, Hashable {
    /// The concrete path (`items[2].sku`).
    package let field: ConcretePath
    /// The value at the path; nil when absent.
    package let value: Value?
    /// The verdict, as ``ValidationReport`` gives it.
    package let status: FieldStatus
    /// The field's rules in rule order.
    package let rules: [RuleExplanation]
}

/// The rule-by-rule account of validating one record.
package struct RecordExplanation: Sendable, Hashable {
    /// One entry per concrete field the rules reach, in rule order (a `[*]` field over
    /// an absent or empty array reaches none).
    package let fields: [FieldExplanation]

    /// Whether no field is invalid.
    package var isValid: Bool { !fields.contains { $0.status == .invalid } }
}

extension CompiledRuleSet {
    /// Explains how `record` fares under every rule: per concrete field, each rule
    /// passed, failed (with its violation and message) or was skipped, and why.
    ///
    /// The verdicts equal `validate(_:options:)`'s for the same record and options.
    package func explain(_ record: Value, options: ValidationOptions = ValidationOptions()) -> RecordExplanation {
        let today = today(options.context)
        let collector = TraceCollector(rules: self, options: options, today: today, statements: statementsByField())
        return RecordExplanation(fields: evaluate(record, today: today, into: collector).fields)
    }

    /// The checked statements of each compiled field, in the order the compiler made
    /// its groups (statements of one path, in source order).
    private func statementsByField() -> [[CheckedStatement]] {
        program.fieldInfos.map { info in ruleSet.statements.filter { $0.path == info.pattern } }
    }

    func checkedRule(_ statement: CheckedStatement?, _ offset: Int) -> CheckedRule? {
        statement?.rule(at: offset)  // (one rule made, not the statement's list)
    }

    func explanation(rule: Int, checked: CheckedRule?, condition: String?, outcome: RuleOutcome) -> RuleExplanation {
        let report = program.reports[rule]
        let text = checked.map(Self.text(of:)) ?? report.validator.rawValue
        return RuleExplanation(
            validator: report.validator, text: text, location: report.location,
            expandedFrom: checked?.expandedFrom ?? [], condition: condition, outcome: outcome)
    }

    /// `minLength 2`, `oneOf "GB" "FR"`, `pattern /^[0-9]{5}$/i`, `before today`.
    static func text(of rule: CheckedRule) -> String {
        ([rule.validator.rawValue] + rule.arguments.map { text(of: $0.value) }).joined(separator: " ")
    }

    static func text(of argument: RuleArgument) -> String {
        switch argument {
        case .count(let count): String(count)
        case .number(_, let text): text
        case .value(let value): value.description
        case .regex(_, let source): "/\(source)/"
        case .date(let date): date.description
        case .today: "today"
        case .field(let path): path.description
        case .list(let items): items.map(text(of:)).joined(separator: " ")
        }
    }

    /// `country == "GB" or country == "FR"`, parenthesised where needed.
    static func text(of condition: Condition) -> String {
        switch condition {
        case .present(let path): path.description
        case .equals(let path, let value): "\(path) == \(value)"
        case .notEquals(let path, let value): "\(path) != \(value)"
        case .not(let inner): "not " + parenthesised(inner)
        case .and(let lhs, let rhs): "\(parenthesised(lhs, unless: .and)) and \(parenthesised(rhs, unless: .and))"
        case .or(let lhs, let rhs): "\(parenthesised(lhs, unless: .or)) or \(parenthesised(rhs, unless: .or))"
        }
    }

    private enum Connective { case and, or }

    private static func parenthesised(_ condition: Condition, unless connective: Connective? = nil) -> String {
        switch (condition, connective) {
        case (.and, .and?), (.or, .or?), (.present, _), (.equals, _), (.notEquals, _), (.not, _): text(of: condition)
        default: "(" + text(of: condition) + ")"
        }
    }
}

/// The trace of one evaluation: every concrete field with every rule's outcome.
struct TraceCollector: EvaluationCollector {
    static var stopsAtFirstFailure: Bool { false }
    static var traces: Bool { true }
    let rules: CompiledRuleSet
    let options: ValidationOptions
    /// Builds each failure's violation as `validate` does.
    var violations: ViolationBuilder
    /// The checked statements of each field (for rule texts and conditions).
    let statements: [[CheckedStatement]]
    private(set) var fields: [FieldExplanation] = []
    private(set) var failureCount = 0
    private var current: (field: Int, value: Value?) = (0, nil)
    private var explained: [(rule: Int, group: Int, event: TraceEvent)] = []

    init(rules: CompiledRuleSet, options: ValidationOptions, today: CalendarDate, statements: [[CheckedStatement]]) {
        self.rules = rules
        self.options = options
        self.violations = ViolationBuilder(program: rules.program, messages: options.messages, today: today)
        self.statements = statements
    }

    mutating func begin(field: Int, value: Value?) {
        current = (field, value)
        explained.removeAll()
    }

    mutating func trace(rule: Int, group: Int, _ event: TraceEvent) {
        explained.append((rule, group, event))
    }

    mutating func fail(rule: Int, group: Int) -> Bool {
        failureCount += 1
        explained.append((rule, group, .failed))
        return options.reportAllFailures
    }

    mutating func close(field: Int, status: FieldStatus, indices: [Int]) {
        let program = rules.program
        let path = program.concretePath(field: field, indices)
        let groupStart = program.fields[field].groupStart
        var noCache: [String?] = []
        let explanations = explained.map { entry -> RuleExplanation in
            let position = entry.group - groupStart
            let statement = position < statements[field].count ? statements[field][position] : nil
            let condition = statement?.condition.map(CompiledRuleSet.text(of:))
            let outcome: RuleOutcome =
                switch entry.event {
                case .passed: .passed
                case .failed: .failed(violations.violation(rule: entry.rule, field: field, at: path, cache: &noCache))
                case .skipped(.conditionFalse): .skipped(.conditionFalse(condition ?? "condition"))
                case .skipped(let reason): .skipped(reason)
                }
            let checked = rules.checkedRule(statement, entry.rule - program.groups[entry.group].ruleStart)
            return rules.explanation(rule: entry.rule, checked: checked, condition: condition, outcome: outcome)
        }
        fields.append(FieldExplanation(field: path, value: current.value, status: status, rules: explanations))
    }
}
