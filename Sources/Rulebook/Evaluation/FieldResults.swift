/// A report's results as a collection read in place: the same results, in the same order,
/// as ``ValidationReport/fields``, without building an array.
///
/// A value (`Sendable`, equal to another collection of the same results and hashed as the
/// array of them is); it keeps its report's contents alive, so results read after the
/// report is gone are the same. Iterate, count, index and filter it as the array;
/// `Array(report.results) == report.fields`.
///
@usableFromInline package struct FieldResults: RandomAccessCollection, Sendable, Hashable {
    /// The results.
    @usableFromInline let base: [FieldResult]

    /// Results read as they are.
    init(_ results: [FieldResult]) {
        self.base = results
    }

    /// Always 0.
    @inlinable package var startIndex: Int { 0 }

    /// The number of results.
    @inlinable package var endIndex: Int { base.count }

    /// The result at `position` (`0..<count`; out of range traps, as an array's
    /// subscript does).
    @inlinable package subscript(position: Int) -> FieldResult { base[position] }

    /// Whether both hold the same results in the same order.
    @usableFromInline package static func == (lhs: FieldResults, rhs: FieldResults) -> Bool {
        lhs.base == rhs.base
    }

    /// Hashes as `[FieldResult]` does: the count, then each result.
    @usableFromInline package func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for result in self { hasher.combine(result) }
    }
}

extension FieldResults: CustomStringConvertible, CustomReflectable {
    /// The results as an array prints them.
    @usableFromInline package var description: String { base.description }

    /// The results as children, so debuggers and test failures show what a reader gets.
    @usableFromInline package var customMirror: Mirror { Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection) }
}
