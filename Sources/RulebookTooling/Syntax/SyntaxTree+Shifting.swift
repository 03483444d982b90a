import Rulebook

// Moving nodes by a number of bytes, their lists into a new tree's buffers: a reparse
// keeps the statements before an edit where they are and moves those after it by the
// edit's change in length (see `Parser+Incremental.swift`). The buffers' appends are
// `@inlinable`, so that they are specialised for each kind of list here too.

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

extension PathSyntax {
    /// The path moved by `delta` bytes, its segments appended to `buffers`.
    func shifted(by delta: Int, into buffers: SyntaxBuffers) -> PathSyntax {
        let base = buffers.segments.height
        for segment in segments {
            buffers.segments.push(segment.shifted(by: delta))
        }
        return PathSyntax(segments: buffers.segments.list(above: base), range: range.shifted(by: delta))
    }
}

extension SyntaxList<RuleSyntax> {
    /// The rules moved by `delta` bytes, appended to `buffers` with their arguments.
    func shifted(by delta: Int, into buffers: SyntaxBuffers) -> SyntaxList<RuleSyntax> {
        let base = buffers.rules.height
        for rule in self {
            buffers.rules.push(rule.shifted(by: delta, into: buffers))
        }
        return buffers.rules.list(above: base)
    }
}

extension RuleSyntax {
    /// The rule moved by `delta` bytes, its arguments appended to `buffers` (before the
    /// rule itself is: the lists of one buffer never interleave).
    func shifted(by delta: Int, into buffers: SyntaxBuffers) -> RuleSyntax {
        let base = buffers.arguments.height
        for argument in arguments {
            // An argument's path is complete before the argument is pushed.
            buffers.arguments.push(argument.shifted(by: delta, into: buffers))
        }
        return shifted(by: delta, arguments: buffers.arguments.list(above: base))
    }
}

extension ArgumentSyntax {
    /// The argument moved by `delta` bytes, a path's segments appended to `buffers`.
    func shifted(by delta: Int, into buffers: SyntaxBuffers) -> ArgumentSyntax {
        switch kind {
        case .regex(let pattern, let flags, let patternRange):
            ArgumentSyntax(
                kind: .regex(pattern: pattern, flags: flags, patternRange: patternRange.shifted(by: delta)),
                range: range.shifted(by: delta))
        case .path(let path):
            ArgumentSyntax(kind: .path(path.shifted(by: delta, into: buffers)), range: range.shifted(by: delta))
        case .integer, .decimal, .string, .date, .today, .boolean:
            ArgumentSyntax(kind: kind, range: range.shifted(by: delta))
        }
    }
}
