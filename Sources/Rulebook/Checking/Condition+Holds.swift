// A condition decided over a record held as values.

extension Condition {
    /// Whether the condition holds when `value(path)` gives each field's value (nil when
    /// absent), read as evaluation reads it: present is not absent, not `false`, not
    /// empty; an absent value equals nothing. For callers holding a record as a
    /// ``Value`` (a form deciding which statements apply); evaluation itself runs on
    /// compiled conditions.
    package func holds(reading value: (FieldPath) -> Value?) -> Bool {
        switch self {
        case .present(let path):
            guard let found = value(path) else { return false }
            if case .bool(let flag) = found { return flag }
            return !found.isEmpty
        case .equals(let path, let literal):
            guard let found = value(path) else { return false }
            return found == literal
        case .notEquals(let path, let literal):
            guard let found = value(path) else { return true }
            return found != literal
        case .not(let inner): return !inner.holds(reading: value)
        case .and(let left, let right): return left.holds(reading: value) && right.holds(reading: value)
        case .or(let left, let right): return left.holds(reading: value) || right.holds(reading: value)
        }
    }
}
