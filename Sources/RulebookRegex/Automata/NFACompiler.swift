/// Compiles a ``RegexNode`` to an ``NFA`` over UTF-8 bytes.
///
/// Construction runs backwards (each node is compiled knowing the state that follows it),
/// which needs no patch lists. Scalar sets become tries of UTF-8 byte ranges whose byte
/// states are hash-consed, so equal suffixes (all those `[80-BF]` continuation bytes) are
/// shared and a class like `\p{L}` stays a few hundred states. The state count is bounded by
/// ``Pattern/Limits/maxNFAStates`` and checked on every state added, so a hostile
/// `(a{1000}){1000}` fails fast with `.tooComplex` instead of exhausting memory.
struct NFACompiler {
    private var states: [NFA.State] = []
    private var byteStates: [[NFA.Transition]: Int32] = [:]
    private let maxStates: Int
    private let sourceLength: Int
    /// The quantifiers being expanded, outermost first, to blame in a "too complex" error.
    private var repetitionStack: [Range<Int>] = []

    /// Compiles `node`; `sourceLength` (UTF-8 bytes) is the fallback error range.
    static func compile(_ node: RegexNode, maxStates: Int, sourceLength: Int) throws(PatternError) -> NFA {
        var compiler = NFACompiler(maxStates: maxStates, sourceLength: sourceLength)
        let match = try compiler.add(.match)
        let start = try compiler.compile(node, next: match)
        return NFA(states: compiler.states, start: start)
    }

    private init(maxStates: Int, sourceLength: Int) {
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
            return try compileSet(set, next: next)
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

    /// One scalar from `set`: a trie of its UTF-8 byte-range sequences.
    private mutating func compileSet(_ set: ScalarSet, next: Int32) throws(PatternError) -> Int32 {
        var trie = UTF8Trie()
        for range in set.ranges {
            for sequence in UTF8Sequences.sequences(for: range) { trie.insert(sequence) }
        }
        return try compileTrieNode(trie, 0, next: next)
    }

    private mutating func compileTrieNode(_ trie: UTF8Trie, _ node: Int, next: Int32) throws(PatternError) -> Int32 {
        var transitions: [NFA.Transition] = []
        for (range, child) in trie.nodes[node] {
            let target = child == UTF8Trie.leaf ? next : try compileTrieNode(trie, child, next: next)
            transitions.append(NFA.Transition(low: range.low, high: range.high, next: target))
        }
        if let existing = byteStates[transitions] { return existing }
        let state = try add(.bytes(transitions))
        byteStates[transitions] = state
        return state
    }
}

/// A prefix tree of UTF-8 byte-range sequences (those of one scalar set). Sequences from
/// disjoint scalar ranges share a byte range at a position exactly or not at all, so keying
/// children by equal ranges is enough (and were it not, the NFA would merely be less
/// deterministic, never wrong).
struct UTF8Trie {
    /// Marks a child that ends a sequence.
    static let leaf = -1
    /// Per node: its children in insertion order (byte ranges ascending).
    var nodes: [[(UTF8Sequences.ByteRange, Int)]] = [[]]

    mutating func insert(_ sequence: [UTF8Sequences.ByteRange]) {
        var node = 0
        for (position, range) in sequence.enumerated() {
            let isLast = position == sequence.count - 1
            // Sequences arrive in ascending byte order, so a shared prefix is always the last child.
            if let found = nodes[node].last, found.0 == range, found.1 != UTF8Trie.leaf, !isLast {
                node = found.1
                continue
            }
            if isLast {
                nodes[node].append((range, UTF8Trie.leaf))
            } else {
                nodes.append([])
                nodes[node].append((range, nodes.count - 1))
                node = nodes.count - 1
            }
        }
    }
}
