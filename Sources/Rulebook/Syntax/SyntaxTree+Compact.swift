// Performance (issue 6): the tree's lists are most of what a parse keeps (about 29 MB in
// 260,000 small arrays for the 100,000-line benchmark file), and in this VM every 4 KB of
// fresh memory costs a page fault of about 10 µs. A `SourceRange` is two `Int`s; the
// offsets of any file the parser reads fit in `UInt32` (`CompactToken.maxOffset`), so a
// `RuleSyntax` keeps its offsets as `UInt32`s, and offsets that do not fit (a hand-built
// tree may hold any) are kept whole in a box. The public API reads as before.

/// The compact form of the tree's offsets.
enum CompactOffsets {
    /// Whether both offsets of `range` fit in `UInt32`, and it is not reversed.
    @inline(__always)
    static func fit(_ range: SourceRange) -> Bool {
        range.start >= 0 && range.start <= range.end && range.end <= Int(UInt32.max)
    }
}
