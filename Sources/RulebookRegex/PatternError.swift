/// Why a pattern does not compile.
public struct PatternError: Error, Sendable, Hashable {
    /// What kind of problem it is.
    public enum Kind: Sendable, Hashable {
        /// The pattern does not parse.
        case syntax
        /// The construct is valid elsewhere but needs backtracking (backreference,
        /// lookaround, atomic group, …), which Rulebook refuses to run.
        case unsupported(construct: String)
        /// The pattern compiles to more states than the configured limit.
        case tooComplex
    }

    /// What kind of problem it is.
    public let kind: Kind
    /// A sentence for the user, e.g. "unclosed character class".
    public let message: String
    /// UTF-8 byte offsets inside the pattern source. A bad flag is reported at
    /// `source.utf8.count + 1 + flagOffset`, which is where it sits in a `/source/flags`
    /// literal.
    public let range: Range<Int>

    /// Creates an error; `range` is in UTF-8 bytes of the pattern source.
    public init(kind: Kind, message: String, range: Range<Int>) {
        self.kind = kind
        self.message = message
        self.range = range
    }
}

extension PatternError {
    static func syntax(_ message: String, _ range: Range<Int>) -> PatternError {
        PatternError(kind: .syntax, message: message, range: range)
    }

    static func unsupported(_ construct: String, _ message: String, _ range: Range<Int>) -> PatternError {
        PatternError(kind: .unsupported(construct: construct), message: message, range: range)
    }

    static func tooComplex(_ message: String, _ range: Range<Int>) -> PatternError {
        PatternError(kind: .tooComplex, message: message, range: range)
    }
}
