/// One rule as written in a group (a field's statements, or a named rule's body): a
/// validator, or a named rule standing for what it expands to.
///
/// The file it is written in is passed beside it (``RuleAnalysis/add(_:to:subject:in:)``).
/// Performance: holding the `SyntaxTree` here copied and destroyed the tree's fields (a
/// retain and a release each) for every rule of every statement, for the rare diagnostic.
struct AnalyzedUse {
    /// What the use applies, in order.
    let entries: UseEntries
    /// The conditions under which it applies (nested `when` blocks); `nil` when a
    /// condition could not be checked, which leaves the use out of the analysis.
    let context: ConditionContext?
    /// The list the use is written in (a field statement's or a named rule's rules).
    let rules: SyntaxList<RuleSyntax>
    /// The whole statement, deleted by the redundancy fix when the rule is its only one
    /// (`nil` in a named rule's body: never delete it).
    let statementRange: SourceRange?
    /// The use's index in ``rules``.
    private let position: Int32

    /// Performance: the use's range, its named rule's name and its removal site are read
    /// from its rule list when a diagnostic needs them, not stored: diagnostics are rare
    /// and uses are many, so a use stays small.
    init(entries: UseEntries, context: ConditionContext?, rules: SyntaxList<RuleSyntax>, index: Int, statementRange: SourceRange?) {
        self.entries = entries
        self.context = context
        self.rules = rules
        self.statementRange = statementRange
        position = Int32(truncatingIfNeeded: index)  // (a list of 2^31 rules does not fit in memory)
    }

    /// The use's index in ``rules``.
    var index: Int { Int(position) }

    /// The use's name and arguments.
    var range: SourceRange {
        rules.indices.contains(index) ? CheckerRun.headRange(of: rules[index]) : SourceRange(start: 0, end: 0)
    }

    /// The named rule's name when the use is one (only a named rule's use has `.many`
    /// entries, and its name is the one written: scopes are keyed by definition name).
    var namedRule: String? {
        guard case .many = entries, rules.indices.contains(index) else { return nil }
        return rules[index].name.name
    }

    /// How to delete the use, for the redundancy fix.
    var removal: RemovalSite { RemovalSite(rules: rules, index: index, statementRange: statementRange) }
}

/// The validators one use applies: one for a validator (most uses), a named rule's expansion.
///
/// Performance: a validator's use was a one-element array, allocated and freed for every
/// rule of every statement.
enum UseEntries: RandomAccessCollection {
    case one(ExpandedRule)
    case many([ExpandedRule])

    var startIndex: Int { 0 }

    var endIndex: Int {
        switch self {
        case .one: 1
        case .many(let entries): entries.count
        }
    }

    subscript(position: Int) -> ExpandedRule {
        switch self {
        case .one(let entry): entry
        case .many(let entries): entries[position]
        }
    }
}

/// Finds contradictions and exact repetitions among the rules that apply to one group (a
/// field, or what one named rule bundles), in order; one value holds every group of a
/// file (or of a named rule).
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
///
/// Performance: per-file tables instead of objects per group. A group is three integers
/// (its states form a list through ``State/next``); a state (the rules seen under one set
/// of conditions) is a row of ``states``; the first rule of each repetition key of a
/// state is a row of ``keys`` (its keys form a list through ``KeyRow/next``), and the
/// tightest bounds are indices of those rows. Each field had an analyzer, a state
/// object and a key array of its own, allocated and freed, which cost about as much as
/// the analysis itself.
struct RuleAnalysis {
    /// What a group is, for messages: a field, or "named rule 'personName'".
    ///
    /// Performance: a field is kept as its path and spelt only when a diagnostic needs it;
    /// most fields never get one, and spelling every path was measurable on large files.
    enum Subject {
        case field(FieldPath)
        /// A named rule, by name.
        case namedRule(String)

