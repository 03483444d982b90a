/// A Thompson NFA over the classes of an ``Alphabet``, without captures (a whole-text
/// yes/no match needs none).
struct NFA: Sendable {
    /// A state. Only `step` consumes input (one scalar); the others are followed without
    /// consuming.
    enum State: Hashable, Sendable {
        /// Consume one scalar whose class is in `classSets[set]`, then go to `next`.
        case step(set: Int32, next: Int32)
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
    /// The scalar classes of the pattern.
    var alphabet: Alphabet
    /// The class sets that `step` states refer to.
    var classSets: [ClassSet]
}

/// Scratch space for epsilon closures: a visit mark per NFA state (a generation number, so
/// starting a new closure costs nothing) and an explicit stack (no recursion: a closure can
/// cross thousands of states).
struct ClosureScratch {
    private var marks: [UInt32]
    private var generation: UInt32 = 1
    private var stack: [Int32] = []
    /// How many states all closures so far have visited (epsilon states included): the
    /// DFA builder's measure of work, since a closure's output can be far smaller.
    private(set) var visits = 0

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

    /// Adds the states reached from `seed` without consuming input to `output`, keeping only
    /// those that matter to a match (`step`, `match`, and `endAnchor` when not at the end).
    mutating func add(_ seed: Int32, in nfa: NFA, atStart: Bool, atEnd: Bool, into output: inout [Int32]) {
        stack.append(seed)
        while let state = stack.popLast() {
            if marks[Int(state)] == generation { continue }
            marks[Int(state)] = generation
            visits &+= 1
            switch nfa.states[Int(state)] {
            case .step, .match:
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
