/// Runs work after a delay on the main actor: the clock a ``FormSession`` debounces
/// with. Apps use ``ClockScheduler``; tests use ``ManualScheduler`` and advance time by
/// hand, without sleeping.
public protocol FormScheduler: Sendable {
    /// Runs `work` once `delay` has passed, unless the returned work is cancelled first.
    @MainActor func schedule(after delay: Duration, _ work: @escaping @MainActor () -> Void) -> ScheduledWork
}

/// Work scheduled by a ``FormScheduler``; cancelling it keeps it from running.
public struct ScheduledWork: Sendable {
    private let onCancel: @Sendable @MainActor () -> Void

    /// Work that `cancel` stops.
    public init(cancel: @escaping @Sendable @MainActor () -> Void) { onCancel = cancel }

    /// Keeps the work from running (nothing when it already ran).
    @MainActor public func cancel() { onCancel() }
}

/// Schedules on a real clock (`ContinuousClock` in apps).
public struct ClockScheduler<C: Clock>: FormScheduler where C.Duration == Duration {
    /// The clock slept on.
    public let clock: C

    /// A scheduler sleeping on `clock`.
    public init(_ clock: C) { self.clock = clock }

    /// Runs `work` on the main actor once `clock` has slept for `delay`, unless cancelled.
    @MainActor public func schedule(after delay: Duration, _ work: @escaping @MainActor () -> Void) -> ScheduledWork {
        let clock = clock
        let task = Task { @MainActor in
            do { try await clock.sleep(for: delay) } catch { return }
            if !Task.isCancelled { work() }
        }
        return ScheduledWork { task.cancel() }
    }
}

extension ClockScheduler where C == ContinuousClock {
    /// A scheduler on the continuous clock.
    public init() { self.init(ContinuousClock()) }
}

/// A scheduler whose time moves only when ``advance(by:)`` is called: debounced
/// validation runs deterministically in tests, in order of due time.
@MainActor public final class ManualScheduler: FormScheduler {
    /// The time elapsed since the scheduler was made.
    public private(set) var now: Duration = .zero
    private var pending: [(id: Int, due: Duration, work: @MainActor () -> Void)] = []
    private var nextID = 0

    /// A scheduler at time zero with nothing pending.
    public init() {}

    /// The number of scheduled works that have not run or been cancelled.
    public var pendingCount: Int { pending.count }

    /// Runs `work` when ``advance(by:)`` moves time past `delay` from now, unless cancelled.
    public func schedule(after delay: Duration, _ work: @escaping @MainActor () -> Void) -> ScheduledWork {
        nextID += 1
        let id = nextID
        pending.append((id, now + delay, work))
        return ScheduledWork { [weak self] in
            MainActor.assumeIsolated { self?.pending.removeAll { $0.id == id } }
        }
    }

    /// Moves time forward, running every work that falls due, earliest first.
    public func advance(by duration: Duration) {
        let end = now + duration
        while let next = pending.enumerated().filter({ $0.element.due <= end }).min(by: { $0.element.due < $1.element.due }) {
            pending.remove(at: next.offset)
            now = next.element.due
            next.element.work()
        }
        now = end
    }
}
