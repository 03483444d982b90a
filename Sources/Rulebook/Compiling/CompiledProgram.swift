import RulebookRegex

// The compiled form of a rule set, laid out for evaluation.
//
// Performance bends the layout: everything the hot loop reads is a flat array of plain
// structs (no references inside) in one final class with `let` arrays, and whatever holds
// strings or nested arrays (keys, patterns, reports, paths) sits in side tables addressed
// by index. Reading a rule, a group or a field then costs no retain/release, which is
// what dominated the first profile of the `Value` path.

/// The compiled program; immutable once built.
final class CompiledProgram: Sendable {
    /// Owns the bytes every ``CompiledKey`` points to.
    let keyStorage: KeyStorage
    /// One per distinct field path, in order of first appearance.
    let fields: [FieldPlan]
    /// Runs of keys between `[*]`s (see ``FieldPlan``).
    let runs: [KeyRun]
    let keys: [CompiledKey]
    /// The distinct keys the fields' paths start with, by ``CompiledKey/rootSlot``.
    let rootKeys: [CompiledKey]
    /// Their bytes alone (reading a `CompiledKey` out of an array copies its `string`).
    /// `nonisolated(unsafe)`: raw pointers are not `Sendable`, but they point into
    /// `keyStorage`, immutable and alive as long as this program (as `CompiledKey`'s are).
    nonisolated(unsafe) let rootKeyBytes: [UnsafeRawBufferPointer]
    /// Every root member the rules read, by ``CompiledKey/rootSlot``: `rootKeys`, then the
    /// first keys of root-anchored references that no field starts with. What the
    /// `Encodable` path keeps of a record (see `RecordSlots`).
    let recordKeys: [CompiledKey]
    /// Whether records can be evaluated from the members in `recordKeys` alone (see
    /// `RuleCompiler.readsRootMembersOnly`); when false the `Encodable` path builds the
    /// whole `Value`.
    let readsRootMembersOnly: Bool
    /// Bit n is set when some root key is n bytes long (bit 63: 63 bytes or more), so a
    /// record's other members are passed over on their length alone.
    let rootKeyLengths: UInt64
    /// Statements: a condition and a range of rules.
    let groups: [GroupPlan]
    let rules: [RulePlan]
    /// Parallel to `rules`: what a violation reports (read only on failure).
    let reports: [RuleReport]
    /// Parallel to `fields`: the written path and, without `[*]`, the concrete path.
    let fieldInfos: [FieldInfo]
    let conditions: [CompiledCondition]
    let patterns: [Pattern]
    /// Parallel to `patterns`: what the hot loop matches with (``PatternMatcher`` points
    /// into the tables of `patterns`, which this program keeps alive).
    let matchers: [PatternMatcher]
    let oneOfSets: [OneOfSet]
    /// The UTF-8 bytes of every `oneOf` set's text values (in `keyStorage`), and each
    /// set's range in them: a text record value is compared byte for byte with these,
    /// without copying a `Value` per candidate (each copy retained and released its text).
    /// `nonisolated(unsafe)`: immutable pointers into `keyStorage`, like `rootKeyBytes`.
    nonisolated(unsafe) let oneOfTexts: [UnsafeRawBufferPointer]
    let oneOfTextRanges: [Range<Int>]
    let references: [ReferencePath]
    /// Rendered messages (see ``MessageCache``).
    let messageCache: MessageCache
    /// Every field valid at its fixed path, when no field has `[*]`: the results of every
    /// valid record, built once and shared by their reports (see `EvaluationOutcome`).
    let allValidResults: [FieldResult]?
    /// The report contents of every valid record (`allValidResults`, no changes), shared
    /// by their reports: making and dropping such a report is a retain and a release.
    let allValidReport: ReportContents?
    /// The flat layout (see `FlatPlan.swift`), when every field is a plain key path with
    /// unconditional statements and no rule reads another field: records are then
    /// evaluated by `FlatEvaluator`. Empty otherwise.
    let flatFields: [FlatField]
    /// The flat fields' rules other than `required`.
    let flatChecks: [FlatCheck]
    /// Whether the program has a flat plan.
    let isFlat: Bool
    /// Each flat field's rule bits (`flatFields[f].rules`), read by `FlatReportContents`.
    let flatRuleMasks: [UInt64]
    /// `flatFields`, and each flat field's first key (`keys[flatFields[f].keyStart]`), in
    /// buffers this program owns, for `FlatEvaluator`'s field loop.
    ///
    /// Performance bends this: read through pointers, a field's data and its key are
    /// loads where they are used, with no bounds check and no copy of each field to the
    /// stack (the loop passes a field's address on to the checks). `nonisolated(unsafe)`:
    /// raw pointers are not `Sendable`; the buffers are written once here and freed in
    /// `deinit`.
    nonisolated(unsafe) let flatFieldTable: UnsafeMutableBufferPointer<FlatField>
    nonisolated(unsafe) let flatKeyTable: UnsafeMutableBufferPointer<CompiledKey>

