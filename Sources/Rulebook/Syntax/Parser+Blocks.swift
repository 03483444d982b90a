// `when CONDITION { … }` blocks and their conditions.
//
// Condition precedence, loosest first: `or`, `and`, `not`; parentheses group. `and` and
// `or` associate to the left. Inside a condition `and`, `or` and `not` are operators, so
// a field with one of those names is written as a quoted key (`when "not" { … }`).

/// A `when` block whose header has been read and whose body is being read. The parser
/// keeps these on an explicit stack instead of recursing, so block nesting costs no
/// machine stack (see ``ParserState/parseFile(reserving:)``).
struct OpenBlock {
    let keywordRange: SourceRange
    let condition: ConditionSyntax
    let openBraceRange: SourceRange
    /// The height of ``ParserState/statementStack`` when the body began: the body's
    /// statements are the ones above it.
    let bodyBase: Int
}

/// What reading a `when` header produced.
enum WhenHeader {
    /// A header ending in `{`: the body follows.
    case opened(keywordRange: SourceRange, condition: ConditionSyntax, openBraceRange: SourceRange)
    /// A complete statement: a header without `{` (diagnosed), or a block skipped
    /// beyond the nesting limit.
    case statement(StatementSyntax)
}

extension ParserState {
    /// `when CONDITION {` (the cursor at `when`).
    mutating func parseWhenHeader() -> WhenHeader {
        let keywordRange = current.range
        if blockDepth >= limits.maxBlockNesting {
            report(.limitExceeded, keywordRange, "'when' blocks nest deeper than the limit of \(limits.maxBlockNesting)")
            return .statement(.unexpected(UnexpectedSyntax(range: skipBlock(from: keywordRange.start))))
        }
        advance()
        let condition = parseCondition()
        // Allow the brace on the next line (Allman style); the formatter moves it up.
        if current.kind == .newline, peekPastNewlines().kind == .leftBrace {
            while current.kind == .newline { advance() }
        }
        var reported = conditionFailed
        if current.kind != .leftBrace && !atStatementEnd {
            // `when a b {`: report once, then look for the brace on this line.
            if !reported { reportUnexpected("expected '{' after the condition") }
            reported = true
            skipToBraceOnLine()
        }
        guard current.kind == .leftBrace else {
            if !reported { reportUnexpected("expected '{' after the condition") }
            // The block's `}` will come later on its own line: the same mistake.
            forgivenClosingBraces += 1
            return .statement(
                .when(
                    WhenBlockSyntax(
                        keywordRange: keywordRange, condition: condition, openBraceRange: .empty(at: lastEnd),
                        body: [], closeBraceRange: .empty(at: lastEnd), range: range(from: keywordRange.start))))
        }
        let openBraceRange = current.range
        advance()
        return .opened(keywordRange: keywordRange, condition: condition, openBraceRange: openBraceRange)
    }

    /// Closes `block` with `body`; `closeBraceRange` is empty when the file ended first.
    func closedBlock(_ block: OpenBlock, body: [StatementSyntax], closeBraceRange: SourceRange) -> StatementSyntax {
        .when(
            WhenBlockSyntax(
                keywordRange: block.keywordRange, condition: block.condition, openBraceRange: block.openBraceRange,
                body: body, closeBraceRange: closeBraceRange, range: range(from: block.keywordRange.start)))
    }

    /// The first token after the line breaks at the cursor.
    func peekPastNewlines() -> CompactToken {
        var offset = 0
        while peek(offset).kind == .newline { offset += 1 }
        return peek(offset)
    }

    /// Skips to a `{` on the current line (leaving the cursor on it) or to the line's end.
    mutating func skipToBraceOnLine() {
        while current.kind != .leftBrace && current.kind != .newline && current.kind != .endOfFile {
            advance()
        }
    }

    /// Skips a whole `when` block without parsing it (beyond the nesting limit): up to its
    /// matching `}`, or its line's end when it has no `{`. Linear, not recursive.
    mutating func skipBlock(from start: Int) -> SourceRange {
        skipToBraceOnLine()
        if current.kind == .leftBrace {
            var depth = 0
            repeat {
                if current.kind == .leftBrace { depth += 1 }
                if current.kind == .rightBrace { depth -= 1 }
                advance()
            } while depth > 0 && current.kind != .endOfFile
        }
        return range(from: start)
    }

