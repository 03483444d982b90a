import Dispatch
import Foundation

/// Runs work items concurrently on all cores and hands their results back strictly in
/// submission order, with a bounded number of items in flight (so memory stays bounded
/// whatever the input size).
///
/// The submitting thread is also the consumer: ``submit(_:consume:)`` blocks while the
/// window is full and delivers finished results, in order, to `consume` on the calling
/// thread; ``finish(consume:)`` drains the rest. Output therefore needs no locking.
final class OrderedPipeline<Result: Sendable>: @unchecked Sendable {
    // @unchecked: every mutable member is read and written only under `condition`.
    private let condition = NSCondition()
    private var finished: [Int: Result] = [:]
    private var nextToSubmit = 0
    private var nextToDeliver = 0
    private let window: Int
    private let queue: DispatchQueue

    /// `window`: how many items may be submitted and not yet consumed.
    init(window: Int) {
        self.window = max(1, window)
        self.queue = DispatchQueue(label: "rulebook.validate.workers", attributes: .concurrent)
    }

    /// A window of twice the active processor count (at least 4): enough to keep every
    /// core busy while the consumer writes, small enough to bound memory.
    static var defaultWindow: Int { max(4, 2 * ProcessInfo.processInfo.activeProcessorCount) }

    /// Starts `work` on a worker; first delivers finished results, waiting for the
    /// oldest when the window is full.
    func submit(_ work: @escaping @Sendable () -> Result, consume: (Result) throws -> Void) rethrows {
        try deliverReady(waitUntilBelow: window, consume: consume)
        condition.lock()
        let sequence = nextToSubmit
        nextToSubmit += 1
        condition.unlock()
        queue.async { [self] in
            let result = work()
            condition.lock()
            finished[sequence] = result
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Waits for every submitted item and delivers the remaining results in order.
    func finish(consume: (Result) throws -> Void) rethrows {
        try deliverReady(waitUntilBelow: 1, consume: consume)
    }

    /// Delivers results in order; blocks until fewer than `limit` items are outstanding.
    private func deliverReady(waitUntilBelow limit: Int, consume: (Result) throws -> Void) rethrows {
        while true {
            condition.lock()
            while nextToSubmit - nextToDeliver >= limit, finished[nextToDeliver] == nil {
                condition.wait()
            }
            guard let result = finished.removeValue(forKey: nextToDeliver) else {
                condition.unlock()
                return
            }
            nextToDeliver += 1
            condition.unlock()
            try consume(result)
        }
    }
}
