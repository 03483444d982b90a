/// One failed validator on one concrete value.
public struct Violation: Sendable, Hashable {
    /// The concrete field (`items[2].sku`); `.jsonPointer` gives `/items/2/sku`.
    public let field: ConcretePath
    /// The validator that failed (for a named rule, the underlying validator).
    public let validator: ValidatorName
    /// The validator's parameters by name, in signature order (`[("min", 2)]`).
    public let parameters: [Parameter]
    /// The catalogue key the message was looked up under first: the override key, or
    /// the validator form's key (`minLength`, `lengthBetween`).
    public let messageKey: String
    /// The localised message.
    public let message: String
    /// Where the rule that fired is written.
    public let location: SourceLocation

    /// A violation, as evaluation reports it.
    package init(
        field: ConcretePath, validator: ValidatorName, parameters: [Parameter], messageKey: String,
        message: String, location: SourceLocation
    ) {
        self.field = field
        self.validator = validator
        self.parameters = parameters
        self.messageKey = messageKey
        self.message = message
        self.location = location
    }

    /// A named parameter value of a violation.
    public struct Parameter: Sendable, Hashable {
        /// The parameter's name in the validator's signature and messages (`min`).
        public let name: String
        /// Its value in this rule (`2`).
        public let value: Value
        /// A parameter value.
        public init(name: String, value: Value) {
            self.name = name
            self.value = value
        }
    }
}

/// The outcome for one concrete field.
public enum FieldStatus: String, Sendable, Hashable {
    /// Every applicable rule passed.
    case valid
    /// At least one rule failed.
    case invalid
    /// Every statement of the field sits in a `when` block whose condition is false.
    case skipped
}

/// The result for one concrete field of a record.
///
/// A value, equal to another (and hashed) by its field, status and violations however it
/// was made.
public struct FieldResult: Sendable, Hashable {
    /// The concrete field (`items[2].sku`).
    public let field: ConcretePath
    /// Valid, invalid, or skipped (empty and not required, or its `when` block off).
    public let status: FieldStatus
    /// The violations, given or still to be built.
    @usableFromInline let storage: Violations
    /// For deferred violations: the entry of the report's outcome they are built from.
    @usableFromInline let entry: Int

    /// Performance: an invalid field of a report from ``CompiledRuleSet/validate(_:options:)``
    /// points into its report's outcome and builds its ``Violation``s (and their messages)
    /// when first read, once for the whole report. A caller that only asks which fields
    /// failed then pays for no violation, and destroying the report frees no
    /// `[Violation]`s: built eagerly, they were about half of an invalid record's cost.
    /// (Each case holds one reference, so the enum is one word and copying a result stays
    /// two retains; an enum with the entry in its payload, or an optional reference next
    /// to the array, was copied through outlined and generic copies.)
    ///
    /// (`none` for no violations, so that a valid result, most of a report's, holds one
    /// reference, its path: copying and destroying one, as building or reading a report's
    /// results does for each, is then one retain and one release, not two.)
    ///
    /// (`@unchecked Sendable`: the standard library declares `ManagedBuffer`, the
    /// superclass of ``DeferredFieldResults``, not `Sendable`; see that class for why it is.)
    @usableFromInline enum Violations: @unchecked Sendable {
        case none
        case built([Violation])
        case deferred(DeferredFieldResults)
    }

    /// Empty unless `status` is `.invalid`.
    ///
    /// (`@inlinable` so that a caller reads given violations in place, without a call
    /// and a retain per result.)
    @inlinable public var violations: [Violation] {
        switch storage {
        case .none: []
        case .built(let violations): violations
        case .deferred(let results): results.violations(ofEntry: entry)
        }
    }

    /// A field's result.
    package init(field: ConcretePath, status: FieldStatus, violations: [Violation]) {
        self.field = field
        self.status = status
        self.storage = violations.isEmpty ? .none : .built(violations)
        self.entry = 0
    }

