import Foundation
import Rulebook

/// Hands each batch a compiled rule set that no other batch is using at the same time.
///
/// Performance bends the code here: sharing one ``CompiledRuleSet`` between the workers
/// is correct (it is immutable) but slow on several cores. Evaluation retains and releases
/// the program, its tables and its patterns a few times per record, and those reference
/// counts are atomics in the objects' headers: two cores doing that to the same objects
/// move the cache lines back and forth on every operation. On an idle two-core machine
/// `validate --quiet` burnt 2.5× the CPU time of the one-core run of the same work
/// (payment: 0.72 against 0.28 CPU-s) and gained no wall time. Each batch therefore takes
/// a copy from this pool (``CompiledRuleSet/independentCopy()``, made the first time more
/// batches run at once than the pool holds) and gives it back when done: as many copies
/// exist as batches ever ran concurrently (at most the pipeline's window), each used by
/// one thread at a time.
final class RuleSetPool: @unchecked Sendable {
    // @unchecked: `idle` is read and written only under `lock`.
    private let lock = NSLock()
    private var idle: [CompiledRuleSet]
    private let original: CompiledRuleSet
    private var made = 1

    /// A pool whose first rule set is `rules` itself.
    init(_ rules: CompiledRuleSet) {
        original = rules
        idle = [rules]
    }

    /// Calls `body` with a rule set no other caller holds meanwhile.
    func withRules<R>(_ body: (CompiledRuleSet) throws -> R) rethrows -> R {
        let rules = take()
        defer { give(rules) }
        return try body(rules)
    }

    private func take() -> CompiledRuleSet {
        lock.lock()
        if let rules = idle.popLast() {
            lock.unlock()
            return rules
        }
        made += 1
        lock.unlock()
        // Compiled outside the lock: the other workers keep going meanwhile.
        return original.independentCopy()
    }

    private func give(_ rules: CompiledRuleSet) {
        lock.lock()
        idle.append(rules)
        lock.unlock()
    }

    /// How many rule sets exist: the original and every copy made so far.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return made
    }
}
