import Rulebook

/// One meaningful range of a rule file: what hover, definition, references, rename,
/// completion and semantic tokens all ask about ("what is at this offset?").
struct SyntaxOccurrence: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// A rule naming a built-in validator.
        case validator(BuiltinValidator, rule: RuleSyntax)
        /// A rule naming something else: a named rule (or an unknown name).
        case ruleReference(String, rule: RuleSyntax)
        /// The name in `rule NAME = …`.
        case ruleDeclaration(NamedRuleSyntax)
        /// A field path: the subject of a statement, an argument, or in a condition.
        case field(PathSyntax)
        /// `message KEY`.
        case messageKey(String)
        /// `message "text"`.
        case messageLiteral
        /// The string of `import "…"`.
        case importPath(ImportSyntax)
        /// `rule`, `import`, `when`, `message`, `and`, `or`, `not`.
        case keyword
        /// `today`, `true`, `false`.
        case constant
        case string, number, regex
        /// `==`, `!=`.
        case `operator`
    }

    let kind: Kind
    let range: SourceRange
}

/// The occurrences of a tree, in source order, with lookups by offset.
///
/// Memory: the occurrences are made when asked for, not stored: a lookup by offset makes
/// those of the statements at the offset only, and a question about the whole file
/// (declarations, references, semantic tokens) makes them for that request alone. Stored,
/// they were a second copy of the tree (each occurrence carries its rule or path),
/// larger than the tree itself and held as long as the document's version.
struct SyntaxIndex: Sendable {
    let tree: SyntaxTree

    init(_ tree: SyntaxTree) {
        self.tree = tree
    }

    /// Every occurrence of the file, sorted by start (then end).
    var occurrences: [SyntaxOccurrence] {
        var builder = Builder(source: tree.source)
        for statement in tree.statements { builder.add(statement) }
        return builder.sorted()
    }

    /// The occurrences of the top-level statements whose ranges hold `offset` (at either
    /// edge), sorted like ``occurrences``.
    private func occurrences(near offset: Int) -> [SyntaxOccurrence] {
        let statements = tree.statements
        // Statements are in source order and do not overlap: the last one starting at or
        // before `offset`, and those before it that still reach it.
        var low = 0, high = statements.count
        while low < high {
            let middle = (low + high) / 2
            if statements[middle].range.start <= offset { low = middle + 1 } else { high = middle }
        }
        var builder = Builder(source: tree.source)
        var index = low - 1
        while index >= 0, statements[index].range.end >= offset {
            builder.add(statements[index])
            index -= 1
        }
        return builder.sorted()
    }

    /// The innermost occurrence at `offset` (a cursor at either edge of a range counts).
    func occurrence(at offset: Int) -> SyntaxOccurrence? {
        occurrences(near: offset).filter { $0.range.contains(offset) }.min { $0.range.length < $1.range.length }
    }

    /// The rule (validator or named rule application) whose range contains `offset`.
    func rule(at offset: Int) -> RuleSyntax? {
        var found: RuleSyntax?
        for occurrence in occurrences(near: offset) {
            switch occurrence.kind {
            case .validator(_, let rule), .ruleReference(_, let rule):
                if rule.range.contains(offset) { found = rule }
            default: continue
            }
        }
        return found
    }

    /// The named rules declared in this file.
    var declarations: [NamedRuleSyntax] {
        occurrences.compactMap { if case .ruleDeclaration(let rule) = $0.kind { rule } else { nil } }
    }

    /// The ranges where `name` is applied as a rule in this file.
    func references(toRule name: String) -> [SourceRange] {
        occurrences.compactMap {
            if case .ruleReference(name, let rule) = $0.kind { rule.name.range } else { nil }
        }
    }

    /// Every field path written in this file (subjects, arguments and conditions).
    var fieldPaths: [PathSyntax] {
        occurrences.compactMap { if case .field(let path) = $0.kind { path } else { nil } }
    }
}

/// Collects the occurrences of statements.
private struct Builder {
    let source: SourceFile
    var occurrences: [SyntaxOccurrence] = []

    init(source: SourceFile) { self.source = source }

    /// What was collected, sorted by start (then end).
    func sorted() -> [SyntaxOccurrence] {
        occurrences.sorted { $0.range.start < $1.range.start || ($0.range.start == $1.range.start && $0.range.end < $1.range.end) }
    }

    mutating func add(_ statement: StatementSyntax) {
        switch statement {
        case .field(let field):
            add(field.path)
            field.rules.forEach { add($0) }
        case .namedRule(let named):
            append(.keyword, named.keywordRange)
            append(.ruleDeclaration(named), named.name.range)
            named.rules.forEach { add($0) }
        case .importDecl(let importDecl):
            append(.keyword, importDecl.keywordRange)
            append(.importPath(importDecl), importDecl.pathRange)
        case .when(let block):
            append(.keyword, block.keywordRange)
            add(block.condition)
            block.body.forEach { add($0) }
        case .unexpected:
            break
        }
    }

    private mutating func add(_ rule: RuleSyntax) {
        if let validator = BuiltinValidator(rawValue: rule.name.name) {
            append(.validator(validator, rule: rule), rule.name.range)
        } else if !rule.name.name.isEmpty {
            append(.ruleReference(rule.name.name, rule: rule), rule.name.range)
        }
        rule.arguments.forEach { add($0) }
        if let message = rule.message {
            append(.keyword, message.keywordRange)
            switch message.kind {
            case .key(let key): append(.messageKey(key), message.valueRange)
            case .literal: append(.messageLiteral, message.valueRange)
            }
        }
    }

    private mutating func add(_ argument: ArgumentSyntax) {
        switch argument.kind {
        case .integer, .decimal, .date: append(.number, argument.range)
        case .string: append(.string, argument.range)
        case .regex: append(.regex, argument.range)
        case .today, .boolean: append(.constant, argument.range)
        case .path(let path): add(path)
        }
    }

    private mutating func add(_ path: PathSyntax) {
        guard !path.segments.isEmpty else { return }
        append(.field(path), path.range)
    }

    private mutating func add(_ condition: ConditionSyntax) {
        switch condition {
        case .present(let path):
            add(path)
        case .comparison(let path, _, let literal, let operatorRange):
            add(path)
            append(.operator, operatorRange)
            add(literal)
        case .not(let operand, let range):
            append(.keyword, SourceRange(start: range.start, end: Swift.min(range.end, range.start + 3)))
            add(operand)
        case .and(let lhs, let rhs), .or(let lhs, let rhs):
            add(lhs)
            addConjunction(between: lhs.range.end, and: rhs.range.start)
            add(rhs)
        case .parenthesized(let inner, _):
            add(inner)
        case .missing:
            break
        }
    }

    /// `and` / `or` have no range of their own: find the word between the operands.
    private mutating func addConjunction(between start: Int, and end: Int) {
        guard start < end else { return }
        let gap = source.text(in: SourceRange(start: start, end: end))
        var offset = start
        var wordStart: Int?
        for byte in gap.utf8 {
            let isLetter = (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            if isLetter, wordStart == nil { wordStart = offset }
            if !isLetter, let begin = wordStart { append(.keyword, SourceRange(start: begin, end: offset)); wordStart = nil }
            offset += 1
        }
        if let begin = wordStart { append(.keyword, SourceRange(start: begin, end: offset)) }
    }

    private mutating func append(_ kind: SyntaxOccurrence.Kind, _ range: SourceRange) {
        guard !range.isEmpty else { return }
        occurrences.append(SyntaxOccurrence(kind: kind, range: range))
    }
}
