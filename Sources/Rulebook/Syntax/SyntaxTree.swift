/// The parsed form of one `.rules` file: an immutable tree whose every node carries its
/// exact ``SourceRange``, plus the comments (trivia) so that the formatter loses nothing.
///
/// The parser never throws and never drops text: what it cannot read becomes an
/// ``UnexpectedSyntax`` node and a diagnostic.
package struct SyntaxTree: Sendable, Hashable {
    /// The text the tree was parsed from.
    package let source: SourceFile
    /// The top-level statements in source order.
    package let statements: [StatementSyntax]
    /// Every comment in the file, in source order (`#` included in its range).
    package let comments: [CommentSyntax]
    /// Syntax diagnostics, in source order.
    package let diagnostics: [Diagnostic]

    /// Creates a tree (the parser's job; tests may build one by hand).
    package init(source: SourceFile, statements: [StatementSyntax], comments: [CommentSyntax], diagnostics: [Diagnostic]) {
        self.source = source
        self.statements = statements
        self.comments = comments
        self.diagnostics = diagnostics
    }
}

/// A `#` comment running to the end of its line.
package struct CommentSyntax: Sendable, Hashable {
    /// From `#` to the last character before the line break.
    package let range: SourceRange
    /// The text, `#` included.
    package let text: String

    package init(range: SourceRange, text: String) {
        self.range = range
        self.text = text
    }
}

/// An identifier or keyword with its range.
package struct IdentifierSyntax: Sendable, Hashable {
    /// The name as written.
    package let name: String
    /// Where it is written.
    package let range: SourceRange

    package init(name: String, range: SourceRange) {
        self.name = name
        self.range = range
    }
}

/// One statement: a field statement, a named rule, an import, a `when` block, or text
/// the parser could not read.
package enum StatementSyntax: Sendable, Hashable {
    case field(FieldStatementSyntax)
    case namedRule(NamedRuleSyntax)
    /// (Performance: `indirect`, a box: imports are few, and their 64-byte payload would
    /// make every statement 72 bytes instead of 64.)
    indirect case importDecl(ImportSyntax)
    case when(WhenBlockSyntax)
    case unexpected(UnexpectedSyntax)

    /// The statement's whole range.
    package var range: SourceRange {
        switch self {
        case .field(let node): node.range
        case .namedRule(let node): node.range
        case .importDecl(let node): node.range
        case .when(let node): node.range
        case .unexpected(let node): node.range
        }
    }
}

/// `PATH: RULE, RULE, …` (possibly continued over lines after a trailing comma).
package struct FieldStatementSyntax: Sendable, Hashable {
    // Performance: 60 bytes instead of 96, so that a statement takes 64 bytes in every
    // statement list (see ``CompactOffsets``): the path's segments, the rules, and five
    // `UInt32` offsets (the statement starts at its path); offsets that do not fit that
    // form are kept whole in a box.
    private let segments: SyntaxList<PathSegmentSyntax>
    /// The rules in order; empty when none could be read.
    package let rules: SyntaxList<RuleSyntax>
    private let wide: WideRanges?
    private let start: UInt32
    private let pathEnd: UInt32
    private let colonStart: UInt32
    private let colonEnd: UInt32
    private let end: UInt32

    package var path: PathSyntax {
        PathSyntax(segments: segments, range: wide?.ranges[0] ?? CompactOffsets.range(start, pathEnd))
    }
    /// The `:`; empty at the path's end when missing (and diagnosed).
    package var colonRange: SourceRange { wide?.ranges[1] ?? CompactOffsets.range(colonStart, colonEnd) }
    /// From the path's start to the last rule's end.
    package var range: SourceRange { wide?.ranges[2] ?? CompactOffsets.range(start, end) }

    package init(path: PathSyntax, colonRange: SourceRange, rules: SyntaxList<RuleSyntax>, range: SourceRange) {
        segments = path.segments
        self.rules = rules
        if path.range.start == range.start, CompactOffsets.fit(path.range), CompactOffsets.fit(colonRange), CompactOffsets.fit(range) {
            wide = nil
            start = UInt32(truncatingIfNeeded: range.start)
            pathEnd = UInt32(truncatingIfNeeded: path.range.end)
            colonStart = UInt32(truncatingIfNeeded: colonRange.start)
            colonEnd = UInt32(truncatingIfNeeded: colonRange.end)
            end = UInt32(truncatingIfNeeded: range.end)
        } else {
            wide = WideRanges([path.range, colonRange, range])
            (start, pathEnd, colonStart, colonEnd, end) = (0, 0, 0, 0, 0)
        }
    }
}

