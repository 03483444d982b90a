/// Escapes, outside and inside classes.
///
/// Meanings: `\d` = [0-9] and `\w` = [A-Za-z0-9_] (ASCII, as JavaScript and PCRE without
/// UCP), `\s` = Unicode White_Space; `\D \W \S` their complements; `\p{…}`/`\P{…}` Unicode
/// properties (``UnicodeProperty``); `\n \t \r \f \v \a \e \0`, `\xHH`, `\x{H…}`, `\uHHHH`
/// (a surrogate pair `\uD83D\uDE00` combines), `\u{H…}`; `\A` = `^`, `\z` = `$`; `\Q…\E`
/// quotes literally. Any other escaped ASCII letter or digit is an error (so typos do not
/// silently match letters); any other escaped character is itself.
extension Parser {
    /// What one escape denotes.
    enum Escape {
        case scalar(UInt32)
        case set(ScalarSet)
        case node(RegexNode)
    }

    /// An escape outside a class, as a node.
    mutating func parseEscape(flags: Flags) throws(PatternError) -> RegexNode {
        switch try parseEscapeItem(flags: flags, inClass: false) {
        case .scalar(let scalar): return literal(scalar, flags: flags)
        case .set(let set): return .set(flags.caseInsensitive ? CaseFolding.closed(set) : set)
        case .node(let node): return node
        }
    }

    /// Parses the escape at `index` (which holds `\`). Negated shorthand classes are returned
    /// already folded under `i` (the complement of the folded positive class), so a caller may
    /// fold the result again without changing it.
    mutating func parseEscapeItem(flags: Flags, inClass: Bool) throws(PatternError) -> Escape {
        let start = index
        guard let letter = peek(1) else {
            throw .syntax("the pattern ends with a lone '\\'; write \\\\ for a backslash", start..<(start + 1))
        }
        index += 2
        switch letter {
        case UInt8(ascii: "d"): return .set(UnicodeTables.asciiDigit)
        case UInt8(ascii: "D"): return .set(negated(UnicodeTables.asciiDigit, flags))
        case UInt8(ascii: "w"): return .set(UnicodeTables.asciiWord)
        case UInt8(ascii: "W"): return .set(negated(UnicodeTables.asciiWord, flags))
        case UInt8(ascii: "s"): return .set(UnicodeTables.whiteSpace)
        case UInt8(ascii: "S"): return .set(negated(UnicodeTables.whiteSpace, flags))
        case UInt8(ascii: "p"), UInt8(ascii: "P"):
            let (set, inverted) = try parseProperty(start: start)
            return .set(inverted != (letter == UInt8(ascii: "P")) ? negated(set, flags) : set)
        case UInt8(ascii: "n"): return .scalar(0x0A)
        case UInt8(ascii: "t"): return .scalar(0x09)
        case UInt8(ascii: "r"): return .scalar(0x0D)
        case UInt8(ascii: "f"): return .scalar(0x0C)
        case UInt8(ascii: "v"): return .scalar(0x0B)
        case UInt8(ascii: "a"): return .scalar(0x07)
        case UInt8(ascii: "e"): return .scalar(0x1B)
        case UInt8(ascii: "0"):
            if let next = peek(), isDigit(next) {
                throw .syntax("octal escapes are not supported; use \\x{…} or \\u{…}", start..<(index + 1))
            }
            return .scalar(0)
        case UInt8(ascii: "x"): return .scalar(try parseHexEscape(start: start, fixedDigits: 2))
        case UInt8(ascii: "u"): return .scalar(try parseUnicodeEscape(start: start))
        case UInt8(ascii: "b") where inClass: return .scalar(0x08)
        case UInt8(ascii: "Q") where !inClass: return .node(parseQuoted(flags: flags))
        default:
            return try parseOtherEscape(letter, start: start, inClass: inClass)
        }
    }

    /// The complement of a class; under `i`, of its folded form (so `\W` never matches a
    /// scalar that `\w` matches case-insensitively, such as the Kelvin sign).
    func negated(_ set: ScalarSet, _ flags: Flags) -> ScalarSet {
        (flags.caseInsensitive ? CaseFolding.closed(set) : set).inverted()
    }

    /// Anchors, refused constructs, literal punctuation and unknown letters.
    private mutating func parseOtherEscape(_ letter: UInt8, start: Int, inClass: Bool) throws(PatternError) -> Escape {
        let here = start..<index
        switch letter {
        case UInt8(ascii: "A") where !inClass: return .node(.startAnchor)
        case UInt8(ascii: "z") where !inClass: return .node(.endAnchor)
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            while let next = peek(), isDigit(next) { index += 1 }
            throw .unsupported(
                "backreference", "backreferences such as '\(text(start..<index))' are not supported: they need backtracking",
                start..<index)
        case UInt8(ascii: "k"), UInt8(ascii: "g"):
            skipReferenceName()
            let construct = letter == UInt8(ascii: "k") ? "backreference" : "backreference or subroutine call"
            throw .unsupported(
                construct, "'\(text(start..<index))' (\(construct)) is not supported: it needs backtracking",
                start..<index)
        case UInt8(ascii: "b") where !inClass, UInt8(ascii: "B") where !inClass:
            throw .unsupported("word boundary", "word boundaries ('\(text(here))') are not supported", here)
        case UInt8(ascii: "Z"):
            throw .unsupported(
                "\\Z",
                "'\\Z' is not supported (it means different things in different engines); use '$', which matches only at the very end", here
            )
        case UInt8(ascii: "G"), UInt8(ascii: "K"):
            throw .unsupported(text(here), "'\(text(here))' is not supported: it needs backtracking", here)
        default:
            break
        }
        if isDigit(letter) || isLetter(letter) {
            throw .syntax("unknown escape '\(text(here))'\(inClass ? " in a character class" : "")", here)
        }
        index = start + 1
        return .scalar(decodeScalar())
    }

