import Rulebook

/// One rule of a field as a user-facing requirement ("Password must be at least 8
/// characters long."), and whether the current value meets it.
public struct Requirement: Sendable, Hashable {
    /// The localised text: the rule's message in the form's messages.
    public let text: String
    /// The rule's stable code: its `message` key when it has one, else the validator
    /// form's key (`minLength`, `digitsCount`).
    public let code: String
    /// Whether the current value meets it.
    public let isMet: Bool
}

extension FormModel {
    /// A field's rules that apply now, as a checklist in rule order, for showing before
    /// any error (none for an inactive field or one no rule names).
    public func requirements(for path: String) -> [Requirement] {
        guard let field = plan.index[path], entries[field].validation != .inactive else { return [] }
        let failing = Set(entries[field].validation.violations.map(\.location))
        let today = options.context.today
        var requirements: [Requirement] = []
        for statement in plan.fields[field].statements where applies(statement) {
            for rule in statement.rules {
                let arguments = rule.arguments.map { argument in
                    if case .today = argument.value { return (argument.name, MessageArgument.date(today)) }
                    return (argument.name, argument.value.messageArgument)
                }
                let request = MessageRequest(
                    messageOverride: rule.messageOverride, field: statement.path,
                    messageKey: rule.messageKey, arguments: arguments)
                requirements.append(
                    Requirement(
                        text: options.messages.render(request), code: Violation.code(of: rule),
                        isMet: !failing.contains(rule.location)))
            }
        }
        return requirements
    }

    /// Whether a statement's condition holds for the current record.
    func applies(_ statement: CheckedStatement) -> Bool {
        statement.condition?.holds { values.value(at: $0) } ?? true
    }
}

extension FieldValidation {
    /// The violations of an invalid or incomplete result.
    public var violations: [Violation] {
        switch self {
        case .invalid(let violations), .incomplete(let violations): violations
        case .valid, .inactive: []
        }
    }
}

extension Violation {
    /// A stable code apps can switch on: the rule's `message` key when it names one
    /// (`signup.passwordsDiffer`), else the validator form's key (`minLength`).
    public var code: String { messageKey }

    /// The code of a rule, as its violations carry it.
    static func code(of rule: CheckedRule) -> String {
        if case .key(let key)? = rule.messageOverride { return key }
        return rule.messageKey
    }
}

extension FormModel {
    /// A field's label: its display name from the form's catalogues (`field.<path>`), or
    /// else its last key humanised (`firstName` → "First name"); nil for a field no rule
    /// names.
    public func displayName(of path: String) -> String? {
        guard let field = plan.index[path] else { return nil }
        let fieldPath = plan.fields[field].path
        if let localizer = options.messages as? Localizer { return localizer.displayName(of: fieldPath) }
        return FieldNames.humanized(fieldPath)
    }
}