        /// "'firstName'" or "named rule 'personName'".
        var spelled: String {
            switch self {
            case .field(let path): "'\(path.description)'"
            case .namedRule(let name): "named rule '\(name)'"
            }
        }
    }

    /// One group's states, in order of creation (`-1`: none).
    struct Group {
        var firstState: Int32 = -1
        var lastState: Int32 = -1
        var stateCount: Int32 = 0
    }

    /// The rules seen under one set of conditions in one group.
    ///
    /// Memory: 40 bytes, one per field of a file. What few states have is kept beside
    /// the table, by state row: hashed keys (``hashedKeys``) and bounds on a second
    /// measure (``otherBounds``); a state's bounds are nearly always on one measure.
    struct State {
        let conditions: ConditionContext
        /// The next state of the same group (`-1`: none).
        var next: Int32 = -1
        /// The state's keys in order, as a list of ``keys`` rows (`-1`: none).
        var firstKey: Int32 = -1
        var lastKey: Int32 = -1
        /// How many keys the list holds; past ``linearLimit`` the keys are hashed
        /// (``hashedKeys``) and the count stops, so the list never grows large.
        var keyCount: Int32 = 0
        /// The rows in ``keys`` holding the tightest lower and upper bound on ``measure``,
        /// the first measure the state's rules bound (`-1`: none); the bound is the row's
        /// facts' own. Such a rule is always the first of its key in the state: a later
        /// rule with the same key has the same facts, so it is never strictly tighter.
        var lower: Int32 = -1
        var upper: Int32 = -1
        var measure: RuleFacts.Measure?

        init(conditions: ConditionContext) {
            self.conditions = conditions
        }

        var isHashed: Bool { keyCount > RuleAnalysis.linearLimit }
    }

    /// A state's keys once there are many of them.
    final class HashedKeys {
        var rows: [RepetitionKey: Int32] = [:]
        var firstPerKinds: [Int32] = []
    }

    /// Beyond this many distinct condition sets for one group, new ones are not analysed
    /// (bounds the work on generated files with thousands of blocks).
    static let maximumContexts = 64
    /// Keys kept in a state's list before they are hashed.
    private static let linearLimit = 16

    private(set) var groups: [Group] = []
    private var states: [State] = []
    /// Past ``linearLimit`` keys, a state's keys hashed, and the first rule per distinct
    /// accepted kinds (so that a field with thousands of distinct rules is not scanned per
    /// new rule), by state row.
    private var hashedKeys: [Int32: HashedKeys] = [:]
    /// The rows of the tightest bounds on the measures other than a state's ``State/measure``
    /// (`-1`: none), by state row.
    private var otherBounds: [Int32: (lower: MeasureSlots, upper: MeasureSlots)] = [:]
    /// The first rule of each key of each state.
    ///
    /// Performance: one array of rows, not three arrays (rule, hash, next) appended to
    /// and checked for uniqueness separately for every new key.
    private var keys: [KeyRow] = []

    /// The first rule of one key in one state.
    ///
    /// Performance: 16 bytes, one per distinct rule of each field; the hash is kept to
    /// 32 bits (it only filters the key comparisons), it was 24 bytes.
    private struct KeyRow {
        let rule: ExpandedRule
        /// The rule's repetition hash, truncated.
        let hash: Int32
        /// The state's next key row (`-1`: none).
        var next: Int32 = -1

        init(rule: ExpandedRule, hash: Int) {
            self.rule = rule
            self.hash = Int32(truncatingIfNeeded: hash)
        }
    }
    /// The subjects spelt for diagnostics, by group (a field with 20,000 repeated
    /// statements gets as many diagnostics).
    private var spelledSubjects: [Int: String] = [:]

    init(expectedGroups: Int = 0) {
        groups.reserveCapacity(expectedGroups)
        states.reserveCapacity(expectedGroups)
        // Performance: room for three distinct rules per group; with two, the second part
        // of the 100,000-line file outgrew it and copied its rows into a table twice as
        // large (fresh pages for both; room never written to is never touched).
        keys.reserveCapacity(3 * expectedGroups)
    }

