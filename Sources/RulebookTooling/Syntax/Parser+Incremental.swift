import Rulebook

// Reparsing an edited file: the language server parses the buffer after every
// `didChange`, but an edit changes one place: every top-level statement before it has the
// same bytes at the same offsets as in the previous version's tree, and every statement
// after it the same bytes moved by the edit's change in length.

extension Parser {
    /// Parses `source`, an edited version of the text `previous` was parsed from,
    /// reusing `previous`'s top-level statements before the edit and, moved, those after
    /// it: only the text between them is lexed and parsed (when the statements after it
    /// cannot be kept, the rest of the text).
    ///
    /// The tree is exactly the one ``parse(_:limits:)`` gives;
    /// `IncrementalParseTests` compares the two for edits everywhere in many files. When
    /// nothing can be reused safely (see ``IncrementalParse``), the whole text is parsed.
    ///
    /// - Parameters:
    ///   - previous: the tree of an earlier text of the same file, parsed with the same
    ///     `limits`; nil parses from scratch.
    package static func parse(_ source: SourceFile, reusing previous: SyntaxTree?, limits: ParserLimits = .default) -> SyntaxTree {
        // (Without blocks allowed, the cut conditions below do not hold: see `IncrementalParse`.)
        guard let previous, previous.source.path == source.path, limits.maxBlockNesting > 0,
            source.text.utf8.count <= limits.effectiveMaxFileBytes,
            previous.source.text.utf8.count <= limits.effectiveMaxFileBytes
        else { return parse(source, limits: limits) }
        var newText = source.text
        var oldText = previous.source.text
        return newText.withUTF8 { newBytes in
            oldText.withUTF8 { oldBytes in
                reparse(source, previous: previous, oldBytes: oldBytes, newBytes: newBytes, limits: limits)
            }
        }
    }

    /// ``parse(_:reusing:limits:)`` over the two texts' bytes.
    private static func reparse(
        _ source: SourceFile, previous: SyntaxTree, oldBytes: UnsafeBufferPointer<UInt8>,
        newBytes: UnsafeBufferPointer<UInt8>, limits: ParserLimits
    ) -> SyntaxTree {
        let file = source.path
        let edit = IncrementalParse.Edit(old: oldBytes, new: newBytes)
        let prefix = IncrementalParse.reusablePrefix(of: previous, edit: edit, newBytes: newBytes)
        let start = prefix?.cut ?? 0, lastEnd = prefix?.lastEnd ?? 0
        // The kept statements' lists are copied to buffers of the new tree, those before
        // the edit too: a list shares its buffer with every list of its parse, so a kept
        // one would keep the whole previous tree's lists alive, and after edit upon edit,
        // those of every earlier version.
        let buffers = SyntaxBuffers()
        var statements = previous.statements[..<(prefix?.statementCount ?? 0)].map { $0.shifted(by: 0, into: buffers) }
        var comments = Array(previous.comments[..<(prefix?.commentCount ?? 0)])
        // The statements after the edit, moved by its change in length, when the text
        // between the two can be parsed on its own.
        if let suffix = IncrementalParse.reusableSuffix(
            of: previous, edit: edit, newBytes: newBytes, after: start,
            keptStatements: statements.count)
        {
            let kept = previous.statements[suffix.statementIndex...]
            let middle = IncrementalParse.parseLeadingPart(
                file: file, bytes: newBytes, limits: limits, from: start, lastEnd: lastEnd,
                upTo: suffix.newCut)
            if let middle, prefix == nil || middle.statements.first?.range.start == start {
                statements += middle.statements
                statements += kept.map { $0.shifted(by: edit.delta, into: buffers) }
                comments += middle.comments
                comments += previous.comments[suffix.commentIndex...].map { $0.shifted(by: edit.delta) }
                return SyntaxTree(source: source, statements: statements, comments: comments, diagnostics: middle.diagnostics)
            }
        }
        if prefix != nil {
            let tail = parseText(file: file, bytes: newBytes, limits: limits, from: start, lastEnd: lastEnd)
            if tail.statements.first?.range.start == start {
                return SyntaxTree(
                    source: source, statements: statements + tail.statements, comments: comments + tail.comments,
                    diagnostics: tail.diagnostics)
            }
        }
        return SyntaxTree(source: source, parseText(file: file, bytes: newBytes, limits: limits, from: 0, lastEnd: 0))
    }
}

