// JSON equality (docs/language.md, Evaluation): numbers compare by value across integer and decimal
// (`2 == 2.0`), strings exactly, arrays in order, objects regardless of key order.

extension Value: Hashable {
    /// JSON equality: numbers by value across kinds, strings exactly, objects ignoring order.
    public static func == (lhs: Value, rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.integer(let a), .decimal(let b)), (.decimal(let b), .integer(let a)): Double(a) == b && b.isExactInteger(a)
        case (.decimal(let a), .decimal(let b)): a == b
        case (.string(let a), .string(let b)): a.utf8.elementsEqual(b.utf8)  // exact: no Unicode canonical equivalence
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        default: false
        }
    }

    /// Hashes consistently with `==` (so `2` and `2.0` hash alike).
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .integer(let value): hasher.combine(Double(value))  // so 2 and 2.0 hash alike
        case .decimal(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value.utf8.count); for byte in value.utf8 { hasher.combine(byte) }
        case .array(let values): hasher.combine(values)
        case .object(let object): hasher.combine(object)
        }
    }
}

extension Double {
    /// Whether `self`, already equal to `Double(integer)`, represents exactly `integer`
    /// (large integers round when converted).
    fileprivate func isExactInteger(_ integer: Int) -> Bool {
        guard self >= -9.223372036854775808e18, self < 9.223372036854775808e18 else { return false }
        return Int(self) == integer
    }
}

extension ValueObject: Hashable {
    /// Equal when both have the same keys with equal values, in any order.
    public static func == (lhs: ValueObject, rhs: ValueObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for member in lhs.members {
            guard let other = rhs[member.key], other == member.value else { return false }
        }
        return true
    }

    /// Order-independent: combines per-member hashes commutatively.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for member in members {
            var memberHasher = Hasher()
            ExactKey.hash(member.key, into: &memberHasher)  // by bytes, as keys compare
            memberHasher.combine(member.value)
            combined ^= memberHasher.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}

extension Violation.Parameter {
    // Synthesised from `Value: Hashable`.
}

extension ChangeSet {
    // Synthesised from `Value: Hashable`.
}
