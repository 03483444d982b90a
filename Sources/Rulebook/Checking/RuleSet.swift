import RulebookRegex

/// The checker's product: every field statement of a rule file and its imports, with
/// named rules expanded, arguments converted to their kinds, patterns compiled and
/// conditions attached. Only a rule set without errors is compiled.
public struct RuleSet: Sendable {
    /// Field statements in source order (statements inside `when` blocks carry their
    /// conditions, nested blocks joined with `and`).
    public let statements: [CheckedStatement]
    /// The files the rule set was read from, the root first.
    public let files: [String]

    public init(statements: [CheckedStatement], files: [String]) {
        self.statements = statements
        self.files = files
    }
}

/// One field statement after checking.
public struct CheckedStatement: Sendable {
    /// The field, as written (may contain `[*]`).
    public let path: FieldPath
    /// When set, the statement applies only when the condition holds.
    public let condition: Condition?
    /// The rules in order, named rules expanded in place.
    public let rules: [CheckedRule]
    /// Where the statement's path is written.
    public let location: SourceLocation

    public init(path: FieldPath, condition: Condition?, rules: [CheckedRule], location: SourceLocation) {
        self.path = path
        self.condition = condition
        self.rules = rules
        self.location = location
    }
}

/// One validator application after checking.
public struct CheckedRule: Sendable {
    /// The validator that runs.
    public let validator: BuiltinValidator
    /// The catalogue key of the form used (`minLength`, `lengthBetween`, …).
    public let messageKey: String
    /// The arguments, paired with their parameter names, in order. A variadic
    /// parameter (`oneOf`) appears once, as ``RuleArgument/list(_:)``.
    public let arguments: [(name: String, value: RuleArgument)]
    /// The rule's `message` override, if any.
    public let messageOverride: MessageOverride?
    /// Where the validator's name is written (inside the named rule when expanded).
    public let location: SourceLocation
    /// The named rules this rule was expanded from, outermost first (empty when written directly).
    public let expandedFrom: [String]

    public init(validator: BuiltinValidator, messageKey: String, arguments: [(name: String, value: RuleArgument)],
                messageOverride: MessageOverride?, location: SourceLocation, expandedFrom: [String]) {
        self.validator = validator
        self.messageKey = messageKey
        self.arguments = arguments
        self.messageOverride = messageOverride
        self.location = location
        self.expandedFrom = expandedFrom
    }
}

/// A checked argument value.
public indirect enum RuleArgument: Sendable {
    /// A non-negative integer (lengths, counts, ages).
    case count(Int)
    /// A number; `text` is the literal as written, for messages.
    case number(Double, text: String)
    /// A literal value (`oneOf`, condition literals): string, number or boolean.
    case value(Value)
    /// A compiled pattern and its source.
    case regex(Pattern, source: String)
    /// An ISO date.
    case date(CalendarDate)
    /// The evaluation context's today.
    case today
    /// Another field.
    case field(FieldPath)
    /// A variadic parameter's values.
    case list([RuleArgument])
}

/// A `message` override after checking.
public enum MessageOverride: Sendable, Hashable {
    /// A catalogue key.
    case key(String)
    /// Literal text shown as is (after `{field}`-style placeholders are filled).
    case literal(String)
}

/// A checked `when` condition.
public indirect enum Condition: Sendable, Hashable {
    /// Present, not `false`, not empty.
    case present(FieldPath)
    /// The value equals the literal (JSON equality; absent equals nothing).
    case equals(FieldPath, Value)
    /// The value does not equal the literal.
    case notEquals(FieldPath, Value)
    case not(Condition)
    case and(Condition, Condition)
    case or(Condition, Condition)
}
