/// Subset construction from an NFA to a ``DFA``, within limits.
///
/// A DFA state is the set of NFA states that matter after reading some input (`step`
/// states, `match`, and unpassed `$` anchors). Equal sets are found by a dictionary keyed by
/// a canonical form: for an NFA of at most 1,024 states a bitset (at most 16 words to hash,
/// no sorting: sets of a few hundred members are common in counted groups such as
/// `(\w+\s?){1,100}`), else the sorted members (cheaper for large NFAs, whose sets are
/// typically small). `^` anchors are passed only in the start closure and dropped elsewhere (they
/// can never pass again). Whether a state accepts is whether its closure *at the end of the
/// text* (passing `$`) reaches `match`.
///
/// The construction gives up (returns nil, and the pattern runs on the NFA simulation) when
/// the DFA would exceed `maxStates` or `maxTableEntries`, or when building it exceeds
/// `maxWork` NFA steps, so compile time and memory stay bounded too.
enum DFABuilder {
    static func build(_ nfa: FlatNFA, maxStates: Int, maxTableEntries: Int, maxWork: Int) -> DFA? {
        let classCount = nfa.alphabet.classCount
        let stride = classCount + 1
        let stateLimit = min(maxStates, maxTableEntries / stride)
        var workspace = ClosureWorkspace(for: nfa)
        let output = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, nfa.stateCount))
        defer { output.deallocate() }
        var work = 0
        // The classes of each class set, computed once.
        let setMembers = (0..<nfa.classSetCount).map { set in (0..<classCount).filter { nfa.classSet(Int32(set), holds: $0) } }

        func closure(_ seeds: [Int32], atStart: Bool, atEnd: Bool) -> [Int32] {
            var count = 0
            workspace.startClosure()
            let visitsBefore = workspace.visits
            for seed in seeds { workspace.add(seed, in: nfa, atStart: atStart, atEnd: atEnd, into: output, count: &count) }
            // Every state the walk visited (epsilon states too), not only those it kept: the
            // fuzzer found patterns whose closures walk thousands of states to keep a few.
            work += (workspace.visits &- visitsBefore) + count + seeds.count
            return Array(UnsafeBufferPointer(start: output, count: count))
        }
        let bitsetWords = nfa.stateCount <= 1024 ? (nfa.stateCount + 63) / 64 : 0
        func key(_ members: [Int32]) -> [UInt64] {
            guard bitsetWords > 0 else { return members.sorted().map { UInt64(UInt32(bitPattern: $0)) } }
            var bits = [UInt64](repeating: 0, count: bitsetWords)
            for member in members { bits[Int(member) >> 6] |= 1 << UInt64(member & 63) }
            return bits
        }
        func accepts(_ set: [Int32], atStart: Bool) -> Bool {
            closure(set, atStart: atStart, atEnd: true).contains { nfa.isMatch($0) }
        }

        // Row 0: dead. Its transitions are all 0 and it does not accept.
        var table = [UInt32](repeating: 0, count: stride)
        var sets: [[Int32]] = [[]]
        var index: [[UInt64]: Int] = [key([]): 0]
        func stateFor(_ set: [Int32]) -> Int? {
            let setKey = key(set)
            if let existing = index[setKey] { return existing }
            guard sets.count < stateLimit else { return nil }
            sets.append(set)
            index[setKey] = sets.count - 1
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
                guard let (set, next) = nfa.step(state) else { continue }
                let members = setMembers[Int(set)]
                for member in members { seedsPerClass[member].append(next) }
                work += members.count
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

extension FlatNFA {
    /// Whether class set `set` holds `byteClass`.
    func classSet(_ set: Int32, holds byteClass: Int) -> Bool {
        setBits[Int(set) * classWords + (byteClass >> 6)] & (1 << UInt64(byteClass & 63)) != 0
    }
}
