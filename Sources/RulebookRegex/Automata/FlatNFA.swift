/// The NFA in the form the matchers walk: parallel arrays behind raw pointers, allocated
/// once at compile time and never written again.
///
/// Why raw pointers (performance bending the code): walking an enum form retains and
/// releases the payload array of every `split` state it crosses, most of an NFA
/// simulation's time. The memory is immutable after `init` and freed in `deinit`, so sharing
/// it between threads is safe; hence `@unchecked Sendable`.
final class FlatNFA: @unchecked Sendable {
    enum Kind: UInt8 { case step, split, startAnchor, endAnchor, match }

    let stateCount: Int
    let start: Int32
    let alphabet: Alphabet
    /// Split targets in total (bounds the closure stack).
    let targetCount: Int
    /// Words per class bitset.
    let classWords: Int
    let kinds: UnsafeMutablePointer<UInt8>
    /// step, anchors: the next state; split: the offset of its targets in `targets`.
    let arguments: UnsafeMutablePointer<Int32>
    /// step: the class set index; split: the number of targets.
    let counts: UnsafeMutablePointer<Int32>
    let targets: UnsafeMutablePointer<Int32>
    /// Class set `s` occupies words `s * classWords ..< (s + 1) * classWords`.
    let setBits: UnsafeMutablePointer<UInt64>
    private let setCount: Int

    init(_ nfa: NFA) {
        stateCount = nfa.states.count
        start = nfa.start
        alphabet = nfa.alphabet
        classWords = max(1, (nfa.alphabet.classCount + 63) / 64)
        kinds = .allocate(capacity: max(1, stateCount))
        arguments = .allocate(capacity: max(1, stateCount))
        counts = .allocate(capacity: max(1, stateCount))
        var pool: [Int32] = []
        for (index, state) in nfa.states.enumerated() {
            switch state {
            case .step(let set, let next):
                (kinds[index], arguments[index], counts[index]) = (Kind.step.rawValue, next, set)
            case .split(let list):
                (kinds[index], arguments[index], counts[index]) = (Kind.split.rawValue, Int32(pool.count), Int32(list.count))
                pool.append(contentsOf: list)
            case .startAnchor(let next):
                (kinds[index], arguments[index], counts[index]) = (Kind.startAnchor.rawValue, next, 0)
            case .endAnchor(let next):
                (kinds[index], arguments[index], counts[index]) = (Kind.endAnchor.rawValue, next, 0)
            case .match:
                (kinds[index], arguments[index], counts[index]) = (Kind.match.rawValue, 0, 0)
            }
        }
        targetCount = pool.count
        targets = .allocate(capacity: max(1, pool.count))
        targets.initialize(from: pool, count: pool.count)
        setCount = nfa.classSets.count
        setBits = .allocate(capacity: max(1, nfa.classSets.count * classWords))
        for (set, classes) in nfa.classSets.enumerated() {
            for word in 0..<classWords { setBits[set * classWords + word] = classes.words[word] }
        }
    }

    deinit {
        kinds.deallocate()
        arguments.deallocate()
        counts.deallocate()
        targets.deallocate()
        setBits.deallocate()
    }

    /// For a step state whose class set holds `byteClass`, the state it moves to.
    @inline(__always)
    func advance(_ state: Int32, on byteClass: Int) -> Int32? {
        let index = Int(state)
        guard kinds[index] == Kind.step.rawValue else { return nil }
        let word = setBits[Int(counts[index]) &* classWords &+ (byteClass >> 6)]
        return word & (1 << UInt64(byteClass & 63)) != 0 ? arguments[index] : nil
    }

    /// For a step state, its class set and next state.
    @inline(__always)
    func step(_ state: Int32) -> (set: Int32, next: Int32)? {
        let index = Int(state)
        return kinds[index] == Kind.step.rawValue ? (counts[index], arguments[index]) : nil
    }

    /// The number of class sets.
    var classSetCount: Int { setCount }

    /// Whether `state` is the match state.
    @inline(__always)
    func isMatch(_ state: Int32) -> Bool { kinds[Int(state)] == Kind.match.rawValue }
}

/// Scratch space for epsilon closures: a visit mark per NFA state (a generation number, so
/// starting a new closure costs nothing), an explicit stack (no recursion: a closure can
/// cross thousands of states) and an output list. Allocated per use, freed automatically.
struct ClosureWorkspace: ~Copyable {
    private let marks: UnsafeMutablePointer<UInt32>
    private let stack: UnsafeMutablePointer<Int32>
    private var generation: UInt32 = 1
    private let stateCount: Int
    /// How many states all closures so far have visited, epsilon states included: the DFA
    /// builder's measure of work (a closure's output can be far smaller than its walk).
    private(set) var visits = 0

    init(for nfa: FlatNFA) {
        stateCount = nfa.stateCount
        marks = .allocate(capacity: max(1, stateCount))
        marks.initialize(repeating: 0, count: max(1, stateCount))
        // Each state is pushed at most once per incoming edge.
        stack = .allocate(capacity: stateCount + nfa.targetCount + 1)
    }

    deinit {
        marks.deallocate()
        stack.deallocate()
    }

    /// Forgets every visit: the next `add` calls build a fresh closure.
    mutating func startClosure() {
        generation &+= 1
        if generation == 0 {
            marks.update(repeating: 0, count: stateCount)
            generation = 1
        }
    }

    /// Appends to `output` the states reached from `seed` without consuming input that
    /// matter to a match (`step`, `match`, and `endAnchor` when not at the end), each once per
    /// closure. `output` must have room for every NFA state.
    @inline(__always)
    mutating func add(
        _ seed: Int32, in nfa: FlatNFA, atStart: Bool, atEnd: Bool,
        into output: UnsafeMutablePointer<Int32>, count: inout Int
    ) {
        var depth = 0
        stack[0] = seed
        depth = 1
        while depth > 0 {
            depth -= 1
            let state = stack[depth]
            let index = Int(state)
            if marks[index] == generation { continue }
            marks[index] = generation
            visits &+= 1
            switch FlatNFA.Kind(rawValue: nfa.kinds[index]) {
            case .step?, .match?:
                output[count] = state
                count += 1
            case .split?:
                // Pushed in reverse so the first alternative is explored first.
                let first = Int(nfa.arguments[index]), number = Int(nfa.counts[index])
                var offset = first + number
                while offset > first {
                    offset -= 1
                    stack[depth] = nfa.targets[offset]
                    depth += 1
                }
            case .startAnchor?:
                if atStart {
                    stack[depth] = nfa.arguments[index]
                    depth += 1
                }
            case .endAnchor?:
                if atEnd {
                    stack[depth] = nfa.arguments[index]
                    depth += 1
                } else {
                    output[count] = state
                    count += 1
                }
            case nil:
                break
            }
        }
    }
}
