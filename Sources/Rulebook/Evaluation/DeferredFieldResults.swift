#if os(Linux)
    import Synchronization
#else
    import Foundation
#endif

/// The results of one record, kept as an ``EvaluationOutcome`` until read.
///
/// Shared by every copy of its ``ValidationReport`` and by the invalid ``FieldResult``s
/// read from it, which may be read from several threads at once.
///
/// Performance bends this: reading the results (``results()``, a report's `fields`)
/// builds only the `[FieldResult]` (a path and a status per field, each invalid one
/// pointing back here); the ``Violation``s, with
/// their rendered messages, are built for the whole report when some field's violations
/// are first read, outside the lock (rendering may be slow); the first stored wins and
/// every reader gets that one, so a record whose violations nobody reads never pays for
/// them.
///
/// (`@unchecked Sendable`, as its superclass: the stored properties are immutable but
/// `built`, which is an `Atomic` on Linux and guarded by `lock` elsewhere.)
@usableFromInline
final class DeferredFieldResults: ReportContents, @unchecked Sendable {
    let program: CompiledProgram
    /// What evaluation found.
    let found: EvaluationOutcome
    let messages: any MessageRendering
    let today: CalendarDate
    #if os(Linux)
        /// Each entry's violations once built (retained by this object).
        ///
        /// Performance: an atomic reference rather than a `Mutex<[[Violation]]?>`, whose
        /// contents would be destroyed through the runtime's generic value witnesses with
        /// every report even when never built.
        private let built = Atomic<Unmanaged<ViolationLists>?>(nil)
    #else
        /// `Atomic` needs macOS 15; the package supports macOS 13.
        private let lock = NSLock()
        /// Each entry's violations once built; guarded by `lock`.
        nonisolated(unsafe) private var built: ViolationLists?
    #endif

    init(
        program: CompiledProgram, outcome: EvaluationOutcome, messages: any MessageRendering, today: CalendarDate,
        changes: ChangeSet?
    ) {
        self.program = program
        self.found = outcome
        self.messages = messages
        self.today = today
        super.init(isValid: !outcome.hasInvalid, changes: changes.map(ChangeBox.init))
    }

    /// The results, in evaluation order; an invalid one builds its violations when read.
    /// (Made on each read rather than kept: a kept array of results pointing back here
    /// would be a reference cycle. Equal content on every read.)
    override func results() -> [FieldResult] {
        var results: [FieldResult] = []
        results.reserveCapacity(found.count)
        for position in 0..<found.count { results.append(result(at: position)) }
        return results
    }

    override var resultCount: Int { found.count }

    /// The result of the outcome's entry `position` (its `entry` for the violations).
    override func result(at position: Int) -> FieldResult {
        let (field, status, indices) = found.entry(at: position)
        let path = program.concretePath(field: field, indices)
        return status == .invalid
            ? FieldResult(field: path, status: status, deferred: self, entry: position)
            : FieldResult(field: path, status: status, violations: [])
    }

    /// The violations of entry `entry` (every entry's are built on the first call).
    override func violations(ofEntry entry: Int) -> [Violation] {
        let all = load() ?? storeIfEmpty(ViolationLists(buildViolations()))
        return entry < all.lists.count ? all.lists[entry] : []
    }

    private func buildViolations() -> [[Violation]] {
        var builder = ViolationBuilder(program: program, messages: messages, today: today)
        var noCache: [String?] = []
        return builder.violations(of: found, cache: &noCache)
    }

    #if os(Linux)
        private func load() -> ViolationLists? { built.load(ordering: .acquiring)?.takeUnretainedValue() }

        /// Stores `lists` unless another thread stored first; returns what is stored.
        private func storeIfEmpty(_ lists: ViolationLists) -> ViolationLists {
            let candidate = Unmanaged.passRetained(lists)
            let (stored, current) = built.compareExchange(expected: nil, desired: candidate, ordering: .acquiringAndReleasing)
            if stored { return lists }
            candidate.release()
            return current?.takeUnretainedValue() ?? lists
        }

        deinit {
            built.load(ordering: .acquiring)?.release()
        }
    #else
        private func load() -> ViolationLists? { lock.withLock { built } }

        /// Stores `lists` unless another thread stored first; returns what is stored.
        private func storeIfEmpty(_ lists: ViolationLists) -> ViolationLists {
            lock.withLock {
                if let built { return built }
                built = lists
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