    init(keyStorage: KeyStorage, fields: [FieldPlan], runs: [KeyRun], keys: [CompiledKey], rootKeys: [CompiledKey],
         groups: [GroupPlan], rules: [RulePlan],
         reports: [RuleReport], fieldInfos: [FieldInfo], conditions: [CompiledCondition], patterns: [Pattern],
         oneOfSets: [OneOfSet], oneOfTexts: [UnsafeRawBufferPointer], oneOfTextRanges: [Range<Int>],
         references: [ReferencePath], recordKeys: [CompiledKey], readsRootMembersOnly: Bool) {
        self.keyStorage = keyStorage
        self.fields = fields
        self.runs = runs
        self.keys = keys
        self.rootKeys = rootKeys
        self.recordKeys = recordKeys
        self.readsRootMembersOnly = readsRootMembersOnly
        self.rootKeyBytes = rootKeys.map(\.bytes)
        self.rootKeyLengths = rootKeys.reduce(0) { $0 | 1 << UInt64(min($1.bytes.count, 63)) }
        self.groups = groups
        self.rules = rules
        self.reports = reports
        self.fieldInfos = fieldInfos
        self.conditions = conditions
        self.patterns = patterns
        self.matchers = patterns.map(\.matcher)
        self.oneOfSets = oneOfSets
        self.oneOfTexts = oneOfTexts
        self.oneOfTextRanges = oneOfTextRanges
        self.references = references
        self.messageCache = MessageCache(ruleCount: rules.count)
        let fixedPaths = fieldInfos.compactMap(\.fixedPath)
        self.allValidResults = fixedPaths.count == fieldInfos.count
            ? fixedPaths.map { FieldResult(field: $0.spellingDecided, status: .valid, violations: []) } : nil
        self.allValidReport = allValidResults.map { BuiltReportContents($0, isValid: true, changes: nil) }
        let flat = FlatPlanBuilder.build(fields: fields, runs: runs, groups: groups, rules: rules, keys: keys)
        self.flatFields = flat?.fields ?? []
        self.flatChecks = flat?.checks ?? []
        self.isFlat = flat != nil && allValidResults != nil
        self.flatRuleMasks = flatFields.map(\.rules)
        self.flatFieldTable = .allocate(capacity: max(flatFields.count, 1))
        let fieldsWritten = flatFieldTable.initialize(fromContentsOf: flatFields)
        self.flatKeyTable = .allocate(capacity: max(flatFields.count, 1))
        let keysWritten = flatKeyTable.initialize(fromContentsOf: flatFields.map { keys[Int($0.keyStart)] })
        // `deinit` deinitialises exactly `flatFields.count` elements of each.
        assert(fieldsWritten == flatFields.count && keysWritten == flatFields.count)
    }

    deinit {
        flatFieldTable.baseAddress?.deinitialize(count: flatFields.count)
        flatFieldTable.deallocate()
        flatKeyTable.baseAddress?.deinitialize(count: flatFields.count)
        flatKeyTable.deallocate()
    }
}

/// A field: its path as runs of keys (`items[*].sku` is two runs, `items` and `sku`: the
/// first resolved from the root, the next from each element of the array the previous
/// reached) and its statements.
struct FieldPlan: Sendable {
    /// `runs[runStart..<runEnd]`; one more run than the path has `[*]`s.
    let runStart: Int
    let runEnd: Int
    /// `groups[groupStart..<groupEnd]`.
    let groupStart: Int
    let groupEnd: Int

    var wildcardCount: Int { runEnd - runStart - 1 }
}

/// `keys[keyStart..<keyEnd]`.
struct KeyRun: Sendable {
    let keyStart: Int
    let keyEnd: Int
}

/// One field statement: its rules apply together when the condition holds.
struct GroupPlan: Sendable {
    /// Index into ``CompiledProgram/conditions``, or -1 when unconditional.
    let condition: Int
    /// `rules[ruleStart..<ruleEnd]`.
    let ruleStart: Int
    let ruleEnd: Int
    /// Whether some rule of the statement is `required`.
    let hasRequired: Bool
}

/// One rule ready to run.
struct RulePlan: Sendable {
    let instruction: Instruction
    /// Whether this is `required` (the one validator that sees empty values).
    let isRequired: Bool
}

/// The cold half of a field.
struct FieldInfo: Sendable {
    /// The path as written (`items[*].sku`): message lookups and display names.
    let pattern: FieldPath
    /// The concrete path when the pattern has no `[*]`, built once.
    let fixedPath: ConcretePath?
}

/// What a violation of one rule reports, built once at compile time so that a failure
/// costs only the message rendering.
struct RuleReport: Sendable {
    let validator: BuiltinValidator
    /// The validator form's catalogue key (`minLength`, `lengthBetween`).
    let formKey: String
    /// The key reported in ``Violation/messageKey``: the override key, or the form key.
    let reportedKey: String
    let messageOverride: MessageOverride?
    let location: SourceLocation
    /// The parameters by name, in signature order. A `today` parameter holds a
    /// placeholder that evaluation replaces with the context's date.
    let parameters: [Violation.Parameter]
    /// The same parameters as message arguments.
    let messageArguments: [(name: String, value: MessageArgument)]
    /// The position of a `today` parameter, whose value is filled in per evaluation.
    let todayParameterIndex: Int?
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
