/// Parses pattern source into a ``RegexNode``, with exact UTF-8 byte ranges in every error.
///
/// A recursive-descent parser over the UTF-8 bytes of the source. Group nesting is bounded
/// (``Pattern/Limits/maxNesting``) so a hostile `((((…` cannot overflow the stack, and
/// repetition counts are bounded (``Pattern/Limits/maxRepetition``).
struct Parser {
    /// The modes that can change inside a pattern (`(?i)`, `(?s:…)`).
    struct Flags {
        var caseInsensitive = false
        var dotMatchesNewline = false
    }

    let bytes: [UInt8]
    let limits: Pattern.Limits
    var index = 0
    var depth = 0
    var groupNames: Set<String> = []

    init(_ source: String, limits: Pattern.Limits) {
        bytes = Array(source.utf8)
        self.limits = limits
    }

    /// Parses the whole source.
    mutating func parse(flags: Flags) throws(PatternError) -> RegexNode {
        let node = try parseAlternation(flags: flags)
        if index < bytes.count {
            // parseAlternation stops only at the end or at a ")" it does not own.
            throw .syntax("unmatched ')': there is no group to close", index..<(index + 1))
        }
        return node
    }

    var isAtEnd: Bool { index >= bytes.count }

    func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    /// Branches separated by `|`, up to the end or an unconsumed `)`.
    mutating func parseAlternation(flags initial: Flags) throws(PatternError) -> RegexNode {
        var flags = initial
        var branches: [RegexNode] = []
        var items: [RegexNode] = []
        while let byte = peek(), byte != UInt8(ascii: ")") {
            if byte == UInt8(ascii: "|") {
                branches.append(RegexNode.concatenation(items))
                items = []
                index += 1
                continue
            }
            guard let atom = try parseAtom(flags: &flags) else {
                try rejectQuantifier()
                continue
            }
            items.append(try parseQuantifiers(on: atom))
        }
        branches.append(RegexNode.concatenation(items))
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    /// One atom; nil for items that match nothing themselves (`(?i)`, `(?#…)`).
    mutating func parseAtom(flags: inout Flags) throws(PatternError) -> RegexNode? {
        let start = index
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "("):
            return try parseGroup(flags: &flags)
        case UInt8(ascii: "["):
            return .set(try parseClass(flags: flags))
        case UInt8(ascii: "."):
            index += 1
            return .set(flags.dotMatchesNewline ? .all : ScalarSet(0x0A).inverted())
        case UInt8(ascii: "^"):
            index += 1
            return .startAnchor
        case UInt8(ascii: "$"):
            index += 1
            return .endAnchor
        case UInt8(ascii: "\\"):
            return try parseEscape(flags: flags)
        case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"):
            throw .syntax("nothing to repeat before '\(Character(Unicode.Scalar(byte)))'", start..<(start + 1))
        case UInt8(ascii: "{"):
            if let quantifier = try parseQuantifier() {
                throw .syntax("nothing to repeat before '\(text(quantifier.range))'", quantifier.range)
            }
            throw braceError(at: start)
        default:
            return literal(decodeScalar(), flags: flags)
        }
    }

    /// A set for one literal scalar, with its case variants under `i`.
    func literal(_ scalar: UInt32, flags: Flags) -> RegexNode {
        let set = ScalarSet(scalar)
        return .set(flags.caseInsensitive ? CaseFolding.closed(set) : set)
    }

    /// Decodes the scalar at `index` (the source came from a `String`, so it is valid UTF-8).
    mutating func decodeScalar() -> UInt32 {
        let lead = bytes[index]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = length == 1 ? UInt32(lead) : UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length where index + offset < bytes.count {
            value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
        }
        index += length
        return value
    }

    /// The source text of a byte range, for messages.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range.clamped(to: 0..<bytes.count)], as: UTF8.self)
    }

    /// The error for a `{` that does not start a valid repetition; the range runs to the
    /// matching `}` when there is one, else it is the `{` alone.
    func braceError(at start: Int) -> PatternError {
        var end = start + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "}"), bytes[end] != UInt8(ascii: "{") { end += 1 }
        let range = end < bytes.count && bytes[end] == UInt8(ascii: "}") ? start..<(end + 1) : start..<(start + 1)
        return .syntax("'{' must start a repetition such as {3}, {2,} or {2,5}; write \\{ for a literal brace", range)
    }
}
