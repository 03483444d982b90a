/// Subset construction from an ``NFA`` to a ``DFA``, within limits.
///
/// A DFA state is the set of NFA states that matter after reading some input (byte states,
/// `match`, and unpassed `$` anchors), sorted so equal sets are found by a dictionary. `^`
/// anchors are passed only in the start closure and dropped elsewhere (they can never pass
/// again). Whether a state accepts is whether its closure *at the end of the text* (passing
/// `$`) reaches `match`.
///
/// The construction gives up (returns nil, and the pattern runs on the NFA simulation) when
/// the DFA would exceed `maxStates`, or when the work of building it exceeds `maxWork` NFA
/// steps, so compile time stays bounded too.
enum DFABuilder {
    static func build(_ nfa: NFA, maxStates: Int, maxWork: Int) -> DFA? {
        let (classMap, classCount) = nfa.byteClasses()
        let stride = classCount + 1
        var scratch = ClosureScratch(stateCount: nfa.states.count)
        var work = 0

        func closure(_ seeds: [Int32], atStart: Bool, atEnd: Bool) -> [Int32] {
            var output: [Int32] = []
            scratch.startClosure()
            for seed in seeds { scratch.add(seed, in: nfa, atStart: atStart, atEnd: atEnd, into: &output) }
            work += output.count + seeds.count
            return output.sorted()
        }
        func accepts(_ set: [Int32], atStart: Bool) -> Bool {
            closure(set, atStart: atStart, atEnd: true).contains { if case .match = nfa.states[Int($0)] { true } else { false } }
        }

        // Row 0: dead. Its transitions are all 0 and it does not accept.
        var table = [UInt32](repeating: 0, count: stride)
        var sets: [[Int32]] = [[]]
        var index: [[Int32]: Int] = [[]: 0]
        let startSet = closure([nfa.start], atStart: true, atEnd: false)
        let acceptsEmpty = accepts([nfa.start], atStart: true)

        func stateFor(_ set: [Int32]) -> Int? {
            if let existing = index[set] { return existing }
            guard sets.count < maxStates else { return nil }
            sets.append(set)
            index[set] = sets.count - 1
            table.append(contentsOf: repeatElement(0, count: stride))
            return sets.count - 1
        }
        guard let start = stateFor(startSet) else { return nil }

        var current = 1
        var seedsPerClass = [[Int32]](repeating: [], count: classCount)
        while current < sets.count {
            for target in seedsPerClass.indices { seedsPerClass[target].removeAll(keepingCapacity: true) }
            for state in sets[current] {
                guard case .bytes(let transitions) = nfa.states[Int(state)] else { continue }
                for transition in transitions {
                    for byteClass in Int(classMap[Int(transition.low)])...Int(classMap[Int(transition.high)]) {
                        seedsPerClass[byteClass].append(transition.next)
                    }
                    work += 1
                }
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
        return DFA(classMap: classMap, stride: stride, table: table, start: start * stride, acceptsEmpty: acceptsEmpty)
    }
}