    // MARK: Conditions

    /// A whole condition; on failure the result covers what was skipped.
    mutating func parseCondition() -> ConditionSyntax {
        conditionFailed = false
        let start = current.range.start
        let condition = parseOr(level: 1).condition
        if conditionFailed {
            skipToBraceOnLine()
            return .missing(range(from: start))
        }
        return condition
    }

    /// `C or C or …`; returns the condition and its tree height.
    mutating func parseOr(level: Int) -> (condition: ConditionSyntax, height: Int) {
        var (lhs, height) = parseAnd(level: level)
        while !conditionFailed && isWord(current, "or") {
            advance()
            let rhs = parseAnd(level: level)
            height = max(height, rhs.height) + 1
            lhs = .or(lhs, rhs.condition)
            checkConditionHeight(height)
        }
        return (lhs, height)
    }

    /// `C and C and …`.
    mutating func parseAnd(level: Int) -> (condition: ConditionSyntax, height: Int) {
        var (lhs, height) = parseUnary(level: level)
        while !conditionFailed && isWord(current, "and") {
            advance()
            let rhs = parseUnary(level: level)
            height = max(height, rhs.height) + 1
            lhs = .and(lhs, rhs.condition)
            checkConditionHeight(height)
        }
        return (lhs, height)
    }

    /// Reports a condition deeper than the limit (once) and stops the condition parser.
    mutating func checkConditionHeight(_ height: Int) {
        guard height > limits.maxConditionDepth, !conditionFailed else { return }
        report(
            .limitExceeded, current.range.length > 0 ? current.range : .empty(at: lastEnd),
            "condition is nested deeper than the limit of \(limits.maxConditionDepth)")
        conditionFailed = true
    }

    /// `not C`, `( C )`, `PATH`, `PATH == LITERAL`, `PATH != LITERAL`.
    mutating func parseUnary(level: Int) -> (condition: ConditionSyntax, height: Int) {
        let start = current.range.start
        if level > limits.maxConditionDepth {
            checkConditionHeight(level)
            return (.missing(.empty(at: start)), level)
        }
        if isWord(current, "not") {
            advance()
            let operand = parseUnary(level: level + 1)
            return (.not(operand.condition, range: range(from: start)), operand.height + 1)
        }
        if current.kind == .leftParen {
            advance()
            let inner = parseOr(level: level + 1)
            if !conditionFailed {
                if current.kind == .rightParen {
                    advance()
                } else {
                    reportUnexpected("expected ')' to close '('")
                    conditionFailed = true
                }
            }
            return (.parenthesized(inner.condition, range: range(from: start)), inner.height + 1)
        }
        if (current.kind == .identifier && !isWord(current, "and") && !isWord(current, "or")) || current.kind == .string {
            return (parseComparisonOrPresence(), 1)
        }
        if !conditionFailed {
            reportUnexpected("expected a condition (a field path, 'not' or '(')")
            conditionFailed = true
        }
        return (.missing(.empty(at: start)), 1)
    }

    /// `PATH`, `PATH == LITERAL` or `PATH != LITERAL`.
    mutating func parseComparisonOrPresence() -> ConditionSyntax {
        let path = parsePath()
        let op: ComparisonOperator
        switch current.kind {
        case .equalEqual: op = .equal
        case .bangEqual: op = .notEqual
        default: return .present(path)
        }
        let operatorRange = current.range
        advance()
        guard let literal = parseConditionLiteral() else {
            reportUnexpected("expected a literal (a number, string, date, today, true or false) after '\(op.rawValue)'")
            conditionFailed = true
            return .present(path)
        }
        return .comparison(path, op, literal, operatorRange: operatorRange)
    }

    /// The right-hand side of `==`/`!=`: a number, string, date, `today`, `true` or `false`.
    mutating func parseConditionLiteral() -> ArgumentSyntax? {
        switch current.kind {
        case .integer, .decimal, .date:
            return parseArgument()
        case .string where !(peek().range.start == current.range.end && (peek().kind == .dot || peek().kind == .leftBracket)):
            return parseArgument()
        case .identifier where isWord(current, "today") || isWord(current, "true") || isWord(current, "false"):
            return parseArgument()
        default:
            return nil
        }
    }
}
