/// One rule as written in a group (a field's statements, or a named rule's body): a
/// validator, or a named rule standing for what it expands to.
///
/// The file it is written in is passed beside it (``RuleAnalyzer/add(_:in:)``).
/// Performance: holding the `SyntaxTree` here copied and destroyed the tree's fields (a
/// retain and a release each) for every rule of every statement, for the rare diagnostic.
struct AnalyzedUse {
    /// The use's name and arguments.
    let range: SourceRange
    /// The named rule's name when the use is one.
    let namedRule: String?
    /// What the use applies, in order.
    let entries: [ExpandedRule]
    /// The conditions under which it applies (nested `when` blocks); `nil` when a
    /// condition could not be checked, which leaves the use out of the analysis.
    let context: ConditionContext?
    /// How to delete the use, for the redundancy fix.
    let removal: RemovalSite
}

/// Finds contradictions and exact repetitions among the rules that apply to one field
/// (or that one named rule bundles), in order.
///
/// Two uses apply together when the conditions of one include all the conditions of the
/// other (so whenever the narrower applies, the wider does too); unconditional rules
/// apply together with everything. Only such pairs are compared. For the interval
/// measures, comparing each new rule with the tightest bounds so far finds every pair
/// that contradicts (intervals on a line that meet pairwise meet all together).
///
/// Repetition is exact only (same validator, arguments and message): an implied rule
/// such as `minLength 2` after `minLength 3` is left alone because removing it would
/// change which message a user sees first, and a rule that also appears under a
/// narrower condition is still needed when that condition is false.
struct RuleAnalyzer {
    /// What the group is, for messages: a field, or "named rule 'personName'".
    ///
    /// Performance: a field is kept as its path and spelt only when a diagnostic needs it;
    /// most fields never get one, and spelling every path was measurable on large files.
    enum Subject {
        case field(FieldPath)
        /// A named rule, by name.
        case namedRule(String)
    }

    private let subjectValue: Subject
    /// ``subject``, once spelt (a field with 20,000 repeated statements gets as many diagnostics).
    private var spelledSubject: String?

    /// "'firstName'" or "named rule 'personName'".
    var subject: String {
        if let spelledSubject { return spelledSubject }
        switch subjectValue {
        case .field(let path): return "'\(path.description)'"
        case .namedRule(let name): return "named rule '\(name)'"
        }
    }
    /// Objects, so a copy of the analyzer would share them: analyzers are only ever
    /// mutated in place (in the checker's array or as a local).
    private var states: [ContextState] = []
    /// Beyond this many distinct condition sets for one field, new ones are not analysed
    /// (bounds the work on generated files with thousands of blocks).
    static let maximumContexts = 64

    init(namedRule name: String) {
        subjectValue = .namedRule(name)
    }

    init(field: FieldPath) {
        subjectValue = .field(field)
    }

    /// Compares `use`, written in `tree`, with the earlier ones, then remembers it.
    mutating func add(_ use: AnalyzedUse, in tree: SyntaxTree) -> Diagnostic? {
        guard let context = use.context else { return nil }
        // Performance: the states related to `context` as bit sets (there are at most
        // `maximumContexts` = 64 states), not arrays of indices made for every rule.
        var related = StateSet(), wider = StateSet()
        var same: Int?
        for index in states.indices {
            let conditions = states[index].conditions
            if conditions === context {
                related.insert(index)
                wider.insert(index)
                same = index
            } else if conditions.conditions.isSubset(of: context.conditions) {
                related.insert(index)
                wider.insert(index)
                if conditions.conditions == context.conditions { same = index }
            } else if context.conditions.isSubset(of: conditions.conditions) {
                related.insert(index)
            }
        }
        var diagnostic = contradiction(of: use, in: tree, against: related)
        if diagnostic == nil {
            diagnostic = repetition(of: use, in: tree, against: wider)
        }
        if let index = same {
            for entry in use.entries { states[index].add(entry) }
        } else if states.count < RuleAnalyzer.maximumContexts {
            let state = ContextState(conditions: context)
            for entry in use.entries { state.add(entry) }
            states.append(state)
        }
        return diagnostic
    }

