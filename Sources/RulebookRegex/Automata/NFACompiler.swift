/// Compiles a ``RegexNode`` to an ``NFA``.
///
/// First the pattern's distinct scalar sets are partitioned into an ``Alphabet``; then the
/// construction runs backwards (each node is compiled knowing the state that follows it),
/// which needs no patch lists. The state count is bounded by ``Pattern/Limits/maxNFAStates``
/// and checked on every state added, so a hostile `(a{1000}){1000}` fails fast with
/// `.tooComplex` instead of exhausting memory.
struct NFACompiler {
    private var states: [NFA.State] = []
    private let setIndex: [ScalarSet: Int32]
    private let maxStates: Int
    private let sourceLength: Int
    /// The quantifiers being expanded, outermost first, to blame in a "too complex" error.
    private var repetitionStack: [Range<Int>] = []

    /// Compiles `node`; `sourceLength` (UTF-8 bytes) is the fallback error range.
    static func compile(_ node: RegexNode, maxStates: Int, sourceLength: Int) throws(PatternError) -> NFA {
        var sets: [ScalarSet] = []
        var setIndex: [ScalarSet: Int32] = [:]
        node.forEachSet { set in
            if setIndex[set] == nil {
                setIndex[set] = Int32(sets.count)
                sets.append(set)
            }
        }
        guard let alphabet = Alphabet(sets: sets) else {
            throw .tooComplex("the pattern is too complex: it distinguishes too many characters", 0..<sourceLength)
        }
        var compiler = NFACompiler(setIndex: setIndex, maxStates: maxStates, sourceLength: sourceLength)
        let match = try compiler.add(.match)
        let start = try compiler.compile(node, next: match)
        return NFA(states: compiler.states, start: start, alphabet: alphabet, classSets: alphabet.setClasses)
    }

    private init(setIndex: [ScalarSet: Int32], maxStates: Int, sourceLength: Int) {
        self.setIndex = setIndex
        self.maxStates = maxStates
        self.sourceLength = sourceLength
    }

    private mutating func add(_ state: NFA.State) throws(PatternError) -> Int32 {
        guard states.count < maxStates else {
            let range = repetitionStack.first ?? 0..<sourceLength
            throw .tooComplex("the pattern is too complex: it needs more than \(maxStates) automaton states", range)
        }
        states.append(state)
        return Int32(states.count - 1)
    }

    private mutating func compile(_ node: RegexNode, next: Int32) throws(PatternError) -> Int32 {
        switch node {
        case .empty:
            return next
        case .set(let set):
            return try add(.step(set: setIndex[set] ?? 0, next: next))
        case .concatenation(let parts):
            var current = next
            for part in parts.reversed() { current = try compile(part, next: current) }
            return current
        case .alternation(let branches):
            var targets: [Int32] = []
            for branch in branches { targets.append(try compile(branch, next: next)) }
            return try add(.split(targets))
        case .startAnchor:
            return try add(.startAnchor(next: next))
        case .endAnchor:
            return try add(.endAnchor(next: next))
        case .repetition(let body, let min, let max, let range):
            repetitionStack.append(range)
            defer { repetitionStack.removeLast() }
            return try compileRepetition(body, min: min, max: max, next: next)
        }
    }

    /// `body{min,max}`: the optional tail as nested choices `(b(b)?)?`, an unbounded tail as a
    /// loop, then `min` mandatory copies in front (the last of which doubles as the loop body
    /// for `+`).
    private mutating func compileRepetition(_ body: RegexNode, min: Int, max: Int?, next: Int32) throws(PatternError) -> Int32 {
        var current = next
        var mandatory = min
        if let max {
            for _ in 0..<(max - min) {
                let entry = try compile(body, next: current)
                current = try add(.split([entry, next]))
            }
        } else {
            let loop = try add(.split([]))
            let entry = try compile(body, next: loop)
            states[Int(loop)] = .split([entry, next])
            if mandatory > 0 {
                current = entry
                mandatory -= 1
            } else {
                current = loop
            }
        }
        for _ in 0..<mandatory { current = try compile(body, next: current) }
        return current
    }
}

extension RegexNode {
    /// Calls `body` with every scalar set in the tree (iteratively: no deep recursion).
    func forEachSet(_ body: (ScalarSet) -> Void) {
        var pending: [RegexNode] = [self]
        while let node = pending.popLast() {
            switch node {
            case .set(let set): body(set)
            case .concatenation(let parts), .alternation(let parts): pending.append(contentsOf: parts)
            case .repetition(let inner, _, _, _): pending.append(inner)
            case .empty, .startAnchor, .endAnchor: break
            }
        }
    }
}