/// Which part of a previous tree an edited text can keep.
///
/// Parsing from the line start of a top-level statement gives exactly the statements a
/// whole-file parse gives from there when, at that point, the parser carries nothing
/// over. Every token ends at its line's end (strings, patterns and comments stop there),
/// so lexing from a line start yields the tokens one pass yields there; and between two
/// top-level statements the parser carries nothing but the open `when` blocks, the
/// closing braces it forgives and where the last token ended. So: no `when` block open, no closing brace
/// forgiven, the last token not a trailing `,`, and nothing before it looking past the
/// line break at what follows. Here the part before the cut is not parsed again, so
/// those facts are read off the previous tree and the unchanged bytes:
/// - the cut is the start of a top-level statement of `previous` (so no block is open
///   there), before the first changed byte (so the bytes before it, and its first byte,
///   are the same in both texts);
/// - `previous` has no diagnostic before the cut: a forgiven brace, a `when` header that
///   looked past its line for a `{`, and a slip of a trailing `,` are all diagnosed;
/// - the cut's line begins with a name at column 0 and the line before it does not end
///   in `,` or `{` (so a `when` header before the cut looks past its line break at a
///   name in both parses, never at a `{`).
enum IncrementalParse {
    /// The reusable part of a previous tree.
    struct Prefix: Equatable {
        /// How many of the previous tree's top-level statements are kept.
        let statementCount: Int
        /// How many of its comments are kept (those before the cut).
        let commentCount: Int
        /// Where parsing starts again: the first statement not kept starts here.
        let cut: Int
        /// Where the last kept statement ends (the last token before the cut).
        let lastEnd: Int
    }

    /// How many candidate statements are tried, walking back from the edit.
    static let maximumAttempts = 8

    /// Where two texts differ: from the first changed byte to where their common end
    /// begins, in each.
    struct Edit: Equatable {
        /// The first byte that differs (the length of the common start).
        let start: Int
        /// Where the unchanged end begins in the previous text and in the new one.
        let oldEnd: Int
        let newEnd: Int
        /// The change in length.
        var delta: Int { newEnd - oldEnd }

        /// Compares the texts from both ends, eight bytes at a time.
        init(old: UnsafeBufferPointer<UInt8>, new: UnsafeBufferPointer<UInt8>) {
            start = firstDifference(old, new)
            let unchanged = commonSuffixLength(old, new, atMost: min(old.count, new.count) - start)
            oldEnd = old.count - unchanged
            newEnd = new.count - unchanged
        }
    }

    /// The prefix of `previous` that the new text (`edit` of the text `previous` was
    /// parsed from) can keep, or nil when none can.
    static func reusablePrefix(of previous: SyntaxTree, edit: Edit, newBytes: UnsafeBufferPointer<UInt8>) -> Prefix? {
        let changed = edit.start
        let statements = previous.statements
        let firstDiagnostic = previous.diagnostics.first?.range.start ?? Int.max
        // The statement containing the change (or the last one starting before it) is
        // parsed again, with everything after it.
        var index = countStarting(before: changed, statements) - 1
        var attempts = 0
        while index >= 1, attempts < maximumAttempts {
            attempts += 1
            let cut = statements[index].range.start
            let kept = statements[index - 1].range
            defer { index -= 1 }
            guard cut < changed, cut <= firstDiagnostic, kept.end < cut, kept.end > 0,
                newBytes[cut - 1] == UInt8(ascii: "\n"), IncrementalParse.startsName(newBytes[cut]),
                newBytes[kept.end - 1] != UInt8(ascii: ","), !IncrementalParse.previousLineContinues(newBytes, before: cut - 1)
            else { continue }
            let comments = previous.comments
            return Prefix(statementCount: index, commentCount: countStarting(before: cut, comments), cut: cut, lastEnd: kept.end)
        }
        return nil
    }

    /// The reusable end of a previous tree: its statements from one after the edit on.
    struct Suffix: Equatable {
        /// The first of the previous tree's top-level statements that is kept.
        let statementIndex: Int
        /// The first of its comments that is kept.
        let commentIndex: Int
        /// Where that statement starts in the previous text.
        let oldCut: Int
        /// Where it starts in the new text.
        let newCut: Int
    }

    /// The statements of `previous` after the edit that the new text can keep
    /// (moved by the edit's change in length), or nil when none can.
    ///
    /// Parsing from the line start of a statement after the edit gives the same
    /// statements in both texts, moved, when the parse there starts clean in both: in the
    /// new text, the part before it must parse to an end between top-level statements
    /// (the caller parses it and checks); in the previous one, no `when` header between
    /// the kept prefix and the cut may have been missing its `{` (a later `}` would be
    /// forgiven), and the kept statements must have no diagnostic (they are not checked
    /// again).
    ///
    /// - Parameters:
    ///   - start: where the new text is parsed from (the kept prefix's cut, or 0).
    ///   - keptStatements: how many statements before `start` are kept.
    static func reusableSuffix(
        of previous: SyntaxTree, edit: Edit, newBytes: UnsafeBufferPointer<UInt8>,
        after start: Int, keptStatements: Int
    ) -> Suffix? {
        let delta = edit.delta
        let statements = previous.statements
        let lastDiagnostic = previous.diagnostics.last?.range.start ?? -1
        var index = countStarting(before: edit.oldEnd, statements)
        let firstCandidate = index
        while index < statements.count, index - firstCandidate < maximumAttempts {
            let oldCut = statements[index].range.start, newCut = oldCut + delta
            if oldCut > lastDiagnostic, keptStatements <= index, newCut > start, newCut < newBytes.count,
                newBytes[newCut - 1] == UInt8(ascii: "\n"),
                IncrementalParse.startsName(newBytes[newCut]), !IncrementalParse.previousLineContinues(newBytes, before: newCut - 1),
                !statements[keptStatements..<index].contains(where: \.hasForgivenHeader)
            {
                return Suffix(
                    statementIndex: index, commentIndex: countStarting(before: oldCut, previous.comments),
                    oldCut: oldCut, newCut: newCut)
            }
            index += 1
        }
        return nil
    }

