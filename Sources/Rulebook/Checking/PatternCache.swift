import Foundation
import RulebookRegex

/// Compiled patterns kept between checks, by their source and flags.
///
/// A check compiles each distinct pattern once; a `PatternCache` passed in
/// ``CheckOptions/patternCache`` keeps those compilations for the next check too. The
/// language server keeps one for its session: it checks the edited file again after
/// every keystroke, and compiling the same few patterns to automata again would be a
/// noticeable part of each check. Compiling is a pure
/// function of the source and flags and a ``Pattern`` is an immutable `Sendable` value,
/// so sharing one across checks and threads cannot change a result; failures are kept
/// too, and each check still reports them at every occurrence.
///
/// Bounded: when it holds ``capacity`` entries it is emptied before the next one is
/// added, so a pattern typed one character at a time cannot grow it without limit.
/// Thread-safe; compiling happens outside the lock.
package final class PatternCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [PatternKey: Result<Pattern, PatternError>] = [:]
    /// The most compilations held at once.
    package let capacity: Int

    /// Creates an empty cache holding at most `capacity` compilations (at least one).
    package init(capacity: Int = 1_024) {
        self.capacity = max(1, capacity)
    }

    /// How many compilations are held.
    package var count: Int { lock.withLock { entries.count } }

    /// The compilation of `key`, made by `compile` unless it was made before.
    func compilation(of key: PatternKey, compile: () -> Result<Pattern, PatternError>) -> Result<Pattern, PatternError> {
        if let cached = lock.withLock({ entries[key] }) { return cached }
        let result = compile()
        lock.withLock {
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = result
        }
        return result
    }
}
