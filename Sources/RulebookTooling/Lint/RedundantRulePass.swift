import Rulebook

/// `redundant-rule`: a rule that repeats exactly (same validator, arguments and message)
/// a rule that already applies to the same field, or to the same named rule's body,
/// whenever it does; the fix deletes it.
///
/// Repetition is exact only: an implied rule such as `minLength 2` after `minLength 3` is
/// left alone because removing it would change which message a user sees first, and a
/// rule that also appears under a narrower condition is still needed when that condition
/// is false. A use the checker found contradictory gets no warning (the error says enough).
///
/// The pass follows the checker's comparison (``RedundantRuleLint``), which already
/// groups each field's rules by the conditions they apply under.
package struct RedundantRulePass: LintPass {
    package init() {}

    /// Everything is reported as the checker goes (``makeUseLint()``).
    package func diagnostics(of facts: LintFacts) -> [Diagnostic] { [] }

    package func makeUseLint() -> (any UseLint)? { RedundantRuleLint() }
}

/// The first rule of each repetition key in each of the checker's states, for one check.
///
/// Performance: per table, one array of key rows (the first rule of each key of each
/// state, a list per state through ``KeyRow/next``); past ``linearLimit`` keys a state's
/// keys are hashed, so a field with thousands of distinct rules is not scanned per rule.
/// A head's key is made once per check, kept by the head's serial.
///
/// Performance: the state read and written for every rule is marked
/// `@exclusivity(unchecked)`, as the checker's own is: a lint is used by the one thread
/// checking, and no method holds an access across a call that touches the same state; as
/// class properties each access would otherwise be checked at run time.
final class RedundantRuleLint: UseLint {
    /// The tables the checker has open, by number (`nil`: done with).
    @exclusivity(unchecked) private var tables: [Table?] = []
    /// Each head's row in ``headKeys`` and ``headHashes``, by serial (`-1`: not made yet).
    @exclusivity(unchecked) private var headRows: [Int32] = []
    /// Each head's key without an override, and its hash.
    @exclusivity(unchecked) private var headKeys: [RepetitionKey] = []
    @exclusivity(unchecked) private var headHashes: [Int] = []
    /// The last message override hashed, with its hash (see ``overrideHash(of:)``).
    @exclusivity(unchecked) private var lastOverrideHash: (override: MessageOverride, hash: Int)?

    /// Keys kept in a state's list before they are hashed.
    static let linearLimit = 16

    func add(
        _ use: AnalyzedUse, group: Int, subject: UseSubject, wider: StateSet, state: Int32?, contradicted: Bool,
        table number: Int, in tree: SyntaxTree
    ) -> Diagnostic? {
        let table = table(number)
        let diagnostic =
            contradicted ? nil : repetition(of: use, group: group, subject: subject, wider: wider, in: table, tree: tree)
        if let state {
            switch use.entries {
            case .one(let entry): addEntry(entry, toState: Int(state), in: table)
            case .many(let entries): for entry in entries { addEntry(entry, toState: Int(state), in: table) }
            }
        }
        return diagnostic
    }

    func removeAll(table number: Int, keepingCapacity: Bool) {
        guard number < tables.count, let table = tables[number] else { return }
        if keepingCapacity { table.removeAll() } else { tables[number] = nil }
    }

    private func table(_ number: Int) -> Table {
        if number < tables.count, let table = tables[number] { return table }
        if number >= tables.count { tables.append(contentsOf: repeatElement(nil, count: number + 1 - tables.count)) }
        let made = Table()
        tables[number] = made
        return made
    }

    // MARK: Keys

    /// `head`'s row in ``headKeys`` (its key made when it is new).
    private func headRow(_ head: LoweringCache.Entry) -> Int {
        let serial = head.serial
        if serial < headRows.count, headRows[serial] >= 0 { return Int(headRows[serial]) }
        if serial >= headRows.count { headRows.append(contentsOf: repeatElement(-1, count: serial + 1 - headRows.count)) }
        let key = head.repetitionKey
        headRows[serial] = Int32(truncatingIfNeeded: headKeys.count)
        headKeys.append(key)
        headHashes.append(key.precomputedHash)
        return headKeys.count - 1
    }

