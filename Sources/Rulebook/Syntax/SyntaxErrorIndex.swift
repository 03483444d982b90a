/// Answers "is there a syntax error at or around this range?" in O(log n), so later
/// stages (checker, language server) can stay silent about nodes the parser already
/// complained about — one mistake, one diagnostic — even in files with many errors.
package struct SyntaxErrorIndex: Sendable {
    /// Error ranges sorted by start.
    private let ranges: [SourceRange]
    /// `maxEnd[i]` is the largest end among `ranges[0...i]`.
    private let maxEnd: [Int]

    /// Indexes the error diagnostics of `tree`.
    package init(_ tree: SyntaxTree) {
        self.init(diagnostics: tree.diagnostics)
    }

    /// Indexes the error diagnostics among `diagnostics`.
    package init(diagnostics: [Diagnostic]) {
        ranges = diagnostics.filter { $0.severity == .error }.map(\.range).sorted()
        var running = Int.min
        maxEnd = ranges.map { range in
            running = max(running, range.end)
            return running
        }
    }

    /// Whether the index holds no error.
    package var isEmpty: Bool { ranges.isEmpty }

    /// Whether an error range overlaps or touches `range` (an empty diagnostic at a
    /// node's end, such as a missing `:`, counts).
    package func hasError(touching range: SourceRange) -> Bool {
        // The last error starting at or before `range.end`.
        var low = 0, high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if ranges[mid].start <= range.end { low = mid + 1 } else { high = mid }
        }
        return low > 0 && maxEnd[low - 1] >= range.start
    }
}
