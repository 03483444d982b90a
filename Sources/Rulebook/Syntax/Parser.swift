/// Reads a `.rules` file into a ``SyntaxTree``: a hand-written recursive-descent parser
/// with error recovery.
///
/// The parser never throws and never drops text. Every mistake produces one diagnostic,
/// after which the parser resynchronises — to the next `,` inside a rule list, to the end
/// of the statement's line, or to the enclosing block's `}` — so a file with three
/// independent mistakes reports exactly three. Work is linear in the input: each token is
/// looked at a bounded number of times, and recursion is bounded by ``ParserLimits``.
package enum Parser {
    /// Parses `source` with the default limits.
    package static func parse(_ source: SourceFile) -> SyntaxTree {
        parse(source, limits: .default)
    }

    /// Parses `source`, diagnosing anything beyond `limits` as `limit-exceeded`.
    package static func parse(_ source: SourceFile, limits: ParserLimits) -> SyntaxTree {
        let byteCount = source.text.utf8.count
        let maxFileBytes = limits.effectiveMaxFileBytes
        if byteCount > maxFileBytes {
            let diagnostic = Diagnostic(
                file: source.path, range: .empty(at: 0), code: .limitExceeded,
                message: "file is \(byteCount) bytes long, more than the limit of \(maxFileBytes); it was not parsed")
            return SyntaxTree(
                source: source, statements: [.unexpected(UnexpectedSyntax(range: SourceRange(start: 0, end: byteCount)))],
                comments: [], diagnostics: [diagnostic])
        }
        var text = source.text
        return text.withUTF8 { bytes in
            SyntaxTree(source: source, parseText(file: source.path, bytes: bytes, limits: limits, from: 0, lastEnd: 0))
        }
    }

    /// Parses the text from `start` (0, or the line start of a top-level statement) to the
    /// end.
    ///
    /// - Parameter lastEnd: where the last token before `start` other than a line break
    ///   ends (0 at the start of the file).
    package static func parseText(
        file: String, bytes: UnsafeBufferPointer<UInt8>, limits: ParserLimits, from start: Int,
        lastEnd: Int
    ) -> ParsedText {
        let lexed = Lexer.lexTokens(bytes: bytes, file: file, limits: limits, from: start)
        let (statements, parseDiagnostics) = lexed.withTokens { tokens in
            var state = ParserState(file: file, bytes: bytes, tokens: tokens, limits: limits, lastEnd: lastEnd)
            return (state.parseFile(reserving: lexed.tokens.statementEstimate), state.diagnostics)
        }
        return ParsedText(
            statements: statements, comments: lexed.comments,
            diagnostics: sortedDiagnostics(lexed.diagnostics + parseDiagnostics))
    }

    /// Lexical then syntax diagnostics, in source order (stable: a lexical diagnostic
    /// comes before a syntax one at the same place).
    package static func sortedDiagnostics(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated()
            .sorted { ($0.element.range.start, $0.offset) < ($1.element.range.start, $1.offset) }
            .map(\.element)
    }
}

