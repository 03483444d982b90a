/// A Thompson NFA over UTF-8 bytes, without captures (a whole-text yes/no match needs none).
struct NFA: Sendable {
    /// One byte step: any byte in `low...high` moves to `next`.
    struct Transition: Hashable, Sendable {
        var low: UInt8
        var high: UInt8
        var next: Int32
    }

    /// A state. Only `bytes` consumes input; the others are followed without consuming.
    enum State: Hashable, Sendable {
        /// Consume one byte matching a transition (none: a dead end, from an empty class).
        case bytes([Transition])
        /// Continue in every listed state.
        case split([Int32])
        /// Continue only at the start of the text.
        case startAnchor(next: Int32)
        /// Continue only at the very end of the text.
        case endAnchor(next: Int32)
        /// The whole text matched (it must also be the end of the text).
        case match
    }

    /// All states; indices are `Int32` to keep the tables small.
    var states: [State]
    /// Where matching begins.
    var start: Int32
}

extension NFA {
    /// Every byte range boundary, as the equivalence classes a DFA can share transitions over:
    /// bytes in one class behave identically in every state. Classes are contiguous ranges, so
    /// `classMap` is non-decreasing.
    func byteClasses() -> (classMap: [UInt8], count: Int) {
        var startsClass = [Bool](repeating: false, count: 257)
        for state in states {
            guard case .bytes(let transitions) = state else { continue }
            for transition in transitions {
                startsClass[Int(transition.low)] = true
                startsClass[Int(transition.high) + 1] = true
            }
        }
        var classMap = [UInt8](repeating: 0, count: 256)
        var current = 0
        for byte in 0..<256 {
            if byte > 0, startsClass[byte] { current += 1 }
            classMap[byte] = UInt8(current)
        }
        return (classMap, current + 1)
    }

}

/// Scratch space for epsilon closures: a visit mark per NFA state (a generation number, so
/// starting a new closure costs nothing) and an explicit stack (no recursion: a closure can
/// cross thousands of states).
struct ClosureScratch {
    private var marks: [UInt32]
    private var generation: UInt32 = 1
    private var stack: [Int32] = []

    init(stateCount: Int) {
        marks = [UInt32](repeating: 0, count: stateCount)
    }

    /// Forgets every visit: the next `add` calls build a fresh closure.
    mutating func startClosure() {
        generation &+= 1
        if generation == 0 {
            for index in marks.indices { marks[index] = 0 }
            generation = 1
        }
    }

    /// Whether `state` was visited since `startClosure`.
    func isVisited(_ state: Int32) -> Bool { marks[Int(state)] == generation }

    /// Adds the states reached from `seed` without consuming input to `output`, keeping only
    /// those that matter to a match (`bytes`, `match`, and `endAnchor` when not at the end).
    mutating func add(_ seed: Int32, in nfa: NFA, atStart: Bool, atEnd: Bool, into output: inout [Int32]) {
        stack.append(seed)
        while let state = stack.popLast() {
            if marks[Int(state)] == generation { continue }
            marks[Int(state)] = generation
            switch nfa.states[Int(state)] {
            case .bytes, .match:
                output.append(state)
            case .split(let targets):
                stack.append(contentsOf: targets.reversed())
            case .startAnchor(let next):
                if atStart { stack.append(next) }
            case .endAnchor(let next):
                if atEnd { stack.append(next) } else { output.append(state) }
            }
        }
    }
}
