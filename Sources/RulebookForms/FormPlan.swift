import Rulebook

/// What a form needs to know about its rules, read once from the checker's ``RuleSet``:
/// the fields (paths without `[*]`, in rule order), each field's rules, and which fields
/// read which (a `when` condition, `same password`, `before startDate`), so editing one
/// field re-validates exactly the fields that depend on it.
struct FormPlan: Sendable {
    /// One field the rules name.
    struct Field: Sendable {
        let path: FieldPath
        /// The statements naming the field, in rule order.
        let statements: [CheckedStatement]
        /// Whether some statement has no condition: such a field is always active.
        let isUnconditional: Bool
        /// Whether its rules read it as a calendar day (see ``FormDates``).
        let isDateOnly: Bool
    }

    let fields: [Field]
    /// Field spelling (`address.city`) → index into ``fields``.
    let index: [String: Int]
    /// Field index → indices of the fields whose conditions or rules read it.
    let dependents: [[Int]]

    /// The fields read as calendar days.
    var dateOnlyPaths: [FieldPath] { fields.filter(\.isDateOnly).map(\.path) }

    init(_ ruleSet: RuleSet) {
        var order: [FieldPath] = []
        var statements: [FieldPath: [CheckedStatement]] = [:]
        for statement in ruleSet.statements where !statement.path.hasWildcard {
            if statements[statement.path] == nil { order.append(statement.path) }
            statements[statement.path, default: []].append(statement)
        }
        fields = order.map { path in
            let own = statements[path] ?? []
            return Field(
                path: path, statements: own, isUnconditional: own.contains { $0.condition == nil },
                isDateOnly: FormDates.isDateOnly(own))
        }
        var index: [String: Int] = [:]
        for (position, field) in fields.enumerated() { index[field.path.description] = position }
        self.index = index
        var dependents = [[Int]](repeating: [], count: fields.count)
        for (reader, field) in fields.enumerated() {
            let read = Set(field.statements.flatMap(FormPlan.reads))
            for (position, candidate) in fields.enumerated() where position != reader {
                if read.contains(where: { FormPlan.overlaps($0, candidate.path) }) { dependents[position].append(reader) }
            }
        }
        self.dependents = dependents
    }

    /// The fields a statement reads besides its own: its condition's and its rules' field
    /// arguments.
    static func reads(_ statement: CheckedStatement) -> [FieldPath] {
        var paths: [FieldPath] = []
        if let condition = statement.condition { collect(condition, into: &paths) }
        for rule in statement.rules {
            for argument in rule.arguments { collect(argument.value, into: &paths) }
        }
        return paths
    }

    private static func collect(_ condition: Condition, into paths: inout [FieldPath]) {
        switch condition {
        case .present(let path), .equals(let path, _), .notEquals(let path, _): paths.append(path)
        case .not(let inner): collect(inner, into: &paths)
        case .and(let left, let right), .or(let left, let right):
            collect(left, into: &paths)
            collect(right, into: &paths)
        }
    }

    private static func collect(_ argument: RuleArgument, into paths: inout [FieldPath]) {
        switch argument {
        case .field(let path): paths.append(path)
        case .list(let items): for item in items { collect(item, into: &paths) }
        default: break
        }
    }

    /// Whether one path lies inside the other (or they are equal): a condition on
    /// `address` reads `address.city`, and one on `address.city` changes with `address`.
    static func overlaps(_ left: FieldPath, _ right: FieldPath) -> Bool {
        let shared = min(left.segments.count, right.segments.count)
        return left.segments[..<shared] == right.segments[..<shared]
    }
}
