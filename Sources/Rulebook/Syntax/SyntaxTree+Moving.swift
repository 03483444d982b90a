// Moving the lists of a statement by a number of bytes, into another tree's buffers: a
// reparse keeps the statements before and after an edit (`Parser+Incremental.swift` in
// RulebookTooling), those after it moved by the edit's change in length. (Here, in the
// module of `SyntaxBuffer`, so that the appends are specialised for each kind of list.)

extension SourceRange {
    /// The range moved by `delta` bytes.
    @inline(__always)
    func moved(by delta: Int) -> SourceRange {
        SourceRange(start: start + delta, end: end + delta)
    }
}

extension PathSyntax {
    /// The path moved by `delta` bytes, its segments appended to `buffers`.
    package func shifted(by delta: Int, into buffers: SyntaxBuffers) -> PathSyntax {
        let base = buffers.segments.height
        for segment in segments {
            buffers.segments.push(segment.shifted(by: delta))
        }
        return PathSyntax(segments: buffers.segments.list(above: base), range: range.moved(by: delta))
    }
}

extension SyntaxList<RuleSyntax> {
    /// The rules moved by `delta` bytes, appended to `buffers` with their arguments.
    package func shifted(by delta: Int, into buffers: SyntaxBuffers) -> SyntaxList<RuleSyntax> {
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
    package func shifted(by delta: Int, into buffers: SyntaxBuffers) -> RuleSyntax {
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
    package func shifted(by delta: Int, into buffers: SyntaxBuffers) -> ArgumentSyntax {
        switch kind {
        case .regex(let pattern, let flags, let patternRange):
            ArgumentSyntax(
                kind: .regex(pattern: pattern, flags: flags, patternRange: patternRange.moved(by: delta)),
                range: range.moved(by: delta))
        case .path(let path):
            ArgumentSyntax(kind: .path(path.shifted(by: delta, into: buffers)), range: range.moved(by: delta))
        case .integer, .decimal, .string, .date, .today, .boolean:
            ArgumentSyntax(kind: kind, range: range.moved(by: delta))
        }
    }
}
