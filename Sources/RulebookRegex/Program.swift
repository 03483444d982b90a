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
    let nfa: NFA

    /// The most NFA steps spent building a DFA before falling back to simulation.
    private static let maxDFABuildWork = 20_000_000

    init(source: String, flags: String, limits: Pattern.Limits) throws(PatternError) {
        let parserFlags = try Program.parseFlags(flags, sourceLength: source.utf8.count)
        var parser = Parser(source, limits: limits)
        let node = try parser.parse(flags: parserFlags)
        nfa = try NFACompiler.compile(node, maxStates: limits.maxNFAStates, sourceLength: source.utf8.count)
        if let literal = node.literalBytes {
            strategy = .literal(literal)
        } else if limits.maxDFAStates > 0,
                  let dfa = DFABuilder.build(nfa, maxStates: limits.maxDFAStates, maxWork: Program.maxDFABuildWork) {
            strategy = .dfa(dfa)
        } else {
            strategy = .nfa
        }
    }

    @inline(__always)
    func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch strategy {
        case .dfa(let dfa):
            return dfa.matches(bytes)
        case .literal(let literal):
            return literal.withUnsafeBufferPointer { $0.elementsEqual(bytes) }
        case .nfa:
            return NFASimulation.matches(nfa, bytes)
        }
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
                throw .unsupported("multiline mode", "the flag 'm' (multiline) is not supported: a pattern always matches the whole text", range)
            default:
                throw .syntax("unknown flag '\(flag)'; the flags are i (ignore case) and s (dot matches newline)", range)
            }
        }
        return result
    }
}
