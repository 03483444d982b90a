// What collecting evaluation records: which concrete fields were reached, their status
// and which rules failed, as plain integers. Nothing here depends on the record (a
// violation's path comes from the field's pattern and the `[*]` indices; its parameters,
// key, location and message from the rule and today), so the public results can be built
// from it at any later time — `ValidationReport` does so only when they are read.
//
// Performance bends this: building results during evaluation (a `FieldResult` with its
// `ConcretePath` per field, a `Violation` with a rendered message per failure) would cost
// more than the validation itself, even when the caller only asks whether the record is
// valid. Recording four integers per field costs a few nanoseconds, and a record whose
// fields are all valid records nothing at all.

/// One concrete field reached by evaluation.
@usableFromInline struct OutcomeEntry: Sendable, Hashable {
    /// Index into ``CompiledProgram/fields``.
    let field: Int32
    let status: FieldStatus
    /// This entry's `[*]` indices are `indices[previous.indexEnd..<indexEnd]`.
    let indexEnd: Int32
    /// This entry's failing rules after its first are `failures[previous.failureEnd..<failureEnd]`.
    let failureEnd: Int32
    /// This entry's first failing rule, or -1. Performance: kept here, so that an invalid
    /// record whose fields fail one rule each (every record unless all failures are
    /// reported) allocates no `failures` array.
    let firstFailure: Int32
}

/// An outcome's entries, kept in the tail of a ``DeferredFieldResults``, the report they
/// become: an invalid record's report is then one allocation, not an array and a report.
/// A value: appending to storage shared with a copy (or a report) copies it first. The
/// storage's header also holds the outcome's `[*]` indices and later failures, so that an
/// outcome without entries (a valid record) holds no array to release.
///
/// (`@unchecked Sendable`: the standard library declares `ManagedBuffer` not `Sendable`;
/// see ``DeferredFieldResults`` for why its subclass is.)
struct OutcomeEntries: RandomAccessCollection, @unchecked Sendable, Hashable {
    /// Holds the entries `0..<count`; nil until the first is written.
    private var storage: DeferredFieldResults?
    /// The number of entries.
    private(set) var endIndex = 0

    init() {}

    /// The first `count` entries of `storage`.
    init(storage: DeferredFieldResults, count: Int) {
        self.storage = storage
        self.endIndex = count
    }

    var startIndex: Int { 0 }

    subscript(position: Int) -> OutcomeEntry {
        precondition(position >= 0 && position < endIndex, "OutcomeEntries index out of range")
        return storage.unsafelyUnwrapped.elements[position]
    }

    /// The `[*]` indices of every entry, concatenated.
    var wildcardIndices: [Int] { storage?.head.pointee.indices ?? [] }

    /// The number of `[*]` indices.
    var wildcardIndexCount: Int { storage?.head.pointee.indices.count ?? 0 }

    /// The failing rules of every entry after each entry's first, concatenated.
    var laterFailures: [Int32] { storage?.head.pointee.failures ?? [] }

    /// The number of later failures.
    var laterFailureCount: Int { storage?.head.pointee.failures.count ?? 0 }

    /// Appends an entry.
    @inline(__always)
    mutating func append(_ entry: OutcomeEntry) {
        if endIndex == (storage?.head.pointee.capacity ?? 0) || !isKnownUniquelyReferenced(&storage) {
            grow(to: Swift.max(endIndex + 1, 2 * endIndex))
        }
        let position = endIndex
        (storage.unsafelyUnwrapped.elements + position).initialize(to: entry)
        endIndex += 1
    }

    /// Appends `[*]` indices.
    mutating func appendIndices(_ indices: [Int]) {
        if storage == nil || !isKnownUniquelyReferenced(&storage) { grow(to: Swift.max(endIndex, 4)) }
        storage.unsafelyUnwrapped.head.pointee.indices.append(contentsOf: indices)
    }

    /// Appends a later failure.
    @inline(never)
    mutating func appendFailure(_ rule: Int32) {
        if storage == nil || !isKnownUniquelyReferenced(&storage) { grow(to: Swift.max(endIndex, 4)) }
        storage.unsafelyUnwrapped.head.pointee.failures.append(rule)
    }

    /// Makes room for `capacity` entries in storage of its own.
    mutating func reserve(_ capacity: Int) {
        if capacity <= (storage?.head.pointee.capacity ?? 0), isKnownUniquelyReferenced(&storage) { return }
        grow(to: capacity)
    }

    /// Moves the entries, indices and failures to new storage with room for `capacity`
    /// entries (at least `count`).
    @inline(never)
    private mutating func grow(to capacity: Int) {
        let new = DeferredFieldResults.make(capacity: Swift.max(capacity, endIndex))
        if let old = storage {
            let count = endIndex
            withExtendedLifetime(old) {
                new.elements.initialize(from: old.elements, count: count)
                new.head.pointee.indices = old.head.pointee.indices
                new.head.pointee.failures = old.head.pointee.failures
            }
        }
        storage = new
    }

