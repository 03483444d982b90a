#if os(Linux)
    import Synchronization
#else
    import Foundation
#endif

/// The results of one record, kept as its ``EvaluationOutcome`` until read; the outcome's
/// entries are this object's tail-allocated elements.
///
/// Shared by every copy of its ``ValidationReport`` and by the invalid ``FieldResult``s
/// read from it, which may be read from several threads at once.
///
/// Performance bends this: evaluation writes an outcome's entries straight into this
/// object (``OutcomeEntries``), and a report takes it over with the rest of the outcome
/// in its header, so an invalid record's report is one allocation and one free. Reading
/// the results (``results()``, a report's `fields`) builds only the `[FieldResult]` (a
/// path and a status per field, each invalid one pointing back here); the
/// ``Violation``s, with their rendered messages, are built for the whole report when some
/// field's violations are first read, outside the lock (rendering may be slow); the first
/// stored wins and every reader gets that one, so a record whose violations nobody reads
/// never pays for them.
///
/// Safe to share between threads, though the standard library declares `ManagedBuffer`
/// not `Sendable` (the values holding it are `@unchecked Sendable`): once it is a report,
/// nothing in it is written again but `built`, which is read and written atomically on
/// Linux and under `lock` elsewhere; while it holds an outcome being evaluated, one
/// evaluation owns it, and a copy of that outcome copies it before writing.
@usableFromInline
final class DeferredFieldResults: ManagedBuffer<DeferredFieldResults.Header, OutcomeEntry> {
    /// What the report keeps besides the entries: the rest of the outcome, and what its
    /// messages are rendered with.
    @usableFromInline struct Header {
        /// The entries the tail has room for.
        let capacity: Int
        /// The entries in use (written when the outcome becomes a report).
        var count = 0
        /// The outcome's `[*]` indices and later failures (see ``OutcomeEntries``), and the
        /// rest of it once it is a report (see ``EvaluationOutcome``).
        var indices: [Int] = []
        var failures: [Int32] = []
        var leadingValid = 0
        var failureCount = 0
        var hasInvalid = false
        /// What renders the messages (nil while an outcome is being evaluated).
        var program: CompiledProgram?
        var messages: (any MessageRendering)?
        var today = CompiledRuleSet.unusedToday
        var changes: ChangeBox?
        #if os(Linux)
            /// The bits of the retained ``ViolationLists`` once built, else 0; read and
            /// written only as an `Atomic<UInt>` (see ``builtSlot``).
            ///
            /// Performance: an atomic word rather than a `Mutex<[[Violation]]?>`, whose
            /// contents would be destroyed through the runtime's generic value witnesses
            /// with every report even when never built.
            var built: UInt = 0
        #else
            /// `Atomic` needs macOS 15; the package supports macOS 13.
            var lock: NSLock?
            /// Each entry's violations once built; guarded by `lock`.
            var built: ViolationLists?
        #endif
    }

    /// Storage for `capacity` entries of an outcome being evaluated.
    static func make(capacity: Int) -> DeferredFieldResults {
        unsafeDowncast(create(minimumCapacity: capacity) { _ in Header(capacity: capacity) }, to: DeferredFieldResults.self)
    }

    /// The header, in place.
    ///
    /// Performance: every access to ManagedBuffer's `header`, a class property, is checked
    /// for exclusivity at run time (`swift_beginAccess`); the header's address is fixed
    /// for the object's life, and only the one holder of an outcome being evaluated
    /// writes it.
    @inline(__always) var head: UnsafeMutablePointer<Header> { withUnsafeMutablePointerToHeader { $0 } }

    /// The entries, in place (see ``head``).
    @inline(__always) var elements: UnsafeMutablePointer<OutcomeEntry> { withUnsafeMutablePointerToElements { $0 } }

    /// Whether no result is invalid.
    var isValid: Bool { !head.pointee.hasInvalid }

    /// The changes of the record, when an original was given.
    var changes: ChangeBox? { head.pointee.changes }

    /// Readies the lazily built violations' slot, once the header holds a report.
    @inline(__always)
    func prepareForReaders() {
        #if !os(Linux)
            head.pointee.lock = NSLock()
        #endif
    }

    /// The outcome this report holds (sharing this storage).
    var outcome: EvaluationOutcome { EvaluationOutcome(report: self) }

    /// The number of results.
    var resultCount: Int { head.pointee.leadingValid + head.pointee.count }

