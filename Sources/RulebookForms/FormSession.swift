import Observation
import Rulebook

/// A form bound to a user interface: an `@Observable` wrapper over ``FormModel`` that
/// debounces validation while the user types, and publishes every change of a field as
/// an `AsyncSequence` (``changes()``) for UI stacks without Observation.
///
/// SwiftUI views read ``field(_:)``, ``canSubmit`` and ``values`` and re-render when they
/// change. Typing (``type(_:into:)``) stores the text at once and validates it when typing
/// pauses for ``debounce``: a pause on an unchanged text validates nothing again, and a
/// validation overtaken by more typing never runs.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable
public final class FormSession {
    /// The form's state.
    public private(set) var form: FormModel
    /// How long typing must pause before the text is validated.
    public var debounce: Duration

    @ObservationIgnored private let scheduler: any FormScheduler
    /// Per field being typed in: the validation waiting for a pause.
    @ObservationIgnored private var pending: [Int: ScheduledWork] = [:]
    /// Per field: the value last validated after typing (a pause on it again is skipped).
    @ObservationIgnored private var lastValidated: [Int: Value?] = [:]
    @ObservationIgnored private var observers: [Int: AsyncStream<FormChange>.Continuation] = [:]
    /// Per field: its asynchronous checks, the run in flight, and the number of the
    /// latest run (an older run's result is dropped).
    @ObservationIgnored private var asyncChecks: [Int: [AsyncFieldCheck]] = [:]
    @ObservationIgnored private var asyncRuns: [Int: Task<Void, Never>] = [:]
    @ObservationIgnored private var asyncGeneration: [Int: Int] = [:]
    @ObservationIgnored private var nextObserver = 0

    /// A session over `form`, debouncing typed text by `debounce` on `scheduler`.
    public init(
        _ form: FormModel, debounce: Duration = .milliseconds(200),
        scheduler: any FormScheduler = ClockScheduler()
    ) {
        self.form = form
        self.debounce = debounce
        self.scheduler = scheduler
    }

    /// Adds an asynchronous check; it runs whenever the field's synchronous rules pass
    /// after an edit.
    public func register(_ check: AsyncFieldCheck) throws(FormError) {
        asyncChecks[try form.index(of: check.field), default: []].append(check)
    }

    /// Waits until no asynchronous check is running (for tests and scripts).
    public func settled() async {
        while let (field, run) = asyncRuns.first {
            await run.value
            if asyncRuns[field] == run { asyncRuns[field] = nil }
        }
    }

    /// A field's value and state (nil when no rule names it).
    public func field(_ path: String) -> FormField? { form.field(path) }
    /// Whether the form can be submitted (see ``FormModel/canSubmit``).
    public var canSubmit: Bool { form.canSubmit }
    /// Whether anything to send changed.
    public var hasChanges: Bool { form.hasChanges }
    /// The record being edited.
    public var values: Value { form.values }
    /// Whether a field (or any of several) is active.
    public func isActive(_ path: String) -> Bool { form.isActive(path) }

    /// The user typed: the text is stored now and validated when typing pauses.
    public func type(_ text: String, into path: String) throws(FormError) {
        let field = try form.index(of: path)
        cancelAsync(field)
        update { $0.storeTyped(.string(text), at: field) }
        pending[field]?.cancel()
        pending[field] = scheduler.schedule(after: debounce) { [weak self] in self?.typingPaused(field) }
    }

    /// Sets a value chosen at once (a toggle, a picker): validated now.
    public func set(_ value: Value?, at path: String) throws(FormError) {
        let field = try form.index(of: path)
        pending.removeValue(forKey: field)?.cancel()
        cancelAsync(field)
        lastValidated[field] = value
        try updateThrowing { form throws(FormError) in try form.setValue(value, at: path) }
        startAsync(field)
    }

    /// The user left a field: a waiting validation runs now, and errors may show.
    public func leave(_ path: String) throws(FormError) {
        let field = try form.index(of: path)
        pending.removeValue(forKey: field)?.cancel()
        let wasPending = form.entries[field].isPending
        try updateThrowing { form throws(FormError) in
            if form.entries[field].isPending { form.validatePending(field) }
            try form.leave(path)
        }
        if wasPending { startAsync(field) }
        lastValidated[field] = form.values.value(at: form.plan.fields[field].path)
    }

    /// Submits (see ``FormModel/submit()``); waiting validations run first.
    public func submit() -> SubmitResult {
        for work in pending.values { work.cancel() }
        pending.removeAll()
        var result = SubmitResult.unchanged
        update { result = $0.submit() }
        return result
    }

    /// The sent record was saved (see ``FormModel/markSaved()``).
    public func markSaved() { update { $0.markSaved() } }

    /// Every later change of a field's value or state, in order.
    public func changes() -> AsyncStream<FormChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: FormChange.self)
        nextObserver += 1
        let id = nextObserver
        observers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.observers.removeValue(forKey: id) }
        }
        return stream
    }

    private func typingPaused(_ field: Int) {
        pending.removeValue(forKey: field)
        let value = form.values.value(at: form.plan.fields[field].path)
        if let last = lastValidated[field], last == value {
            update { $0.entries[field].isPending = false }
            return
        }
        lastValidated[field] = value
        update { $0.validatePending(field) }
        startAsync(field)
    }

    /// Runs the field's asynchronous checks when its synchronous rules pass.
    private func startAsync(_ field: Int) {
        guard let checks = asyncChecks[field], form.entries[field].validation == .valid,
            let value = form.values.value(at: form.plan.fields[field].path)
        else { return }
        cancelAsync(field)
        let generation = asyncGeneration[field, default: 0]
        update { $0.entries[field].isValidating = true }
        asyncRuns[field] = Task { @MainActor [weak self] in
            var rejection: AsyncRejection?
            for check in checks where rejection == nil {
                do {
                    if try await !check.test(value) { rejection = AsyncRejection(code: check.code, message: check.message) }
                } catch is CancellationError {
                    return
                } catch {
                    rejection = AsyncRejection(code: check.code, message: String(describing: error))
                }
            }
            guard let self, !Task.isCancelled, self.asyncGeneration[field, default: 0] == generation else { return }
            self.asyncRuns.removeValue(forKey: field)
            self.update {
                $0.entries[field].isValidating = false
                $0.entries[field].rejection = rejection
            }
        }
    }

    /// Cancels the field's running checks: their results are dropped.
    private func cancelAsync(_ field: Int) {
        asyncGeneration[field, default: 0] += 1
        guard let run = asyncRuns.removeValue(forKey: field) else { return }
        run.cancel()
        update { $0.entries[field].isValidating = false }
    }

    /// Applies a change to the form and tells observers which fields it changed.
    private func updateThrowing(_ change: (inout FormModel) throws(FormError) -> Void) throws(FormError) {
        let before = observers.isEmpty ? [] : form.fields.indices.map(form.formField)
        try change(&form)
        guard !observers.isEmpty else { return }
        for field in form.fields.indices {
            let now = form.formField(field)
            if now != before[field] { for observer in observers.values { observer.yield(FormChange(field: now)) } }
        }
    }

    private func update(_ change: (inout FormModel) -> Void) {
        let typed: (inout FormModel) throws(FormError) -> Void = { change(&$0) }
        try? updateThrowing(typed)
    }
}

/// One field's new value or state, as ``FormSession/changes()`` publishes it.
public struct FormChange: Sendable, Hashable {
    /// The field after the change.
    public let field: FormField
}