    private func contradiction(of use: AnalyzedUse, in tree: SyntaxTree, against related: StateSet) -> Diagnostic? {
        for entry in use.entries {
            let facts = entry.facts
            for index in related {
                guard let conflict = states[index].conflict(with: facts, text: entry.text) else { continue }
                let later = describe(entry)
                let earlier = describe(conflict.entry)
                return Diagnostic(file: tree.source.path, range: use.range, code: .contradiction,
                                  message: "\(later) contradicts '\(conflict.entry.text)': \(conflict.reason)",
                                  notes: [note(for: conflict.entry, saying: "\(earlier) is here")])
            }
        }
        return nil
    }

    private mutating func repetition(of use: AnalyzedUse, in tree: SyntaxTree, against wider: StateSet) -> Diagnostic? {
        guard !wider.isEmpty else { return nil }
        let states = self.states
        func earlier(_ entry: ExpandedRule) -> ExpandedRule? {
            for index in wider { if let found = states[index].keys.first(for: entry.repetitionKey) { return found } }
            return nil
        }
        guard let first = use.entries.first, let earliest = earlier(first),
              use.entries.dropFirst().allSatisfy({ earlier($0) != nil }) else { return nil }
        let subject = self.subject
        spelledSubject = subject
        let message = use.namedRule.map { "every rule of '\($0)' already applies to \(subject)" }
            ?? "'\(first.text)' already applies to \(subject)"
        let fix = use.removal.fixIt(in: tree, describing: use.namedRule ?? first.text)
        return Diagnostic(file: tree.source.path, range: use.range, code: .redundantRule, message: message,
                          notes: [note(for: earliest, saying: "\(describe(earliest)) is here")],
                          fixIts: fix.map { [$0] } ?? [])
    }

    /// `'maxLength 3'`, or `'maxLength 3' (from 'shortName')`.
    private func describe(_ entry: ExpandedRule) -> String {
        guard let origin = entry.rule.expandedFrom.first else { return "'\(entry.text)'" }
        return "'\(entry.text)' (from '\(origin)')"
    }

    private func note(for entry: ExpandedRule, saying message: String) -> Note {
        Note(message: message, file: entry.file, range: entry.range)
    }
}

/// The conditions of one `when` block (nested blocks' joined), made once per block and
/// shared by its statements.
///
/// Performance: a statement's uses are compared with a field's earlier states by their
/// conditions; sharing one object per block lets the common case (the same block, or
/// no block at all) be decided by identity instead of hashing every condition per rule.
final class ConditionContext {
    let conditions: Set<Condition>

    init(_ conditions: Set<Condition>) {
        self.conditions = conditions
    }
}

/// A set of state indices below 64 (``RuleAnalyzer/maximumContexts``).
private struct StateSet: Sequence {
    private var bits: UInt64 = 0

    var isEmpty: Bool { bits == 0 }

    mutating func insert(_ index: Int) { bits |= 1 << UInt64(index) }

    func makeIterator() -> Iterator { Iterator(remaining: bits) }

    /// The indices in increasing order.
    struct Iterator: IteratorProtocol {
        var remaining: UInt64

        mutating func next() -> Int? {
            guard remaining != 0 else { return nil }
            let index = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            return index
        }
    }
}

/// The tightest bounds and the accepted kinds of the rules seen under one set of conditions.
///
/// Performance: a class, because reading a large struct out of the states array (to
/// compare a new rule with it) copied it with every reference it holds.
private final class ContextState {
    let conditions: ConditionContext
    /// The rule holding the tightest bound per measure (the bound is its facts' own).
    /// Performance: inline slots rather than arrays or dictionaries, since every field
    /// gets a state of its own.
    var lower = MeasureSlots()
    var upper = MeasureSlots()
    /// The first rule seen for each repetition key, in order; also where the accepted
    /// kinds are found (see ``conflict(with:text:)``).
    var keys = RepetitionTable()

