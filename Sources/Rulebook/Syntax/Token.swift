/// The kinds of token the ``Lexer`` produces.
///
/// Comments are not tokens: the lexer collects them into ``LexedTokens/comments`` so the
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

/// One token as the lexer stores it: its kind and its exact byte range, in 12 bytes
/// (RulebookTooling's `Token`, which tests and the benchmark read, takes 24).
///
/// Performance: the token buffer is the largest thing a parse allocates (about seven
/// tokens a line), and every 4 KB of fresh memory costs a page fault. Offsets are `UInt32`: the parser refuses files
/// larger than ``maxOffset`` bytes (`Parser.parse` counts them as too large), and
/// `Lexer.lexTokens` lexes at most that many, so every offset fits.
package struct CompactToken: Sendable, Hashable {
    /// The largest byte offset a compact token can hold, so the largest text it can lex.
    static let maxOffset = Int(UInt32.max)

    private let start: UInt32
    private let end: UInt32
    /// What the token is.
    package let kind: TokenKind
    /// Whether the lexer reported a problem inside this token (an invalid escape, an
    /// unterminated literal, a malformed number or date), so the parser must not report
    /// it again.
    package let hasError: Bool

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
    package var range: SourceRange {
        @inline(__always) get { SourceRange(uncheckedStart: Int(start), end: Int(end)) }
    }
}