/// The parser's cursor over the token array, and its diagnostics. Lives only inside the
/// scope where `bytes` (the text's UTF-8 storage) is valid.
package struct ParserState {
    let file: String
    let bytes: UnsafeBufferPointer<UInt8>
    /// The lexer's tokens (never empty: the last is the end of the file). Performance:
    /// read through a buffer pointer, valid for the parse, without array checks.
    let tokens: UnsafeBufferPointer<CompactToken>
    let limits: ParserLimits
    /// The strings of the tree's names, keys and literals, each made once per parse.
    let strings: StringInterner
    /// The tree's lists, shared by its nodes; each being built is the run appended since
    /// it began (see ``SyntaxBuffer``).
    let ruleBuffer = SyntaxBuffer<RuleSyntax>()
    let argumentBuffer = SyntaxBuffer<ArgumentSyntax>()
    let segmentBuffer = SyntaxBuffer<PathSegmentSyntax>()
    /// The statements of the open `when` blocks (see ``parseFile(reserving:)``).
    let statementStack = SyntaxListStack<StatementSyntax>()
    var position = 0
    /// The end of the last consumed token other than a line break: where a statement or
    /// rule that stops here ends.
    var lastEnd = 0
    package var diagnostics: [Diagnostic] = []
    /// How many `when` blocks enclose the statement being parsed (kept in step with the
    /// open-block stack of `parseFile`).
    var blockDepth = 0
    /// `when` headers whose `{` was missing: that many stray `}` are the same mistake and
    /// are not reported again.
    package var forgivenClosingBraces = 0
    /// Set when a condition went past ``ParserLimits/maxConditionDepth`` or failed to
    /// parse; the condition parser then unwinds without reporting more.
    var conditionFailed = false
    /// How many `when` blocks were still open when the file ended (each reported).
    package var unclosedBlocksAtEnd = 0

    /// - Parameter lastEnd: the end of the last token before `tokens` other than a line
    ///   break (an incremental reparse of the text after an edit starts after one).
    package init(
        file: String, bytes: UnsafeBufferPointer<UInt8>, tokens: UnsafeBufferPointer<CompactToken>, limits: ParserLimits, lastEnd: Int = 0
    ) {
        self.file = file
        self.bytes = bytes
        self.tokens = tokens
        self.limits = limits
        self.lastEnd = lastEnd
        self.strings = StringInterner(bytes: bytes)
    }

    // MARK: Cursor
    //
    // Performance: a `mutating` parse function that calls a non-mutating method of the
    // state which is not inlined first copies the whole state (176 bytes,
    // `MemoryLayout<ParserState>.size`; a `memcpy`) to pass it as `self`, about once per
    // token. So the small helpers below, and those of
    // the other parser files, are `@inline(__always)`, and the larger ones (decoding a
    // string, a number, a pattern, a date) are static functions of the fields they read
    // behind an inlined method: no call copies the state.

    /// The token at the cursor (the end-of-file token once past the end).
    var current: CompactToken {
        @inline(__always) get { tokens[position] }
    }

    /// The token `offset` places after the cursor, clamped to the end-of-file token.
    @inline(__always)
    func peek(_ offset: Int = 1) -> CompactToken {
        tokens[min(position + offset, tokens.count - 1)]
    }

    @inline(__always)
    mutating func advance() {
        let token = tokens[position]
        if token.kind != .newline && token.kind != .endOfFile { lastEnd = token.range.end }
        if position < tokens.count - 1 { position += 1 }
    }

    /// Whether the cursor is at a line break, the end of the file, or a `}`.
    var atStatementEnd: Bool {
        @inline(__always) get {
            switch current.kind {
            case .newline, .endOfFile, .rightBrace: true
            default: false
            }
        }
    }

    /// Whether the current token directly follows the previous one (no space between),
    /// as the parts of a path must.
    var currentIsAdjacent: Bool {
        @inline(__always) get { position > 0 && tokens[position - 1].range.end == current.range.start }
    }

    // MARK: Token text

    /// The source text of `token`.
    @inline(__always)
    func text(of token: CompactToken) -> String {
        strings.string(from: token.range.start, to: token.range.end)
    }

    /// Whether `token` is the identifier `word` (compared as bytes, no allocation).
    @inline(__always)
    func isWord(_ token: CompactToken, _ word: StaticString) -> Bool {
        ParserState.isWord(token, word, in: bytes)
    }

    /// Whether `token` of `bytes` is the identifier `word`.
    static func isWord(_ token: CompactToken, _ word: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard token.kind == .identifier, token.range.length == word.utf8CodeUnitCount else { return false }
        return word.withUTF8Buffer { buffer in
            var offset = token.range.start
            for byte in buffer {
                if bytes[offset] != byte { return false }
                offset += 1
            }
            return true
        }
    }

    /// How a diagnostic names `token`: `'minLength'`, `end of line`, `end of file`.
    func describe(_ token: CompactToken) -> String {
        switch token.kind {
        case .newline: return "end of line"
        case .endOfFile: return "end of file"
        default:
            let text = text(of: token)
            return text.count > 32 ? "'\(text.prefix(31))…'" : "'\(text)'"
        }
    }

    // MARK: Diagnostics

    /// Reports a parse error at the current token, unless the lexer already reported a
    /// problem at or just before it (one mistake, one diagnostic).
    mutating func reportUnexpected(_ expectation: String) {
        let token = current
        let previous = position > 0 ? tokens[position - 1] : token
        if token.kind == .invalid || token.hasError || previous.hasError || previous.kind == .invalid { return }
        let range = (token.kind == .newline || token.kind == .endOfFile) ? SourceRange.empty(at: token.range.start) : token.range
        diagnostics.append(
            Diagnostic(file: file, range: range, code: .unexpectedToken, message: "\(expectation), found \(describe(token))"))
    }

    mutating func report(_ code: DiagnosticCode, _ range: SourceRange, _ message: String) {
        diagnostics.append(Diagnostic(file: file, range: range, code: code, message: message))
    }

    // MARK: Recovery

    /// Skips to the end of the statement: the line break, the end of the file, or the
    /// `}` closing the enclosing block. Braces opened in the skipped text are skipped
    /// with their partners. With `stopAtComma`, also stops at a `,` (inside a rule list).
    /// Returns the skipped range, or nil when nothing was skipped.
    @discardableResult
    mutating func skipToStatementEnd(stopAtComma: Bool = false) -> SourceRange? {
        let start = current.range.start
        var opened = 0
        loop: while true {
            switch current.kind {
            case .newline, .endOfFile:
                break loop
            case .comma where stopAtComma && opened == 0:
                break loop
            case .leftBrace:
                opened += 1
            case .rightBrace:
                if opened == 0 && blockDepth > 0 { break loop }
                opened = max(0, opened - 1)
            default:
                break
            }
            advance()
        }
        return lastEnd > start ? SourceRange(start: start, end: lastEnd) : nil
    }

    /// The range from `start` to the end of the last consumed token.
    @inline(__always)
    func range(from start: Int) -> SourceRange {
        SourceRange(start: start, end: max(start, lastEnd))
    }
}

/// What parsing the text from some top-level line start to the end gives: its
/// statements, its comments and its diagnostics in source order.
package struct ParsedText {
    package var statements: [StatementSyntax]
    package var comments: [CommentSyntax]
    /// Lexical then syntax diagnostics, sorted (``Parser/sortedDiagnostics(_:)``).
    package var diagnostics: [Diagnostic]

    /// The parse of some text.
    package init(statements: [StatementSyntax], comments: [CommentSyntax], diagnostics: [Diagnostic]) {
        self.statements = statements
        self.comments = comments
        self.diagnostics = diagnostics
    }
}

extension SyntaxTree {
    /// The tree of a whole file's parse.
    package init(source: SourceFile, _ parsed: ParsedText) {
        self.init(source: source, statements: parsed.statements, comments: parsed.comments, diagnostics: parsed.diagnostics)
    }
}
