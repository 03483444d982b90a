/// A compiled regular expression that matches in time linear in its input.
///
/// A pattern always matches the **whole** text: `[0-9]{5}` and `^[0-9]{5}$` mean the same,
/// and a trailing newline is part of the text (`"12345\n"` does not match). `^` matches only
/// at the start and `$` only at the very end, also in the middle of a pattern (`a|^b`).
///
/// Compilation: source → syntax tree → the pattern's alphabet (Unicode scalars partitioned
/// into the classes its sets distinguish) → Thompson NFA over those classes → a complete
/// DFA, built eagerly so the compiled value is immutable and freely shared between threads.
/// Matching decodes UTF-8 as it goes (ASCII costs one branch) and does one table lookup per
/// scalar. Pure literals compare bytes; a pattern whose DFA would exceed
/// ``Limits/maxDFAStates`` (or 4 MB of table, or a bounded construction effort) runs on an
/// NFA simulation instead, still linear in the input.
///
/// Syntax: literals, `.` (any scalar but `\n`; with `s`, any), classes `[…]` with ranges,
/// negation, escapes and ASCII POSIX classes, `\d` `\w` (ASCII) `\s` (Unicode White_Space)
/// and their negations, `\p{…}`/`\P{…}` (general categories, a few binary properties),
/// groups `( )` `(?: )` `(?<name> )`, `|`, quantifiers `? * + {n} {n,} {n,m} {,m}` greedy or
/// lazy, `^ $ \A \z`, escapes `\n \t \r \f \v \a \e \0 \xHH \x{…} \uHHHH \u{…}`, `\Q…\E`,
/// inline flags `(?i)` `(?s)` `(?i:…)` `(?-i:…)`, comments `(?#…)`. Backreferences,
/// lookaround, atomic groups, possessive quantifiers, conditionals, recursion, word
/// boundaries and backtracking verbs are rejected with `.unsupported(construct:)`.
///
/// Flags: `i` ignores case (Unicode simple case folding: `k` matches `K` and the Kelvin
/// sign, `σ` matches `Σ` and `ς`; it applies to classes and properties too, so `\p{Lu}`
/// matches `a`, while a negated class refuses every case variant of its members);
/// `s` lets `.` match `\n`; `u` is accepted and changes nothing (matching is always Unicode).
public struct Pattern: Sendable {
    /// The source text between the slashes.
    public let source: String
    /// The flags after the closing slash (`i` = ignore case).
    public let flags: String
    private let program: Program

    /// Compiles `source`; throws a ``PatternError`` whose range points inside `source`.
    public init(_ source: String, flags: String = "") throws(PatternError) {
        try self.init(source, flags: flags, limits: .default)
    }

    /// Compiles `source` with explicit limits.
    public init(_ source: String, flags: String = "", limits: Limits) throws(PatternError) {
        self.source = source
        self.flags = flags
        program = try Program(source: source, flags: flags, limits: limits)
    }

    private init(source: String, flags: String, program: Program) {
        self.source = source
        self.flags = flags
        self.program = program
    }

    /// The same compiled pattern in memory of its own: no buffer it matches with is shared
    /// with `self`.
    ///
    /// Performance bends the code here: a match retains and releases the pattern's
    /// program and tables. The count is an atomic in the object's header, so two cores
    /// matching with one pattern bounce that cache line between them on every match —
    /// the streaming command would spend much of its CPU time there. Each of its workers matches with its own copy. The NFA of a
    /// pattern that runs on a DFA or a literal is kept shared (matching does not read it).
    package func independentCopy() -> Pattern {
        Pattern(
            source: String(decoding: Array(source.utf8), as: UTF8.self),
            flags: String(decoding: Array(flags.utf8), as: UTF8.self), program: Program(copying: program))
    }

    /// The compiled program, for tests that look at its tables.
    var programForTesting: Program { program }

    /// Whether the **whole** text matches (a trailing newline is not ignored).
    public func matches(_ text: String) -> Bool {
        if let result = text.utf8.withContiguousStorageIfAvailable({ program.matches($0) }) {
            return result
        }
        var copy = text
        return copy.withUTF8 { program.matches($0) }
    }

    /// Whether the whole of `utf8` (valid UTF-8) matches. Invalid UTF-8 never crashes; a
    /// malformed sequence simply matches no class.
    public func matches(utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        program.matches(utf8)
    }

    /// Whether `prefix` can still become a match by appending text: true when it matches
    /// or some continuation does (`[0-9]{5}` after `"123"`), false the moment none can
    /// (`"12a"`). Decided on the pattern's NFA from the states live after the prefix, in
    /// time linear in its length: what a form shows as incomplete rather than invalid
    /// while the user types.
    public func canStillMatch(prefix: String) -> Bool {
        var copy = prefix
        return copy.withUTF8 { NFASimulation.canContinue(program.nfa, $0) }
    }

    /// The pattern as a ``PatternMatcher`` (no reference counting per match); valid while
    /// this pattern lives.
    package var matcher: PatternMatcher { program.matcher }

    /// Whether the pattern is a plain literal (matched by comparing bytes).
    public var isLiteral: Bool {
        if case .literal = program.strategy { return true }
        return false
    }

    /// How the compiled pattern matches.
    public var engine: Engine {
        switch program.strategy {
        case .literal: return .literal
        case .dfa: return .dfa
        case .nfa: return .nfaSimulation
        }
    }

    /// The number of DFA states (the dead state included), or nil when the pattern does not
    /// run on a DFA.
    public var dfaStateCount: Int? {
        if case .dfa(let dfa) = program.strategy { return dfa.stateCount }
        return nil
    }

    /// Matches through the NFA simulation whatever the strategy, so tests can check the DFA
    /// against an independent path.
    func matchesBySimulation(utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        NFASimulation.matches(program.nfa, utf8)
    }
}

extension Pattern {
    /// How a compiled pattern matches.
    public enum Engine: Sendable, Hashable {
        /// Byte comparison with a fixed literal.
        case literal
        /// A precomputed DFA: one table lookup per byte.
        case dfa
        /// NFA simulation (the DFA would have been too large): linear, slower per byte.
        case nfaSimulation
    }

    /// Bounds that keep a hostile or accidental pattern from exhausting memory or time.
    public struct Limits: Sendable, Hashable {
        /// The largest count in `{n}`, `{n,}` and `{n,m}`.
        public var maxRepetition: Int
        /// The deepest group nesting (the parser recurses per level).
        public var maxNesting: Int
        /// The most NFA states; more is `.tooComplex`.
        public var maxNFAStates: Int
        /// The most DFA states; more falls back to NFA simulation (0: never build a DFA).
        public var maxDFAStates: Int

        /// Creates limits; the defaults are ``default``'s.
        public init(
            maxRepetition: Int = 1000, maxNesting: Int = 100, maxNFAStates: Int = 100_000,
            maxDFAStates: Int = 10_000
        ) {
            self.maxRepetition = maxRepetition
            self.maxNesting = maxNesting
            self.maxNFAStates = maxNFAStates
            self.maxDFAStates = maxDFAStates
        }

        /// Counts up to 1,000, nesting up to 100, 100,000 NFA states, 10,000 DFA states (and
        /// at most 4 MB of DFA table, whatever the state count).
        public static let `default` = Limits()
    }
}
