/// One rule as written in a group (a field's statements, or a named rule's body): a
/// validator, or a named rule standing for what it expands to.
///
/// The file it is written in is passed beside it (``RuleAnalysis/add(_:to:subject:in:)``).
/// Performance: holding the `SyntaxTree` here copied and destroyed the tree's fields (a
/// retain and a release each) for every rule of every statement, for the rare diagnostic.
package struct AnalyzedUse {
    /// What the use applies, in order.
    package let entries: UseEntries
    /// The conditions under which it applies (nested `when` blocks); `nil` when a
    /// condition could not be checked, which leaves the use out of the analysis.
    let context: ConditionContext?
    /// The list the use is written in (a field statement's or a named rule's rules).
    package let rules: SyntaxList<RuleSyntax>
    /// The whole statement (`nil` in a named rule's body), for fixes that delete the use.
    package let statementRange: SourceRange?
    /// The use's index in ``rules``.
    private let position: Int32

    /// Performance: the use's range (and what lint reads: its named rule's name, its
    /// removal) is read from its rule list when a diagnostic needs it, not stored:
    /// diagnostics are rare and uses are many, so a use stays small.
    init(entries: UseEntries, context: ConditionContext?, rules: SyntaxList<RuleSyntax>, index: Int, statementRange: SourceRange?) {
        self.entries = entries
        self.context = context
        self.rules = rules
        self.statementRange = statementRange
        position = Int32(truncatingIfNeeded: index)  // (a list of 2^31 rules does not fit in memory)
    }

    /// The use's index in ``rules``.
    package var index: Int { Int(position) }

    /// The use's name and arguments.
    package var range: SourceRange {
        rules.indices.contains(index) ? CheckerRun.headRange(of: rules[index]) : SourceRange(start: 0, end: 0)
    }
}

/// The validators one use applies: one for a validator (most uses), a named rule's expansion.
///
/// Performance: a validator's use was a one-element array, allocated and freed for every
/// rule of every statement.
package enum UseEntries: RandomAccessCollection {
    case one(ExpandedRule)
    case many([ExpandedRule])

    package var startIndex: Int { 0 }

    package var endIndex: Int {
        switch self {
        case .one: 1
        case .many(let entries): entries.count
        }
    }

    package subscript(position: Int) -> ExpandedRule {
        switch self {
        case .one(let entry): entry
        case .many(let entries): entries[position]
        }
    }
}

/// Finds contradictions among the rules that apply to one group (a field, or what one
/// named rule bundles), in order; one value holds every group of a file (or of a named
/// rule). Lint that follows the same comparison (``UseLint``: `redundant-rule` in the
/// tools) is told of every use with the states it was compared with.
///
/// Two uses apply together when the conditions of one include all the conditions of the
/// other (so whenever the narrower applies, the wider does too); unconditional rules
/// apply together with everything. Only such pairs are compared. For the interval
/// measures, comparing each new rule with the tightest bounds so far finds every pair
/// that contradicts (intervals on a line that meet pairwise meet all together).
///
/// Performance: per-file tables instead of objects per group. A group is three integers
/// (its states form a list through ``State/next``); a state (the rules seen under one set
/// of conditions) is a row of ``states``; a state keeps only the rules a contradiction
/// can name: the first rule of each distinct set of accepted kinds (a list of ``rows``
/// through ``Row/next``) and the tightest bounds (indices of ``rows``). Each field had an
/// analyzer, a state object and a key array of its own, allocated and freed, which cost
/// about as much as the analysis itself.
struct RuleAnalysis {
    /// One group's states, in order of creation (`-1`: none).
    struct Group {
        var firstState: Int32 = -1
        var lastState: Int32 = -1
        var stateCount: Int32 = 0
    }

    /// The rules seen under one set of conditions in one group.
    ///
    /// Memory: one per field of a file. Bounds on a second measure are kept beside the
    /// table, by state row (``otherBounds``); a state's bounds are nearly always on one
    /// measure.
    struct State {
        let conditions: ConditionContext
        /// The next state of the same group (`-1`: none).
        var next: Int32 = -1
        /// The first rule of each distinct set of accepted kinds, in order, as a list of
        /// ``rows`` (`-1`: none).
        var firstKinds: Int32 = -1
        var lastKinds: Int32 = -1
        /// The rows holding the tightest lower and upper bound on ``measure``, the first
        /// measure the state's rules bound (`-1`: none); the bound is the row's facts' own.
        var lower: Int32 = -1
        var upper: Int32 = -1
        var measure: RuleFacts.Measure?

