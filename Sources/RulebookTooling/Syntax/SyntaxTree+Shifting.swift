import Rulebook

// Moving nodes by a number of bytes: the statements after an edit keep their syntax and
// move by the edit's change in length (see `Parser+Incremental.swift`).

extension SourceRange {
    /// The range moved by `delta` bytes.
    @inline(__always)
    func shifted(by delta: Int) -> SourceRange {
        SourceRange(start: start + delta, end: end + delta)
    }
}

extension StatementSyntax {
    /// The statement moved by `delta` bytes, every node inside it included.
    func shifted(by delta: Int) -> StatementSyntax {
        switch self {
        case .field(let field):
            .field(
                FieldStatementSyntax(
                    path: field.path.shifted(by: delta), colonRange: field.colonRange.shifted(by: delta),
                    rules: field.rules.map { $0.shifted(by: delta) }, range: field.range.shifted(by: delta)))
        case .namedRule(let rule):
            .namedRule(
                NamedRuleSyntax(
                    keywordRange: rule.keywordRange.shifted(by: delta), name: rule.name.shifted(by: delta),
                    equalsRange: rule.equalsRange.shifted(by: delta), rules: rule.rules.map { $0.shifted(by: delta) },
                    range: rule.range.shifted(by: delta)))
        case .importDecl(let decl):
            .importDecl(
                ImportSyntax(
                    keywordRange: decl.keywordRange.shifted(by: delta), path: decl.path,
                    pathRange: decl.pathRange.shifted(by: delta), range: decl.range.shifted(by: delta)))
        case .when(let block):
            .when(
                WhenBlockSyntax(
                    keywordRange: block.keywordRange.shifted(by: delta), condition: block.condition.shifted(by: delta),
                    openBraceRange: block.openBraceRange.shifted(by: delta), body: block.body.map { $0.shifted(by: delta) },
                    closeBraceRange: block.closeBraceRange.shifted(by: delta), range: block.range.shifted(by: delta)))
        case .unexpected(let unexpected):
            .unexpected(UnexpectedSyntax(range: unexpected.range.shifted(by: delta)))
        }
    }
}

extension IdentifierSyntax {
    func shifted(by delta: Int) -> IdentifierSyntax {
        IdentifierSyntax(name: name, range: range.shifted(by: delta))
    }
}

extension PathSyntax {
    func shifted(by delta: Int) -> PathSyntax {
        PathSyntax(
            segments: segments.map { PathSegmentSyntax(kind: $0.kind, range: $0.range.shifted(by: delta)) },
            range: range.shifted(by: delta))
    }
}

extension RuleSyntax {
    func shifted(by delta: Int) -> RuleSyntax {
        RuleSyntax(
            name: name.shifted(by: delta), arguments: arguments.map { $0.shifted(by: delta) },
            message: message.map {
                MessageOverrideSyntax(
                    keywordRange: $0.keywordRange.shifted(by: delta), kind: $0.kind,
                    valueRange: $0.valueRange.shifted(by: delta), range: $0.range.shifted(by: delta))
            },
            range: range.shifted(by: delta))
    }
}

extension ArgumentSyntax {
    func shifted(by delta: Int) -> ArgumentSyntax {
        switch kind {
        case .regex(let pattern, let flags, let patternRange):
            ArgumentSyntax(
                kind: .regex(pattern: pattern, flags: flags, patternRange: patternRange.shifted(by: delta)),
                range: range.shifted(by: delta))
        case .path(let path):
            ArgumentSyntax(kind: .path(path.shifted(by: delta)), range: range.shifted(by: delta))
        case .integer, .decimal, .string, .date, .today, .boolean:
            ArgumentSyntax(kind: kind, range: range.shifted(by: delta))
        }
    }
}

extension ConditionSyntax {
    func shifted(by delta: Int) -> ConditionSyntax {
        switch self {
        case .present(let path):
            .present(path.shifted(by: delta))
        case .comparison(let path, let comparison, let literal, let operatorRange):
            .comparison(path.shifted(by: delta), comparison, literal.shifted(by: delta), operatorRange: operatorRange.shifted(by: delta))
        case .not(let inner, let range):
            .not(inner.shifted(by: delta), range: range.shifted(by: delta))
        case .and(let lhs, let rhs):
            .and(lhs.shifted(by: delta), rhs.shifted(by: delta))
        case .or(let lhs, let rhs):
            .or(lhs.shifted(by: delta), rhs.shifted(by: delta))
        case .parenthesized(let inner, let range):
            .parenthesized(inner.shifted(by: delta), range: range.shifted(by: delta))
        case .missing(let range):
            .missing(range.shifted(by: delta))
        }
    }
}

extension CommentSyntax {
    func shifted(by delta: Int) -> CommentSyntax {
        CommentSyntax(range: range.shifted(by: delta), text: text)
    }
}
