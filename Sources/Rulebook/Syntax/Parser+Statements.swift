// Statements: field statements, named rules, imports and `when` blocks.
//
// Keywords are contextual. At the start of a statement, `rule`, `import` and `when` are
// keywords unless followed by `:`, `.` or `[` — then they begin a field path, so a
// record may have fields called `rule`, `import` or `when`.

extension ParserState {
    /// The whole file. Blocks are kept on an explicit stack of ``OpenBlock``s rather
    /// than parsed recursively: nesting then costs heap, not machine stack, which matters
    /// on threads with small stacks and in unoptimised builds.
    ///
    /// The top-level statements go into an array reserved up front; the statements of
    /// open blocks onto ``statementStack``, from which each block's body is taken as an
    /// exactly sized array when it closes (Performance: a body is one allocation, not
    /// grown by doubling, and no enclosing list is moved in and out of an open block).
    ///
    /// - Parameter capacity: room to reserve in the top-level list (see
    ///   ``TokenStorage/statementEstimate``), and for about a rule and a path segment per
    ///   statement and an argument per two. Performance: the lists are not copied as they
    ///   grow (a copy is the parse's peak: the old buffer and the new at once).
    package mutating func parseFile(reserving capacity: Int = 0) -> [StatementSyntax] {
        var open: [OpenBlock] = []
        var topLevel: [StatementSyntax] = []
        topLevel.reserveCapacity(capacity)
        ruleBuffer.reserve(capacity + capacity / 4)
        segmentBuffer.reserve(capacity + capacity / 4)
        argumentBuffer.reserve(capacity / 2)
        let bodies = statementStack
        while true {
            while current.kind == .newline { advance() }
            blockDepth = open.count
            let statement: StatementSyntax
            switch current.kind {
            case .endOfFile:
                unclosedBlocksAtEnd = open.count
                while let block = open.popLast() {
                    report(.unclosedBlock, block.openBraceRange, "'when' block is not closed: expected '}' before the end of the file")
                    let closed = closedBlock(
                        block, body: bodies.take(above: block.bodyBase), closeBraceRange: .empty(at: current.range.start))
                    if open.isEmpty { topLevel.append(closed) } else { bodies.push(closed) }
                }
                return Self.trimmed(topLevel)
            case .rightBrace where !open.isEmpty:
                let block = open.removeLast()
                let closeBraceRange = current.range
                advance()
                statement = closedBlock(block, body: bodies.take(above: block.bodyBase), closeBraceRange: closeBraceRange)
            case .rightBrace:
                statement = parseStrayClosingBrace()
            default:
                if startsWhenBlock {
                    switch parseWhenHeader() {
                    case .opened(let keywordRange, let condition, let openBraceRange):
                        open.append(
                            OpenBlock(
                                keywordRange: keywordRange, condition: condition, openBraceRange: openBraceRange,
                                bodyBase: bodies.height))
                        continue  // the body may start on the brace's line
                    case .statement(let header):
                        statement = header
                    }
                } else {
                    statement = parseStatement()
                }
            }
            // Performance: the statement is moved into its list (what the end-of-statement
            // check needs is taken first), not copied.
            let ending = StatementEnding(statement)
            let inBlock = !open.isEmpty
            if inBlock { bodies.push(statement) } else { topLevel.append(consume statement) }
            blockDepth = open.count
            if let junk = expectStatementEnd(after: ending) {
                if inBlock { bodies.push(.unexpected(junk)) } else { topLevel.append(.unexpected(junk)) }
            }
        }
    }

    /// `list`, or a copy of it without its unused capacity when that is more than an
    /// eighth of it. The tree keeps the list as long as it lives, beside the checker's
    /// tables: a file of shorter statements than the estimate grows the list by doubling,
    /// which leaves up to half of it unused (memory: a file of one short statement per line
    /// held a third more than its statements).
    static func trimmed(_ list: [StatementSyntax]) -> [StatementSyntax] {
        guard list.capacity - list.count > list.capacity / 8 else { return list }
        var exact: [StatementSyntax] = []
        exact.reserveCapacity(list.count)
        exact.append(contentsOf: list)
        return exact
    }

    /// Whether the cursor is at the keyword `when` (not a field called `when`).
    var startsWhenBlock: Bool {
        @inline(__always) get { isWord(current, "when") && !startsFieldPath }
    }

    /// Whether the identifier at the cursor is followed by `:`, `.` or `[`, which makes a
    /// statement keyword the start of a field path instead.
    var startsFieldPath: Bool {
        @inline(__always) get {
            let next = peek().kind
            return next == .colon || next == .dot || next == .leftBracket
        }
    }

