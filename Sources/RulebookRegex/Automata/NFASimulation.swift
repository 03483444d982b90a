/// Matches by simulating the NFA over the input (Thompson's / Pike's method without
/// captures): the set of live states advances one scalar at a time, each state at most once
/// per position, so time is O(input × states) whatever the pattern. Used when the DFA would
/// be too large, and by tests as an independent second path to check the DFA against.
enum NFASimulation {
    static func matches(_ nfa: NFA, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var scratch = ClosureScratch(stateCount: nfa.states.count)
        var current: [Int32] = []
        var next: [Int32] = []
        scratch.startClosure()
        scratch.add(nfa.start, in: nfa, atStart: true, atEnd: bytes.isEmpty, into: &current)
        var index = 0
        while index < bytes.count {
            let byteClass: Int
            let lead = bytes[index]
            if lead < 0x80 {
                byteClass = nfa.alphabet.classOf(UInt32(lead))
                index += 1
            } else {
                guard let (scalar, length) = UTF8Decoding.decode(bytes, at: index, lead: lead) else { return false }
                byteClass = nfa.alphabet.classOf(scalar)
                index += length
            }
            let atEnd = index == bytes.count
            next.removeAll(keepingCapacity: true)
            scratch.startClosure()
            for state in current {
                guard case .step(let set, let target) = nfa.states[Int(state)],
                      nfa.classSets[Int(set)].contains(byteClass) else { continue }
                scratch.add(target, in: nfa, atStart: false, atEnd: atEnd, into: &next)
            }
            if next.isEmpty { return false }
            swap(&current, &next)
        }
        return current.contains { if case .match = nfa.states[Int($0)] { true } else { false } }
    }
}
