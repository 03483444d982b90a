import Foundation

/// A value guarded by a lock, for the little state shared between the reader thread,
/// writers and the server actor.
final class Locked<State>: @unchecked Sendable {
    // @unchecked: every access to `state` goes through `lock`.
    private let lock = NSLock()
    private var state: State

    init(_ state: State) { self.state = state }

    /// Runs `body` with exclusive access to the state.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
