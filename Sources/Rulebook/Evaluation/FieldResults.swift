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
    /// The results; for a flat program's deferred results, its program's all-valid
    /// results (each field's path), read with ``invalid``.
    @usableFromInline let base: [FieldResult]
    /// Bit `f` (`1 << f`) set when result `f` is invalid and made from `base[f]`'s path,
    /// its violations deferred to ``deferred`` (a flat program's report); else 0.
    @usableFromInline let invalid: UInt64
    /// The failed rules (bits) of a flat program's record, or 0.
    @usableFromInline let failed: UInt64
    /// The contents whose violations the invalid results read (nil when `invalid` is 0).
    @usableFromInline let deferred: FlatReportContents?

    /// Results read as they are.
    init(_ results: [FieldResult]) {
        self.base = results
        self.invalid = 0
        self.failed = 0
        self.deferred = nil
    }

    /// A flat program's results: `shared` (every field valid) with the fields of
    /// `invalid` made invalid, their violations (of the rules in `failed`) read from
    /// `deferred`.
    init(shared: [FieldResult], invalid: UInt64, failed: UInt64, deferred: FlatReportContents) {
        self.base = shared
        self.invalid = invalid
        self.failed = failed
        self.deferred = deferred
    }

    /// Always 0.
    @inlinable public var startIndex: Int { 0 }

    /// The number of results.
    @inlinable public var endIndex: Int { base.count }

    /// The result at `position` (`0..<count`; out of range traps, as an array's
    /// subscript does).
    ///
    /// (`@inlinable`, as an array's subscript: reading a result is then a load, a bit
    /// test and a retain in the caller's loop.)
    @inlinable public subscript(position: Int) -> FieldResult {
        guard let deferred else { return base[position] }
        return FlatReportContents.result(at: position, shared: base, invalid: invalid, failed: failed, deferred: deferred)
    }

    /// Whether both hold the same results in the same order.
    public static func == (lhs: FieldResults, rhs: FieldResults) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    /// Hashes as `[FieldResult]` does: the count, then each result.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for result in self { hasher.combine(result) }
    }
}

extension FieldResults: CustomStringConvertible, CustomReflectable {
    /// The results as an array prints them (not the stored all-valid results and mask).
    public var description: String { Array(self).description }

    /// The results as children, so debuggers and test failures show what a reader gets.
    public var customMirror: Mirror { Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection) }
}
