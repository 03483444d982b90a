/// Matches by simulating the NFA over the input (Thompson's / Pike's method without
/// captures): the set of live states advances one scalar at a time, each state at most once
/// per position, so time is O(input × states) whatever the pattern. Used when the DFA would
/// be too large, and by tests as an independent second path to check the DFA against.
enum NFASimulation {
    static func matches(_ nfa: FlatNFA, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        run(nfa, bytes, textEndsThere: true) { live in live.contains { nfa.isMatch($0) } }
    }

    /// Advances the live states over `bytes` and asks `decide` about the states left after
    /// the last scalar; false as soon as no state is live or the text is not UTF-8.
    /// `textEndsThere` says whether end anchors hold after the last scalar (a whole text)
    /// or not (a prefix that typing may continue).
    static func run(
        _ nfa: FlatNFA, _ bytes: UnsafeBufferPointer<UInt8>, textEndsThere: Bool,
        decide: (UnsafeBufferPointer<Int32>) -> Bool
    ) -> Bool {
        var workspace = ClosureWorkspace(for: nfa)
        let lists = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * max(1, nfa.stateCount))
        defer { lists.deallocate() }
        var current = lists, next = lists + max(1, nfa.stateCount)
        var currentCount = 0
        workspace.startClosure()
        workspace.add(
            nfa.start, in: nfa, atStart: true, atEnd: textEndsThere && bytes.isEmpty, into: current,
            count: &currentCount)
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
            let atEnd = textEndsThere && index == bytes.count
            var nextCount = 0
            workspace.startClosure()
            for position in 0..<currentCount {
                if let target = nfa.advance(current[position], on: byteClass) {
                    workspace.add(target, in: nfa, atStart: false, atEnd: atEnd, into: next, count: &nextCount)
                }
            }
            if nextCount == 0 { return false }
            swap(&current, &next)
            currentCount = nextCount
        }
        return decide(UnsafeBufferPointer(start: current, count: currentCount))
    }
}
