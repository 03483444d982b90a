import Rulebook

/// Whether a conjunction of `when` conditions can hold for some record: the lint test
/// for a block whose rules can never apply (`when a == "x" and a == "y"`, or a block
/// whose condition contradicts the block around it).
///
/// Decided by trying, for every field the conditions read, the values that can change
/// the outcome of a condition: absent, `true`, `false`, the empty text, each literal the
/// conditions compare the field with, and one text unlike all of them. Conditions read
/// only presence and equality with literals, so any record agrees with one of these
/// choices on every condition. Gives up (answers "satisfiable") past `maxAssignments`.
enum ConditionSatisfiability {
    /// The most combinations tried.
    static let maxAssignments = 4096

    static func isSatisfiable(_ conditions: [Condition]) -> Bool {
        var seen: Set<FieldPath> = []
        if conditions.allSatisfy({ readsEachFieldOnce($0, seen: &seen) }) { return true }
        var candidates: [FieldPath: [Value?]] = [:]
        var order: [FieldPath] = []
        for condition in conditions { collect(condition, into: &candidates, order: &order) }
        var total = 1
        for path in order {
            total = total.multipliedReportingOverflow(by: candidates[path]!.count).partialValue
            if total > maxAssignments || total <= 0 { return true }
        }
        var assignment: [FieldPath: Value?] = [:]
        for number in 0..<total {
            var rest = number
            for path in order {
                let values = candidates[path]!
                assignment[path] = values[rest % values.count]
                rest /= values.count
            }
            if conditions.allSatisfy({ condition in condition.holds { assignment[$0] ?? nil } }) { return true }
        }
        return false
    }

    /// Whether no field is read by two tests (`present`, `==`, `!=`) anywhere in
    /// `condition`. Such a condition is read-once in its tests, and a read-once formula of
    /// `and`, `or` and `not` over independent tests can be made to hold (make both sides of
    /// an `and` hold, either side of an `or`, the inside of a `not` fail — each test can be
    /// passed or failed by a value of its own field), so the common blocks are decided
    /// without trying assignments.
    private static func readsEachFieldOnce(_ condition: Condition, seen: inout Set<FieldPath>) -> Bool {
        switch condition {
        case .and(let left, let right), .or(let left, let right):
            return readsEachFieldOnce(left, seen: &seen) && readsEachFieldOnce(right, seen: &seen)
        case .not(let inner):
            return readsEachFieldOnce(inner, seen: &seen)
        case .present(let path), .equals(let path, _), .notEquals(let path, _):
            return seen.insert(path).inserted
        }
    }

    private static func collect(_ condition: Condition, into candidates: inout [FieldPath: [Value?]], order: inout [FieldPath]) {
        func add(_ path: FieldPath, _ literal: Value?) {
            if candidates[path] == nil {
                order.append(path)
                candidates[path] = [nil, .bool(true), .bool(false), .string(""), .string("\u{1}unlike every literal")]
            }
            if let literal, !candidates[path]!.contains(where: { $0 == literal }) { candidates[path]!.append(literal) }
        }
        switch condition {
        case .present(let path): add(path, nil)
        case .equals(let path, let literal), .notEquals(let path, let literal): add(path, literal)
        case .not(let inner): collect(inner, into: &candidates, order: &order)
        case .and(let left, let right), .or(let left, let right):
            collect(left, into: &candidates, order: &order)
            collect(right, into: &candidates, order: &order)
        }
    }
}
