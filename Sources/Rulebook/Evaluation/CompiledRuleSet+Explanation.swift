// Explaining an evaluation rule by rule (`rulebook explain`): for every concrete field,
// what each of its rules did — passed, failed, or was skipped and why. Written for people
// debugging a rule that "doesn't fire", not for the hot path: it walks `Value` records,
// allocates freely, and never stops early.
//
// The walk mirrors `RecordEvaluator.evaluateConcrete` step for step (conditions per
// statement, empty values, `required`, first failure per field) and reuses its
// predicates (`holds`, `passes`, `isEmpty`), so an explanation's verdict is always the
// verdict `validate` gives. A test checks that on the shipped rules.

/// Why a rule did not run.
public enum SkipReason: Sendable, Hashable {
    /// The `when` condition of the rule's statement is false (its text is given).
    case conditionFalse(String)
    /// The value is empty (absent, `null`, blank text, `[]`) and the statement has no
    /// `required`: its other validators are skipped (SPEC §3).
    case emptyNotRequired
    /// The value is empty and `required` reports it: the other validators would only
    /// repeat the same fault.
    case emptyRequiredReports
    /// An earlier rule of the field failed; only the first failure is reported unless
    /// every failure is asked for (`--all`).
    case earlierFailure
}

/// What one rule did to one concrete value.
public enum RuleOutcome: Sendable, Hashable {
    case passed
    case failed(Violation)
    case skipped(SkipReason)
}

/// One rule of a field and its outcome.
public struct RuleExplanation: Sendable, Hashable {
    /// The validator that ran (for a named rule, the underlying validator).
    public let validator: BuiltinValidator
    /// The rule as written, with its arguments (`minLength 2`, `pattern /^[0-9]{5}$/`).
    public let text: String
    /// Where the validator is written.
    public let location: SourceLocation
    /// The named rules it was expanded from, outermost first.
    public let expandedFrom: [String]
    /// The `when` condition of its statement, as text, if any.
    public let condition: String?
    public let outcome: RuleOutcome
}

/// Every rule of one concrete field.
public struct FieldExplanation: Sendable, Hashable {
    /// The concrete path (`items[2].sku`).
    public let field: ConcretePath
    /// The value at the path; nil when absent.
    public let value: Value?
    /// The verdict, as ``ValidationReport`` gives it.
    public let status: FieldStatus
    /// The field's rules in rule order.
    public let rules: [RuleExplanation]
}

/// The rule-by-rule account of validating one record.
public struct RecordExplanation: Sendable, Hashable {
    /// One entry per concrete field the rules reach, in rule order (a `[*]` field over
    /// an absent or empty array reaches none).
    public let fields: [FieldExplanation]

    /// Whether no field is invalid.
    public var isValid: Bool { !fields.contains { $0.status == .invalid } }
}

extension CompiledRuleSet {
    /// Explains how `record` fares under every rule: per concrete field, each rule
    /// passed, failed (with its violation and message) or was skipped, and why.
    ///
    /// The verdicts equal ``validate(_:options:)``'s for the same record and options.
    public func explain(_ record: Value, options: ValidationOptions = ValidationOptions()) -> RecordExplanation {
        let evaluator = RecordEvaluator(program: program, access: ValueAccess(record), today: today(options.context),
                                        collecting: true, reportAllFailures: options.reportAllFailures)
        let statements = statementsByField()
        var fields: [FieldExplanation] = []
        for field in 0..<program.fields.count {
            for (bindings, node) in concreteValues(of: field, in: record, evaluator: evaluator) {
                fields.append(explain(field: field, node: node, bindings: bindings, statements: statements[field],
                                      evaluator: evaluator, options: options))
            }
        }
        return RecordExplanation(fields: fields)
    }

    /// The checked statements of each compiled field, in the order the compiler made
    /// its groups (statements of one path, in source order).
    private func statementsByField() -> [[CheckedStatement]] {
        program.fieldInfos.map { info in ruleSet.statements.filter { $0.path == info.pattern } }
    }

    /// Every concrete value a field reaches, with the `[*]` bindings that lead to it.
    private func concreteValues(of field: Int, in record: Value, evaluator: RecordEvaluator<ValueAccess>)
        -> [(Bindings<Value>, Value?)] {
        let plan = program.fields[field]
        let start = follow(record, run: plan.runStart, access: evaluator.access)
        guard plan.runEnd - plan.runStart > 1 else { return [(Bindings(), start)] }
        var found: [(Bindings<Value>, Value?)] = []
        var bindings = Bindings<Value>()
        func expand(_ node: Value?, level: Int) {
            guard let node, case .array(let elements) = node else { return }
            for (index, element) in elements.enumerated() {
                bindings.indices.append(index)
                bindings.nodes.append(element)
                let next = follow(element, run: plan.runStart + level, access: evaluator.access)
                if level == plan.runEnd - plan.runStart - 1 {
                    found.append((bindings, next))
                } else {
                    expand(next, level: level + 1)
                }
                bindings.indices.removeLast()
                bindings.nodes.removeLast()
            }
        }
        expand(start, level: 1)
        return found
    }