    /// Forgets every group, keeping the tables' room (for the next statement's scratch
    /// analysis: a few rows each time, never a new allocation).
    mutating func removeAll() {
        groups.removeAll(keepingCapacity: true)
        states.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        if !hashedKeys.isEmpty { hashedKeys = [:] }
        if !otherBounds.isEmpty { otherBounds = [:] }
        if !spelledSubjects.isEmpty { spelledSubjects = [:] }
    }

    /// A new group with no rules; returns its id.
    mutating func addGroup() -> Int {
        groups.append(Group())
        return groups.count - 1
    }

    /// Compares `use`, written in `tree`, with the group's earlier uses, then remembers it.
    mutating func add(_ use: AnalyzedUse, to group: Int, subject: Subject, in tree: SyntaxTree) -> Diagnostic? {
        guard let context = use.context else { return nil }
        // Performance: the states related to `context` as bit sets (there are at most
        // `maximumContexts` = 64 states), not arrays of indices made for every rule.
        var related = StateSet(), wider = StateSet()
        var same: Int32 = -1
        var order = 0
        var index = groups[group].firstState
        while index >= 0 {
            let conditions = states[Int(index)].conditions
            if conditions === context {
                related.insert(order, row: index)
                wider.insert(order, row: index)
                same = index
            } else if conditions.conditions.isSubset(of: context.conditions) {
                related.insert(order, row: index)
                wider.insert(order, row: index)
                if conditions.conditions == context.conditions { same = index }
            } else if context.conditions.isSubset(of: conditions.conditions) {
                related.insert(order, row: index)
            }
            order += 1
            index = states[Int(index)].next
        }
        // Performance: `if let`, not `== nil` on the optional diagnostic (which copied it).
        let diagnostic: Diagnostic?
        if let found = contradiction(of: use, in: tree, against: related) {
            diagnostic = found
        } else {
            diagnostic = repetition(of: use, in: tree, against: wider, group: group, subject: subject)
        }
        if same >= 0 {
            addEntries(of: use, toState: Int(same))
        } else if groups[group].stateCount < RuleAnalysis.maximumContexts {
            let state = Int32(states.count)
            states.append(State(conditions: context))
            if groups[group].lastState >= 0 { states[Int(groups[group].lastState)].next = state } else { groups[group].firstState = state }
            groups[group].lastState = state
            groups[group].stateCount += 1
            addEntries(of: use, toState: Int(state))
        }
        return diagnostic
    }

    /// Records every entry of `use` in `state`.
    ///
    /// Performance: a switch on the entries, not a `for` over the collection: iterating
    /// `UseEntries` copied the enum into an iterator and each entry out of it (a retain
    /// and a release each) for every use.
    private mutating func addEntries(of use: AnalyzedUse, toState state: Int) {
        switch use.entries {
        case .one(let entry): addEntry(entry, toState: state)
        case .many(let entries): for entry in entries { addEntry(entry, toState: state) }
        }
    }

    private func contradiction(of use: AnalyzedUse, in tree: SyntaxTree, against related: StateSet) -> Diagnostic? {
        guard !related.isEmpty else { return nil }
        // (A switch, not a `for` over `use.entries`: see `addEntries`.)
        switch use.entries {
        case .one(let entry):
            return contradiction(of: entry, use: use, in: tree, against: related)
        case .many(let entries):
            for entry in entries {
                if let found = contradiction(of: entry, use: use, in: tree, against: related) { return found }
            }
            return nil
        }
    }

    /// The contradiction between `entry` (one of `use`'s) and the rules of `related`, if any.
    private func contradiction(
        of entry: ExpandedRule, use: AnalyzedUse, in tree: SyntaxTree,
        against related: StateSet
    ) -> Diagnostic? {
        for state in related {
            guard let conflict = conflict(inState: Int(state), with: entry.head) else { continue }
            let later = describe(entry)
            let earlier = describe(conflict.entry)
            return Diagnostic(
                file: tree.source.path, range: use.range, code: .contradiction,
                message: "\(later) contradicts '\(conflict.entry.text)': \(conflict.reason)",
                notes: [note(for: conflict.entry, saying: "\(earlier) is here")])
        }
        return nil
    }

