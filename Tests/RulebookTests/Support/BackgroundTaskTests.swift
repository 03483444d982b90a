import Dispatch
import Foundation
import XCTest
@testable import Rulebook

/// The hand-over the two-core paths rely on: the result comes back once, the work runs
/// on another thread, and a released value is torn down off the caller's thread.
final class BackgroundTaskTests: XCTestCase {
    func testTheWorkRunsOnAnotherThreadAndItsResultComesBackOnce() {
        let caller = pthread_self()
        let task = BackgroundTask<(sum: Int, onCaller: Bool)> {
            ((1...1_000).reduce(0, +), pthread_equal(pthread_self(), caller) != 0)
        }
        let result = task.wait()
        XCTAssertEqual(result?.sum, 500_500)
        XCTAssertEqual(result?.onCaller, false)
        XCTAssertNil(task.wait(), "a second wait returns at once, with nothing")
    }

    func testTasksStartedFromPoolThreadsFinishEvenWhenEveryPoolThreadWaits() {
        // More waiting callers than cores, each on a global-queue thread: tasks on
        // threads of their own still run.
        let callers = 2 * ProcessInfo.processInfo.activeProcessorCount + 2
        let done = DispatchGroup()
        let results = Results()
        for index in 0..<callers {
            DispatchQueue.global().async(group: done) {
                let value = BackgroundTask<Int> { index * 2 }.wait()
                results.add(value ?? -1)
            }
        }
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(results.sorted, (0..<callers).map { $0 * 2 })
    }

    func testAReleasedValueIsTornDownOffTheCallersThread() {
        let tornDown = DispatchSemaphore(value: 0)
        let flags = Results()
        let caller = pthread_self()
        BackgroundTask<Tracked>.release(Tracked {
            flags.add(pthread_equal(pthread_self(), caller) != 0 ? 1 : 0)
            tornDown.signal()
        })
        XCTAssertEqual(tornDown.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(flags.sorted, [0])
    }
}

private final class Tracked {
    let onDeinit: () -> Void
    init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
}

private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int] = []
    func add(_ value: Int) { lock.withLock { values.append(value) } }
    var sorted: [Int] { lock.withLock { values.sorted() } }
}