    /// After `\k` or `\g`: a `<name>`, `{name}`, `'name'` or a number, for the error range.
    private mutating func skipReferenceName() {
        let closers: [UInt8: UInt8] = [
            UInt8(ascii: "<"): UInt8(ascii: ">"), UInt8(ascii: "{"): UInt8(ascii: "}"),
            UInt8(ascii: "'"): UInt8(ascii: "'"),
        ]
        if let open = peek(), let close = closers[open] {
            var cursor = index + 1
            while cursor < bytes.count, bytes[cursor] != close { cursor += 1 }
            if cursor < bytes.count { index = cursor + 1 }
        } else {
            if peek() == UInt8(ascii: "-") || peek() == UInt8(ascii: "+") { index += 1 }
            while let next = peek(), isDigit(next) { index += 1 }
        }
    }

    /// `\Q…\E` (or to the end): every scalar literal.
    private mutating func parseQuoted(flags: Flags) -> RegexNode {
        var parts: [RegexNode] = []
        while !isAtEnd {
            if peek() == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "E") {
                index += 2
                break
            }
            parts.append(literal(decodeScalar(), flags: flags))
        }
        return .concatenation(parts)
    }

    /// `\xHH` or `\x{H…}` (index is past `\x`).
    private mutating func parseHexEscape(start: Int, fixedDigits: Int) throws(PatternError) -> UInt32 {
        if peek() == UInt8(ascii: "{") { return try parseBracedHex(start: start) }
        let value = try hexDigits(start: start, count: fixedDigits)
        return value
    }

    /// `\uHHHH` (a high surrogate followed by `\uLLLL` combines) or `\u{H…}`.
    private mutating func parseUnicodeEscape(start: Int) throws(PatternError) -> UInt32 {
        if peek() == UInt8(ascii: "{") { return try parseBracedHex(start: start) }
        let value = try hexDigits(start: start, count: 4)
        guard (0xD800...0xDFFF).contains(value) else { return value }
        if value <= 0xDBFF, peek() == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u") {
            let lowStart = index
            index += 2
            let low = try hexDigits(start: lowStart, count: 4)
            if (0xDC00...0xDFFF).contains(low) { return 0x10000 + (value - 0xD800) << 10 + (low - 0xDC00) }
        }
        throw .syntax("'\(text(start..<index))' is a lone surrogate, not a Unicode scalar", start..<index)
    }

    /// Exactly `count` hex digits.
    private mutating func hexDigits(start: Int, count: Int) throws(PatternError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<count {
            guard let byte = peek(), let digit = hexValue(byte) else {
                throw .syntax("'\(text(start..<index))' needs \(count) hexadecimal digits", start..<index)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// `{H…}` (index is at `{`): 1 to 6 hex digits naming a Unicode scalar.
    private mutating func parseBracedHex(start: Int) throws(PatternError) -> UInt32 {
        index += 1
        var value: UInt32 = 0
        var digits = 0
        while let byte = peek(), let digit = hexValue(byte) {
            value = min(value << 4 | digit, 0x1000000)
            digits += 1
            index += 1
        }
        guard peek() == UInt8(ascii: "}"), digits > 0 else {
            throw .syntax("'\(text(start..<index))' must be hexadecimal digits in braces, like \\u{1F600}", start..<index)
        }
        index += 1
        guard value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else {
            throw .syntax("'\(text(start..<index))' is not a Unicode scalar value", start..<index)
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// `\p{Name}`, `\pL` or `\p{^Name}` (index is past `\p`).
    private mutating func parseProperty(start: Int) throws(PatternError) -> (ScalarSet, inverted: Bool) {
        var name: String
        var invert = false
        if peek() == UInt8(ascii: "{") {
            let nameStart = index + 1
            while let byte = peek(), byte != UInt8(ascii: "}") { index += 1 }
            guard !isAtEnd else {
                throw .syntax("unclosed property '\(text(start..<index))': it needs '}'", start..<index)
            }
            index += 1
            name = text(nameStart..<(index - 1))
            if name.hasPrefix("^") {
                invert = true
                name.removeFirst()
            }
        } else if let byte = peek(), isLetter(byte) {
            index += 1
            name = String(Character(Unicode.Scalar(byte)))
        } else {
            throw .syntax("'\(text(start..<index))' needs a property name, like \\p{L}", start..<index)
        }
        switch UnicodeProperty.resolve(name) {
        case .set(let set): return (set, invert)
        case .script:
            throw .unsupported(
                "Unicode script",
                "Unicode scripts ('\(text(start..<index))') are not supported; use a general category such as \\p{L} or explicit ranges",
                start..<index)
        case .unknown:
            throw .syntax("unknown Unicode property '\(name)'", start..<index)
        }
    }
}