    private mutating func repetition(
        of use: AnalyzedUse, in tree: SyntaxTree, against wider: StateSet,
        group: Int, subject: Subject
    ) -> Diagnostic? {
        guard !wider.isEmpty, let first = use.entries.first, let earliestRow = earlierRow(of: first, in: wider) else { return nil }
        for index in 1..<use.entries.count where earlierRow(of: use.entries[index], in: wider) == nil { return nil }
        let earliest = keys[Int(earliestRow)].rule
        let spelled = spelledSubjects[group] ?? subject.spelled
        spelledSubjects[group] = spelled
        let message =
            use.namedRule.map { "every rule of '\($0)' already applies to \(spelled)" }
            ?? "'\(first.text)' already applies to \(spelled)"
        let fix = use.removal.fixIt(in: tree, describing: use.namedRule ?? first.text)
        return Diagnostic(
            file: tree.source.path, range: use.range, code: .redundantRule, message: message,
            notes: [note(for: earliest, saying: "\(describe(earliest)) is here")],
            fixIts: fix.map { [$0] } ?? [])
    }

    /// The row of the first rule with `entry`'s key in the first of `states` that has one.
    private func earlierRow(of entry: ExpandedRule, in states: StateSet) -> Int32? {
        for state in states {
            if let row = firstRow(inState: Int(state), for: entry) { return row }
        }
        return nil
    }

    /// `'maxLength 3'`, or `'maxLength 3' (from 'shortName')`.
    private func describe(_ entry: ExpandedRule) -> String {
        guard let origin = entry.expandedFrom.first else { return "'\(entry.text)'" }
        return "'\(entry.text)' (from '\(origin)')"
    }

    private func note(for entry: ExpandedRule, saying message: String) -> Note {
        Note(message: message, file: entry.file, range: entry.range)
    }

    // MARK: States

    /// The row of the first rule with `entry`'s repetition key in `state`.
    private func firstRow(inState state: Int, for entry: ExpandedRule) -> Int32? {
        if states[state].isHashed { return hashedKeys[Int32(state)]?.rows[entry.repetitionKey] }
        let hash = Int32(truncatingIfNeeded: entry.repetitionHash)
        var row = states[state].firstKey
        while row >= 0 {
            if keys[Int(row)].hash == hash, keys[Int(row)].rule.hasRepetitionKey(of: entry) { return row }
            row = keys[Int(row)].next
        }
        return nil
    }

    /// Records `entry` in `state`: its key (unless present), and its bounds.
    private mutating func addEntry(_ entry: ExpandedRule, toState state: Int) {
        guard firstRow(inState: state, for: entry) == nil else { return }  // same key: same facts, never tighter
        let row = Int32(keys.count)
        keys.append(KeyRow(rule: entry, hash: entry.repetitionHash))
        if states[state].isHashed, let hashed = hashedKeys[Int32(state)] {
            hashed.rows[entry.repetitionKey] = row
            noteKinds(ofRow: row, in: hashed)
        } else {
            if states[state].lastKey >= 0 { keys[Int(states[state].lastKey)].next = row } else { states[state].firstKey = row }
            states[state].lastKey = row
            states[state].keyCount += 1
            if states[state].keyCount > RuleAnalysis.linearLimit { hashKeys(ofState: state) }
        }
        let head = entry.head
        guard let measure = head.facts.measure, !head.facts.isEmpty else { return }
        if let bound = head.facts.lower {
            let held = boundRow(inState: state, measure, lower: true)
            if held < 0 || keys[Int(held)].rule.head.facts.lower.map({ RuleAnalysis.tighterLower(bound, than: $0) }) ?? true {
                setBoundRow(row, inState: state, measure, lower: true)
            }
        }
        if let bound = head.facts.upper {
            let held = boundRow(inState: state, measure, lower: false)
            if held < 0 || keys[Int(held)].rule.head.facts.upper.map({ RuleAnalysis.tighterUpper(bound, than: $0) }) ?? true {
                setBoundRow(row, inState: state, measure, lower: false)
            }
        }
    }

