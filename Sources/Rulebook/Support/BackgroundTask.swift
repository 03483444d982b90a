import Dispatch
import Foundation

/// Work running on another thread, whose result the thread that started it waits for.
///
/// Performance: the parser and the checker split a large file in two and do one half
/// here while a `BackgroundTask` does the other (issue 6: a 100,000-line file in under
/// 200 ms, a language-server edit in under 15 ms, on two cores). The halves own
/// everything they touch until ``wait()`` returns, which is why the work need not be
/// `@Sendable`: `@unchecked` stands for that hand-over, which Swift cannot see.
final class BackgroundTask<Result>: @unchecked Sendable {
    private var result: Result?
    private let finished = DispatchSemaphore(value: 0)

    /// Starts `work` on a thread of its own.
    ///
    /// A thread, not a global dispatch queue: the caller may itself run on a pool thread
    /// (the language server analyses in Swift tasks), and waiting there for work queued
    /// behind it on a pool of two could wait forever. Starting a thread costs tens of
    /// microseconds; only files of 64 KB and more, whose halves take milliseconds, use one.
    init(_ work: @escaping () -> Result) {
        let box = WorkBox(work)
        let thread = Thread { [self] in
            result = box.run()
            finished.signal()
        }
        // As much stack as the main thread: the parser and checker recurse as deep on
        // either half as on the whole file (both bounded by `ParserLimits`).
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Waits for the work to finish and returns its result (nil only on a second call,
    /// which the callers treat as "do it here").
    func wait() -> Result? {
        finished.wait()
        finished.signal()  // a later call returns at once (with nil)
        // Moved out, not copied: the caller may hand it on (see `release`).
        let value = result
        result = nil
        return value
    }

    /// Releases `value` on another thread, so that the caller does not wait for its
    /// teardown. The caller hands over its last reference (`consume`).
    ///
    /// Performance: tearing down a large check (its tables of rules, expansions, uses and
    /// the second part's analysis) cost about a thirtieth of checking a 100,000-line file,
    /// on the caller's path to its result, with nothing to wait for.
    static func release(_ value: consuming Result) {
        // The box holds the only reference once this returns, and the other thread
        // empties it: whether that happens before or after this thread drops the box,
        // the value is torn down there.
        let box = ReleaseBox(value)
        DispatchQueue.global(qos: .utility).async { box.value = nil }
    }

    /// Whether splitting work in two can pay: more than one core is available.
    static var hasSecondCore: Bool { ProcessInfo.processInfo.activeProcessorCount > 1 }
}

/// The work handed from one thread to another that does not touch it again (see
/// ``BackgroundTask``), let go of as soon as it has run.
///
/// Performance: the thread keeps its block (and so this box) until it exits, after
/// ``BackgroundTask/wait()`` has returned; were the work kept too, its captures (a copy
/// of the checker's path list, say) would still be shared when the caller appends to the
/// original, which would then copy it.
private final class WorkBox<Result>: @unchecked Sendable {
    private var work: (() -> Result)?

    init(_ work: @escaping () -> Result) { self.work = work }

    /// Runs the work once, releasing it (and what it captured) before returning.
    func run() -> Result? {
        let work = self.work
        self.work = nil
        return work?()
    }
}

/// What ``BackgroundTask/release(_:)`` hands to the other thread.
private final class ReleaseBox<Value>: @unchecked Sendable {
    var value: Value?
    init(_ value: consuming Value) { self.value = consume value }
}