/// `rule NAME = RULE, RULE, …`
package struct NamedRuleSyntax: Sendable, Hashable {
    // Performance: 60 bytes instead of 96, so that a statement takes 64 bytes in every
    // statement list (see ``CompactOffsets``): the name's text, the rules, and five
    // `UInt32` offsets (the statement starts at its keyword, `rule`, four bytes long, and
    // the name ends its text's length after its start); offsets that do not fit that form
    // are kept whole in a box.
    private let nameText: String
    package let rules: SyntaxList<RuleSyntax>
    private let wide: WideRanges?
    private let start: UInt32
    private let nameStart: UInt32
    private let equalsStart: UInt32
    private let equalsEnd: UInt32
    private let end: UInt32

    /// The `rule` keyword.
    package var keywordRange: SourceRange {
        wide?.ranges[0] ?? CompactOffsets.range(start, start + NamedRuleSyntax.keywordLength)
    }
    package var name: IdentifierSyntax {
        IdentifierSyntax(
            name: nameText, range: wide?.ranges[1] ?? SourceRange(uncheckedStart: Int(nameStart), end: Int(nameStart) + nameText.utf8.count)
        )
    }
    /// The `=`; empty when missing (and diagnosed).
    package var equalsRange: SourceRange { wide?.ranges[2] ?? CompactOffsets.range(equalsStart, equalsEnd) }
    package var range: SourceRange { wide?.ranges[3] ?? CompactOffsets.range(start, end) }

    /// The length of `rule`, the keyword of a compact named rule.
    private static let keywordLength: UInt32 = 4

    package init(
        keywordRange: SourceRange, name: IdentifierSyntax, equalsRange: SourceRange, rules: SyntaxList<RuleSyntax>, range: SourceRange
    ) {
        nameText = name.name
        self.rules = rules
        if keywordRange.start == range.start, keywordRange.length == Int(NamedRuleSyntax.keywordLength), CompactOffsets.fit(keywordRange),
            CompactOffsets.fit(name.range), name.range.length == name.name.utf8.count, CompactOffsets.fit(equalsRange),
            CompactOffsets.fit(range)
        {
            wide = nil
            start = UInt32(truncatingIfNeeded: range.start)
            nameStart = UInt32(truncatingIfNeeded: name.range.start)
            equalsStart = UInt32(truncatingIfNeeded: equalsRange.start)
            equalsEnd = UInt32(truncatingIfNeeded: equalsRange.end)
            end = UInt32(truncatingIfNeeded: range.end)
        } else {
            wide = WideRanges([keywordRange, name.range, equalsRange, range])
            (start, nameStart, equalsStart, equalsEnd, end) = (0, 0, 0, 0, 0)
        }
    }
}

/// `import "common.rules"`
package struct ImportSyntax: Sendable, Hashable {
    package let keywordRange: SourceRange
    /// The path with escapes decoded; empty when missing.
    package let path: String
    /// The string literal, quotes included.
    package let pathRange: SourceRange
    package let range: SourceRange

    package init(keywordRange: SourceRange, path: String, pathRange: SourceRange, range: SourceRange) {
        self.keywordRange = keywordRange
        self.path = path
        self.pathRange = pathRange
        self.range = range
    }
}

