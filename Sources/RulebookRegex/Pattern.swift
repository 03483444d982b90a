/// A compiled regular expression that matches in time linear in its input.
///
/// SKELETON (to be replaced by the regex engine): the API below is the contract the
/// checker and the engine code against; the bodies are not an implementation.
public struct Pattern: Sendable {
    /// The source text between the slashes.
    public let source: String
    /// The flags after the closing slash (`i` = ignore case).
    public let flags: String

    /// Compiles `source`; throws a ``PatternError`` whose range points inside `source`.
    public init(_ source: String, flags: String = "") throws(PatternError) {
        self.source = source
        self.flags = flags
    }

    /// Whether the **whole** text matches (a trailing newline is not ignored).
    public func matches(_ text: String) -> Bool {
        fatalError("regex engine not yet implemented")
    }

    /// Whether the whole of `utf8` (valid UTF-8) matches.
    public func matches(utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        fatalError("regex engine not yet implemented")
    }
}

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

    public let kind: Kind
    /// A sentence for the user, e.g. "unclosed character class".
    public let message: String
    /// UTF-8 byte offsets inside the pattern source.
    public let range: Range<Int>

    public init(kind: Kind, message: String, range: Range<Int>) {
        self.kind = kind
        self.message = message
        self.range = range
    }
}