    /// Empties the entries, keeping storage this value alone holds.
    mutating func removeAll() {
        endIndex = 0
        guard isKnownUniquelyReferenced(&storage), let storage else {
            storage = nil
            return
        }
        storage.head.pointee.indices.removeAll(keepingCapacity: true)
        storage.head.pointee.failures.removeAll(keepingCapacity: true)
    }

    /// The storage (made now when there is none), handed over: these entries are left
    /// empty and without storage.
    mutating func takeStorage() -> DeferredFieldResults {
        let taken = storage ?? DeferredFieldResults.make(capacity: 0)
        storage = nil
        endIndex = 0
        return taken
    }

    static func == (lhs: OutcomeEntries, rhs: OutcomeEntries) -> Bool {
        lhs.elementsEqual(rhs) && lhs.wildcardIndices == rhs.wildcardIndices && lhs.laterFailures == rhs.laterFailures
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(endIndex)
        for entry in self { hasher.combine(entry) }
        hasher.combine(wildcardIndices)
        hasher.combine(laterFailures)
    }
}

/// An entry's failing rules, in order: its first (kept in the entry), then the rest.
struct FailingRules: Sequence {
    /// The first failing rule, or -1 when there is none (then `rest` is empty).
    let first: Int32
    let rest: ArraySlice<Int32>

    /// No failing rules.
    static let none = FailingRules(first: -1, rest: [])

    var isEmpty: Bool { first < 0 }

    var count: Int { first < 0 ? 0 : 1 + rest.count }

    func makeIterator() -> Iterator { Iterator(first: first, rest: rest.makeIterator()) }

    struct Iterator: IteratorProtocol {
        var first: Int32
        var rest: ArraySlice<Int32>.Iterator

        mutating func next() -> Int32? {
            guard first < 0 else {
                defer { first = -1 }
                return first
            }
            return rest.next()
        }
    }
}

/// The compact result of collecting evaluation of one record.
struct EvaluationOutcome: Sendable, Hashable {
    /// The concrete fields in evaluation (rule) order, after the leading valid ones
    /// counted by `leadingValid`.
    private(set) var entries = OutcomeEntries()
    /// The `[*]` indices of every entry, concatenated.
    var indices: [Int] { entries.wildcardIndices }
    /// The failing rules (indices into ``CompiledProgram/rules``) of every entry after
    /// each entry's first (see ``OutcomeEntry/firstFailure``), concatenated.
    var failures: [Int32] { entries.laterFailures }
    /// The first failing rule of the entry being evaluated, or -1.
    private var pendingFailure: Int32 = -1
    /// The failures noted so far.
    private(set) var failureCount = 0
    /// Fields `0..<leadingValid` were evaluated valid at their fixed paths and are not in
    /// `entries`: a valid record of a rule set without `[*]` then allocates nothing.
    private(set) var leadingValid = 0
    /// Whether some entry is invalid.
    private(set) var hasInvalid = false

    init() {}

    /// The outcome a report holds (its entries in the report's storage).
    init(report: DeferredFieldResults) {
        let header = report.head
        entries = OutcomeEntries(storage: report, count: header.pointee.count)
        failureCount = header.pointee.failureCount
        leadingValid = header.pointee.leadingValid
        hasInvalid = header.pointee.hasInvalid
    }

    /// Empties the outcome, keeping its storage's capacity.
    mutating func removeAll() {
        entries.removeAll()
        pendingFailure = -1
        failureCount = 0
        leadingValid = 0
        hasInvalid = false
    }

    /// This outcome as a report's contents: its entries' storage (made now when no entry
    /// was written) takes the rest of the outcome and what renders its messages.
    consuming func report(
        program: CompiledProgram, messages: any MessageRendering, today: CalendarDate, changes: ChangeSet?
    ) -> DeferredFieldResults {
        let count = entries.count
        let storage = entries.takeStorage()
        do {
            let header = storage.head
            header.pointee.count = count
            header.pointee.leadingValid = leadingValid
            header.pointee.failureCount = failureCount
            header.pointee.hasInvalid = hasInvalid
            header.pointee.program = program
            header.pointee.messages = messages
            header.pointee.today = today
            header.pointee.changes = changes.map(ChangeBox.init)
        }
        storage.prepareForReaders()
        return storage
    }

    /// Notes a failing rule of the entry being evaluated.
    @inline(__always)
    mutating func fail(rule: Int) {
        failureCount += 1
        if pendingFailure < 0 {
            pendingFailure = Int32(truncatingIfNeeded: rule)
        } else {
            entries.appendFailure(Int32(truncatingIfNeeded: rule))
        }
    }