    /// The results, in evaluation order; an invalid one builds its violations when read.
    /// (Made on each read rather than kept: a kept array of results pointing back here
    /// would be a reference cycle. Equal content on every read.)
    func results() -> [FieldResult] {
        var results: [FieldResult] = []
        let count = resultCount
        results.reserveCapacity(count)
        for position in 0..<count { results.append(result(at: position)) }
        return results
    }

    /// The result of the outcome's entry `position` (its `entry` for the violations).
    ///
    /// (The program is read without a retain: this report holds it while it lives.)
    @usableFromInline func result(at position: Int) -> FieldResult {
        let header = head
        let leadingValid = header.pointee.leadingValid
        guard header.pointee.program != nil else { return FieldResult(field: ConcretePath([]), status: .skipped, violations: []) }
        unowned(unsafe) let program = header.pointee.program.unsafelyUnwrapped
        if position < leadingValid {
            return FieldResult(field: program.concretePath(field: position, EmptyCollection()), status: .valid, violations: [])
        }
        let index = position - leadingValid
        let entries = elements
        let entry = entries[index]
        let path: ConcretePath
        if entry.indexEnd == 0 {
            path = program.concretePath(field: Int(entry.field), EmptyCollection())
        } else {
            let indexStart = index > 0 ? Int(entries[index - 1].indexEnd) : 0
            path = program.concretePath(field: Int(entry.field), header.pointee.indices[indexStart..<Int(entry.indexEnd)])
        }
        return entry.status == .invalid
            ? FieldResult(field: path, status: .invalid, deferred: self, entry: position)
            : FieldResult(field: path, status: entry.status, violations: [])
    }

    /// The violations of entry `entry` (every entry's are built on the first call).
    @usableFromInline func violations(ofEntry entry: Int) -> [Violation] {
        let all = load() ?? storeIfEmpty(ViolationLists(buildViolations()))
        return entry < all.lists.count ? all.lists[entry] : []
    }

    private func buildViolations() -> [[Violation]] {
        guard let program = head.pointee.program, let messages = head.pointee.messages else { return [] }
        var builder = ViolationBuilder(program: program, messages: messages, today: head.pointee.today)
        var noCache: [String?] = []
        return builder.violations(of: outcome, cache: &noCache)
    }

    #if os(Linux)
        /// `Header.built`, in place, as the atomic it is read and written as. (Sound: the
        /// header lives in this object for its whole life, and `Atomic<UInt>` is laid out
        /// as a `UInt`.)
        private var builtSlot: UnsafeMutablePointer<Atomic<UInt>> {
            UnsafeMutablePointer<Atomic<UInt>>(
                OpaquePointer(UnsafeMutableRawPointer(head) + MemoryLayout<Header>.offset(of: \Header.built)!))
        }

        private func load() -> ViolationLists? {
            let bits = builtSlot.pointee.load(ordering: .acquiring)
            guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return nil }
            return Unmanaged<ViolationLists>.fromOpaque(pointer).takeUnretainedValue()
        }

        /// Stores `lists` unless another thread stored first; returns what is stored.
        private func storeIfEmpty(_ lists: ViolationLists) -> ViolationLists {
            let candidate = UInt(bitPattern: Unmanaged.passRetained(lists).toOpaque())
            let (stored, current) = builtSlot.pointee.compareExchange(
                expected: 0, desired: candidate, ordering: .acquiringAndReleasing)
            if stored { return lists }
            Unmanaged<ViolationLists>.fromOpaque(UnsafeRawPointer(bitPattern: candidate)!).release()
            guard let pointer = UnsafeRawPointer(bitPattern: current) else { return lists }
            return Unmanaged<ViolationLists>.fromOpaque(pointer).takeUnretainedValue()
        }

        deinit {
            let bits = builtSlot.pointee.load(ordering: .acquiring)
            if let pointer = UnsafeRawPointer(bitPattern: bits) { Unmanaged<ViolationLists>.fromOpaque(pointer).release() }
        }
    #else
        private func load() -> ViolationLists? {
            guard let lock = head.pointee.lock else { return nil }
            return lock.withLock { head.pointee.built }
        }

        /// Stores `lists` unless another thread stored first; returns what is stored.
        private func storeIfEmpty(_ lists: ViolationLists) -> ViolationLists {
            guard let lock = head.pointee.lock else { return lists }
            return lock.withLock {
                if let built = head.pointee.built { return built }
                head.pointee.built = lists
                return lists
            }
        }
    #endif
}

/// The violations of each entry of one report's outcome, built once.
final class ViolationLists: Sendable {
    let lists: [[Violation]]

    init(_ lists: [[Violation]]) { self.lists = lists }
}
