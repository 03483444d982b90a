import Rulebook

// The lexer's tokens as an array of plain values, for tests and the benchmark: the
// parser reads the lexer's compact tokens in place (`Lexer.lexTokens`) and never needs
// this copy.

/// One token: its kind and its exact byte range.
package struct Token: Sendable, Hashable {
    // `range` first: 24-byte tokens instead of 32.
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

extension CompactToken {
    /// The plain token.
    package var token: Token { Token(kind: kind, range: range, hasError: hasError) }
}

extension Lexer {
    /// Tokenises `source`. Never fails: bytes that start no token become one
    /// ``TokenKind/invalid`` token per run, with one `unexpected-character` diagnostic.
    /// At most 4 GiB (`UInt32.max` bytes) are lexed; a `limit-exceeded` diagnostic covers
    /// any rest.
    package static func lex(_ source: SourceFile, limits: ParserLimits = .default) -> LexedSource {
        var text = source.text
        return text.withUTF8 { lex(bytes: $0, file: source.path, limits: limits) }
    }

    /// Tokenises UTF-8 `bytes`, as ``lex(_:limits:)`` does a file's text.
    package static func lex(bytes: UnsafeBufferPointer<UInt8>, file: String, limits: ParserLimits) -> LexedSource {
        let lexed = lexTokens(bytes: bytes, file: file, limits: limits)
        return LexedSource(tokens: lexed.withTokens { $0.map(\.token) }, comments: lexed.comments, diagnostics: lexed.diagnostics)
    }
}
