// `when` conditions: syntax → `Condition`.
//
// A condition names one value, so a path with `[*]` (many values) is rejected as
// `invalid-condition` rather than given an arbitrary "any"/"all" reading. Literals are
// strings, numbers and booleans (JSON equality); a bare word or a date on the right of
// `==` gets a fix that quotes it, since record values are JSON strings.

extension CheckerRun {
    /// Converts a condition, reporting every problem in it; `nil` when any part is invalid.
    func convertCondition(_ syntax: ConditionSyntax, in source: SourceFile) -> Condition? {
        switch syntax {
        case .present(let path):
            return conditionPath(path, in: source).map(Condition.present)
        case .comparison(let path, let comparison, let literal, _):
            let field = conditionPath(path, in: source)
            let value = conditionLiteral(literal, in: source)
            guard let field, let value else { return nil }
            return comparison == .equal ? .equals(field, value) : .notEquals(field, value)
        case .not(let operand, _):
            return convertCondition(operand, in: source).map(Condition.not)
        case .and(let lhs, let rhs):
            let left = convertCondition(lhs, in: source), right = convertCondition(rhs, in: source)
            guard let left, let right else { return nil }
            return .and(left, right)
        case .or(let lhs, let rhs):
            let left = convertCondition(lhs, in: source), right = convertCondition(rhs, in: source)
            guard let left, let right else { return nil }
            return .or(left, right)
        case .parenthesized(let inner, _):
            return convertCondition(inner, in: source)
        case .missing:
            return nil  // the parser reported it
        }
    }

    private func conditionPath(_ path: PathSyntax, in source: SourceFile) -> FieldPath? {
        guard !path.segments.isEmpty else { return nil }
        if let wildcard = path.segments.first(where: { $0.kind == .wildcard }) {
            report(
                source.path, wildcard.range, .invalidCondition,
                "a condition tests one value, but '\(path.description)' names every element of a list; test the list itself or a specific field"
            )
            return nil
        }
        let field = FieldPath(path)
        fieldReferences.append(FieldReference(path: field, range: path.range))
        return field
    }

    private func conditionLiteral(_ literal: ArgumentSyntax, in source: SourceFile) -> Value? {
        if let value = CheckerRun.literalValue(literal) { return value }
        report(
            source.path, literal.range, .invalidCondition,
            "a condition compares with a string, number or boolean, found \(literal.kind.foundDescription)",
            fixIts: quoteFix(literal, in: source).map { [$0] } ?? [])
        return nil
    }
}