    /// Closes the entry of `field` at `fieldIndices` (empty for a field without `[*]`),
    /// whose failures are the ones noted since it started. `expectedCount` (the program's
    /// field count) sizes the entries when the first is written.
    @inline(__always)
    mutating func record(field: Int, status: FieldStatus, indices fieldIndices: [Int], expectedCount: Int = 0) {
        if countLeadingValid(field: field, status: status, indices: fieldIndices) { return }
        if entries.isEmpty { reserveEntries(expectedCount) }
        writeLeadingValid()
        if status == .invalid { hasInvalid = true }
        if !fieldIndices.isEmpty { entries.appendIndices(fieldIndices) }
        entries.append(
            OutcomeEntry(
                field: Int32(truncatingIfNeeded: field), status: status,
                indexEnd: Int32(truncatingIfNeeded: entries.wildcardIndexCount),
                failureEnd: Int32(truncatingIfNeeded: entries.laterFailureCount), firstFailure: pendingFailure))
        pendingFailure = -1
    }

    /// Counts `field` among the leading valid fields when it is the next of them (valid,
    /// at its fixed path, every field before it so far); returns whether it was.
    @inline(__always)
    mutating func countLeadingValid(field: Int, status: FieldStatus, indices fieldIndices: [Int]) -> Bool {
        guard status == .valid, fieldIndices.isEmpty, entries.isEmpty, field == leadingValid else { return false }
        leadingValid += 1
        return true
    }

    /// Sizes the entries for a record's fields at once. Performance: grown one append at
    /// a time (capacity 1, 2, 4 …), an invalid record's entries cost up to three
    /// allocations when its first field failed.
    @inline(never)
    private mutating func reserveEntries(_ expectedCount: Int) {
        entries.reserve(max(expectedCount, leadingValid + 4))
    }

    /// Writes the leading valid fields out as entries (before the first other entry).
    private mutating func writeLeadingValid() {
        guard leadingValid > 0 else { return }
        for field in 0..<leadingValid {
            entries.append(
                OutcomeEntry(
                    field: Int32(truncatingIfNeeded: field), status: .valid, indexEnd: 0, failureEnd: 0, firstFailure: -1))
        }
        leadingValid = 0
    }

    /// Whether every one of `fieldCount` fields was valid at its fixed path: the report
    /// is then the program's shared all-valid results.
    func isAllValid(fieldCount: Int) -> Bool { entries.isEmpty && leadingValid == fieldCount }

    /// The number of concrete fields reached.
    var count: Int { leadingValid + entries.count }

    /// Keeps only the entries whose concrete path satisfies `keep` (for
    /// `onlyChangedFields`).
    func filtered(program: CompiledProgram, _ keep: (ConcretePath) -> Bool) -> EvaluationOutcome {
        var kept = EvaluationOutcome()
        forEach(program: program) { field, status, entryIndices, entryFailures in
            guard keep(program.concretePath(field: field, entryIndices)) else { return }
            for rule in entryFailures { kept.fail(rule: Int(rule)) }
            kept.record(field: field, status: status, indices: Array(entryIndices))
        }
        return kept
    }

    /// Entry `position` (`0..<count`) of the order ``forEach(program:_:)`` visits: field,
    /// status and `[*]` indices.
    func entry(at position: Int) -> (field: Int, status: FieldStatus, indices: ArraySlice<Int>) {
        if position < leadingValid { return (position, .valid, []) }
        let index = position - leadingValid
        let entry = entries[index]
        let indexStart = index > 0 ? Int(entries[index - 1].indexEnd) : 0
        return (Int(entry.field), entry.status, indices[indexStart..<Int(entry.indexEnd)])
    }

    /// Calls `body` with each entry: field, status, `[*]` indices and failing rules.
    func forEach(
        program: CompiledProgram,
        _ body: (Int, FieldStatus, ArraySlice<Int>, FailingRules) -> Void
    ) {
        for field in 0..<leadingValid { body(field, .valid, [], .none) }
        let indices = indices, failures = failures
        var indexStart = 0
        var failureStart = 0
        for entry in entries {
            let indexEnd = Int(entry.indexEnd), failureEnd = Int(entry.failureEnd)
            body(
                Int(entry.field), entry.status, indices[indexStart..<indexEnd],
                FailingRules(first: entry.firstFailure, rest: failures[failureStart..<failureEnd]))
            indexStart = indexEnd
            failureStart = failureEnd
        }
    }
}

extension CompiledProgram {
    /// The concrete path of a field at the given `[*]` indices.
    package func concretePath<Indices: Collection<Int>>(field: Int, _ indices: Indices) -> ConcretePath {
        // Straight to the member: copying the whole `FieldInfo` retained both its paths.
        if let fixed = fieldInfos[field].fixedPath { return fixed }
        let pattern = fieldInfos[field].pattern
        var segments: [ConcretePath.Segment] = []
        segments.reserveCapacity(pattern.segments.count)
        var next = indices.startIndex
        for segment in pattern.segments {
            switch segment {
            case .key(let key):
                segments.append(.key(key))
            case .wildcard:
                segments.append(.index(next < indices.endIndex ? indices[next] : 0))
                if next < indices.endIndex { next = indices.index(after: next) }
            }
        }
        return ConcretePath(segments)
    }
}
