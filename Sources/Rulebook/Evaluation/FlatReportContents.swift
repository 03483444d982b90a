/// What every invalid report of one flat program shares: the program, the renderer and
/// today. The record's own findings, the two bit masks of its ``FlatOutcome``, are held
/// inline by its ``ValidationReport``.
///
/// Performance bends this: a report of an invalid record of a flat program allocated a
/// ``DeferredFieldResults`` (made and freed per record, its renderer existential
/// destroyed through the runtime's value witnesses). A compiled rule
/// set without date rules makes one of these for the built-in English messages
/// (`CompiledRuleSet.sharedFlatContents`) and every such report shares it: a retain and a
/// release. With another renderer, or a program whose rules read today, each invalid
/// report makes its own, as before.
///
/// Violations are built when read, for the one field read, and not kept: a report holds
/// no slot to keep them in (the renderer and today are fixed here, and a request carries
/// no record data — see ``MessageRendering`` — so every read builds equal violations).
///
/// (`@unchecked Sendable`, as its superclass: every stored property is an immutable
/// `let` of a `Sendable` type.)
@usableFromInline
final class FlatReportContents: ReportContents, @unchecked Sendable {
    let program: CompiledProgram
    let messages: any MessageRendering
    let today: CalendarDate
    /// Each field's rule bits (`program.flatFields[f].rules`), read by ``FieldResults``'
    /// inlined subscript to give an invalid result its field's failed rules.
    @usableFromInline let fieldRules: [UInt64]

    init(program: CompiledProgram, messages: any MessageRendering, today: CalendarDate) {
        self.program = program
        self.messages = messages
        self.today = today
        self.fieldRules = program.flatRuleMasks
        super.init(isValid: false, changes: nil)
    }

    /// The results of a record's outcome: one per field, in field order.
    ///
    /// (The program's all-valid results give each field's path and each valid field's
    /// whole result. Written with `append`: `Array(unsafeUninitializedCapacity:)` looked
    /// up its generic metadata on every call.)
    override func results(_ flat: FlatOutcome) -> [FieldResult] {
        guard let shared = program.allValidResults else {
            assertionFailure("every flat program has all-valid results (FlatPlanBuilder)")
            return []
        }
        var results: [FieldResult] = []
        results.reserveCapacity(shared.count)
        for field in shared.indices {
            results.append(Self.result(at: field, shared: shared, invalid: flat.invalidFields, failed: flat.failedRules,
                                       deferred: self))
        }
        return results
    }

    /// Result `position` of a flat report: the program's all-valid result (`shared`), or,
    /// when the field's bit of `invalid` is set, an invalid result with its path whose
    /// violations (of the rules in `failed`) are read from `deferred`. The one place both
    /// ``results(_:)`` and ``FieldResults``' subscript make a result.
    @inlinable @inline(__always)
    static func result(at position: Int, shared: [FieldResult], invalid: UInt64, failed: UInt64,
                       deferred: FlatReportContents) -> FieldResult {
        guard invalid >> UInt64(truncatingIfNeeded: position) & 1 != 0 else { return shared[position] }
        return FieldResult(field: shared[position].field, status: .invalid, deferred: deferred,
                           entry: entry(failed, rules: deferred.fieldRules[position]))
    }

    /// The results read in place: made from the masks when read (``FieldResults``).
    override func resultCollection(_ flat: FlatOutcome) -> FieldResults {
        guard let shared = program.allValidResults else { return FieldResults([]) }
        return FieldResults(shared: shared, invalid: flat.invalidFields, failed: flat.failedRules, deferred: self)
    }

    /// An invalid result's entry: its field's failed rules as an `Int` bit pattern (never
    /// 0). Two results of the same contents with the same entry have the same violations
    /// (a field's rules are its own bits, so the entry names the field too).
    @inlinable @inline(__always)
    static func entry(_ failedRules: UInt64, rules: UInt64) -> Int {
        Int(truncatingIfNeeded: failedRules & rules)
    }

    /// The violations of the field whose failed rules are `entry` (see ``entry(_:rules:)``),
    /// built on each read.
    override func violations(ofEntry entry: Int) -> [Violation] {
        let failed = UInt64(truncatingIfNeeded: entry)
        guard failed != 0, let field = fieldRules.firstIndex(where: { $0 & failed != 0 }) else { return [] }
        var builder = ViolationBuilder(program: program, messages: messages, today: today)
        return builder.violations(flatField: field, failed: failed & fieldRules[field])
    }
}