    /// A result whose violations are entry `entry` of `results`' outcome, built when read.
    @usableFromInline init(field: ConcretePath, status: FieldStatus, deferred results: DeferredFieldResults, entry: Int) {
        self.field = field
        self.status = status
        self.storage = .deferred(results)
        self.entry = entry
    }

    /// Whether two results have the same field, status and violations.
    public static func == (lhs: FieldResult, rhs: FieldResult) -> Bool {
        guard lhs.field == rhs.field, lhs.status == rhs.status else { return false }
        if case .deferred(let left) = lhs.storage, case .deferred(let right) = rhs.storage, left === right,
            lhs.entry == rhs.entry
        {
            return true
        }
        return lhs.violations == rhs.violations
    }

    /// Hashes what `==` compares (as the synthesised conformance did: field, status,
    /// violations).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(field)
        hasher.combine(status)
        hasher.combine(violations)
    }
}

/// What changed between an original record and its edited version.
public struct ChangeSet: Sendable, Hashable {
    /// The concrete fields whose values differ (added, removed or changed).
    public let changedFields: [ConcretePath]
    /// An RFC 7386 JSON Merge Patch turning the original into the edited record: only
    /// changed members, `null` for removed ones.
    public let patch: Value
    /// Whether anything changed at all.
    public var hasChanges: Bool { !changedFields.isEmpty }

    /// A change set of these fields and this merge patch.
    package init(changedFields: [ConcretePath], patch: Value) {
        self.changedFields = changedFields
        self.patch = patch
    }
}

/// The result of validating one record.
///
/// A value: `Sendable`, and equal to another report (and hashed) by its content — its
/// fields, their violations and messages, and its changes — however it was made.
///
/// Reports from `CompiledRuleSet.validate(_:options:)` are built lazily: evaluation
/// records which fields failed which rules; ``fields`` makes the ``FieldResult``s when
/// read, and the ``Violation``s with their rendered messages are made when some field's
/// violations are first read: for the whole report, then kept (later reads, from any
/// thread, return the same violations). ``isValid`` never builds anything. Messages are rendered with the renderer and today of the options
/// the record was validated with.
public struct ValidationReport: Sendable, Hashable {
    /// The fields (built or still to be built), whether they are valid, and the changes.
    ///
    /// Performance: one reference, so copying a report is a retain; a valid record of a
    /// program without `[*]` shares its program's report contents.
    @usableFromInline let contents: ReportContents
    /// Whether no field is invalid, kept here so that reading it is a load.
    @usableFromInline let valid: Bool

    /// The changes, when an original record was given.
    public var changes: ChangeSet? { contents.changes?.changes }

    /// A report of the given results.
    package init(fields: [FieldResult], changes: ChangeSet?) {
        var valid = true
        for index in fields.indices where fields[index].status == .invalid {
            valid = false
            break
        }
        self.contents = .built(BuiltReportContents(fields, isValid: valid, changes: changes.map(ChangeBox.init)))
        self.valid = valid
    }

    /// A report of results known to be all valid, with this record's changes (a valid
    /// record without changes shares its program's whole report instead,
    /// `CompiledProgram.allValidReport`).
    init(allValid fields: [FieldResult], changes: ChangeSet?) {
        self.contents = .built(BuiltReportContents(fields, isValid: true, changes: changes.map(ChangeBox.init)))
        self.valid = true
    }

    /// A report of shared contents (a program's all-valid report).
    init(_ contents: BuiltReportContents) {
        self.contents = .built(contents)
        self.valid = contents.isValid
    }

    /// A report of deferred results.
    init(_ contents: DeferredFieldResults) {
        self.contents = .deferred(contents)
        self.valid = contents.isValid
    }

    /// One result per concrete field the rules reach, in rule order.
    ///
    /// A new array on each read; ``results`` reads the same results without one.
    public var fields: [FieldResult] { contents.results() }

