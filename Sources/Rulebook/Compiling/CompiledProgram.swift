// The compiled form of a rule set, laid out for evaluation.
//
// Performance bends the layout: what the hot loop reads is flat arrays of small structs
// in one final class with `let` arrays, and whatever holds strings or nested arrays
// (keys, reports, paths) sits in side tables addressed by index, so reading a field or
// a group costs no reference counting.

/// The compiled program; immutable once built.
package final class CompiledProgram: Sendable {
    /// Owns the bytes every ``CompiledKey`` points to.
    let keyStorage: KeyStorage
    /// One per distinct field path, in order of first appearance (like every buffer here,
    /// readable while this program lives).
    package var fields: UnsafeBufferPointer<FieldPlan> { tables.fields }
    /// Runs of keys between `[*]`s (see ``FieldPlan``).
    var runs: UnsafeBufferPointer<KeyRun> { tables.runs }
    var keys: UnsafeBufferPointer<CompiledKey> { tables.keys }
    /// The distinct keys the fields' paths start with, by ``CompiledKey/rootSlot``.
    let rootKeys: [CompiledKey]
    /// Their bytes alone, as the JSON reader matches keys.
    /// `nonisolated(unsafe)`: raw pointers are not `Sendable`, but they point into
    /// `keyStorage`, immutable and alive as long as this program (as `CompiledKey`'s are).
    nonisolated(unsafe) let rootKeyBytes: [UnsafeRawBufferPointer]
    /// Bit n is set when some root key is n bytes long (bit 63: 63 bytes or more), so a
    /// record's other members are passed over on their length alone.
    let rootKeyLengths: UInt64
    /// Statements: a condition and a range of rules.
    package var groups: UnsafeBufferPointer<GroupPlan> { tables.groups }
    /// The number of rules (of every field's statements, in order).
    let ruleCount: Int
    /// Per rule: its check, in a buffer this program owns (its only copy of the checks).
    ///
    /// Performance bends this: a check holds closures, and copying one out of an array
    /// goes through the enum's value witnesses and a retain and release per rule; read
    /// through a pointer, evaluation switches on it in place. `nonisolated(unsafe)`: raw
    /// pointers are not `Sendable`; the buffer is written once here and freed in `deinit`.
    nonisolated(unsafe) let checks: UnsafeMutablePointer<Check>
    /// What evaluation reads per record, as raw buffers (see ``ProgramTables``); the
    /// program's only copy of its fields, key runs, keys and statements.
    /// `nonisolated(unsafe)` as `checks`: allocated here, immutable, freed in `deinit`.
    nonisolated(unsafe) let tables: ProgramTables
    /// Per rule: what a violation reports (read only on failure).
    package let reports: [RuleReport]
    /// Parallel to `fields`: the written path and, without `[*]`, the concrete path.
    package let fieldInfos: [FieldInfo]
    let conditions: [CompiledCondition]
    let references: [ReferencePath]
    /// Rendered messages (see ``MessageCache``).
    let messageCache: MessageCache
    /// Every field valid at its fixed path, when no field has `[*]`: the results of every
    /// valid record, built once and shared by their reports (see `EvaluationOutcome`).
    let allValidResults: [FieldResult]?
    /// The report contents of every valid record (`allValidResults`, no changes), shared
    /// by their reports: making and dropping such a report is a retain and a release.
    let allValidReport: ReportContents?

    init(
        keyStorage: KeyStorage, fields: [FieldPlan], runs: [KeyRun], keys: [CompiledKey], rootKeys: [CompiledKey],
        groups: [GroupPlan], checks: [Check],
        reports: [RuleReport], fieldInfos: [FieldInfo], conditions: [CompiledCondition], references: [ReferencePath]
    ) {
        self.keyStorage = keyStorage
        self.rootKeys = rootKeys
        self.rootKeyBytes = rootKeys.map(\.bytes)
        self.rootKeyLengths = rootKeys.reduce(0) { $0 | 1 << UInt64(min($1.bytes.count, 63)) }
        self.ruleCount = checks.count
        self.checks = .allocate(capacity: max(checks.count, 1))
        self.checks.initialize(from: checks, count: checks.count)
        self.tables = ProgramTables(
            fields: fields, runs: runs, keys: keys, groups: groups, checks: self.checks, ruleCount: checks.count)
        self.reports = reports
        self.fieldInfos = fieldInfos
        self.conditions = conditions
        self.references = references
        self.messageCache = MessageCache(ruleCount: checks.count)
        let fixedPaths = fieldInfos.compactMap(\.fixedPath)
        self.allValidResults =
            fixedPaths.count == fieldInfos.count
            ? fixedPaths.map { FieldResult(field: $0.spellingDecided, status: .valid, violations: []) } : nil
        self.allValidReport = allValidResults.map { BuiltReportContents($0, isValid: true, changes: nil) }
    }

    deinit {
        checks.deinitialize(count: ruleCount)
        checks.deallocate()
        tables.deallocate()
    }
}