    init(conditions: ConditionContext) {
        self.conditions = conditions
    }

    func add(_ entry: ExpandedRule) {
        let facts = entry.facts
        keys.insertIfAbsent(entry)
        guard let measure = facts.measure, !facts.isEmpty else { return }
        if let bound = facts.lower, lower[measure]?.facts.lower.map({ tighterLower(bound, than: $0) }) ?? true {
            lower[measure] = entry
        }
        if let bound = facts.upper, upper[measure]?.facts.upper.map({ tighterUpper(bound, than: $0) }) ?? true {
            upper[measure] = entry
        }
    }

    private func tighterLower(_ bound: RuleFacts.Bound, than held: RuleFacts.Bound) -> Bool {
        bound.value > held.value || (bound.value == held.value && bound.strict && !held.strict)
    }

    private func tighterUpper(_ bound: RuleFacts.Bound, than held: RuleFacts.Bound) -> Bool {
        bound.value < held.value || (bound.value == held.value && bound.strict && !held.strict)
    }

    /// The earlier rule that no value can satisfy together with `facts`, and why.
    func conflict(with facts: RuleFacts, text: String) -> (entry: ExpandedRule, reason: String)? {
        // The first rule (in order) whose accepted kinds exclude these (see ``RepetitionTable``).
        if let kinds = facts.kinds, let other = keys.firstRule(excluding: kinds), let otherKinds = other.facts.kinds {
            return (other, "'\(other.text)' accepts only \(otherKinds.description), '\(text)' only \(kinds.description)")
        }
        guard let measure = facts.measure, !facts.isEmpty else { return nil }
        if let bound = facts.lower, let held = upper[measure], let heldBound = held.facts.upper,
           RuleFacts.excludes(lower: bound, upper: heldBound) {
            let earlier = held.facts
            return (held, measure.impossibility((earlier.lower, earlier.upper), (facts.lower, facts.upper)))
        }
        if let bound = facts.upper, let held = lower[measure], let heldBound = held.facts.lower,
           RuleFacts.excludes(lower: heldBound, upper: bound) {
            let earlier = held.facts
            return (held, measure.impossibility((earlier.lower, earlier.upper), (facts.lower, facts.upper)))
        }
        return nil
    }
}

/// One optional rule per measure, stored inline: the rule holding the tightest lower (or
/// upper) bound; the bound is its facts' own.
private struct MeasureSlots {
    private var length: ExpandedRule?
    private var number: ExpandedRule?
    private var items: ExpandedRule?
    private var age: ExpandedRule?
    private var date: ExpandedRule?

    subscript(measure: RuleFacts.Measure) -> ExpandedRule? {
        get {
            switch measure {
            case .length: length
            case .number: number
            case .items: items
            case .age: age
            case .date: date
            }
        }
        set {
            switch measure {
            case .length: length = newValue
            case .number: number = newValue
            case .items: items = newValue
            case .age: age = newValue
            case .date: date = newValue
            }
        }
    }
}

/// The first rule seen for each repetition key, and through them the first rule seen for
/// each distinct set of accepted kinds.
///
/// Performance: a field has a handful of rules, and a dictionary per field (grown from
/// empty, rehashed on the way) cost more than the rest of its analysis; up to
/// `linearLimit` keys are kept in an array and compared by their precomputed hash
/// first, beyond that in a dictionary. The accepted kinds need no list of their own while
/// the keys are few (one allocation less per field): see ``firstRule(excluding:)``.
private struct RepetitionTable {
    private static let linearLimit = 16
    /// Every stored rule in order, while there are at most `linearLimit`.
    private var linear: [ExpandedRule] = []
    private var hashed: [RepetitionKey: ExpandedRule]?
    /// Once the keys are hashed: the first rule per distinct accepted kinds, in order (so
    /// that a field with thousands of distinct rules is not scanned for each new one).
    private var firstPerKinds: [ExpandedRule] = []

