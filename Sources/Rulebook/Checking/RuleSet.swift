import RulebookRegex

/// The checker's product: every field statement of a rule file and its imports, with
/// named rules expanded, arguments converted to their kinds, patterns compiled and
/// conditions attached. Only a rule set without errors is compiled.
package struct RuleSet: Sendable {
    /// Field statements in source order (statements inside `when` blocks carry their
    /// conditions, nested blocks joined with `and`).
    package let statements: [CheckedStatement]
    /// The files the rule set was read from, the root first.
    package let files: [String]

    package init(statements: [CheckedStatement], files: [String]) {
        self.statements = statements
        self.files = files
    }
}

/// One field statement after checking.
package struct CheckedStatement: Sendable {
    /// The field, as written (may contain `[*]`).
    package let path: FieldPath
    /// When set, the statement applies only when the condition holds.
    package let condition: Condition?
    /// The rules in order, named rules expanded in place.
    ///
    /// Performance: a statement the checker makes holds its rules as the checker's shared
    /// occurrences (``ExpandedRule``, one reference each) and makes the `CheckedRule`s
    /// when read: only compiling a rule set reads them (once per statement), while
    /// `rulebook check` and the language server never do; made eagerly, they would be an
    /// array of values per statement that nothing reads.
    package var rules: [CheckedRule] {
        switch storage {
        case .checked(let rules): rules
        case .rows(let block, let start, let count): block.rows(Int(start), Int(count)).map(\.rule)
        }
    }
    private let storage: RuleStorage

    /// The rules of a statement, as given or as the checker's occurrences: rows of a
    /// block of the walk's (see ``RuleRows``).
    private enum RuleStorage: Sendable {
        case checked([CheckedRule])
        /// (32-bit start and count: a block holds what fits in memory, 8 bytes a row.)
        case rows(RuleRows, start: Int32, count: Int32)
    }
    /// Where the statement's path is written.
    ///
    /// Performance: computed when read (see ``SourcePlace``); the checker makes a
    /// statement for every field statement, and few of them are ever located.
    package var location: SourceLocation { place.location }
    private let place: SourcePlace

    /// A statement of the given rules (as a rule set built by hand, or a test, makes one).
    package init(path: FieldPath, condition: Condition?, rules: [CheckedRule], location: SourceLocation) {
        self.path = path
        self.condition = condition
        storage = .checked(rules)
        place = .resolved(location)
    }

    /// A statement whose rules are the checker's occurrences, `count` rows of `block`
    /// from `start` (see ``rules``).
    init(path: FieldPath, condition: Condition?, rows block: RuleRows, start: Int, count: Int, place: SourcePlace) {
        self.path = path
        self.condition = condition
        storage = .rows(block, start: Int32(truncatingIfNeeded: start), count: Int32(truncatingIfNeeded: count))
        self.place = place
    }

    /// The rule at `offset` (nil past the end), made alone.
    package func rule(at offset: Int) -> CheckedRule? {
        switch storage {
        case .checked(let rules): rules.indices.contains(offset) ? rules[offset] : nil
        case .rows(let block, let start, let count): offset >= 0 && offset < Int(count) ? block[Int(start) + offset].rule : nil
        }
    }

    /// The checker's occurrences (nil for a statement made with `CheckedRule`s), for tests.
    var occurrences: [ExpandedRule]? {
        guard case .rows(let block, let start, let count) = storage else { return nil }
        return Array(block.rows(Int(start), Int(count)))
    }
}

/// One validator application after checking.
package struct CheckedRule: Sendable {
    /// The validator that runs.
    package let validator: BuiltinValidator
    /// The catalogue key of the form used (`minLength`, `lengthBetween`, …).
    package let messageKey: String
    /// The arguments, paired with their parameter names, in order. A variadic
    /// parameter (`oneOf`) appears once, as ``RuleArgument/list(_:)``.
    package let arguments: [(name: String, value: RuleArgument)]
    /// The rule's `message` override, if any.
    package let messageOverride: MessageOverride?
    /// Where the validator's name is written (inside the named rule when expanded).
    ///
    /// Performance: computed when read (see ``SourcePlace``); the checker makes a rule
    /// for every occurrence, and only compiling a rule set reads the locations.
    package var location: SourceLocation { place.location }
    /// The stored form of ``location``.
    let place: SourcePlace
    /// The named rules this rule was expanded from, outermost first (empty when written directly).
    package let expandedFrom: [String]

    package init(
        validator: BuiltinValidator, messageKey: String, arguments: [(name: String, value: RuleArgument)],
        messageOverride: MessageOverride?, location: SourceLocation, expandedFrom: [String]
    ) {
        self.init(
            validator: validator, messageKey: messageKey, arguments: arguments, messageOverride: messageOverride,
            place: .resolved(location), expandedFrom: expandedFrom)
    }

    init(
        validator: BuiltinValidator, messageKey: String, arguments: [(name: String, value: RuleArgument)],
        messageOverride: MessageOverride?, place: SourcePlace, expandedFrom: [String]
    ) {
        self.validator = validator
        self.messageKey = messageKey
        self.arguments = arguments
        self.messageOverride = messageOverride
        self.place = place
        self.expandedFrom = expandedFrom
    }
}

/// Where a checked rule or statement is written: a location, or a byte offset in a file
/// resolved to one when read.
///
/// Performance: converting an offset to a line and a column (a binary search of the line
/// starts, then counting scalars) would be paid for every rule occurrence and
/// statement the checker makes, though only compiling a rule set reads them (the language
/// server and `rulebook check` never do). An offset is kept instead, with the file shared.
/// A resolved location (made only through the package initialisers) is boxed, so that a
/// place is 17 bytes instead of 33 in every checked rule and statement.
enum SourcePlace: Sendable {
    indirect case resolved(SourceLocation)
    case offset(Int, in: SourceLocator)

    var location: SourceLocation {
        switch self {
        case .resolved(let location): location
        case .offset(let offset, let locator): locator.source.location(of: offset)
        }
    }
}

/// One file, shared by the places in it (one reference to retain instead of a file's three).
final class SourceLocator: Sendable {
    let source: SourceFile

    init(_ source: SourceFile) {
        self.source = source
    }
}

/// A checked argument value.
package indirect enum RuleArgument: Sendable {
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
package enum MessageOverride: Sendable, Hashable {
    /// A catalogue key.
    case key(String)
    /// Literal text shown as is (after `{field}`-style placeholders are filled).
    case literal(String)
}

/// A checked `when` condition.
package indirect enum Condition: Sendable, Hashable {
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
