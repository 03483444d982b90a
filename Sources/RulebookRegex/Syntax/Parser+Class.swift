/// Character classes: `[abc]`, `[^a-z]`, escapes and shorthand classes inside, POSIX
/// classes `[:alpha:]` (ASCII). A `]` right after `[` or `[^` is a literal, as in PCRE and
/// Python; a `-` first or last is a literal; any other `[` inside is a literal.
extension Parser {
    /// One member of a class before ranges are formed.
    private enum ClassItem {
        case scalar(UInt32)
        case set(ScalarSet)
    }

    /// Parses a class at `index` (which holds `[`). Under `i` the positive members are folded
    /// before a `^` negates them, so `[^a]` refuses `A` too.
    mutating func parseClass(flags: Flags) throws(PatternError) -> ScalarSet {
        let start = index
        index += 1
        let isNegated = peek() == UInt8(ascii: "^")
        if isNegated { index += 1 }
        var ranges: [ClosedRange<UInt32>] = []
        var isFirst = true
        while true {
            guard let byte = peek() else {
                throw .syntax("unclosed character class: '[' has no matching ']'", start..<(start + 1))
            }
            if byte == UInt8(ascii: "]"), !isFirst {
                index += 1
                break
            }
            isFirst = false
            let itemStart = index
            switch try parseClassItem(flags: flags) {
            case .set(let set):
                ranges.append(contentsOf: set.ranges)
            case .scalar(let low):
                guard peek() == UInt8(ascii: "-"), let after = peek(1), after != UInt8(ascii: "]") else {
                    ranges.append(low...low)
                    continue
                }
                index += 1
                guard case .scalar(let high) = try parseClassItem(flags: flags) else {
                    throw .syntax(
                        "'\(text(itemStart..<index))' is not a valid range: a range needs a single character at each end",
                        itemStart..<index)
                }
                guard low <= high else {
                    throw .syntax("'\(text(itemStart..<index))' is a range out of order", itemStart..<index)
                }
                ranges.append(low...high)
            }
        }
        var set = ScalarSet(ranges: ranges)
        if flags.caseInsensitive { set = CaseFolding.closed(set) }
        return isNegated ? set.inverted() : set
    }

    /// One scalar, escape or POSIX class inside a class.
    private mutating func parseClassItem(flags: Flags) throws(PatternError) -> ClassItem {
        guard let byte = peek() else {
            return .scalar(0)  // unreachable: callers check for the end first; the loop then reports it
        }
        if byte == UInt8(ascii: "\\") {
            switch try parseEscapeItem(flags: flags, inClass: true) {
            case .scalar(let scalar): return .scalar(scalar)
            case .set(let set): return .set(set)
            case .node: return .set(ScalarSet())  // unreachable: only \A \z \Q produce nodes, and not in classes
            }
        }
        if byte == UInt8(ascii: "["), peek(1) == UInt8(ascii: ":"), let set = try parsePOSIXClass(flags: flags) {
            return .set(set)
        }
        return .scalar(decodeScalar())
    }

    /// `[:name:]` or `[:^name:]`; nil (index unchanged) when no `:]` closes it.
    private mutating func parsePOSIXClass(flags: Flags) throws(PatternError) -> ScalarSet? {
        let start = index
        var cursor = index + 2
        while cursor + 1 < bytes.count, !(bytes[cursor] == UInt8(ascii: ":") && bytes[cursor + 1] == UInt8(ascii: "]")) {
            if bytes[cursor] == UInt8(ascii: "]") { return nil }
            cursor += 1
        }
        guard cursor + 1 < bytes.count else { return nil }
        var name = text((start + 2)..<cursor)
        index = cursor + 2
        let isNegated = name.hasPrefix("^")
        if isNegated { name.removeFirst() }
        guard let set = Parser.posixClasses[name] else {
            throw .syntax("unknown POSIX class '\(text(start..<index))'", start..<index)
        }
        return isNegated ? negated(set, flags) : set
    }

    /// The ASCII POSIX classes.
    static let posixClasses: [String: ScalarSet] = [
        "alpha": ScalarSet(ranges: [0x41...0x5A, 0x61...0x7A]),
        "digit": UnicodeTables.asciiDigit,
        "alnum": ScalarSet(ranges: [0x30...0x39, 0x41...0x5A, 0x61...0x7A]),
        "upper": ScalarSet(ranges: [0x41...0x5A]),
        "lower": ScalarSet(ranges: [0x61...0x7A]),
        "space": ScalarSet(ranges: [0x09...0x0D, 0x20...0x20]),
        "blank": ScalarSet(ranges: [0x09...0x09, 0x20...0x20]),
        "punct": ScalarSet(ranges: [0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E]),
        "xdigit": ScalarSet(ranges: [0x30...0x39, 0x41...0x46, 0x61...0x66]),
        "word": UnicodeTables.asciiWord,
        "cntrl": ScalarSet(ranges: [0x00...0x1F, 0x7F...0x7F]),
        "print": ScalarSet(ranges: [0x20...0x7E]),
        "graph": ScalarSet(ranges: [0x21...0x7E]),
        "ascii": ScalarSet(ranges: [0x00...0x7F]),
    ]
}
