/// A half-open range of UTF-8 byte offsets inside one source file.
///
/// Every syntax node, token and diagnostic carries one. Offsets are converted to
/// line and column (in UTF-8, UTF-16 or Unicode scalars) only at the edges, by a
/// `LineTable`.
package struct SourceRange: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The offset of the first byte.
    package var start: Int
    /// The offset one past the last byte; equal to `start` for an empty range.
    package var end: Int

    /// Creates a range from `start` up to, not including, `end`.
    package init(start: Int, end: Int) {
        precondition(start <= end, "SourceRange start \(start) is after end \(end)")
        self.start = start
        self.end = end
    }

    /// A range whose `start <= end` the caller guarantees (Performance: the lexer's
    /// compact tokens make their range on every read, without the check).
    @inline(__always)
    init(uncheckedStart start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    /// An empty range at `offset`, used for insertions and "missing" nodes.
    package static func empty(at offset: Int) -> SourceRange {
        SourceRange(start: offset, end: offset)
    }

    /// The number of bytes covered.
    package var length: Int { end - start }

    /// Whether the range covers no byte.
    package var isEmpty: Bool { start == end }

    /// Whether `offset` lies inside the range or at its end (as an editor cursor would).
    package func contains(_ offset: Int) -> Bool { start <= offset && offset <= end }

    /// The smallest range covering both.
    package func union(_ other: SourceRange) -> SourceRange {
        SourceRange(start: Swift.min(start, other.start), end: Swift.max(end, other.end))
    }

    /// By start, then by end.
    package static func < (lhs: SourceRange, rhs: SourceRange) -> Bool {
        (lhs.start, lhs.end) < (rhs.start, rhs.end)
    }

    /// `start..<end`.
    package var description: String { "\(start)..<\(end)" }
}
