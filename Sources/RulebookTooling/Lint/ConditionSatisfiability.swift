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
        var tested: [FieldPath] = []
        for condition in conditions { appendTestedPaths(condition, to: &tested) }
        if areDistinct(tested) { return true }
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

    /// Appends the field of every test (`present`, `==`, `!=`) in `condition`.
    private static func appendTestedPaths(_ condition: Condition, to paths: inout [FieldPath]) {
        switch condition {
        case .and(let left, let right), .or(let left, let right):
            appendTestedPaths(left, to: &paths)
            appendTestedPaths(right, to: &paths)
        case .not(let inner):
            appendTestedPaths(inner, to: &paths)
        case .present(let path), .equals(let path, _), .notEquals(let path, _):
            paths.append(path)
        }
    }

    /// Whether no field is read by two of the tests whose fields are `paths`. Then the
    /// conditions are read-once in their tests, and a read-once formula of `and`, `or`
    /// and `not` over independent tests can be made to hold (make both sides of an `and`
    /// hold, either side of an `or`, the inside of a `not` fail — each test can be passed
    /// or failed by a value of its own field), so the common blocks are decided without
    /// trying assignments.
    ///
    /// Performance: a block's conditions test a handful of fields, and comparing them
    /// pairwise costs far less than hashing each path into a set (every `when` block of
    /// a file is decided here, on every check).
    private static func areDistinct(_ paths: [FieldPath]) -> Bool {
        guard paths.count <= 16 else {
            var seen: Set<FieldPath> = []
            return paths.allSatisfy { seen.insert($0).inserted }
        }
        for later in paths.indices.dropFirst() where paths[..<later].contains(paths[later]) { return false }
        return true
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