    /// The first rule seen for each repetition key.
    func first(for key: RepetitionKey) -> ExpandedRule? {
        if let hashed { return hashed[key] }
        let hash = key.precomputedHash
        return linear.first { $0.repetitionKey.precomputedHash == hash && $0.repetitionKey == key }
    }

    /// The earliest stored rule whose accepted kinds are disjoint from `kinds`.
    ///
    /// Scanning the first rule per key in order finds the same rule as scanning the first
    /// rule per distinct kinds: rules with the same key have the same facts, so the first
    /// rule with given kinds is the first of its key, and it comes before any later rule
    /// with the same kinds.
    func firstRule(excluding kinds: ValueKinds) -> ExpandedRule? {
        for other in hashed == nil ? linear : firstPerKinds {
            if let otherKinds = other.facts.kinds, otherKinds.isDisjoint(with: kinds) { return other }
        }
        return nil
    }

    /// Stores `entry` unless a rule with its key is stored.
    mutating func insertIfAbsent(_ entry: ExpandedRule) {
        let key = entry.repetitionKey
        if hashed != nil {
            guard hashed?[key] == nil else { return }
            hashed?[key] = entry
            noteKinds(of: entry)
            return
        }
        guard first(for: key) == nil else { return }
        // Performance: room for a typical field's rules at once, instead of growing
        // (reallocating) from one element through two to four.
        if linear.isEmpty { linear.reserveCapacity(4) }
        linear.append(entry)
        if linear.count > RepetitionTable.linearLimit {
            var table: [RepetitionKey: ExpandedRule] = [:]
            for rule in linear where table[rule.repetitionKey] == nil { table[rule.repetitionKey] = rule }
            for rule in linear { noteKinds(of: rule) }
            hashed = table
            linear = []
        }
    }

    private mutating func noteKinds(of entry: ExpandedRule) {
        guard let kinds = entry.facts.kinds, !firstPerKinds.contains(where: { $0.facts.kinds == kinds }) else { return }
        firstPerKinds.append(entry)
    }
}

extension CheckedRule {
    /// Equal for rules that do exactly the same thing with the same message.
    var repetitionKey: RepetitionKey {
        RepetitionKey(validator: validator, messageKey: messageKey,
                      arguments: arguments.map { RepetitionKey.Argument(name: $0.name, value: $0.value.repetitionKey) },
                      messageOverride: messageOverride)
    }

    /// The same rule seen from elsewhere: another expansion chain, another message.
    func with(expandedFrom: [String], messageOverride: MessageOverride?) -> CheckedRule {
        CheckedRule(validator: validator, messageKey: messageKey, arguments: arguments, messageOverride: messageOverride,
                    place: place, expandedFrom: expandedFrom)
    }
}

/// What makes two rules the same for `redundant-rule`: validator, message and the
/// canonical form of each argument (a regex by its source and flags, numbers by value).
///
/// Performance: a hashable value rather than a string spelling of the rule, because a key
/// is made for every rule the checker sees, and formatting numbers and paths into strings
/// was a tenth of the checker's time.
struct RepetitionKey: Hashable {
    struct Argument: Hashable {
        let name: String
        let value: Canonical
    }

    /// An argument reduced to what decides its behaviour.
    indirect enum Canonical: Hashable {
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
        self.validator = validator
        self.messageKey = messageKey
        self.arguments = arguments
        self.messageOverride = messageOverride
        var hasher = Hasher()
        hasher.combine(validator)
        hasher.combine(messageKey)
        hasher.combine(arguments)
        hasher.combine(messageOverride)
        hash = hasher.finalize()
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
