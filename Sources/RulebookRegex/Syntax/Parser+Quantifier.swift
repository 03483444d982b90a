/// Quantifiers: `?` `*` `+` `{n}` `{n,}` `{n,m}` `{,m}`, each optionally lazy (`?`).
/// Laziness does not change which whole texts match, so it is accepted and dropped;
/// possessive forms (`*+`) change the language through backtracking control and are refused.
extension Parser {
    /// A parsed quantifier and its source range (including a lazy `?`).
    struct Quantifier {
        var min: Int
        var max: Int?
        var range: Range<Int>
    }

    /// Applies every quantifier that follows an atom; a second one is an error.
    mutating func parseQuantifiers(on atom: RegexNode) throws(PatternError) -> RegexNode {
        guard let quantifier = try parseQuantifier() else { return atom }
        switch atom {
        case .startAnchor, .endAnchor:
            throw .syntax("an anchor cannot be repeated ('\(text(quantifier.range))')", quantifier.range)
        default:
            break
        }
        if let next = try parseQuantifier() {
            throw .syntax(
                "a quantifier cannot follow another quantifier; wrap the repeated part in (?:…) first",
                next.range)
        }
        return .repetition(atom, min: quantifier.min, max: quantifier.max, range: quantifier.range)
    }

    /// Refuses a quantifier after an item that matches nothing itself (`(?i)*`).
    mutating func rejectQuantifier() throws(PatternError) {
        let before = index
        if let quantifier = try parseQuantifier() {
            throw .syntax("nothing to repeat before '\(text(quantifier.range))'", quantifier.range)
        }
        index = before
    }

    /// Parses a quantifier at `index`, or returns nil (index unchanged) when there is none.
    mutating func parseQuantifier() throws(PatternError) -> Quantifier? {
        let start = index
        guard let byte = peek() else { return nil }
        var quantifier: Quantifier
        switch byte {
        case UInt8(ascii: "*"): quantifier = Quantifier(min: 0, max: nil, range: start..<(start + 1))
        case UInt8(ascii: "+"): quantifier = Quantifier(min: 1, max: nil, range: start..<(start + 1))
        case UInt8(ascii: "?"): quantifier = Quantifier(min: 0, max: 1, range: start..<(start + 1))
        case UInt8(ascii: "{"): quantifier = try parseCountedQuantifier()
        default: return nil
        }
        index = quantifier.range.upperBound
        if peek() == UInt8(ascii: "?") {
            index += 1
            quantifier.range = start..<index
        } else if peek() == UInt8(ascii: "+") {
            throw .unsupported(
                "possessive quantifier",
                "possessive quantifiers ('\(text(start..<(index + 1)))') need backtracking control; use a plain quantifier",
                start..<(index + 1))
        }
        return quantifier
    }

    /// `{n}`, `{n,}`, `{n,m}` or `{,m}` at `index` (which holds `{`).
    private mutating func parseCountedQuantifier() throws(PatternError) -> Quantifier {
        let start = index
        var cursor = start + 1
        func number() -> Int? {
            var value: Int? = nil
            while cursor < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[cursor]) {
                // Saturate instead of overflowing: any count this large is over the limit anyway.
                value = min((value ?? 0) * 10 + Int(bytes[cursor] - UInt8(ascii: "0")), 1_000_000_000)
                cursor += 1
            }
            return value
        }
        let low = number()
        var high = low
        var hasComma = false
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ",") {
            hasComma = true
            cursor += 1
            high = number()
        }
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "}"), low != nil || high != nil else {
            throw braceError(at: start)
        }
        let range = start..<(cursor + 1)
        let minimum = low ?? 0
        let maximum: Int? = hasComma ? high : low
        if let maximum, minimum > maximum {
            throw .syntax("the repetition '\(text(range))' has its minimum above its maximum", range)
        }
        if max(minimum, maximum ?? 0) > limits.maxRepetition {
            throw .tooComplex("the repetition '\(text(range))' exceeds the limit of \(limits.maxRepetition) repetitions", range)
        }
        return Quantifier(min: minimum, max: maximum, range: range)
    }
}
