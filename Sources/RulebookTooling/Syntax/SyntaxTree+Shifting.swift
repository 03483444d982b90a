import Rulebook

// Moving nodes by a number of bytes, their lists into a new tree's buffers: a reparse
// keeps the statements before an edit where they are and moves those after it by the
// edit's change in length (see `Parser+Incremental.swift`; the lists are moved in
// `SyntaxTree+Moving.swift`).

extension SourceRange {
    /// The range moved by `delta` bytes.
    @inline(__always)
    func shifted(by delta: Int) -> SourceRange {
        SourceRange(start: start + delta, end: end + delta)
    }
}

extension StatementSyntax {
    /// The statement moved by `delta` bytes, every node inside it included, its lists
    /// appended to `buffers` (so that the new tree holds no list of the previous one).
    func shifted(by delta: Int, into buffers: SyntaxBuffers) -> StatementSyntax {
        switch self {
        case .field(let field):
            .field(
                FieldStatementSyntax(
                    path: field.path.shifted(by: delta, into: buffers), colonRange: field.colonRange.shifted(by: delta),
                    rules: field.rules.shifted(by: delta, into: buffers), range: field.range.shifted(by: delta)))
        case .namedRule(let rule):
            .namedRule(
                NamedRuleSyntax(
                    keywordRange: rule.keywordRange.shifted(by: delta), name: rule.name.shifted(by: delta),
                    equalsRange: rule.equalsRange.shifted(by: delta), rules: rule.rules.shifted(by: delta, into: buffers),
                    range: rule.range.shifted(by: delta)))
        case .importDecl(let decl):
            .importDecl(
                ImportSyntax(
                    keywordRange: decl.keywordRange.shifted(by: delta), path: decl.path,
                    pathRange: decl.pathRange.shifted(by: delta), range: decl.range.shifted(by: delta)))
        case .when(let block):
            .when(
                WhenBlockSyntax(
                    keywordRange: block.keywordRange.shifted(by: delta), condition: block.condition.shifted(by: delta, into: buffers),
                    openBraceRange: block.openBraceRange.shifted(by: delta),
                    body: block.body.map { $0.shifted(by: delta, into: buffers) },
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

extension ConditionSyntax {
    func shifted(by delta: Int, into buffers: SyntaxBuffers) -> ConditionSyntax {
        switch self {
        case .present(let path):
            .present(path.shifted(by: delta, into: buffers))
        case .comparison(let path, let comparison, let literal, let operatorRange):
            .comparison(
                path.shifted(by: delta, into: buffers), comparison, literal.shifted(by: delta, into: buffers),
                operatorRange: operatorRange.shifted(by: delta))
        case .not(let inner, let range):
            .not(inner.shifted(by: delta, into: buffers), range: range.shifted(by: delta))
        case .and(let lhs, let rhs):
            .and(lhs.shifted(by: delta, into: buffers), rhs.shifted(by: delta, into: buffers))
        case .or(let lhs, let rhs):
            .or(lhs.shifted(by: delta, into: buffers), rhs.shifted(by: delta, into: buffers))
        case .parenthesized(let inner, let range):
            .parenthesized(inner.shifted(by: delta, into: buffers), range: range.shifted(by: delta))
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
