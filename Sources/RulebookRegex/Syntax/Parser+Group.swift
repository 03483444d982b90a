/// Groups: `( )`, `(?: )`, named groups, scoped and inline flags, comments, and the
/// backtracking-only group forms, which are refused with the construct named.
extension Parser {
    /// Parses a group at `index` (which holds `(`). Returns nil for an inline flag change
    /// (applied to `flags`, i.e. to the rest of the enclosing group) or a comment.
    mutating func parseGroup(flags: inout Flags) throws(PatternError) -> RegexNode? {
        let start = index
        var groupFlags = flags
        if peek(1) == UInt8(ascii: "*") {
            throw .unsupported(
                "backtracking control verb", "backtracking control verbs such as (*SKIP) are not supported",
                start..<(start + 2))
        }
        if peek(1) == UInt8(ascii: "?") {
            index += 2
            switch try parseGroupExtension(start: start, flags: &groupFlags) {
            case .body: break
            case .inlineFlags:
                flags = groupFlags
                return nil
            case .comment:
                return nil
            }
        } else {
            index += 1
        }
        let openerEnd = index
        depth += 1
        defer { depth -= 1 }
        if depth > limits.maxNesting {
            throw .tooComplex("groups are nested more than \(limits.maxNesting) deep", start..<openerEnd)
        }
        let body = try parseAlternation(flags: groupFlags)
        guard peek() == UInt8(ascii: ")") else {
            throw .syntax("unclosed group: '\(text(start..<openerEnd))' has no matching ')'", start..<openerEnd)
        }
        index += 1
        return body
    }

    /// What follows `(?`.
    enum GroupExtension { case body, inlineFlags, comment }

    /// Parses what follows `(?` (index is just past it).
    private mutating func parseGroupExtension(start: Int, flags: inout Flags) throws(PatternError) -> GroupExtension {
        guard let byte = peek() else {
            throw .syntax("unclosed group: '(?' has no matching ')'", start..<index)
        }
        func refuse(_ construct: String, _ length: Int, _ message: String) -> PatternError {
            .unsupported(construct, message, start..<min(index + length, bytes.count))
        }
        switch byte {
        case UInt8(ascii: ":"), UInt8(ascii: "|"):
            index += 1
            return .body
        case UInt8(ascii: "="):
            throw refuse("lookahead", 1, "lookahead '(?=' is not supported: it needs backtracking")
        case UInt8(ascii: "!"):
            throw refuse("negative lookahead", 1, "negative lookahead '(?!' is not supported: it needs backtracking")
        case UInt8(ascii: ">"):
            throw refuse("atomic group", 1, "atomic groups '(?>' are not supported: they need backtracking")
        case UInt8(ascii: "("):
            throw refuse("conditional", 1, "conditionals '(?(' are not supported: they need backtracking")
        case UInt8(ascii: "#"):
            return try skipComment(start: start)
        case UInt8(ascii: "<") where peek(1) == UInt8(ascii: "="):
            throw refuse("lookbehind", 2, "lookbehind '(?<=' is not supported: it needs backtracking")
        case UInt8(ascii: "<") where peek(1) == UInt8(ascii: "!"):
            throw refuse("negative lookbehind", 2, "negative lookbehind '(?<!' is not supported: it needs backtracking")
        case UInt8(ascii: "<"):
            index += 1
            try parseGroupName(start: start, terminator: UInt8(ascii: ">"))
            return .body
        case UInt8(ascii: "'"):
            index += 1
            try parseGroupName(start: start, terminator: UInt8(ascii: "'"))
            return .body
        case UInt8(ascii: "P") where peek(1) == UInt8(ascii: "<"):
            index += 2
            try parseGroupName(start: start, terminator: UInt8(ascii: ">"))
            return .body
        case UInt8(ascii: "P") where peek(1) == UInt8(ascii: "="):
            throw refuse("backreference", 2, "backreferences '(?P=name)' are not supported: they need backtracking")
        case UInt8(ascii: "P") where peek(1) == UInt8(ascii: ">"):
            throw refuse("recursion", 2, "recursion '(?P>name)' is not supported")
        case UInt8(ascii: "R"), UInt8(ascii: "&"), UInt8(ascii: "+"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            throw refuse("recursion", 1, "recursion and subroutine calls such as '(?R)' and '(?1)' are not supported")
        case UInt8(ascii: "-") where peek(1).map({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) ?? false:
            throw refuse("recursion", 2, "recursion and subroutine calls such as '(?-1)' are not supported")
        case UInt8(ascii: "C"):
            throw refuse("callout", 1, "callouts '(?C' are not supported")
        default:
            return try parseFlagGroup(start: start, flags: &flags)
        }
    }

    /// `(?#…)`: skipped up to the first `)`.
    private mutating func skipComment(start: Int) throws(PatternError) -> GroupExtension {
        while let byte = peek(), byte != UInt8(ascii: ")") { index += 1 }
        guard !isAtEnd else { throw .syntax("unclosed comment: '(?#' has no matching ')'", start..<(start + 3)) }
        index += 1
        return .comment
    }

    /// A group name up to `terminator`: ASCII letters, digits and `_`, not starting with a digit.
    private mutating func parseGroupName(start: Int, terminator: UInt8) throws(PatternError) {
        let nameStart = index
        while let byte = peek(), byte != terminator, byte != UInt8(ascii: ")") { index += 1 }
        guard peek() == terminator else {
            throw .syntax(
                "unclosed group name: '\(text(start..<index))' needs '\(Character(Unicode.Scalar(terminator)))'",
                start..<index)
        }
        let name = bytes[nameStart..<index]
        let isValid = name.first.map { !isDigit($0) } ?? false && name.allSatisfy { isDigit($0) || isLetter($0) || $0 == UInt8(ascii: "_") }
        guard isValid else {
            let range = name.isEmpty ? start..<(index + 1) : nameStart..<index
            throw .syntax("invalid group name '\(text(nameStart..<index))': use letters, digits and '_', not starting with a digit", range)
        }
        let string = text(nameStart..<index)
        guard groupNames.insert(string).inserted else {
            throw .syntax("duplicate group name '\(string)'", nameStart..<index)
        }
        index += 1
    }

    /// `(?flags)` or `(?flags:…)` with flags `i` and `s`, optionally turned off after `-`.
    private mutating func parseFlagGroup(start: Int, flags: inout Flags) throws(PatternError) -> GroupExtension {
        var turningOff = false
        while let byte = peek() {
            let flagStart = index
            switch byte {
            case UInt8(ascii: ")"):
                index += 1
                return .inlineFlags
            case UInt8(ascii: ":"):
                index += 1
                return .body
            case UInt8(ascii: "-") where !turningOff:
                turningOff = true
            case UInt8(ascii: "i"):
                flags.caseInsensitive = !turningOff
            case UInt8(ascii: "s"):
                flags.dotMatchesNewline = !turningOff
            case UInt8(ascii: "m"):
                throw .unsupported(
                    "multiline mode", "multiline mode '(?m)' is not supported: a pattern always matches the whole text",
                    flagStart..<(flagStart + 1))
            case UInt8(ascii: "x"):
                throw .unsupported("extended mode", "extended mode '(?x)' is not supported", flagStart..<(flagStart + 1))
            default:
                let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                throw .syntax(
                    "unknown group construct or flag '\(text(flagStart..<min(flagStart + length, bytes.count)))' after '(?'",
                    start..<min(flagStart + length, bytes.count))
            }
            index += 1
        }
        throw .syntax("unclosed group: '\(text(start..<index))' has no matching ')'", start..<index)
    }

    func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}