/// `when CONDITION { STATEMENTS }`
package struct WhenBlockSyntax: Sendable, Hashable {
    // Performance: 52 bytes instead of 80, so that a statement takes 64 bytes instead of
    // 96 in every statement list (see ``CompactOffsets``): the condition, the body, and
    // seven `UInt32` offsets (the block starts at its keyword); offsets that do not fit
    // that form are kept whole in a box.
    package let condition: ConditionSyntax
    /// Field statements and nested `when` blocks (named rules and imports inside a block
    /// are parsed, then diagnosed by the checker).
    package let body: [StatementSyntax]
    private let wide: WideRanges?
    private let start: UInt32
    private let keywordEnd: UInt32
    private let openStart: UInt32
    private let openEnd: UInt32
    private let closeStart: UInt32
    private let closeEnd: UInt32
    private let end: UInt32

    package var keywordRange: SourceRange { wide?.ranges[0] ?? CompactOffsets.range(start, keywordEnd) }
    package var openBraceRange: SourceRange { wide?.ranges[1] ?? CompactOffsets.range(openStart, openEnd) }
    /// Empty at the end of the file when the block is not closed (and diagnosed).
    package var closeBraceRange: SourceRange { wide?.ranges[2] ?? CompactOffsets.range(closeStart, closeEnd) }
    package var range: SourceRange { wide?.ranges[3] ?? CompactOffsets.range(start, end) }

    package init(
        keywordRange: SourceRange, condition: ConditionSyntax, openBraceRange: SourceRange, body: [StatementSyntax],
        closeBraceRange: SourceRange, range: SourceRange
    ) {
        self.condition = condition
        self.body = body
        if keywordRange.start == range.start, CompactOffsets.fit(keywordRange), CompactOffsets.fit(openBraceRange),
            CompactOffsets.fit(closeBraceRange), CompactOffsets.fit(range)
        {
            wide = nil
            start = UInt32(truncatingIfNeeded: range.start)
            keywordEnd = UInt32(truncatingIfNeeded: keywordRange.end)
            openStart = UInt32(truncatingIfNeeded: openBraceRange.start)
            openEnd = UInt32(truncatingIfNeeded: openBraceRange.end)
            closeStart = UInt32(truncatingIfNeeded: closeBraceRange.start)
            closeEnd = UInt32(truncatingIfNeeded: closeBraceRange.end)
            end = UInt32(truncatingIfNeeded: range.end)
        } else {
            wide = WideRanges([keywordRange, openBraceRange, closeBraceRange, range])
            (start, keywordEnd, openStart, openEnd, closeStart, closeEnd, end) = (0, 0, 0, 0, 0, 0, 0)
        }
    }
}

/// Text the parser skipped while recovering; its diagnostic is in ``SyntaxTree/diagnostics``.
package struct UnexpectedSyntax: Sendable, Hashable {
    package let range: SourceRange
    package init(range: SourceRange) { self.range = range }
}

/// A path: `address.postcode`, `items[*].sku`, `"first-name"`.
package struct PathSyntax: Sendable, Hashable {
    package let segments: SyntaxList<PathSegmentSyntax>
    package let range: SourceRange

    package init(segments: SyntaxList<PathSegmentSyntax>, range: SourceRange) {
        self.segments = segments
        self.range = range
    }

    /// The canonical spelling, e.g. `items[*].sku` or `"first-name".x`.
    package var description: String {
        var text = ""
        for segment in segments {
            switch segment.kind {
            case .key(let key, let quoted):
                if !text.isEmpty { text += "." }
                text += quoted ? "\"\(key)\"" : key
            case .wildcard:
                text += "[*]"
            }
        }
        return text
    }
}

