import Rulebook

extension SyntaxTree {
    /// Whether any comment overlaps `range` (a fix that deletes `range` would delete it).
    ///
    /// Performance: a binary search instead of a scan. The lint fixes (`unused-rule`,
    /// `redundant-rule`, `duplicate-import`) ask this once per diagnostic, and a generated
    /// file with 10,000 unused named rules and 20,000 comments made the scan quadratic.
    /// Comments come from the lexer in source order and never overlap, so their ends are
    /// sorted too.
    package func hasComment(overlapping range: SourceRange) -> Bool {
        var low = 0, high = comments.count
        while low < high {  // the first comment that ends after `range` starts
            let middle = (low + high) / 2
            if comments[middle].range.end <= range.start { low = middle + 1 } else { high = middle }
        }
        return low < comments.count && comments[low].range.start < range.end
    }
}
