import Dispatch

/// Parsing a large file on two cores.
///
/// Performance (issue 6): lexing and parsing are linear and independent across
/// top-level statements, so a large file is cut at a line near its middle, the two parts
/// are lexed and parsed at the same time, and their tokens' products are concatenated.
///
/// That gives exactly the tree of a one-pass parse when the cut falls between two
/// top-level statements:
/// - every token ends at its line's end (strings, patterns and comments stop there), so
///   lexing the second part from its first byte yields the tokens one pass yields there;
/// - between two top-level statements the parser carries nothing but the open `when`
///   blocks, the closing braces it forgives, and where the last token ended.
///
/// Whether the cut did fall there is known once the first part is parsed: its parse
/// must end at the top level with no block open and no brace forgiven, and its last
/// token must not be a trailing `,` (the only construct that reads on into the next line
/// without a brace). The cut is chosen where the second part starts with a name at
/// column 0, so a `when` header at the end of the first part looks past its line break at
/// a name in both parses, never at a `{`. When the check fails, both parts are thrown
/// away and the file is parsed in one pass. `ParallelParseTests` cuts files at every line
/// and compares the trees with the one-pass parse.
enum ParallelParse {
    /// Smaller files are parsed in one pass: below this, starting a second thread costs
    /// about as much as it saves.
    static let minimumBytes = 64 * 1024

    /// Where to cut `bytes`, or nil to parse them in one pass.
    static func splitPoint(in bytes: UnsafeBufferPointer<UInt8>, limits: ParserLimits) -> Int? {
        splitPoint(in: bytes, from: 0, limits: limits)
    }

    /// Where to cut the text from `start` (0 or a top-level statement's line start) to
    /// the end, or nil to parse it in one pass.
    static func splitPoint(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, limits: ParserLimits) -> Int? {
        guard bytes.count - start >= minimumBytes, limits.maxBlockNesting > 0, BackgroundTask<Void>.hasSecondCore else { return nil }
        return candidateCut(in: bytes, from: start + (bytes.count - start) / 2)
    }

    /// The first line start at or after `target` whose line begins with an ASCII letter or
    /// `_` and whose previous line does not end in `,` or `{` (a cheap first guess of a
    /// top-level statement; ``parse(_:bytes:limits:splitAt:)`` verifies it).
    static func candidateCut(in bytes: UnsafeBufferPointer<UInt8>, from target: Int) -> Int? {
        var index = max(1, target)
        while index < bytes.count {
            if bytes[index - 1] == UInt8(ascii: "\n"), startsName(bytes[index]), !previousLineContinues(bytes, before: index - 1) {
                return index
            }
            index += 1
        }
        return nil
    }

    static func startsName(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }

