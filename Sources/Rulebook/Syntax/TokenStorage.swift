// Performance: the lexer's tokens are the largest thing a parse allocates (12 bytes per
// `CompactToken`, 733,328 tokens for the 100,000-line benchmark file) and appending them one at a time
// to an `Array` stored in the lexer's state cost a uniqueness check (a runtime call) and a
// capacity check per token. The lexer now writes them into a buffer it owns and hands the
// parser that buffer; only RulebookTooling's `Lexer.lex` (for tests and the benchmark) copies
// them into an array.

/// The tokens of one lexer pass, in a manually allocated buffer that the lexer filled and
/// no one changes afterwards (hence `@unchecked Sendable`: read-only once lexed, it may be
/// read from any thread).
package final class TokenStorage: @unchecked Sendable {
    private let base: UnsafeMutablePointer<CompactToken>
    /// The number of tokens (the last is ``TokenKind/endOfFile``).
    let count: Int
    /// How many of them are line breaks.
    let lineBreaks: Int
    /// How many bytes were lexed.
    let byteCount: Int

    /// Adopts `count` initialised tokens at `base` (allocated with `UnsafeMutablePointer.allocate`),
    /// `lineBreaks` of them line breaks, lexed from `byteCount` bytes.
    init(adopting base: UnsafeMutablePointer<CompactToken>, count: Int, lineBreaks: Int, byteCount: Int) {
        self.base = base
        self.count = count
        self.lineBreaks = lineBreaks
        self.byteCount = byteCount
    }

    deinit {
        // `CompactToken` is a trivial type: nothing to deinitialise (were a reference ever
        // added to it, the tokens would leak; hence the assertion).
        assert(_isPOD(CompactToken.self), "TokenStorage frees its tokens without deinitialising them")
        base.deallocate()
    }

    /// The tokens, valid while this storage is alive: read them through
    /// ``LexedTokens/withTokens(_:)``, which keeps it alive for the call.
    fileprivate var buffer: UnsafeBufferPointer<CompactToken> { UnsafeBufferPointer(start: base, count: count) }

    /// Room to reserve for the top-level statements of these tokens: one per line break,
    /// but no more than there are other tokens (a statement has at least one), so that a
    /// text of blank lines reserves nothing, and no more than one per
    /// ``bytesPerEstimatedStatement`` bytes (the list grows past that when a file really
    /// has more): a 32 MiB text of continuation lines (`  b,` each, one statement in all)
    /// would otherwise reserve 8 million statements, about 800 MB of address space.
    package var statementEstimate: Int {
        min(lineBreaks, count - lineBreaks, byteCount / TokenStorage.bytesPerEstimatedStatement) + 1
    }

    /// The fewest bytes per statement the estimate assumes. The generated benchmark file
    /// has about 100 bytes per top-level statement and the shipped rule files more; a file
    /// of shorter statements grows its list by doubling past the reservation.
    static let bytesPerEstimatedStatement = 24

    /// The first token, if any.
    var first: CompactToken? { count > 0 ? base[0] : nil }
}

/// The lexer's product for the parser: the tokens in their own storage, the comments and
/// the lexical diagnostics (`LexedSource`, in RulebookTooling, copies the tokens out).
package struct LexedTokens: Sendable {
    package let tokens: TokenStorage
    package let comments: [CommentSyntax]
    package let diagnostics: [Diagnostic]

    /// Calls `body` with the tokens, kept alive for the call.
    package func withTokens<Result>(_ body: (UnsafeBufferPointer<CompactToken>) -> Result) -> Result {
        withExtendedLifetime(tokens) { body(tokens.buffer) }
    }
}