    /// The keys of one run followed from `node`; nil as soon as one is missing.
    private func follow(_ node: Value?, run: Int, access: ValueAccess) -> Value? {
        var current = node
        let keys = program.runs[run]
        for key in keys.keyStart..<keys.keyEnd {
            guard let value = current else { return nil }
            current = access.member(value, program.keys[key])
        }
        return current
    }

    /// One concrete field, rule by rule, following `evaluateConcrete`.
    private func explain(field: Int, node: Value?, bindings: Bindings<Value>, statements: [CheckedStatement],
                         evaluator: RecordEvaluator<ValueAccess>, options: ValidationOptions) -> FieldExplanation {
        let plan = program.fields[field]
        let path = evaluator.concretePath(field: field, bindings.indices)
        let empty = node.map { evaluator.isEmpty($0) } ?? true
        var rules: [RuleExplanation] = []
        var applicable = false
        var failed = false
        var stopped = false
        for (position, groupIndex) in (plan.groupStart..<plan.groupEnd).enumerated() {
            let group = program.groups[groupIndex]
            let statement = position < statements.count ? statements[position] : nil
            let conditionText = statement?.condition.map(Self.text(of:))
            let holds = group.condition < 0 || evaluator.holds(program.conditions[group.condition], bindings: bindings)
            if holds { applicable = true }
            for rule in group.ruleStart..<group.ruleEnd {
                let outcome: RuleOutcome
                let isRequired = program.rules[rule].isRequired
                if !holds {
                    outcome = .skipped(.conditionFalse(conditionText ?? "condition"))
                } else if empty || node == nil {
                    // An empty value meets only `required` (and skips the rest without it).
                    if !group.hasRequired {
                        outcome = .skipped(.emptyNotRequired)
                    } else if !isRequired {
                        outcome = .skipped(.emptyRequiredReports)
                    } else if stopped {
                        outcome = .skipped(.earlierFailure)
                    } else {
                        outcome = .failed(violation(rule: rule, field: field, at: path, options: options, today: evaluator.today))
                    }
                } else if stopped {
                    outcome = .skipped(.earlierFailure)
                } else if let present = node,
                          isRequired || evaluator.passes(program.rules[rule].instruction, present, bindings: bindings) {
                    outcome = .passed
                } else {
                    outcome = .failed(violation(rule: rule, field: field, at: path, options: options, today: evaluator.today))
                }
                if case .failed = outcome {
                    failed = true
                    if !options.reportAllFailures { stopped = true }
                }
                rules.append(explanation(rule: rule, checked: checkedRule(statement, rule - group.ruleStart),
                                         condition: conditionText, outcome: outcome))
            }
        }
        let status: FieldStatus = !applicable ? .skipped : failed ? .invalid : .valid
        return FieldExplanation(field: path, value: node, status: status, rules: rules)
    }

    private func checkedRule(_ statement: CheckedStatement?, _ offset: Int) -> CheckedRule? {
        statement?.rule(at: offset)  // (one rule made, not the statement's list)
    }

    private func explanation(rule: Int, checked: CheckedRule?, condition: String?, outcome: RuleOutcome) -> RuleExplanation {
        let report = program.reports[rule]
        let text = checked.map(Self.text(of:)) ?? report.validator.rawValue
        return RuleExplanation(validator: report.validator, text: text, location: report.location,
                               expandedFrom: checked?.expandedFrom ?? [], condition: condition, outcome: outcome)
    }

    /// The violation `validate` would report for `rule` (same parameters, key, message).
    private func violation(rule: Int, field: Int, at path: ConcretePath, options: ValidationOptions,
                           today: CalendarDate) -> Violation {
        let report = program.reports[rule]
        var parameters = report.parameters
        var arguments = report.messageArguments
        if let index = report.todayParameterIndex, index < parameters.count, index < arguments.count {
            parameters[index] = Violation.Parameter(name: parameters[index].name, value: .string(today.description))
            arguments[index].value = .date(today)
        }
        let request = MessageRequest(messageOverride: report.messageOverride, field: program.fieldInfos[field].pattern,
                                     messageKey: report.formKey, arguments: arguments)
        return Violation(field: path, validator: report.validator, parameters: parameters, messageKey: report.reportedKey,
                         message: options.messages.render(request), location: report.location)
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
