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
    private let group = DispatchGroup()

    /// Starts `work` on a global queue.
    init(_ work: @escaping () -> Result) {
        let handedOver = HandedOver(work)
        DispatchQueue.global(qos: .userInitiated).async(group: group) { [self] in
            result = handedOver.value()
        }
    }

    /// Waits for the work to finish and returns its result (nil only if it never ran,
    /// which the callers treat as "do it here").
    func wait() -> Result? {
        group.wait()
        return result
    }

    /// Whether splitting work in two can pay: more than one core is available.
    static var hasSecondCore: Bool { ProcessInfo.processInfo.activeProcessorCount > 1 }
}

/// A value handed from one thread to another that does not touch it again (see
/// ``BackgroundTask``).
private struct HandedOver<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
