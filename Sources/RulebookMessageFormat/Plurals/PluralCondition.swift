/// A parsed CLDR plural rule condition such as
/// `v = 0 and i % 10 = 2..4 and i % 100 != 12..14` (UTS #35, "Plural rules syntax").
///
/// Rules are kept as CLDR writes them (see ``PluralRules``) and parsed once, so the
/// pinned rule strings are data and the code is a small, testable interpreter.
package struct PluralCondition: Sendable, Hashable {
    /// One operand expression compared with a list of values and ranges.
    struct Relation: Sendable, Hashable {
        enum Operand: Character, Sendable, Hashable {
            case n = "n", i = "i", v = "v", w = "w", f = "f", t = "t", e = "e", c = "c"
        }
        let operand: Operand
        /// `% m`, when present.
        let modulus: Int?
        /// `=` (true) or `!=` (false).
        let equals: Bool
        /// Single values are ranges with equal bounds.
        let ranges: [ClosedRange<Int>]
    }

    /// Disjunction of conjunctions: `a and b or c` is `[[a, b], [c]]`. Empty means
    /// "always true" (the `other` rule has no condition).
    let alternatives: [[Relation]]

    /// Parses a condition; `@integer`/`@decimal` samples after it are ignored.
    /// Returns nil when the text is not a condition in CLDR syntax.
    package init?(_ text: String) {
        let condition = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        var tokens = PluralCondition.tokens(of: condition)[...]
        guard !tokens.isEmpty else {
            alternatives = []
            return
        }
        var alternatives: [[Relation]] = []
        var conjunction: [Relation] = []
        while true {
            guard let relation = PluralCondition.relation(from: &tokens) else { return nil }
            conjunction.append(relation)
            guard let next = tokens.popFirst() else { break }
            if next == "and" { continue }
            guard next == "or" else { return nil }
            alternatives.append(conjunction)
            conjunction = []
        }
        alternatives.append(conjunction)
        self.alternatives = alternatives
    }

    /// Whether the condition holds for `operands`.
    package func matches(_ operands: PluralOperands) -> Bool {
        if alternatives.isEmpty { return true }
        return alternatives.contains { $0.allSatisfy { $0.matches(operands) } }
    }

    // MARK: Parsing

    /// Splits into words, numbers and the symbols `% = != .. ,`.
    private static func tokens(of text: Substring) -> [Substring] {
        var tokens: [Substring] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isWhitespace {
                index = text.index(after: index)
                continue
            }
            var end = text.index(after: index)
            if character.isLetter {
                while end < text.endIndex && text[end].isLetter { end = text.index(after: end) }
            } else if character.isNumber {
                while end < text.endIndex && text[end].isNumber { end = text.index(after: end) }
            } else if (character == "!" || character == ".") && end < text.endIndex
                && text[end] == (character == "!" ? "=" : ".")
            {
                end = text.index(after: end)
            }
            tokens.append(text[index..<end])
            index = end
        }
        return tokens
    }

    private static func relation(from tokens: inout ArraySlice<Substring>) -> Relation? {
        guard let name = tokens.popFirst(), name.count == 1, let letter = name.first,
            let operand = Relation.Operand(rawValue: letter)
        else { return nil }
        var modulus: Int?
        if tokens.first == "%" {
            tokens.removeFirst()
            guard let value = tokens.popFirst().flatMap({ Int($0) }), value > 0 else { return nil }
            modulus = value
        }
        let equals: Bool
        switch tokens.popFirst() {
        case "=": equals = true
        case "!=": equals = false
        default: return nil
        }
        var ranges: [ClosedRange<Int>] = []
        repeat {
            if !ranges.isEmpty { tokens.removeFirst() }  // the ","
            guard let low = tokens.popFirst().flatMap({ Int($0) }) else { return nil }
            var high = low
            if tokens.first == ".." {
                tokens.removeFirst()
                guard let value = tokens.popFirst().flatMap({ Int($0) }), value >= low else { return nil }
                high = value
            }
            ranges.append(low...high)
        } while tokens.first == ","
        return Relation(operand: operand, modulus: modulus, equals: equals, ranges: ranges)
    }
}

extension PluralCondition.Relation {
    /// `n % m = a..b` holds when n is whole and its remainder lies in a…b; `!=` is
    /// the negation. Other operands are always whole.
    func matches(_ operands: PluralOperands) -> Bool {
        var whole = true
        var value: Int
        switch operand {
        case .n:
            value = operands.i
            whole = operands.t == 0
        case .i: value = operands.i
        case .v: value = operands.v
        case .w: value = operands.w
        case .f: value = operands.f
        case .t: value = operands.t
        case .e, .c: value = operands.e
        }
        let huge = operands.isHuge && (operand == .n || operand == .i)
        if let modulus {
            value %= modulus
        } else if huge {
            return !equals  // beyond every range CLDR writes without a modulus
        }
        let inList = whole && ranges.contains { $0.contains(value) }
        return inList == equals
    }
}