/// One segment of a path.
package struct PathSegmentSyntax: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// An object key; `quoted` when written as a string.
        case key(String, quoted: Bool)
        /// `[*]`: every element of an array.
        case wildcard
    }

    // Performance: 32 bytes instead of 40 in the tree's buffer of segments (see
    // ``CompactOffsets``): the key, whether it is quoted, and two `UInt32` offsets; a
    // range that does not fit them is kept with the kind in a box.
    private enum Storage: Sendable, Hashable {
        case key(String)
        case wildcard
        case wide(WideSegment)
    }
    private let storage: Storage
    private let quoted: Bool
    private var start: UInt32
    private var end: UInt32

    package var kind: Kind {
        switch storage {
        case .key(let key): .key(key, quoted: quoted)
        case .wildcard: .wildcard
        case .wide(let box): box.kind
        }
    }

    package var range: SourceRange {
        if case .wide(let box) = storage { return box.range }
        return CompactOffsets.range(start, end)
    }

    package init(kind: Kind, range: SourceRange) {
        (start, end) = (UInt32(truncatingIfNeeded: range.start), UInt32(truncatingIfNeeded: range.end))
        guard CompactOffsets.fit(range) else {
            (storage, quoted) = (.wide(WideSegment(kind: kind, range: range)), false)
            return
        }
        switch kind {
        case .key(let key, let quoted): (storage, self.quoted) = (.key(key), quoted)
        case .wildcard: (storage, quoted) = (.wildcard, false)
        }
    }

    package static func == (lhs: PathSegmentSyntax, rhs: PathSegmentSyntax) -> Bool {
        lhs.kind == rhs.kind && lhs.range == rhs.range
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(range)
    }
}

extension PathSegmentSyntax {
    /// The segment moved by `delta` bytes (Performance: a compact one by adding to its
    /// offsets, without taking its kind apart).
    package func shifted(by delta: Int) -> PathSegmentSyntax {
        let moved = SourceRange(start: range.start + delta, end: range.end + delta)
        if case .wide = storage { return PathSegmentSyntax(kind: kind, range: moved) }
        guard CompactOffsets.fit(moved) else { return PathSegmentSyntax(kind: kind, range: moved) }
        var segment = self
        segment.start = UInt32(truncatingIfNeeded: moved.start)
        segment.end = UInt32(truncatingIfNeeded: moved.end)
        return segment
    }
}

/// A segment whose range does not fit the compact offsets. Immutable.
final class WideSegment: Sendable, Hashable {
    let kind: PathSegmentSyntax.Kind
    let range: SourceRange

    init(kind: PathSegmentSyntax.Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    static func == (lhs: WideSegment, rhs: WideSegment) -> Bool { lhs.kind == rhs.kind && lhs.range == rhs.range }

    func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(range)
    }
}