    /// Equal for rules that do exactly the same thing with the same message.
    func key(of entry: ExpandedRule) -> RepetitionKey {
        let row = headRow(entry.head)
        guard let override = entry.messageOverride else { return headKeys[row] }
        return RepetitionKey(headKeys[row], override: override, overrideHash: overrideHash(of: override))
    }

    /// ``key(of:)``'s hash (without making the key of an occurrence with no override).
    func hash(of entry: ExpandedRule) -> Int {
        guard entry.hasOverride else { return headHashes[headRow(entry.head)] }
        return key(of: entry).precomputedHash
    }

    /// Whether two occurrences have the same key. Performance: occurrences of one head
    /// without overrides (the common case) are decided by identity.
    func sameKey(_ a: ExpandedRule, _ b: ExpandedRule) -> Bool {
        if a.head === b.head, !a.hasOverride, !b.hasOverride { return true }
        return key(of: a) == key(of: b)
    }

    /// `override`'s ``RepetitionKey/overrideHash(_:)``, the last one's again when it is
    /// spelt with the same bytes.
    ///
    /// Performance: files repeat an override on many rules (`message "Passwords differ"`
    /// after every `same`, a catalogue key after a pattern), and the standard hash of a
    /// text normalises it. Equal bytes are equal strings, so the hash is the same one.
    func overrideHash(of override: MessageOverride) -> Int {
        if let last = lastOverrideHash, Self.sameSpelling(last.override, override) { return last.hash }
        let hash = RepetitionKey.overrideHash(override)
        lastOverrideHash = (override, hash)
        return hash
    }

    /// Whether two overrides are the same case with byte-identical texts.
    static func sameSpelling(_ a: MessageOverride, _ b: MessageOverride) -> Bool {
        switch (a, b) {
        case (.key(let x), .key(let y)), (.literal(let x), .literal(let y)): x.utf8.elementsEqual(y.utf8)
        default: false
        }
    }

    // MARK: Repetition

    /// The warning when every rule of the use already applies wherever it does.
    private func repetition(
        of use: AnalyzedUse, group: Int, subject: UseSubject, wider: StateSet, in table: Table, tree: SyntaxTree
    ) -> Diagnostic? {
        guard !wider.isEmpty, let first = use.entries.first, let earliestRow = earlierRow(of: first, in: wider, table)
        else { return nil }
        for index in 1..<use.entries.count where earlierRow(of: use.entries[index], in: wider, table) == nil { return nil }
        let earliest = table.keys[Int(earliestRow)].rule
        let spelled = table.spelledSubjects[group] ?? Self.spelled(subject)
        table.spelledSubjects[group] = spelled
        let namedRule = Self.namedRule(of: use)
        let message =
            namedRule.map { "every rule of '\($0)' already applies to \(spelled)" }
            ?? "'\(first.text)' already applies to \(spelled)"
        let removal = RemovalSite(rules: use.rules, index: use.index, statementRange: use.statementRange)
        let fix = removal.fixIt(in: tree, describing: namedRule ?? first.text)
        return Diagnostic(
            file: tree.source.path, range: use.range, code: .redundantRule, message: message,
            notes: [earliest.note(saying: "\(earliest.described) is here")],
            fixIts: fix.map { [$0] } ?? [])
    }

    /// "'firstName'" or "named rule 'personName'".
    static func spelled(_ subject: UseSubject) -> String {
        switch subject {
        case .field(let path): "'\(path.description)'"
        case .namedRule(let name): "named rule '\(name)'"
        }
    }

    /// The named rule's name when the use is one (only a named rule's use has `.many`
    /// entries, and its name is the one written: scopes are keyed by definition name).
    static func namedRule(of use: AnalyzedUse) -> String? {
        guard case .many = use.entries, use.rules.indices.contains(use.index) else { return nil }
        return use.rules[use.index].name.name
    }