        init(conditions: ConditionContext) {
            self.conditions = conditions
        }
    }

    /// Beyond this many distinct condition sets for one group, new ones are not analysed
    /// (bounds the work on generated files with thousands of blocks).
    static let maximumContexts = 64

    private(set) var groups: [Group] = []
    private var states: [State] = []
    /// The rows of the tightest bounds on the measures other than a state's ``State/measure``
    /// (`-1`: none), by state row.
    private var otherBounds: [Int32: (lower: MeasureSlots, upper: MeasureSlots)] = [:]
    /// The rules the states keep (see ``State``).
    private var rows: [Row] = []
    /// The lint following this table (none without lint passes).
    private let lints: [any UseLint]
    /// This table's number among the check's, for ``lints``.
    private let table: Int

    /// A rule a state keeps.
    private struct Row {
        let rule: ExpandedRule
        /// The state's next row of distinct kinds (`-1`: none, or not in that list).
        var next: Int32 = -1
    }

    /// - Parameters:
    ///   - lints: the lint following the comparison (``UseLint``).
    ///   - table: this table's number among the check's, unique while it lives.
    init(expectedGroups: Int = 0, lints: [any UseLint] = [], table: Int = 0) {
        self.lints = lints
        self.table = table
        reserveCapacity(expectedGroups)
    }

    /// Makes room for `expectedGroups` groups.
    mutating func reserveCapacity(_ expectedGroups: Int) {
        groups.reserveCapacity(expectedGroups)
        states.reserveCapacity(expectedGroups)
    }

    /// Forgets every group, keeping the tables' room (for the next statement's scratch
    /// analysis: a few rows each time, never a new allocation); the lint forgets its
    /// table too (keeping its room only when `keepingCapacity`).
    mutating func removeAll(keepingCapacity: Bool = true) {
        groups.removeAll(keepingCapacity: keepingCapacity)
        states.removeAll(keepingCapacity: keepingCapacity)
        rows.removeAll(keepingCapacity: keepingCapacity)
        if !otherBounds.isEmpty { otherBounds = [:] }
        for lint in lints { lint.removeAll(table: table, keepingCapacity: keepingCapacity) }
    }

    /// A new group with no rules; returns its id.
    mutating func addGroup() -> Int {
        groups.append(Group())
        return groups.count - 1
    }