    /// The row of the tightest lower (or upper) bound on `measure` in `state` (`-1`: none).
    private func boundRow(inState state: Int, _ measure: RuleFacts.Measure, lower: Bool) -> Int32 {
        guard let first = states[state].measure else { return -1 }
        if first == measure { return lower ? states[state].lower : states[state].upper }
        guard let other = otherBounds[Int32(state)] else { return -1 }
        return lower ? other.lower[measure] : other.upper[measure]
    }

    private mutating func setBoundRow(_ row: Int32, inState state: Int, _ measure: RuleFacts.Measure, lower: Bool) {
        if states[state].measure == nil { states[state].measure = measure }
        if states[state].measure == measure {
            if lower { states[state].lower = row } else { states[state].upper = row }
            return
        }
        var other = otherBounds[Int32(state)] ?? (lower: MeasureSlots(), upper: MeasureSlots())
        if lower { other.lower[measure] = row } else { other.upper[measure] = row }
        otherBounds[Int32(state)] = other
    }

    /// Moves a state's key list into a hash table (the list's first row per kinds kept in order).
    private mutating func hashKeys(ofState state: Int) {
        let hashed = HashedKeys()
        var row = states[state].firstKey
        while row >= 0 {
            let key = keys[Int(row)].rule.repetitionKey
            if hashed.rows[key] == nil { hashed.rows[key] = row }
            noteKinds(ofRow: row, in: hashed)
            row = keys[Int(row)].next
        }
        hashedKeys[Int32(state)] = hashed
    }

    private func noteKinds(ofRow row: Int32, in hashed: HashedKeys) {
        guard let kinds = keys[Int(row)].rule.head.facts.kinds,
            !hashed.firstPerKinds.contains(where: { keys[Int($0)].rule.head.facts.kinds == kinds })
        else { return }
        hashed.firstPerKinds.append(row)
    }

    /// The earliest rule of `state` whose accepted kinds are disjoint from `kinds`.
    ///
    /// Scanning the first rule per key in order finds the same rule as scanning the first
    /// rule per distinct kinds: rules with the same key have the same facts, so the first
    /// rule with given kinds is the first of its key, and it comes before any later rule
    /// with the same kinds.
    private func firstRule(inState state: Int, excluding kinds: ValueKinds) -> ExpandedRule? {
        if states[state].isHashed, let hashed = hashedKeys[Int32(state)] {
            for row in hashed.firstPerKinds {
                let other = keys[Int(row)].rule
                if let otherKinds = other.head.facts.kinds, otherKinds.isDisjoint(with: kinds) { return other }
            }
            return nil
        }
        var row = states[state].firstKey
        while row >= 0 {
            let other = keys[Int(row)].rule
            if let otherKinds = other.head.facts.kinds, otherKinds.isDisjoint(with: kinds) { return other }
            row = keys[Int(row)].next
        }
        return nil
    }

