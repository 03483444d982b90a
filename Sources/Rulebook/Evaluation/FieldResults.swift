/// A report's results as a collection read in place: the same results, in the same order,
/// as ``ValidationReport/fields``, without building an array.
///
/// A value (`Sendable`, equal to another collection of the same results and hashed as the
/// array of them is); it keeps its report's contents alive, so results read after the
/// report is gone are the same. Iterate, count, index and filter it as the array;
/// `Array(report.results) == report.fields`.
///
/// Performance bends this: a report of a flat program (see `FlatEvaluator`) keeps which
/// fields failed as a bit mask, and ``ValidationReport/fields`` builds an array of results
/// from it on every read (an allocation, a copy of each result, and their release through
/// the runtime's value witnesses: ≈ 1,300 instructions per invalid profile record, half of
/// the whole validation). Here each result is made when its position is read (a path and
/// a status; an invalid one points back to the report for its violations), and nothing
/// is allocated. Reports of other programs read their results from the array, built once
/// when the collection is made.
public struct FieldResults: RandomAccessCollection, Sendable, Hashable {
    /// The results: given or built (``BuiltReportContents``), or a flat program's deferred
    /// results, each made when read.
    private let contents: ReportContents
    /// The number of results.
    public let endIndex: Int

    init(_ contents: ReportContents, count: Int) {
        self.contents = contents
        self.endIndex = count
    }

    /// Always 0.
    public var startIndex: Int { 0 }

    /// The result at `position` (`0..<count`).
    /// (Out of range traps, as an array's subscript does.)
    public subscript(position: Int) -> FieldResult { contents.result(at: position) }

    /// Whether both hold the same results in the same order.
    public static func == (lhs: FieldResults, rhs: FieldResults) -> Bool {
        guard lhs.endIndex == rhs.endIndex else { return false }
        if lhs.contents === rhs.contents { return true }
        return lhs.elementsEqual(rhs)
    }

    /// Hashes as `[FieldResult]` does: the count, then each result.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(endIndex)
        for result in self { hasher.combine(result) }
    }
}
