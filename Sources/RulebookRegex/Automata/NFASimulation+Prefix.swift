extension NFASimulation {
    /// Whether some continuation of `bytes` matches: the live states after reading the
    /// text (not at its end) reach the match state through the NFA's edges. A start
    /// anchor past the first position never passes; an end anchor passes once the text
    /// ends, so it counts as passable. Invalid UTF-8 has no continuation.
    static func canContinue(_ nfa: FlatNFA, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        run(nfa, bytes, textEndsThere: false) { reachesMatch(nfa, from: $0) }
    }

    /// Whether the match state is reachable from `live` (a graph search over the states,
    /// each visited once; a step whose class set is empty leads nowhere).
    private static func reachesMatch(_ nfa: FlatNFA, from live: UnsafeBufferPointer<Int32>) -> Bool {
        var visited = [Bool](repeating: false, count: max(1, nfa.stateCount))
        var stack = Array(live)
        while let state = stack.popLast() {
            let index = Int(state)
            if visited[index] { continue }
            visited[index] = true
            switch FlatNFA.Kind(rawValue: nfa.kinds[index]) {
            case .match?:
                return true
            case .step?:
                let set = Int(nfa.counts[index])
                let words = nfa.setBits + set * nfa.classWords
                if (0..<nfa.classWords).contains(where: { words[$0] != 0 }) { stack.append(nfa.arguments[index]) }
            case .split?:
                let first = Int(nfa.arguments[index])
                for offset in first..<(first + Int(nfa.counts[index])) { stack.append(nfa.targets[offset]) }
            case .endAnchor?:
                stack.append(nfa.arguments[index])
            case .startAnchor?, nil:
                break
            }
        }
        return false
    }
}