/// `NAME ARG ARG … [message KEY | message "text"]`
package struct RuleSyntax: Sendable, Hashable {
    // Performance: 48 bytes instead of 64 in every rule list of the tree (rule lists are
    // the tree's largest lists): the name's text, the arguments, and two `UInt32`
    // offsets (the rule's start, which is its name's, and the rule's end; the name ends
    // its text's length after it); the rare parts, a message override or offsets that do
    // not fit that form (any a hand-built tree may hold), are kept in a box.
    private let nameText: String
    /// The arguments in order.
    package let arguments: SyntaxList<ArgumentSyntax>
    private let extras: RuleSyntaxExtras?
    private let start: UInt32
    private let end: UInt32

    /// The validator's or named rule's name.
    package var name: IdentifierSyntax {
        IdentifierSyntax(
            name: nameText,
            range: end >= start ? SourceRange(uncheckedStart: Int(start), end: Int(start) + nameText.utf8.count) : wideRanges.name)
    }

    /// The `message …` override, if written.
    package var message: MessageOverrideSyntax? { extras?.message }

    /// From the name to the end of the last argument or of the message override.
    package var range: SourceRange {
        end >= start ? SourceRange(uncheckedStart: Int(start), end: Int(end)) : wideRanges.range
    }

    /// The ranges of a rule whose offsets are not compact (`end < start` marks one).
    @inline(never)
    private var wideRanges: (name: SourceRange, range: SourceRange) {
        extras?.wideRanges ?? (name: .empty(at: 0), range: .empty(at: 0))
    }

    package init(name: IdentifierSyntax, arguments: SyntaxList<ArgumentSyntax>, message: MessageOverrideSyntax?, range: SourceRange) {
        self.init(name: name, arguments: arguments, message: message, range: range, reusing: nil)
    }

    /// A parsed rule (Performance: the parser's way, with fewer checks than the public
    /// initialiser): its name's text at `start..<nameEnd`, the rule at `start..<end`, with
    /// `start <= nameEnd <= end` within the lexer's `UInt32` offsets.
    @inline(__always)
    init(
        parsedName name: String, start: Int, nameEnd: Int, arguments: SyntaxList<ArgumentSyntax>, message: MessageOverrideSyntax?, end: Int
    ) {
        // A name whose bytes are not well-formed UTF-8 has a text of another length.
        guard name.utf8.count == nameEnd - start else {
            self.init(
                name: IdentifierSyntax(name: name, range: SourceRange(start: start, end: nameEnd)), arguments: arguments,
                message: message, range: SourceRange(start: start, end: end), reusing: nil)
            return
        }
        self.init(
            nameText: name, arguments: arguments, extras: message.map { RuleSyntaxExtras(message: $0, wideRanges: nil) },
            start: UInt32(truncatingIfNeeded: start), end: UInt32(truncatingIfNeeded: end))
    }

    @inline(__always)
    private init(nameText: String, arguments: SyntaxList<ArgumentSyntax>, extras: RuleSyntaxExtras?, start: UInt32, end: UInt32) {
        self.nameText = nameText
        self.arguments = arguments
        self.extras = extras
        self.start = start
        self.end = end
    }

    /// The same rule with another range (no new box for its message when the range fits).
    func withRange(_ range: SourceRange) -> RuleSyntax {
        RuleSyntax(name: name, arguments: arguments, message: message, range: range, reusing: extras)
    }

    /// - Parameter reusing: a box holding `message` already, used when no other is needed.
    private init(
        name: IdentifierSyntax, arguments: SyntaxList<ArgumentSyntax>, message: MessageOverrideSyntax?, range: SourceRange,
        reusing box: RuleSyntaxExtras?
    ) {
        if name.range.start == range.start && name.range.length == name.name.utf8.count && CompactOffsets.fit(range)
            && CompactOffsets.fit(name.range)
        {
            var extras: RuleSyntaxExtras?
            if let message {
                extras = box?.wideRanges == nil && box?.message == message ? box : RuleSyntaxExtras(message: message, wideRanges: nil)
            }
            self.init(
                nameText: name.name, arguments: arguments, extras: extras, start: UInt32(truncatingIfNeeded: range.start),
                end: UInt32(truncatingIfNeeded: range.end))
        } else {
            // `end < start`: the mark of boxed ranges.
            self.init(
                nameText: name.name, arguments: arguments,
                extras: RuleSyntaxExtras(message: message, wideRanges: (name: name.range, range: range)), start: 1, end: 0)
        }
    }
}

extension RuleSyntax {
    /// The rule moved by `delta` bytes, with `arguments` (its own, moved). Performance: a
    /// compact rule without a message moves by adding to its offsets.
    package func shifted(by delta: Int, arguments: SyntaxList<ArgumentSyntax>) -> RuleSyntax {
        let moved = SourceRange(start: range.start + delta, end: range.end + delta)
        guard extras == nil, CompactOffsets.fit(moved) else {
            let name = self.name
            return RuleSyntax(
                name: IdentifierSyntax(name: name.name, range: SourceRange(start: name.range.start + delta, end: name.range.end + delta)),
                arguments: arguments,
                message: message.map {
                    MessageOverrideSyntax(
                        keywordRange: SourceRange(start: $0.keywordRange.start + delta, end: $0.keywordRange.end + delta), kind: $0.kind,
                        valueRange: SourceRange(start: $0.valueRange.start + delta, end: $0.valueRange.end + delta),
                        range: SourceRange(start: $0.range.start + delta, end: $0.range.end + delta))
                },
                range: moved)
        }
        return RuleSyntax(
            nameText: nameText, arguments: arguments, extras: nil, start: UInt32(truncatingIfNeeded: moved.start),
            end: UInt32(truncatingIfNeeded: moved.end))
    }
}

/// The rare parts of a ``RuleSyntax``, boxed: its message override, and its ranges when
/// they do not fit the rule's compact offsets. Immutable; equal and hashed as its values.
final class RuleSyntaxExtras: Sendable, Hashable {
    let message: MessageOverrideSyntax?
    /// Boxed again: rare, and inline it would make every message's box 32 bytes larger.
    private let wide: WideRanges?

