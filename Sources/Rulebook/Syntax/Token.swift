/// The kinds of token the ``Lexer`` produces.
///
/// Comments are not tokens: the lexer collects them into ``LexedSource/comments`` so the
/// parser never sees them and the formatter still gets every one.
package enum TokenKind: UInt8, Sendable, Hashable, CaseIterable {
    /// A name: `[A-Za-z_]` or a Unicode letter, then letters, ASCII digits and `_`.
    /// Keywords (`rule`, `when`, `and`, …) are identifiers too; the parser decides by
    /// context (see `docs/language.md`, "Keywords").
    case identifier
    /// `12`, `-3`.
    case integer
    /// `1.5`, `-0.25`, `1e3`.
    case decimal
    /// `"…"`, quotes included in the range.
    case string
    /// `/…/flags`, slashes and flags included in the range.
    case regex
    /// `2026-01-31` (or anything shaped `DIGITS-DIGITS…`, diagnosed when not a real date).
    case date
    case colon
    case comma
    case dot
    /// `=`
    case equals
    /// `==`
    case equalEqual
    /// `!=`
    case bangEqual
    case leftBrace
    case rightBrace
    case leftParen
    case rightParen
    case leftBracket
    case rightBracket
    case star
    /// `\n`, `\r\n` or `\r`: statements end at line breaks.
    case newline
    /// Bytes that start no token; the lexer has already reported them.
    case invalid
    /// The end of the text (always the last token, with an empty range).
    case endOfFile
}

/// One token: its kind and its exact byte range.
package struct Token: Sendable, Hashable {
    // `range` first: 24-byte tokens instead of 32 (the token array is the lexer's
    // largest allocation).
    /// Where it is.
    package var range: SourceRange
    /// What the token is.
    package var kind: TokenKind
    /// Whether the lexer reported a problem inside this token (an invalid escape, an
    /// unterminated literal, a malformed number or date), so the parser must not report
    /// it again.
    package var hasError: Bool

    /// Creates a token.
    package init(kind: TokenKind, range: SourceRange, hasError: Bool = false) {
        self.kind = kind
        self.range = range
        self.hasError = hasError
    }
}

/// The lexer's product: tokens, comments and the lexical diagnostics.
package struct LexedSource: Sendable {
    /// Every token in order, ending with ``TokenKind/endOfFile``.
    package var tokens: [Token]
    /// Every `#` comment in order.
    package var comments: [CommentSyntax]
    /// Lexical diagnostics in source order.
    package var diagnostics: [Diagnostic]
}

/// The lexer's internal form of a ``Token``: 12 bytes instead of 24.
///
/// Performance: the token buffer is the largest thing a parse allocates (about seven
/// tokens a line), and every 4 KB of fresh memory costs a page fault. Offsets are `UInt32`: the parser refuses files
/// larger than ``maxOffset`` bytes (`Parser.parse` counts them as too large), and the public
/// `Lexer.lex` lexes at most that many (see `Lexer.lexTokens`), so every offset fits. The
/// package ``Token`` is made only where `Lexer.lex` hands tokens out.
package struct CompactToken: Sendable, Hashable {
    /// The largest byte offset a compact token can hold, so the largest text it can lex.
    static let maxOffset = Int(UInt32.max)

    private let start: UInt32
    private let end: UInt32
    /// What the token is.
    package let kind: TokenKind
    /// Whether the lexer reported a problem inside this token (see ``Token/hasError``).
    let hasError: Bool

    /// A token over `start..<end`, `start <= end <= maxOffset` (the lexer's guarantee).
    @inline(__always)
    init(kind: TokenKind, start: Int, end: Int, hasError: Bool = false) {
        assert(0 <= start && start <= end && end <= Self.maxOffset, "token \(start)..<\(end) outside the lexer's range")
        self.start = UInt32(truncatingIfNeeded: start)
        self.end = UInt32(truncatingIfNeeded: end)
        self.kind = kind
        self.hasError = hasError
    }

    /// Where it is.
    var range: SourceRange {
        @inline(__always) get { SourceRange(uncheckedStart: Int(start), end: Int(end)) }
    }

    /// The package token.
    var token: Token { Token(kind: kind, range: range, hasError: hasError) }
}