    /// Compares `use`, written in `tree`, with the group's earlier uses, then remembers it.
    mutating func add(_ use: AnalyzedUse, to group: Int, subject: UseSubject, in tree: SyntaxTree) -> Diagnostic? {
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
        let contradiction = contradiction(of: use, in: tree, against: related)
        var state: Int32? = same >= 0 ? same : nil
        if same >= 0 {
            addEntries(of: use, toState: Int(same))
        } else if groups[group].stateCount < RuleAnalysis.maximumContexts {
            let added = Int32(states.count)
            states.append(State(conditions: context))
            if groups[group].lastState >= 0 { states[Int(groups[group].lastState)].next = added } else { groups[group].firstState = added }
            groups[group].lastState = added
            groups[group].stateCount += 1
            addEntries(of: use, toState: Int(added))
            state = added
        }
        guard !lints.isEmpty else { return contradiction }
        // The lint sees a contradicted use too: its rules still join the state.
        // Performance: a diagnostic is copied only when there is one (copying and
        // destroying the optional diagnostics of every use was a few percent of a check),
        // and `if let`, not `??` (which copied them too).
        var warning: Diagnostic?
        let contradicted = contradiction != nil
        for lint in lints {
            if let found = lint.add(
                use, group: group, subject: subject, wider: wider, state: state, contradicted: contradicted,
                table: table, in: tree), warning == nil
            {
                warning = found
            }
        }
        if let contradiction { return contradiction }
        return warning
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
            return Diagnostic(
                file: tree.source.path, range: use.range, code: .contradiction,
                message: "\(entry.described) contradicts '\(conflict.entry.text)': \(conflict.reason)",
                notes: [conflict.entry.note(saying: "\(conflict.entry.described) is here")])
        }
        return nil
    }

    // MARK: States

    /// Records `entry` in `state`: its kinds (unless a rule with the same kinds is there),
    /// and its bounds when tighter.
    private mutating func addEntry(_ entry: ExpandedRule, toState state: Int) {
        let facts = entry.head.facts
        var row: Int32 = -1
        if let kinds = facts.kinds, !hasKinds(kinds, inState: state) {
            row = appendRow(entry)
            if states[state].lastKinds >= 0 { rows[Int(states[state].lastKinds)].next = row } else { states[state].firstKinds = row }
            states[state].lastKinds = row
        }
        guard let measure = facts.measure, !facts.isEmpty else { return }
        if let bound = facts.lower {
            let held = boundRow(inState: state, measure, lower: true)
            if held < 0 || rows[Int(held)].rule.head.facts.lower.map({ RuleAnalysis.tighterLower(bound, than: $0) }) ?? true {
                if row < 0 { row = appendRow(entry) }
                setBoundRow(row, inState: state, measure, lower: true)
            }
        }
        if let bound = facts.upper {
            let held = boundRow(inState: state, measure, lower: false)
            if held < 0 || rows[Int(held)].rule.head.facts.upper.map({ RuleAnalysis.tighterUpper(bound, than: $0) }) ?? true {
                if row < 0 { row = appendRow(entry) }
                setBoundRow(row, inState: state, measure, lower: false)
            }
        }
    }

    private mutating func appendRow(_ entry: ExpandedRule) -> Int32 {
        rows.append(Row(rule: entry))
        return Int32(rows.count - 1)
    }

    /// Whether `state` holds a rule accepting exactly `kinds` (few distinct sets exist).
    private func hasKinds(_ kinds: ValueKinds, inState state: Int) -> Bool {
        var row = states[state].firstKinds
        while row >= 0 {
            if rows[Int(row)].rule.head.facts.kinds == kinds { return true }
            row = rows[Int(row)].next
        }
        return false
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

    /// The earliest rule of `state` whose accepted kinds are disjoint from `kinds`.
    ///
    /// Scanning the first rule per distinct kinds in order finds the earliest such rule:
    /// a later rule with the same kinds comes after the first one.
    private func firstRule(inState state: Int, excluding kinds: ValueKinds) -> ExpandedRule? {
        var row = states[state].firstKinds
        while row >= 0 {
            let other = rows[Int(row)].rule
            if let otherKinds = other.head.facts.kinds, otherKinds.isDisjoint(with: kinds) { return other }
            row = rows[Int(row)].next
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
            let held = rows[Int(upperRow)].rule
            if let heldBound = held.head.facts.upper, RuleFacts.excludes(lower: bound, upper: heldBound) {
                let earlier = held.head.facts, facts = head.facts
                return (held, measure.impossibility((earlier.lower, earlier.upper), (facts.lower, facts.upper)))
            }
        }
        let lowerRow = boundRow(inState: state, measure, lower: true)
        if lowerRow >= 0, let bound = head.facts.upper {
            let held = rows[Int(lowerRow)].rule
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
package struct StateSet: Sequence {
    private var bits: UInt64 = 0
    /// The rows of the states inserted, by order (only inserted orders are read).
    private var rows: [Int32]

    package init() {
        rows = []
    }

    package var isEmpty: Bool { bits == 0 }

    mutating func insert(_ order: Int, row: Int32) {
        bits |= 1 << UInt64(order)
        // Performance: most groups have one state; the array is only made for more.
        if order == 0 && rows.isEmpty { firstRow = row; return }
        if rows.isEmpty { rows = Array(repeating: -1, count: RuleAnalysis.maximumContexts); rows[0] = firstRow }
        rows[order] = row
    }

    private var firstRow: Int32 = -1

    package func makeIterator() -> Iterator { Iterator(remaining: bits, rows: rows, firstRow: firstRow) }

    /// The rows in increasing order.
    package struct Iterator: IteratorProtocol {
        var remaining: UInt64
        let rows: [Int32]
        let firstRow: Int32

        package mutating func next() -> Int32? {
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