    var wideRanges: (name: SourceRange, range: SourceRange)? { wide.map { ($0.ranges[0], $0.ranges[1]) } }

    init(message: MessageOverrideSyntax?, wideRanges: (name: SourceRange, range: SourceRange)?) {
        self.message = message
        self.wide = wideRanges.map { WideRanges([$0.name, $0.range]) }
    }

    static func == (lhs: RuleSyntaxExtras, rhs: RuleSyntaxExtras) -> Bool {
        lhs === rhs || (lhs.message == rhs.message && lhs.wide == rhs.wide)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(message)
        hasher.combine(wide)
    }
}

/// `message profile.nameTooShort` or `message "Too short"`.
package struct MessageOverrideSyntax: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// A catalogue key (dotted identifiers).
        case key(String)
        /// Literal text, escapes decoded.
        case literal(String)
    }
    package let keywordRange: SourceRange
    package let kind: Kind
    /// The key or the string literal (quotes included).
    package let valueRange: SourceRange
    package let range: SourceRange

    package init(keywordRange: SourceRange, kind: Kind, valueRange: SourceRange, range: SourceRange) {
        self.keywordRange = keywordRange
        self.kind = kind
        self.valueRange = valueRange
        self.range = range
    }
}

/// One argument of a rule, or the literal of a condition.
package struct ArgumentSyntax: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// An integer literal (`-3`, `124`); the text as written for exact reprinting.
        case integer(Int, text: String)
        /// A decimal literal (`1.5`, `-0.25`, `1e3`).
        case decimal(Double, text: String)
        /// A string literal with escapes decoded.
        case string(String)
        /// `/pattern/flags`; `patternRange` covers the pattern between the slashes, so
        /// pattern diagnostics point inside the literal. (Performance: `indirect`, a box,
        /// because its 48-byte payload would make every argument 72 bytes instead of 48.)
        indirect case regex(pattern: String, flags: String, patternRange: SourceRange)
        /// An ISO date `2026-01-31` (already checked to be a real date; a malformed one,
        /// diagnosed as `invalid-date`, keeps whatever numbers it has).
        case date(year: Int, month: Int, day: Int)
        /// `today`.
        case today
        /// `true` / `false`.
        case boolean(Bool)
        /// A field path (for `same`, `different`, `before`, `after`) — or any bare
        /// identifier, which the checker interprets. (Performance: `indirect`, a box, as
        /// `regex`: its 32-byte payload would make every argument 56 bytes instead of 48.)
        indirect case path(PathSyntax)
    }
    package let kind: Kind
    package let range: SourceRange

    package init(kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}

/// A `when` condition.
package indirect enum ConditionSyntax: Sendable, Hashable {
    /// `PATH`: present, not `false`, not empty.
    case present(PathSyntax)
    /// `PATH == LITERAL` / `PATH != LITERAL`; `operatorRange` covers `==` or `!=`.
    case comparison(PathSyntax, ComparisonOperator, ArgumentSyntax, operatorRange: SourceRange)
    /// `not C`; the range covers `not` and its operand.
    case not(ConditionSyntax, range: SourceRange)
    /// `C and C`.
    case and(ConditionSyntax, ConditionSyntax)
    /// `C or C`.
    case or(ConditionSyntax, ConditionSyntax)
    /// `( C )`; the range includes the parentheses.
    case parenthesized(ConditionSyntax, range: SourceRange)
    /// A condition that could not be read (diagnosed); its range is what was skipped.
    case missing(SourceRange)

    /// The condition's whole range.
    package var range: SourceRange {
        switch self {
        case .present(let path): path.range
        case .comparison(let path, _, let literal, _): path.range.union(literal.range)
        case .not(_, let range): range
        case .and(let lhs, let rhs), .or(let lhs, let rhs): lhs.range.union(rhs.range)
        case .parenthesized(_, let range): range
        case .missing(let range): range
        }
    }
}

/// `==` or `!=`.
package enum ComparisonOperator: String, Sendable, Hashable {
    case equal = "=="
    case notEqual = "!="
}
