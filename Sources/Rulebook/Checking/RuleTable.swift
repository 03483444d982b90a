/// Values by named rule, held in an array indexed by the rule's ``RuleReference/id``
/// (its position in the check's order of definitions).
///
/// The named rules' bodies, expansions and the expansion walk's states are read about a
/// dozen times per rule; since every reference has a dense id, each is an array access
/// instead of a hash-table operation.
struct RuleTable<Value> {
    private var values: [Value?] = []

    /// The value of `reference` (nil: none).
    subscript(reference: RuleReference) -> Value? {
        get { reference.id < values.count ? values[reference.id] : nil }
        set {
            let id = reference.id
            if id < values.count {
                values[id] = newValue
                return
            }
            guard newValue != nil else { return }
            // (Definitions are made in id order: this appends the one new value.)
            while values.count < id { values.append(nil) }
            values.append(newValue)
        }
    }

    /// Takes `reference`'s value out of the table.
    mutating func removeValue(forKey reference: RuleReference) -> Value? {
        guard reference.id < values.count else { return nil }
        defer { values[reference.id] = nil }
        return values[reference.id]
    }

    /// Makes room for the ids below `count`.
    mutating func reserveCapacity(_ count: Int) {
        values.reserveCapacity(count)
    }
}

/// A set of named rules, as bits indexed by their ``RuleReference/id``.
///
/// Performance: the used rules were a `Set<RuleReference>` (a hash-table insertion per
/// use of a named rule, see ``RuleTable``).
struct RuleIDSet {
    private var words: [UInt64] = []

    /// Adds `reference`.
    mutating func insert(_ reference: RuleReference) {
        let word = reference.id >> 6
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word + 1 - words.count)) }
        words[word] |= 1 << UInt64(reference.id & 63)
    }

    /// Whether `reference` was added.
    func contains(_ reference: RuleReference) -> Bool {
        let word = reference.id >> 6
        return word < words.count && words[word] & (1 << UInt64(reference.id & 63)) != 0
    }

    /// Adds every rule of `other`.
    mutating func formUnion(_ other: RuleIDSet) {
        if other.words.count > words.count { words.append(contentsOf: repeatElement(0, count: other.words.count - words.count)) }
        for (index, word) in other.words.enumerated() { words[index] |= word }
    }
}