    static func previousLineContinues(_ bytes: UnsafeBufferPointer<UInt8>, before lineBreak: Int) -> Bool {
        var index = lineBreak - 1
        while index >= 0, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") || bytes[index] == UInt8(ascii: "\r") {
            index -= 1
        }
        return index >= 0 && (bytes[index] == UInt8(ascii: ",") || bytes[index] == UInt8(ascii: "{"))
    }

    /// One part's products.
    private struct Part {
        var statements: [StatementSyntax]
        let lexed: LexedTokens
        let diagnostics: [Diagnostic]
        /// Whether the parse ended between top-level statements: no block open, no brace
        /// forgiven, no trailing `,` (see the type's comment).
        let endsCleanly: Bool
    }

    /// The second part's inputs and output, handed between the two threads.
    private final class Handover: @unchecked Sendable {
        let bytes: UnsafeBufferPointer<UInt8>
        /// Where the first part's last token other than a line break ends; set before
        /// `firstLexed` is signalled.
        var lastEndOfFirst = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }
    }

    /// Parses `bytes` cut at `cut` (a line start) in two parts at once; nil when the cut
    /// is not between two top-level statements.
    static func parse(_ source: SourceFile, bytes: UnsafeBufferPointer<UInt8>, limits: ParserLimits, splitAt cut: Int) -> SyntaxTree? {
        parse(file: source.path, bytes: bytes, limits: limits, from: 0, lastEnd: 0, splitAt: cut).map { SyntaxTree(source: source, $0) }
    }

    /// Parses the text from `start` to the end cut at `cut` (a line start after `start`)
    /// in two parts at once; nil when the cut is not between two top-level statements.
    ///
    /// - Parameters:
    ///   - start: 0, or the line start of a top-level statement (see ``IncrementalParse``).
    ///   - lastEnd: where the last token before `start` other than a line break ends.
    static func parse(file: String, bytes: UnsafeBufferPointer<UInt8>, limits: ParserLimits, from start: Int, lastEnd: Int,
                      splitAt cut: Int) -> ParsedText? {
        let handover = Handover(bytes: bytes)
        let firstLexed = DispatchSemaphore(value: 0)
        let secondTask = BackgroundTask<Part> {
            let lexed = Lexer.lexTokens(bytes: handover.bytes, file: file, limits: limits, from: cut)
            firstLexed.wait()
            return parsePart(file: file, bytes: handover.bytes, lexed: lexed, limits: limits, lastEnd: handover.lastEndOfFirst,
                             statementCapacity: lexed.tokens.statementEstimate)
        }
        let lexed = Lexer.lexTokens(bytes: UnsafeBufferPointer(rebasing: bytes[0..<cut]), file: file, limits: limits, from: start)
        handover.lastEndOfFirst = lexed.tokens.lastTokenBeforeEnd?.range.end ?? lastEnd
        firstLexed.signal()
        // Performance: the first part's statement list is made large enough for the whole
        // text's (its estimate scaled to the whole text's length), so that neither its
        // growth nor the join below copies it. (With the reservation in `parseFile`, a parse
        // 376.0M → 369.9M instructions, 188.2M → 184.9M on the calling thread, callgrind of
        // `rulebook-bench parseonly --keep`; docs/performance.md, "The parse's critical path".)
        let wholeEstimate = scaledEstimate(lexed.tokens.statementEstimate, of: cut - start, to: bytes.count - start)
        var first = parsePart(file: file, bytes: bytes, lexed: lexed, limits: limits, lastEnd: lastEnd, statementCapacity: wholeEstimate)
        guard var second = secondTask.wait(), first.endsCleanly,
              let startOfSecond = second.lexed.tokens.first, startOfSecond.kind == .identifier, startOfSecond.range.start == cut
        else { return nil }
        // Performance: the first part's statements are taken out (unshared), so appending
        // the second's moves them instead of copying (and retaining) each one.
        // (see `appendMoving`; docs/performance.md, "Lexer and tree footprint".)
        var statements: [StatementSyntax] = []
        swap(&statements, &first.statements)
        appendMoving(&statements, from: &second.statements)
        return ParsedText(statements: statements,
                          comments: first.lexed.comments + second.lexed.comments,
                          diagnostics: Parser.sortedDiagnostics(first.lexed.diagnostics + second.lexed.diagnostics
                                                                + first.diagnostics + second.diagnostics))
    }

    /// A statement estimate for `partLength` bytes scaled to `wholeLength` bytes (in
    /// floating point: no overflow whatever the limits allow), at most one statement per
    /// byte of the whole.
    static func scaledEstimate(_ estimate: Int, of partLength: Int, to wholeLength: Int) -> Int {
        let scaled = Double(estimate) * Double(wholeLength) / Double(max(1, partLength))
        return scaled >= Double(wholeLength) ? max(0, wholeLength) : max(0, Int(scaled))
    }

    /// Appends the elements of `source` to `target` by moving them, leaving an empty
    /// `unexpected` statement (nothing to release) in each place of `source`.
    /// Performance: `append(contentsOf:)` would copy each statement, retaining its lists,
    /// and freeing `source` would then release them again.
    /// (a parse 529.8M → 510.6M with the statement moves, callgrind of `rulebook-bench
    /// parseonly`; docs/performance.md, "Lexer and tree footprint".)
    static func appendMoving(_ target: inout [StatementSyntax], from source: inout [StatementSyntax]) {
        target.reserveCapacity(target.count + source.count)
        source.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for index in 0..<buffer.count {
                target.append((base + index).move())
                (base + index).initialize(to: .unexpected(UnexpectedSyntax(range: .empty(at: 0))))
            }
        }
    }

    /// Parses the text from `start` up to `end` (both line starts) as the part of a file
    /// that comes before a top-level statement starting at `end`; nil when its parse does
    /// not end between top-level statements (the conditions of the two-part parse's first
    /// part).
    static func parseLeadingPart(file: String, bytes: UnsafeBufferPointer<UInt8>, limits: ParserLimits, from start: Int,
                                 lastEnd: Int, upTo end: Int) -> ParsedText? {
        let lexed = Lexer.lexTokens(bytes: UnsafeBufferPointer(rebasing: bytes[0..<end]), file: file, limits: limits, from: start)
        let part = parsePart(file: file, bytes: bytes, lexed: lexed, limits: limits, lastEnd: lastEnd,
                             statementCapacity: lexed.tokens.statementEstimate)
        guard part.endsCleanly else { return nil }
        return ParsedText(statements: part.statements, comments: lexed.comments,
                          diagnostics: Parser.sortedDiagnostics(lexed.diagnostics + part.diagnostics))
    }

    /// - Parameter statementCapacity: room to reserve in the top-level statement list.
    private static func parsePart(file: String, bytes: UnsafeBufferPointer<UInt8>, lexed: LexedTokens, limits: ParserLimits,
                                  lastEnd: Int, statementCapacity: Int) -> Part {
        lexed.withTokens { tokens in
            var state = ParserState(file: file, bytes: bytes, tokens: tokens, limits: limits, lastEnd: lastEnd)
            let statements = state.parseFile(reserving: statementCapacity)
            return Part(statements: statements, lexed: lexed, diagnostics: state.diagnostics,
                        endsCleanly: state.unclosedBlocksAtEnd == 0 && state.forgivenClosingBraces == 0
                            && lexed.tokens.lastTokenBeforeEnd?.kind != .comma)
        }
    }
}

/// What parsing the text from some top-level line start to the end gives: its
/// statements, its comments and its diagnostics in source order.
struct ParsedText {
    var statements: [StatementSyntax]
    var comments: [CommentSyntax]
    /// Lexical then syntax diagnostics, sorted (``Parser/sortedDiagnostics(_:)``).
    var diagnostics: [Diagnostic]
}

extension SyntaxTree {
    /// The tree of a whole file's parse.
    init(source: SourceFile, _ parsed: ParsedText) {
        self.init(source: source, statements: parsed.statements, comments: parsed.comments, diagnostics: parsed.diagnostics)
    }
}