    /// One statement other than a `when` block, the cursor at its first token.
    mutating func parseStatement() -> StatementSyntax {
        let token = current
        if token.kind == .identifier {
            if !startsFieldPath {
                if isWord(token, "rule") { return .namedRule(parseNamedRule()) }
                if isWord(token, "import") { return .importDecl(parseImport()) }
            }
            return .field(parseFieldStatement())
        }
        if token.kind == .string { return .field(parseFieldStatement()) }
        reportUnexpected("expected a field path, 'rule', 'import' or 'when'")
        let start = current.range.start
        let skipped = skipToStatementEnd() ?? SourceRange.empty(at: start)
        return .unexpected(UnexpectedSyntax(range: skipped))
    }

    /// A `}` at the top level.
    mutating func parseStrayClosingBrace() -> StatementSyntax {
        let range = current.range
        if forgivenClosingBraces > 0 {
            forgivenClosingBraces -= 1  // its `when` already reported the missing `{`
        } else {
            report(.unexpectedToken, range, "unexpected '}' without a matching 'when … {'")
        }
        advance()
        return .unexpected(UnexpectedSyntax(range: range))
    }

    /// After a statement: a line break, the end of the file or a `}`; anything else is
    /// reported once and skipped.
    mutating func expectStatementEnd(after statement: StatementEnding) -> UnexpectedSyntax? {
        if current.kind == .newline {
            advance()
            return nil
        }
        // A statement that already consumed its line break (a rule list that stopped
        // at a new statement after a trailing comma) ends there.
        if atStatementEnd || (position > 0 && tokens[position - 1].kind == .newline) { return nil }
        let what: String
        switch statement {
        case .when: what = "'}'"
        case .importDecl: what = "the imported file name"
        case .other: what = "the statement"
        }
        reportUnexpected("expected the end of the line after \(what)")
        return skipToStatementEnd().map(UnexpectedSyntax.init(range:))
    }

    /// `PATH: RULES` (the cursor at the path).
    mutating func parseFieldStatement() -> FieldStatementSyntax {
        let path = parsePath()
        let start = path.range.start
        var colonRange = SourceRange.empty(at: path.range.end)
        if current.kind == .colon {
            colonRange = current.range
            advance()
        } else {
            reportUnexpected("expected ':' after field path '\(path.description)'")
            // `firstName = required` is the same mistake as a missing ':': read on.
            if current.kind == .equals {
                advance()
            } else {
                skipToStatementEnd()
                return FieldStatementSyntax(path: path, colonRange: colonRange, rules: [], range: range(from: start))
            }
        }
        let rules = parseRuleList(after: "':'")
        return FieldStatementSyntax(path: path, colonRange: colonRange, rules: rules, range: range(from: start))
    }

    /// `rule NAME = RULES` (the cursor at `rule`).
    mutating func parseNamedRule() -> NamedRuleSyntax {
        let keywordRange = current.range
        advance()
        guard current.kind == .identifier else {
            reportUnexpected("expected a rule name after 'rule'")
            skipToStatementEnd()
            return NamedRuleSyntax(
                keywordRange: keywordRange, name: IdentifierSyntax(name: "", range: .empty(at: keywordRange.end)),
                equalsRange: .empty(at: keywordRange.end), rules: [], range: range(from: keywordRange.start))
        }
        let name = IdentifierSyntax(name: text(of: current), range: current.range)
        advance()
        var equalsRange = SourceRange.empty(at: name.range.end)
        if current.kind == .equals {
            equalsRange = current.range
            advance()
        } else {
            reportUnexpected("expected '=' after rule name '\(name.name)'")
            // `rule name: required` is the same mistake as a missing '=': read on.
            if current.kind == .colon {
                advance()
            } else {
                skipToStatementEnd()
                return NamedRuleSyntax(
                    keywordRange: keywordRange, name: name, equalsRange: equalsRange, rules: [],
                    range: range(from: keywordRange.start))
            }
        }
        let rules = parseRuleList(after: "'='")
        return NamedRuleSyntax(
            keywordRange: keywordRange, name: name, equalsRange: equalsRange, rules: rules,
            range: range(from: keywordRange.start))
    }

    /// `import "FILE"` (the cursor at `import`).
    mutating func parseImport() -> ImportSyntax {
        let keywordRange = current.range
        advance()
        guard current.kind == .string else {
            reportUnexpected("expected a file name in quotes after 'import'")
            skipToStatementEnd()
            return ImportSyntax(
                keywordRange: keywordRange, path: "", pathRange: .empty(at: keywordRange.end),
                range: range(from: keywordRange.start))
        }
        let pathRange = current.range
        let path = decodeString(current)
        advance()
        return ImportSyntax(keywordRange: keywordRange, path: path, pathRange: pathRange, range: range(from: keywordRange.start))
    }
}

/// What kind of statement ended, as the end-of-statement diagnostic words it.
enum StatementEnding {
    case when, importDecl, other

    init(_ statement: StatementSyntax) {
        switch statement {
        case .when: self = .when
        case .importDecl: self = .importDecl
        default: self = .other
        }
    }
}
