// What flat evaluation (`FlatEvaluator`) finds in one record: two bit masks.
//
// Performance bends this: a flat program has exactly one concrete field per field, in
// field order, and its rules are evaluated in rule order, so which fields failed and which
// rules failed says everything an `EvaluationOutcome` would (statuses, and each field's
// failing rules in order: its rules are one contiguous range of rule indices). Two words
// cost no allocation; an `EvaluationOutcome` for an invalid record cost two (its entries
// and its failures) plus their release.

/// The failing fields and rules of one record evaluated through a flat plan.
@usableFromInline
struct FlatOutcome: Sendable, Hashable {
    /// Bit `f` (`1 << f`) is set when field `f` is invalid.
    var invalidFields: UInt64 = 0
    /// Bit `r` is set when rule `r` failed.
    var failedRules: UInt64 = 0

    /// Whether every field is valid.
    var isValid: Bool { invalidFields == 0 }

    /// Records a field's failed rules (none: nothing); returns whether it failed.
    @inline(__always)
    mutating func record(_ failures: UInt64, field: Int) -> Bool {
        guard failures != 0 else { return false }
        invalidFields |= 1 << UInt64(field)
        failedRules |= failures
        return true
    }
}
