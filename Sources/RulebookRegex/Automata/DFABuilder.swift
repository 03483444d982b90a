/// Subset construction from an ``NFA`` to a ``DFA``, within limits.
///
/// A DFA state is the set of NFA states that matter after reading some input (`step`
/// states, `match`, and unpassed `$` anchors), sorted so equal sets are found by a
/// dictionary. `^` anchors are passed only in the start closure and dropped elsewhere (they
/// can never pass again). Whether a state accepts is whether its closure *at the end of the
/// text* (passing `$`) reaches `match`.
///
/// The construction gives up (returns nil, and the pattern runs on the NFA simulation) when
/// the DFA would exceed `maxStates` or `maxTableEntries`, or when building it exceeds
/// `maxWork` NFA steps, so compile time and memory stay bounded too.
enum DFABuilder {
    static func build(_ nfa: NFA, maxStates: Int, maxTableEntries: Int, maxWork: Int) -> DFA? {
        let classCount = nfa.alphabet.classCount
        let stride = classCount + 1
        let stateLimit = min(maxStates, maxTableEntries / stride)
        var scratch = ClosureScratch(stateCount: nfa.states.count)
        var work = 0
        // Class members of each NFA step state, computed once.
        let stepClasses = nfa.classSets.map(\.members)

        func closure(_ seeds: [Int32], atStart: Bool, atEnd: Bool) -> [Int32] {
            var output: [Int32] = []
            scratch.startClosure()
            let visitsBefore = scratch.visits
            for seed in seeds { scratch.add(seed, in: nfa, atStart: atStart, atEnd: atEnd, into: &output) }
            // Every state the closure walked, plus sorting and hashing what it kept.
            work += scratch.visits &- visitsBefore + 2 * output.count + seeds.count
            return output.sorted()
        }
        func accepts(_ set: [Int32], atStart: Bool) -> Bool {
            closure(set, atStart: atStart, atEnd: true).contains { if case .match = nfa.states[Int($0)] { true } else { false } }
        }

        // Row 0: dead. Its transitions are all 0 and it does not accept.
        var table = [UInt32](repeating: 0, count: stride)
        var sets: [[Int32]] = [[]]
        var index: [[Int32]: Int] = [[]: 0]
        func stateFor(_ set: [Int32]) -> Int? {
            if let existing = index[set] { return existing }
            guard sets.count < stateLimit else { return nil }
            sets.append(set)
            index[set] = sets.count - 1
            table.append(contentsOf: repeatElement(0, count: stride))
            return sets.count - 1
        }
        let acceptsEmpty = accepts([nfa.start], atStart: true)
        guard let start = stateFor(closure([nfa.start], atStart: true, atEnd: false)) else { return nil }

        var current = 1
        var seedsPerClass = [[Int32]](repeating: [], count: classCount)
        while current < sets.count {
            for target in seedsPerClass.indices { seedsPerClass[target].removeAll(keepingCapacity: true) }
            for state in sets[current] {
                guard case .step(let set, let next) = nfa.states[Int(state)] else { continue }
                for member in stepClasses[Int(set)] { seedsPerClass[member].append(next) }
                work += stepClasses[Int(set)].count
            }
            let row = current * stride
            for byteClass in 0..<classCount where !seedsPerClass[byteClass].isEmpty {
                let set = closure(seedsPerClass[byteClass], atStart: false, atEnd: false)
                guard !set.isEmpty else { continue }
                guard let target = stateFor(set) else { return nil }
                table[row + byteClass] = UInt32(target * stride)
            }
            table[row + classCount] = accepts(sets[current], atStart: false) ? 1 : 0
            if work > maxWork { return nil }
            current += 1
        }
        return DFA(alphabet: nfa.alphabet, stride: stride, table: table, start: start * stride, acceptsEmpty: acceptsEmpty)
    }
}
