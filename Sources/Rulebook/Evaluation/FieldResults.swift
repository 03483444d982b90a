/// A report's results as a collection read in place: the same results, in the same order,
/// as ``ValidationReport/fields``, without building an array. Public as the opaque
/// ``ValidationReport/results``, so the type itself is no promise.
///
/// A value (`Sendable`, equal to another collection of the same results and hashed as the
/// array of them is); it keeps its report's contents alive, so results read after the
/// report is gone are the same. Iterate, count, index and filter it as the array;
/// `Array(report.results) == report.fields`.
///
/// Performance: each element is made from the report's contents when read (for a
/// deferred report, from its evaluation outcome), so reading which fields failed
/// allocates nothing.
@usableFromInline package struct FieldResults: RandomAccessCollection, Sendable, Hashable {
    /// Where the results are read from.
    @usableFromInline let contents: ReportContents
    /// The number of results.
    @usableFromInline package let endIndex: Int

    /// The results of `contents`.
    init(_ contents: ReportContents) {
        self.contents = contents
        self.endIndex = contents.resultCount
    }

    /// Always 0.
    @inlinable package var startIndex: Int { 0 }

    /// The result at `position` (`0..<count`; out of range traps, as an array's
    /// subscript does).
    @inlinable package subscript(position: Int) -> FieldResult {
        precondition(position >= 0 && position < endIndex, "FieldResults index out of range")
        return contents.result(at: position)
    }

    /// Whether both hold the same results in the same order.
    @usableFromInline package static func == (lhs: FieldResults, rhs: FieldResults) -> Bool {
        lhs.elementsEqual(rhs)
    }

    /// Hashes as `[FieldResult]` does: the count, then each result.
    @usableFromInline package func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for result in self { hasher.combine(result) }
    }
}

extension FieldResults: CustomStringConvertible, CustomReflectable {
    /// The results as an array prints them.
    @usableFromInline package var description: String { Array(self).description }

    /// The results as children, so debuggers and test failures show what a reader gets.
    @usableFromInline package var customMirror: Mirror { Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection) }
}