    /// The earlier rule of `state` that no value can satisfy together with `head`'s facts, and why.
    ///
    /// Performance: reads the facts through the shared head; passing them as a value
    /// copied the struct (its bounds' texts retained and released) for every rule and
    /// related state.
    private func conflict(inState state: Int, with head: LoweringCache.Entry) -> (entry: ExpandedRule, reason: String)? {
        if let kinds = head.facts.kinds, let other = firstRule(inState: state, excluding: kinds), let otherKinds = other.head.facts.kinds {
            return (other, "'\(other.text)' accepts only \(otherKinds.description), '\(head.text)' only \(kinds.description)")
        }
        guard let measure = head.facts.measure, !head.facts.isEmpty else { return nil }
        let upperRow = boundRow(inState: state, measure, lower: false)
        if upperRow >= 0, let bound = head.facts.lower {
            let held = keys[Int(upperRow)].rule
            if let heldBound = held.head.facts.upper, RuleFacts.excludes(lower: bound, upper: heldBound) {
                let earlier = held.head.facts, facts = head.facts
                return (held, measure.impossibility((earlier.lower, earlier.upper), (facts.lower, facts.upper)))
            }
        }
        let lowerRow = boundRow(inState: state, measure, lower: true)
        if lowerRow >= 0, let bound = head.facts.upper {
            let held = keys[Int(lowerRow)].rule
            if let heldBound = held.head.facts.lower, RuleFacts.excludes(lower: heldBound, upper: bound) {
                let earlier = held.head.facts, facts = head.facts
                return (held, measure.impossibility((earlier.lower, earlier.upper), (facts.lower, facts.upper)))
            }
        }
        return nil
    }

    private static func tighterLower(_ bound: RuleFacts.Bound, than held: RuleFacts.Bound) -> Bool {
        bound.value > held.value || (bound.value == held.value && bound.strict && !held.strict)
    }

    private static func tighterUpper(_ bound: RuleFacts.Bound, than held: RuleFacts.Bound) -> Bool {
        bound.value < held.value || (bound.value == held.value && bound.strict && !held.strict)
    }
}

/// The conditions of one `when` block (nested blocks' joined), made once per block and
/// shared by its statements.
///
/// Performance: a statement's uses are compared with a field's earlier states by their
/// conditions; sharing one object per block lets the common case (the same block, or
/// no block at all) be decided by identity instead of hashing every condition per rule.
///
/// Performance: the set is made on first use. It is only needed when a field has rules
/// under two different blocks (or under a block and outside any); hashing every block's
/// conditions into a set was 3% of checking a file whose fields each appear once.
final class ConditionContext {
    private let list: [Condition]
    private var set: Set<Condition>?

    init(_ conditions: [Condition]) {
        list = conditions
    }

    /// The conditions as a set (nested blocks' conditions together).
    var conditions: Set<Condition> {
        if let set { return set }
        let made = Set(list)
        set = made
        return made
    }
}

/// A set of a group's states (at most ``RuleAnalysis/maximumContexts`` = 64), by their
/// order in the group, iterated in that order as rows of the state table.
private struct StateSet: Sequence {
    private var bits: UInt64 = 0
    /// The rows of the states inserted, by order (only inserted orders are read).
    private var rows: [Int32]

    init() {
        rows = []
    }

    var isEmpty: Bool { bits == 0 }

    mutating func insert(_ order: Int, row: Int32) {
        bits |= 1 << UInt64(order)
        // Performance: most groups have one state; the array is only made for more.
        if order == 0 && rows.isEmpty { firstRow = row; return }
        if rows.isEmpty { rows = Array(repeating: -1, count: RuleAnalysis.maximumContexts); rows[0] = firstRow }
        rows[order] = row
    }

    private var firstRow: Int32 = -1

    func makeIterator() -> Iterator { Iterator(remaining: bits, rows: rows, firstRow: firstRow) }

    /// The rows in increasing order.
    struct Iterator: IteratorProtocol {
        var remaining: UInt64
        let rows: [Int32]
        let firstRow: Int32

        mutating func next() -> Int32? {
            guard remaining != 0 else { return nil }
            let order = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            return rows.isEmpty ? firstRow : rows[order]
        }
    }
}

/// One row per measure (`-1`: none), stored inline.
struct MeasureSlots {
    private var length: Int32 = -1
    private var number: Int32 = -1
    private var items: Int32 = -1
    private var age: Int32 = -1
    private var date: Int32 = -1

    subscript(measure: RuleFacts.Measure) -> Int32 {
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
