// Performance: the tree's nodes are most of what a parse keeps (hundreds of thousands
// of them for a very large file), and every 4 KB of fresh memory costs a page fault. A
// `SourceRange` is two `Int`s; the offsets of any file the parser reads fit in `UInt32`
// (`CompactToken.maxOffset`), so the statements (`FieldStatementSyntax`,
// `NamedRuleSyntax`, `WhenBlockSyntax`, which size every statement list), `RuleSyntax`
// and `PathSegmentSyntax` (in the tree's buffers of lists, see `SyntaxList`) keep their
// offsets as `UInt32`s, and offsets that do not fit (a hand-built tree may hold any) are
// kept whole in a box. The package API reads as before. `ArgumentSyntax` keeps a plain
// range: a computed `kind` would cost the checker's lowering more than the bytes saved.

/// The compact form of the tree's offsets.
enum CompactOffsets {
    /// Whether both offsets of `range` fit in `UInt32`, and it is not reversed.
    @inline(__always)
    static func fit(_ range: SourceRange) -> Bool {
        range.start >= 0 && range.start <= range.end && range.end <= Int(UInt32.max)
    }

    /// The range `start..<end` of offsets that `fit` (so `start <= end`).
    @inline(__always)
    static func range(_ start: UInt32, _ end: UInt32) -> SourceRange {
        SourceRange(uncheckedStart: Int(start), end: Int(end))
    }
}

/// A node's ranges when they do not fit its compact offsets, in the node's field order.
/// Immutable; equal and hashed as its values.
final class WideRanges: Sendable, Hashable {
    let ranges: [SourceRange]

    init(_ ranges: [SourceRange]) { self.ranges = ranges }

    static func == (lhs: WideRanges, rhs: WideRanges) -> Bool { lhs === rhs || lhs.ranges == rhs.ranges }

    func hash(into hasher: inout Hasher) { hasher.combine(ranges) }
}