    /// The row of the first rule with `entry`'s key in the first of `states` that has one.
    private func earlierRow(of entry: ExpandedRule, in states: StateSet, _ table: Table) -> Int32? {
        for state in states {
            if let row = firstRow(inState: Int(state), for: entry, table) { return row }
        }
        return nil
    }

    // MARK: States

    /// The row of the first rule with `entry`'s repetition key in `state`.
    ///
    /// - Parameter hash: `entry`'s ``hash(of:)`` when the caller has it.
    private func firstRow(inState state: Int, for entry: ExpandedRule, _ table: Table, hash: Int? = nil) -> Int32? {
        guard state < table.states.count else { return nil }
        if table.states[state].isHashed { return table.hashedKeys[Int32(state)]?[key(of: entry)] }
        let hash = Int32(truncatingIfNeeded: hash ?? self.hash(of: entry))
        var row = table.states[state].firstKey
        while row >= 0 {
            if table.keys[Int(row)].hash == hash, sameKey(table.keys[Int(row)].rule, entry) { return row }
            row = table.keys[Int(row)].next
        }
        return nil
    }

    /// Records `entry` in `state` unless a rule with its key is there.
    private func addEntry(_ entry: ExpandedRule, toState state: Int, in table: Table) {
        if state >= table.states.count {
            table.states.append(contentsOf: repeatElement(StateKeys(), count: state + 1 - table.states.count))
        }
        let hash = hash(of: entry)
        guard firstRow(inState: state, for: entry, table, hash: hash) == nil else { return }
        let row = Int32(table.keys.count)
        table.keys.append(KeyRow(rule: entry, hash: hash))
        if table.states[state].isHashed {
            table.hashedKeys[Int32(state), default: [:]][key(of: entry)] = row
            return
        }
        if table.states[state].lastKey >= 0 {
            table.keys[Int(table.states[state].lastKey)].next = row
        } else {
            table.states[state].firstKey = row
        }
        table.states[state].lastKey = row
        table.states[state].keyCount += 1
        if table.states[state].isHashed { hashKeys(ofState: state, in: table) }
    }

    /// Moves a state's key list into a hash table (the first row of each key kept).
    private func hashKeys(ofState state: Int, in table: Table) {
        var hashed: [RepetitionKey: Int32] = [:]
        var row = table.states[state].firstKey
        while row >= 0 {
            let key = key(of: table.keys[Int(row)].rule)
            if hashed[key] == nil { hashed[key] = row }
            row = table.keys[Int(row)].next
        }
        table.hashedKeys[Int32(state)] = hashed
    }

    /// One of the checker's tables, seen by the lint: its states' keys, by state row
    /// (unchecked exclusivity: see ``RedundantRuleLint``).
    final class Table {
        @exclusivity(unchecked) var states: [StateKeys] = []
        @exclusivity(unchecked) var keys: [KeyRow] = []
        /// Past ``RedundantRuleLint/linearLimit`` keys, a state's keys hashed, by state row.
        @exclusivity(unchecked) var hashedKeys: [Int32: [RepetitionKey: Int32]] = [:]
        /// The subjects spelt for diagnostics, by group (a field with 20,000 repeated
        /// statements gets as many diagnostics).
        @exclusivity(unchecked) var spelledSubjects: [Int: String] = [:]

        /// Forgets every state, keeping the room.
        func removeAll() {
            states.removeAll(keepingCapacity: true)
            keys.removeAll(keepingCapacity: true)
            if !hashedKeys.isEmpty { hashedKeys = [:] }
            if !spelledSubjects.isEmpty { spelledSubjects = [:] }
        }
    }

    /// A state's list of keys.
    struct StateKeys {
        var firstKey: Int32 = -1
        var lastKey: Int32 = -1
        /// How many keys the list holds; past ``RedundantRuleLint/linearLimit`` the keys
        /// are hashed and the count stops, so the list never grows large.
        var keyCount: Int32 = 0

        var isHashed: Bool { keyCount > RedundantRuleLint.linearLimit }
    }

    /// The first rule of one key in one state.
    ///
    /// Performance: 16 bytes, one per distinct rule of each field; the hash is kept to
    /// 32 bits (it only filters the key comparisons).
    struct KeyRow {
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
}