/// The program's tables that evaluation reads for every field of every record, in
/// buffers of their own.
///
/// Performance bends this: read through the program's arrays, each access retains and
/// releases the array's storage (the optimiser cannot see that the program outlives the
/// read), an atomic operation that also holds back the record's cache misses behind it;
/// and a flag read beside a check would copy the check's closures. These
/// buffers are trivial to read. Unsafe by construction: a `ProgramTables` is valid only
/// while its ``CompiledProgram`` lives, which frees it; evaluation holds the program.
struct ProgramTables {
    let fields: UnsafeBufferPointer<FieldPlan>
    let runs: UnsafeBufferPointer<KeyRun>
    let keys: UnsafeBufferPointer<CompiledKey>
    let groups: UnsafeBufferPointer<GroupPlan>
    /// Per rule: its check's step (see ``CheckStep``).
    let steps: UnsafeBufferPointer<CheckStep>
    /// Per rule: its check (the program's own buffer, not a copy).
    let checks: UnsafePointer<Check>

    init(
        fields: [FieldPlan], runs: [KeyRun], keys: [CompiledKey], groups: [GroupPlan],
        checks: UnsafePointer<Check>, ruleCount: Int
    ) {
        self.fields = Self.copy(fields)
        self.runs = Self.copy(runs)
        self.keys = Self.copy(keys)
        self.groups = Self.copy(groups)
        // Made straight into the buffer: an array of steps beside it would raise the peak
        // memory of compiling a large rule set by a step per rule.
        let steps = UnsafeMutablePointer<CheckStep>.allocate(capacity: max(ruleCount, 1))
        for rule in 0..<ruleCount { (steps + rule).initialize(to: CheckStep(checks[rule])) }
        self.steps = UnsafeBufferPointer(start: steps, count: ruleCount)
        self.checks = checks
    }

    private static func copy<Element>(_ elements: [Element]) -> UnsafeBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(elements.count, 1))
        _ = buffer.initialize(from: elements)
        return UnsafeBufferPointer(rebasing: buffer[0..<elements.count])
    }

    /// Frees the copies (not `checks`, which the program owns).
    func deallocate() {
        Self.free(fields)
        Self.free(runs)
        Self.free(keys)
        Self.free(groups)
        Self.free(steps)
    }

    private static func free<Element>(_ buffer: UnsafeBufferPointer<Element>) {
        let base = UnsafeMutablePointer(mutating: buffer.baseAddress.unsafelyUnwrapped)
        base.deinitialize(count: buffer.count)
        base.deallocate()
    }
}

/// A field: its path as runs of keys (`items[*].sku` is two runs, `items` and `sku`: the
/// first resolved from the root, the next from each element of the array the previous
/// reached) and its statements.
package struct FieldPlan: Sendable {
    /// `runs[runStart..<runEnd]`; one more run than the path has `[*]`s.
    let runStart: Int
    let runEnd: Int
    /// `groups[groupStart..<groupEnd]`.
    package let groupStart: Int
    let groupEnd: Int

    var wildcardCount: Int { runEnd - runStart - 1 }
}

/// `keys[keyStart..<keyEnd]`.
struct KeyRun: Sendable {
    let keyStart: Int
    let keyEnd: Int
}

/// One field statement: its rules apply together when the condition holds.
package struct GroupPlan: Sendable {
    /// Index into ``CompiledProgram/conditions``, or -1 when unconditional.
    let condition: Int
    /// `rules[ruleStart..<ruleEnd]`.
    package let ruleStart: Int
    let ruleEnd: Int
    /// Whether some rule of the statement is `required`.
    let hasRequired: Bool
    /// The first rule a present, non-empty value needs run: the `required` rules
    /// leading the statement pass on such a value without being looked at (a trace
    /// still shows them passing).
    let checkedStart: Int
}

/// The cold half of a field.
package struct FieldInfo: Sendable {
    /// The path as written (`items[*].sku`): message lookups and display names.
    package let pattern: FieldPath
    /// The concrete path when the pattern has no `[*]`, built once.
    let fixedPath: ConcretePath?
}

/// What a violation of one rule reports, built once at compile time so that a failure
/// costs only the message rendering.
package struct RuleReport: Sendable {
    package let validator: ValidatorName
    /// The validator form's catalogue key (`minLength`, `lengthBetween`).
    let formKey: String
    /// The key reported in ``Violation/messageKey``: the override key, or the form key.
    let reportedKey: String
    let messageOverride: MessageOverride?
    package let location: SourceLocation
    /// The parameters by name, in signature order. A `today` parameter holds a
    /// placeholder that evaluation replaces with the context's date.
    let parameters: [Violation.Parameter]
    /// The same parameters as message arguments.
    let messageArguments: [(name: String, value: MessageArgument)]
    /// The position of a `today` parameter, whose value is filled in per evaluation.
    let todayParameterIndex: Int?
    /// A registered validator's English message (nil for the built-ins).
    let defaultMessage: String?
}

/// A compiled `when` condition, its paths bound relative to the field it guards
/// (indices into ``CompiledProgram/references``).
indirect enum CompiledCondition: Sendable {
    case present(Int)
    case equals(Int, Value)
    case notEquals(Int, Value)
    case not(CompiledCondition)
    case and(CompiledCondition, CompiledCondition)
    case or(CompiledCondition, CompiledCondition)
}
