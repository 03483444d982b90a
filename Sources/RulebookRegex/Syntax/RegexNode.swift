/// The parsed form of a pattern. Captures, laziness and group kinds are gone by now: for a
/// yes/no whole-text match only the language matters. Case-insensitivity is already folded
/// into the scalar sets, so the compiler never sees flags.
indirect enum RegexNode: Sendable {
    /// Matches the empty string.
    case empty
    /// Matches one scalar from the set (an empty set matches nothing).
    case set(ScalarSet)
    /// Each part in order.
    case concatenation([RegexNode])
    /// Any one of the branches.
    case alternation([RegexNode])
    /// `min` to `max` (nil: unbounded) repetitions; `range` is the quantifier in the source,
    /// for the "too complex" diagnostic.
    case repetition(RegexNode, min: Int, max: Int?, range: Range<Int>)
    /// `^` / `\A`: only at the start of the text.
    case startAnchor
    /// `$` / `\z`: only at the very end of the text (never before a final newline).
    case endAnchor

    /// The UTF-8 bytes the node always and only matches, when it is a plain literal (no
    /// class with two members, no repetition, no alternation); anchors at the very start or
    /// end are allowed because every match is a whole-text match anyway.
    var literalBytes: [UInt8]? {
        var bytes: [UInt8] = []
        func append(_ node: RegexNode, isFirst: Bool, isLast: Bool) -> Bool {
            switch node {
            case .empty: return true
            case .set(let set):
                guard let scalar = set.singleScalar else { return false }
                guard let unicodeScalar = Unicode.Scalar(scalar) else { return false }
                bytes.append(contentsOf: String(Character(unicodeScalar)).utf8)
                return true
            case .startAnchor: return isFirst
            case .endAnchor: return isLast
            case .concatenation(let parts):
                for (offset, part) in parts.enumerated() {
                    let first = isFirst && parts[..<offset].allSatisfy(\.isEmptyLiteral)
                    let last = isLast && parts[(offset + 1)...].allSatisfy(\.isEmptyLiteral)
                    if !append(part, isFirst: first, isLast: last) { return false }
                }
                return true
            case .alternation(let branches):
                return branches.count == 1 && append(branches[0], isFirst: isFirst, isLast: isLast)
            case .repetition: return false
            }
        }
        return append(self, isFirst: true, isLast: true) ? bytes : nil
    }

    /// Whether the node matches only the empty string at any position (anchors excluded).
    private var isEmptyLiteral: Bool {
        if case .empty = self { return true }
        if case .concatenation(let parts) = self { return parts.allSatisfy(\.isEmptyLiteral) }
        return false
    }
}
