/// Matches by simulating the NFA over the input (Thompson's / Pike's method without
/// captures): the set of live states advances one byte at a time, each state at most once
/// per position, so time is O(input × states) whatever the pattern. Used when the DFA would
/// be too large, and by tests as an independent second path to check the DFA against.
enum NFASimulation {
    static func matches(_ nfa: NFA, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var scratch = ClosureScratch(stateCount: nfa.states.count)
        var current: [Int32] = []
        var next: [Int32] = []
        current.reserveCapacity(nfa.states.count)
        next.reserveCapacity(nfa.states.count)
        scratch.startClosure()
        scratch.add(nfa.start, in: nfa, atStart: true, atEnd: bytes.isEmpty, into: &current)
        for (position, byte) in bytes.enumerated() {
            let atEnd = position == bytes.count - 1
            next.removeAll(keepingCapacity: true)
            scratch.startClosure()
            for state in current {
                guard case .bytes(let transitions) = nfa.states[Int(state)] else { continue }
                for transition in transitions where transition.low <= byte && byte <= transition.high {
                    if !scratch.isVisited(transition.next) {
                        scratch.add(transition.next, in: nfa, atStart: false, atEnd: atEnd, into: &next)
                    }
                }
            }
            if next.isEmpty { return false }
            swap(&current, &next)
        }
        return current.contains { if case .match = nfa.states[Int($0)] { true } else { false } }
    }
}
