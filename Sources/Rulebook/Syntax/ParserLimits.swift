/// Bounds on what the lexer and parser accept, so that hostile or accidental input
/// (a megabyte-long line, ten thousand nested `when` blocks) produces a `limit-exceeded`
/// diagnostic instead of a stack overflow or a pathological run time.
package struct ParserLimits: Sendable, Hashable {
    /// The largest file, in bytes, that is parsed at all. A larger file yields one
    /// diagnostic and a tree whose only statement is the unread text. Files of more than
    /// `UInt32.max` bytes (4 GiB − 1, the lexer's offsets) are too large whatever this
    /// says.
    package var maxFileBytes: Int
    /// The longest line, in bytes (line break excluded). Longer lines are diagnosed once
    /// each and still parsed.
    package var maxLineBytes: Int
    /// How deeply `when` blocks may nest (a top-level block has depth 1).
    package var maxBlockNesting: Int
    /// How deep a condition's tree may be (each `and`, `or`, `not` and parenthesis adds
    /// one level). Bounds every recursive walk over conditions, not only the parser's.
    package var maxConditionDepth: Int

    /// Creates limits; the defaults are far beyond any hand-written rule file.
    package init(maxFileBytes: Int = 32 << 20, maxLineBytes: Int = 64 << 10, maxBlockNesting: Int = 64, maxConditionDepth: Int = 64) {
        self.maxFileBytes = maxFileBytes
        self.maxLineBytes = maxLineBytes
        self.maxBlockNesting = maxBlockNesting
        self.maxConditionDepth = maxConditionDepth
    }

    /// The largest file the parser reads: ``maxFileBytes``, or `UInt32.max` bytes if that
    /// is smaller (the lexer's compact tokens hold 32-bit offsets).
    package var effectiveMaxFileBytes: Int { min(maxFileBytes, CompactToken.maxOffset) }

    /// The defaults: 32 MiB files, 64 KiB lines, 64 nested blocks, condition depth 64.
    package static let `default` = ParserLimits()
}
