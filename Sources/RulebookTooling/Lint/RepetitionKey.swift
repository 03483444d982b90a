import Rulebook
import RulebookRegex

// What makes two rules "the same rule" for `redundant-rule`, and the canonical forms of
// arguments it compares.

extension LoweringCache.Entry {
    /// The repetition key of the head's occurrences without a message override.
    var repetitionKey: RepetitionKey {
        RepetitionKey(
            validator: validator, messageKey: messageKey,
            arguments: arguments.map { RepetitionKey.Argument(name: $0.name, value: $0.value.repetitionKey) },
            messageOverride: nil)
    }
}

/// What makes two rules the same for `redundant-rule`: validator, message and the
/// canonical form of each argument (a regex by its source and flags, numbers by value).
///
/// Performance: a hashable value rather than a string spelling of the rule, because a key
/// is looked up for every rule the checker sees, and formatting numbers and paths into
/// strings was a tenth of the checker's time; it is made once per head
/// (``RedundantRuleLint``).
struct RepetitionKey: Hashable, Sendable {
    struct Argument: Hashable, Sendable {
        let name: String
        let value: Canonical
    }

    /// An argument reduced to what decides its behaviour.
    indirect enum Canonical: Hashable, Sendable {
        case count(Int)
        /// A number's bit pattern: equal exactly when the numbers print the same (`2` and `2.0` do).
        case number(UInt64)
        case null
        case bool(Bool)
        case string(String)
        case array([Canonical])
        /// Objects are never literals; only their size is compared, as before.
        case object(Int)
        case regex(source: String, flags: String)
        case date(CalendarDate)
        case today
        case field([FieldPath.Segment])
        case list([Canonical])
        /// A literal argument (kept apart from a number argument of the same value).
        case value(Canonical)
    }

    let validator: BuiltinValidator
    let messageKey: String
    let arguments: [Argument]
    let messageOverride: MessageOverride?
    /// Hashed once: a key is looked up and stored several times per rule.
    private let hash: Int

    init(validator: BuiltinValidator, messageKey: String, arguments: [Argument], messageOverride: MessageOverride?) {
        var hasher = Hasher()
        hasher.combine(validator)
        hasher.combine(messageKey)
        hasher.combine(arguments)
        self.init(
            validator: validator, messageKey: messageKey, arguments: arguments, messageOverride: messageOverride,
            hash: RepetitionKey.hash(base: hasher.finalize(), override: messageOverride))
    }

    /// `base` with the message override `override` (replacing `base`'s own).
    ///
    /// Performance: the validator, key and arguments are not hashed again (their hash is
    /// `base`'s when it has no override); a head written with a message override repeats
    /// this for every occurrence, and hashing the arguments (a pattern's source, say) is
    /// not cheap.
    ///
    /// - Parameter overrideHash: `override`'s ``overrideHash(_:)`` when the caller has it.
    init(_ base: RepetitionKey, override: MessageOverride?, overrideHash: Int? = nil) {
        guard base.messageOverride == nil else {
            self.init(validator: base.validator, messageKey: base.messageKey, arguments: base.arguments, messageOverride: override)
            return
        }
        self.init(
            validator: base.validator, messageKey: base.messageKey, arguments: base.arguments, messageOverride: override,
            hash: RepetitionKey.hash(base: base.hash, override: override, overrideHash: overrideHash))
    }

    private init(
        validator: BuiltinValidator, messageKey: String, arguments: [Argument], messageOverride: MessageOverride?,
        hash: Int
    ) {
        self.validator = validator
        self.messageKey = messageKey
        self.arguments = arguments
        self.messageOverride = messageOverride
        self.hash = hash
    }

    /// The hash of a key whose validator, message key and arguments hash to `base`: `base`
    /// itself without an override (so equal keys hash equally however they were made).
    ///
    /// The override enters as its own ``overrideHash(_:)``, so that a caller that met the
    /// same override before can pass that instead of hashing its text again.
    private static func hash(base: Int, override: MessageOverride?, overrideHash: Int? = nil) -> Int {
        guard let override else { return base }
        var hasher = Hasher()
        hasher.combine(base)
        hasher.combine(overrideHash ?? RepetitionKey.overrideHash(override))
        return hasher.finalize()
    }

    /// The hash a message override contributes to a key's (equal overrides have equal ones).
    static func overrideHash(_ override: MessageOverride) -> Int {
        override.hashValue
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    /// The hash computed once at creation (equal keys have equal ones).
    var precomputedHash: Int { hash }
}

extension RuleArgument {
    /// A canonical form: equal for arguments that behave the same.
    var repetitionKey: RepetitionKey.Canonical {
        switch self {
        case .count(let value): .count(value)
        case .number(let value, _): .number(value.bitPattern)
        case .value(let value): .value(value.repetitionKey)
        case .regex(let pattern, let source): .regex(source: source, flags: pattern.flags)
        case .date(let date): .date(date)
        case .today: .today
        case .field(let path): .field(path.segments)
        case .list(let values): .list(values.map(\.repetitionKey))
        }
    }
}

extension Value {
    /// A canonical form of a literal (only literals reach here: strings, numbers, booleans).
    fileprivate var repetitionKey: RepetitionKey.Canonical {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .integer(let value): .number(Double(value).bitPattern)
        case .decimal(let value): .number(value.bitPattern)
        case .string(let text): .string(text)
        case .array(let values): .array(values.map(\.repetitionKey))
        case .object(let object): .object(object.count)
        }
    }
}