    /// The same results as ``fields``, in the same order, read in place from the report:
    /// the way to ask which fields failed when records come fast, since it builds no
    /// array and an invalid field's violations only when they are read.
    ///
    /// ```swift
    /// for result in report.results where result.status == .invalid {
    ///     markInvalid(result.field)
    /// }
    /// ```
    ///
    /// Iterate, count, filter or map it as the array; `Array(report.results)` equals
    /// ``fields``. It keeps the report's contents alive, so it may outlive the report.
    @inlinable public var results: some RandomAccessCollection<FieldResult> & Hashable & Sendable {
        contents.resultCollection()
    }

    /// Whether no field is invalid. (Builds no results.)
    ///
    /// (`@inlinable`: a load in the caller, not a call.)
    @inlinable public var isValid: Bool { valid }

    /// Every violation, in field order.
    public var violations: [Violation] { fields.flatMap(\.violations) }

    /// Whether two reports have the same fields, violations, messages and changes.
    public static func == (lhs: ValidationReport, rhs: ValidationReport) -> Bool {
        if lhs.contents.isIdentical(to: rhs.contents) { return true }
        return lhs.changes == rhs.changes && lhs.fields == rhs.fields
    }

    /// Hashes the content that `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fields)
        hasher.combine(changes)
    }
}

/// What a ``ValidationReport`` holds: its results given (``BuiltReportContents``) or built
/// when read (``DeferredFieldResults``), and the changes.
///
/// (An enum of two references: one word, as a single reference would be.
/// `@unchecked Sendable`: the standard library declares `ManagedBuffer`, the superclass of
/// ``DeferredFieldResults``, not `Sendable`; see that class for why it is.)
@usableFromInline enum ReportContents: @unchecked Sendable {
    case built(BuiltReportContents)
    case deferred(DeferredFieldResults)

    /// The changes, when an original record was given.
    var changes: ChangeBox? {
        switch self {
        case .built(let contents): contents.changes
        case .deferred(let contents): contents.changes
        }
    }

    /// The results, in rule order.
    func results() -> [FieldResult] {
        switch self {
        case .built(let contents): contents.fields
        case .deferred(let contents): contents.results()
        }
    }

    /// The results as a collection (``FieldResults``), read in place.
    @usableFromInline func resultCollection() -> FieldResults { FieldResults(self) }

    /// The number of results.
    var resultCount: Int {
        switch self {
        case .built(let contents): contents.fields.count
        case .deferred(let contents): contents.resultCount
        }
    }

    /// The result at `position` (`0..<resultCount`), as ``results()`` would hold it.
    ///
    /// (`@inlinable`: reading a report's results in place, the caller switches here
    /// itself, one call fewer per result.)
    @inlinable func result(at position: Int) -> FieldResult {
        switch self {
        case .built(let contents): contents.fields[position]
        case .deferred(let contents): contents.result(at: position)
        }
    }

    /// Whether both are the same object.
    func isIdentical(to other: ReportContents) -> Bool {
        switch (self, other) {
        case (.built(let lhs), .built(let rhs)): lhs === rhs
        case (.deferred(let lhs), .deferred(let rhs)): lhs === rhs
        default: false
        }
    }
}

/// Results given or already built.
///
/// (`@unchecked Sendable`: its stored properties are immutable `let`s of `Sendable` types.)
@usableFromInline final class BuiltReportContents: @unchecked Sendable {
    @usableFromInline let fields: [FieldResult]
    /// Whether no result is invalid.
    let isValid: Bool
    /// The changes, boxed: an optional reference is destroyed with a nil test, where an
    /// optional ``ChangeSet`` went through its value witnesses with every report.
    let changes: ChangeBox?

    init(_ fields: [FieldResult], isValid: Bool, changes: ChangeBox?) {
        self.fields = fields
        self.isValid = isValid
        self.changes = changes
    }
}

/// A ``ChangeSet`` behind one reference (see ``ReportContents/changes``).
final class ChangeBox: Sendable {
    let changes: ChangeSet

    init(_ changes: ChangeSet) { self.changes = changes }
}
