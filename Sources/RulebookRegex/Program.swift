/// The compiled, immutable form behind a ``Pattern``: a literal, a DFA or an NFA.
final class Program: Sendable {
    /// How matching is done.
    enum Strategy: Sendable {
        case literal([UInt8])
        case dfa(DFA)
        case nfa
    }

    let strategy: Strategy
    /// Kept for every strategy: the fallback matcher, and the reference path for tests.
    let nfa: FlatNFA
    /// The strategy's tables in raw memory, for ``PatternMatcher``.
    let tables: MatchTables

    /// The most NFA steps spent building a DFA before falling back to simulation.
    private static let maxDFABuildWork = 5_000_000
    /// The most DFA table entries (4 bytes each): 4 MB.
    private static let maxDFATableEntries = 1 << 20

    init(source: String, flags: String, limits: Pattern.Limits) throws(PatternError) {
        let parserFlags = try Program.parseFlags(flags, sourceLength: source.utf8.count)
        var parser = Parser(source, limits: limits)
        let node = try parser.parse(flags: parserFlags)
        nfa = FlatNFA(try NFACompiler.compile(node, maxStates: limits.maxNFAStates, sourceLength: source.utf8.count))
        if let literal = node.literalBytes {
            strategy = .literal(literal)
        } else if limits.maxDFAStates > 0,
            let dfa = DFABuilder.build(
                nfa, maxStates: limits.maxDFAStates, maxTableEntries: Program.maxDFATableEntries,
                maxWork: Program.maxDFABuildWork)
        {
            strategy = .dfa(dfa)
        } else {
            strategy = .nfa
        }
        tables = MatchTables(strategy)
    }

    /// A matcher over this program's tables (valid while the program lives).
    var matcher: PatternMatcher { PatternMatcher(program: self, tables: tables) }

    /// A copy whose literal or DFA lives in buffers of its own (see
    /// ``Pattern/independentCopy()``); the NFA is shared.
    init(copying other: Program) {
        switch other.strategy {
        case .literal(let bytes): strategy = .literal(bytes.independentCopy())
        case .dfa(let dfa): strategy = .dfa(dfa.independentCopy())
        case .nfa: strategy = .nfa
        }
        nfa = other.nfa
        tables = MatchTables(strategy)
    }

    @inline(__always)
    func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch strategy {
        case .dfa(let dfa):
            return dfa.matches(bytes)
        case .literal(let literal):
            guard literal.count == bytes.count else { return false }
            return literal.withUnsafeBytes { Program.bytesEqual($0, UnsafeRawBufferPointer(bytes)) }
        case .nfa:
            return NFASimulation.matches(nfa, bytes)
        }
    }

    /// Compares two buffers of equal length eight bytes at a time (the generic
    /// `elementsEqual` costs about 2 ns per byte; this is the literal fast path).
    @inline(__always)
    static func bytesEqual(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        let count = left.count
        var offset = 0
        while offset + 8 <= count {
            if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                return false
            }
            offset += 8
        }
        while offset < count {
            if left[offset] != right[offset] { return false }
            offset += 1
        }
        return true
    }

    /// `i`, `s` and `u` (a no-op: matching is always Unicode). A bad or repeated flag is
    /// reported where it sits in a `/source/flags` literal: past the source and its slash.
    static func parseFlags(_ flags: String, sourceLength: Int) throws(PatternError) -> Parser.Flags {
        var result = Parser.Flags()
        var seen: Set<Character> = []
        var offset = sourceLength + 1
        for flag in flags {
            let range = offset..<(offset + flag.utf8.count)
            offset = range.upperBound
            guard seen.insert(flag).inserted else { throw .syntax("the flag '\(flag)' is given twice", range) }
            switch flag {
            case "i": result.caseInsensitive = true
            case "s": result.dotMatchesNewline = true
            case "u": break
            case "m":
                throw .unsupported(
                    "multiline mode", "the flag 'm' (multiline) is not supported: a pattern always matches the whole text", range)
            default:
                throw .syntax("unknown flag '\(flag)'; the flags are i (ignore case) and s (dot matches newline)", range)
            }
        }
        return result
    }
}