    /// The number of trailing bytes the two texts share, at most `limit`.
    static func commonSuffixLength(_ old: UnsafeBufferPointer<UInt8>, _ new: UnsafeBufferPointer<UInt8>, atMost limit: Int) -> Int {
        guard limit > 0, let oldBase = old.baseAddress, let newBase = new.baseAddress else { return 0 }
        var length = 0
        while length + 8 <= limit {
            let lhs = UnsafeRawPointer(oldBase + old.count - length - 8).loadUnaligned(as: UInt64.self)
            let rhs = UnsafeRawPointer(newBase + new.count - length - 8).loadUnaligned(as: UInt64.self)
            if lhs != rhs { break }
            length += 8
        }
        while length < limit, old[old.count - length - 1] == new[new.count - length - 1] { length += 1 }
        return length
    }

    /// The number of leading bytes the two texts share (the first changed offset).
    ///
    /// Performance: eight bytes at a time (a 190 KB buffer in about 24,000 steps, where
    /// parsing half of it costs millions of instructions).
    static func firstDifference(_ old: UnsafeBufferPointer<UInt8>, _ new: UnsafeBufferPointer<UInt8>) -> Int {
        let count = min(old.count, new.count)
        guard count > 0, let oldBase = old.baseAddress, let newBase = new.baseAddress else { return 0 }
        var offset = 0
        while offset + 8 <= count {
            let lhs = UnsafeRawPointer(oldBase + offset).loadUnaligned(as: UInt64.self)
            let rhs = UnsafeRawPointer(newBase + offset).loadUnaligned(as: UInt64.self)
            if lhs != rhs { break }
            offset += 8
        }
        while offset < count, old[offset] == new[offset] { offset += 1 }
        return offset
    }

    /// How many of the statements (in source order) start before `offset`.
    static func countStarting(before offset: Int, _ statements: [StatementSyntax]) -> Int {
        countStarting(before: offset, statements.count) { statements[$0].range.start }
    }

    /// How many of the comments (in source order) start before `offset`.
    static func countStarting(before offset: Int, _ comments: [CommentSyntax]) -> Int {
        countStarting(before: offset, comments.count) { comments[$0].range.start }
    }

    /// A binary search over `count` items whose starts (`start(i)`) are in order.
    private static func countStarting(before offset: Int, _ count: Int, start: (Int) -> Int) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if start(middle) < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension StatementSyntax {
    /// Whether this is, or contains, a `when` header whose `{` was missing (the parser
    /// then forgives one later `}`).
    var hasForgivenHeader: Bool {
        guard case .when(let block) = self else { return false }
        return block.openBraceRange.isEmpty || block.body.contains(where: \.hasForgivenHeader)
    }
}

extension IncrementalParse {
    static func startsName(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }

    /// Whether the line ending at `lineBreak` ends in `,` or `{` (white space aside): the
    /// statement on it reads on into the next line.
    static func previousLineContinues(_ bytes: UnsafeBufferPointer<UInt8>, before lineBreak: Int) -> Bool {
        var index = lineBreak - 1
        while index >= 0, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") || bytes[index] == UInt8(ascii: "\r") {
            index -= 1
        }
        return index >= 0 && (bytes[index] == UInt8(ascii: ",") || bytes[index] == UInt8(ascii: "{"))
    }

    /// Parses the text from `start` up to `end` (both line starts) as the part of a file
    /// that comes before a top-level statement starting at `end`; nil when its parse does
    /// not end between top-level statements: a block still open, a closing brace
    /// forgiven, or a trailing `,` (the only construct that reads on into the next line
    /// without a brace).
    static func parseLeadingPart(
        file: String, bytes: UnsafeBufferPointer<UInt8>, limits: ParserLimits, from start: Int,
        lastEnd: Int, upTo end: Int
    ) -> ParsedText? {
        let lexed = Lexer.lexTokens(bytes: UnsafeBufferPointer(rebasing: bytes[0..<end]), file: file, limits: limits, from: start)
        return lexed.withTokens { tokens in
            var state = ParserState(file: file, bytes: bytes, tokens: tokens, limits: limits, lastEnd: lastEnd)
            let statements = state.parseFile(reserving: lexed.tokens.statementEstimate)
            let last = tokens.last { $0.kind != .newline && $0.kind != .endOfFile }
            guard state.unclosedBlocksAtEnd == 0, state.forgivenClosingBraces == 0, last?.kind != .comma else { return nil }
            return ParsedText(
                statements: statements, comments: lexed.comments,
                diagnostics: Parser.sortedDiagnostics(lexed.diagnostics + state.diagnostics))
        }
    }
}
