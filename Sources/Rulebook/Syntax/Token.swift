/// The kinds of token the ``Lexer`` produces.
///
/// Comments are not tokens: the lexer collects them into ``LexedSource/comments`` so the
/// parser never sees them and the formatter still gets every one.
public enum TokenKind: UInt8, Sendable, Hashable, CaseIterable {
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
public struct Token: Sendable, Hashable {
    // `range` first: 24-byte tokens instead of 32 (the token array is the lexer's
    // largest allocation).
    /// Where it is.
    public var range: SourceRange
    /// What the token is.
    public var kind: TokenKind
    /// Whether the lexer reported a problem inside this token (an invalid escape, an
    /// unterminated literal, a malformed number or date), so the parser must not report
    /// it again.
    public var hasError: Bool

    /// Creates a token.
    public init(kind: TokenKind, range: SourceRange, hasError: Bool = false) {
        self.kind = kind
        self.range = range
        self.hasError = hasError
    }
}

/// The lexer's product: tokens, comments and the lexical diagnostics.
public struct LexedSource: Sendable {
    /// Every token in order, ending with ``TokenKind/endOfFile``.
    public var tokens: [Token]
    /// Every `#` comment in order.
    public var comments: [CommentSyntax]
    /// Lexical diagnostics in source order.
    public var diagnostics: [Diagnostic]
}
