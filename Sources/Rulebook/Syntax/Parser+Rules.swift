// Rule lists, rules, arguments, message overrides and paths.
//
// In a rule list, `message` is a keyword: it cannot name a rule, and it ends a rule's
// arguments. As a whole argument, `today`, `true` and `false` are literals; a field with
// one of those names is written quoted or as part of a longer path.

extension ParserState {
    /// `RULE, RULE, …` after `:` or `=`. A `,` at the end of a line continues the list on
    /// the next line (blank and comment lines in between are allowed).
    mutating func parseRuleList(after introducer: String) -> SyntaxList<RuleSyntax> {
        let rules = ruleBuffer
        let base = rules.height
        var after = introducer
        while true {
            if current.kind == .identifier && !isWord(current, "message") {
                rules.push(parseRule())
            } else {
                reportUnexpected("expected a rule after \(after)")
                if atStatementEnd { return rules.list(above: base) }
                skipToStatementEnd(stopAtComma: true)
            }
            if current.kind != .comma && !atStatementEnd {
                if let last = rules.top(above: base), last.range.end == lastEnd {
                    reportUnexpected("expected ',' or the end of the line after rule '\(last.name.name)'")
                } else {
                    reportUnexpected("expected ',' or the end of the line")
                }
                skipToStatementEnd(stopAtComma: true)
                if let last = rules.pop(above: base) {
                    // The rule owns the text skipped after it, so no byte is left outside a node.
                    rules.push(last.withRange(range(from: last.range.start)))
                }
            }
            guard current.kind == .comma else { return rules.list(above: base) }
            advance()
            if current.kind == .newline {
                while current.kind == .newline { advance() }
                if startsFieldStatement || isWord(current, "when") {
                    // `a: required,` then a new `b: …` line or a `when` block: the comma
                    // was a slip, and the next line is a statement of its own.
                    let found = startsFieldStatement ? "a new field statement" : "a 'when' block"
                    let comma = SourceRange(start: lastEnd - 1, end: lastEnd)
                    diagnostics.append(
                        Diagnostic(
                            file: file, range: .empty(at: lastEnd), code: .unexpectedToken,
                            message: "expected a rule after ',' at the end of the line, found \(found)",
                            fixIts: [
                                FixIt(message: "Remove the trailing ','", edits: [TextEdit(file: file, range: comma, replacement: "")])
                            ]))
                    return rules.list(above: base)
                }
            }
            after = "','"
        }
    }

    /// Whether the cursor is at a misspelt `message` keyword (`messsage "Too short."`,
    /// `mesage profile.short`): a word a typo away from `message`, followed by a string,
    /// or by a key that ends the rule. Read as an argument, it would make the rule's
    /// argument count wrong and hide the slip.
    var startsMisspeltMessage: Bool {
        let token = current
        guard token.kind == .identifier, (5...10).contains(token.range.length), !startsLongerPath,
            !isWord(token, "message")
        else { return false }
        let next = peek()
        guard next.range.start > token.range.end else { return false }
        switch next.kind {
        case .string: break
        case .identifier:
            var offset = 2
            while peek(offset).kind == .dot || (peek(offset).kind == .identifier && peek(offset - 1).kind == .dot) { offset += 1 }
            guard [.comma, .newline, .endOfFile].contains(peek(offset).kind) else { return false }
        default: return false
        }
        let word = strings.string(from: token.range.start, to: token.range.end)
        return Suggestions.closest(to: word, among: ["message"]) != nil
    }

    /// Whether the cursor is at `PATH :` — the start of a field statement, not a rule.
    var startsFieldStatement: Bool {
        guard current.kind == .identifier || current.kind == .string else { return false }
        var offset = 1
        // A path is at most a few tokens per segment; walk it without consuming.
        while true {
            let token = peek(offset)
            switch token.kind {
            case .colon: return true
            case .dot, .identifier, .string, .leftBracket, .star, .rightBracket:
                if token.range.start != peek(offset - 1).range.end { return false }
                offset += 1
            default: return false
            }
        }
    }

    /// `NAME ARG … [message …]` (the cursor at the name).
    mutating func parseRule() -> RuleSyntax {
        let nameToken = current
        let name = text(of: nameToken)
        advance()
        let base = argumentBuffer.height
        while let argument = parseArgument() {
            argumentBuffer.push(argument)
        }
        let arguments = argumentBuffer.list(above: base)
        var message: MessageOverrideSyntax?
        if isWord(current, "message") {
            message = parseMessageOverride()
        } else if startsMisspeltMessage {
            let word = current.range
            diagnostics.append(
                Diagnostic(
                    file: file, range: word, code: .unexpectedToken,
                    message: "unknown word '\(strings.string(from: word.start, to: word.end))' before a message; did you mean 'message'?",
                    fixIts: [FixIt(message: "Replace with 'message'", edits: [TextEdit(file: file, range: word, replacement: "message")])]))
            message = parseMessageOverride()
        }
        let start = nameToken.range.start
        return RuleSyntax(
            parsedName: name, start: start, nameEnd: nameToken.range.end, arguments: arguments, message: message,
            end: range(from: start).end)
    }

    /// One argument at the cursor, or nil (consuming nothing) when the cursor is not at one.
    mutating func parseArgument() -> ArgumentSyntax? {
        let token = current
        switch token.kind {
        case .integer:
            advance()
            let text = text(of: token)
            let value = integerValue(token) ?? (bytes[token.range.start] == UInt8(ascii: "-") ? Int.min : Int.max)
            return ArgumentSyntax(kind: .integer(value, text: text), range: token.range)
        case .decimal:
            advance()
            let text = text(of: token)
            return ArgumentSyntax(kind: .decimal(Double(text) ?? 0, text: text), range: token.range)
        case .string:
            if startsLongerPath {
                let path = parsePath()
                return ArgumentSyntax(kind: .path(path), range: path.range)
            }
            advance()
            return ArgumentSyntax(kind: .string(decodeString(token)), range: token.range)
        case .regex:
            advance()
            return regexArgument(token)
        case .date:
            advance()
            return dateArgument(token)
        case .identifier:
            if isWord(token, "message") || startsMisspeltMessage { return nil }
            if !startsLongerPath {
                if isWord(token, "today") { advance(); return ArgumentSyntax(kind: .today, range: token.range) }
                if isWord(token, "true") { advance(); return ArgumentSyntax(kind: .boolean(true), range: token.range) }
                if isWord(token, "false") { advance(); return ArgumentSyntax(kind: .boolean(false), range: token.range) }
            }
            let path = parsePath()
            return ArgumentSyntax(kind: .path(path), range: path.range)
        default:
            return nil
        }
    }

    /// Whether the token at the cursor is followed, without space, by `.` or `[`.
    var startsLongerPath: Bool {
        @inline(__always) get {
            let next = peek()
            return next.range.start == current.range.end && (next.kind == .dot || next.kind == .leftBracket)
        }
    }

    /// The value of an integer token's text as `Int(text)` would read it (nil when it is
    /// not only an optional `-` and digits, or out of range), from its bytes.
    @inline(__always)
    func integerValue(_ token: CompactToken) -> Int? {
        ParserState.integerValue(token, in: bytes)
    }

    /// ``integerValue(_:)`` of a token of `bytes`.
    static func integerValue(_ token: CompactToken, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var offset = token.range.start
        let end = token.range.end
        let negative = offset < end && bytes[offset] == UInt8(ascii: "-")
        if negative { offset += 1 }
        guard offset < end else { return nil }
        var value = 0
        while offset < end {
            let digit = bytes[offset] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) =
                negative ? shifted.subtractingReportingOverflow(Int(digit)) : shifted.addingReportingOverflow(Int(digit))
            if overflow || overflow2 { return nil }
            value = next
            offset += 1
        }
        return value
    }

    /// `/pattern/flags` split into its parts; `patternRange` is exactly between the slashes.
    /// An unterminated literal (diagnosed by the lexer) is all pattern, no flags.
    @inline(__always)
    func regexArgument(_ token: CompactToken) -> ArgumentSyntax {
        ParserState.regexArgument(token, bytes: bytes, strings: strings)
    }

    /// ``regexArgument(_:)`` of a token of `bytes`.
    static func regexArgument(_ token: CompactToken, bytes: UnsafeBufferPointer<UInt8>, strings: StringInterner) -> ArgumentSyntax {
        let start = token.range.start + 1
        var patternEnd = token.range.end
        var flags = ""
        if !token.hasError {
            // A terminated literal ends with `/` and then only flag letters.
            var end = token.range.end
            while end > start, isASCIILetter(bytes[end - 1]) { end -= 1 }
            patternEnd = max(start, end - 1)
            flags = strings.string(from: end, to: token.range.end)
        }
        let patternRange = SourceRange(start: start, end: patternEnd)
        let pattern = strings.string(from: patternRange.start, to: patternRange.end)
        return ArgumentSyntax(kind: .regex(pattern: pattern, flags: flags, patternRange: patternRange), range: token.range)
    }

    /// `2026-01-31`; a malformed date (already diagnosed) keeps the numbers it has.
    @inline(__always)
    func dateArgument(_ token: CompactToken) -> ArgumentSyntax {
        ParserState.dateArgument(token, bytes: bytes, strings: strings)
    }

    /// ``dateArgument(_:)`` of a token of `bytes`.
    static func dateArgument(_ token: CompactToken, bytes: UnsafeBufferPointer<UInt8>, strings: StringInterner) -> ArgumentSyntax {
        // A date the lexer accepted is exactly `YYYY-MM-DD`: read its numbers from the bytes.
        if !token.hasError, let date = LexerState.isoDate(bytes, from: token.range.start, to: token.range.end) {
            return ArgumentSyntax(kind: .date(year: date.year, month: date.month, day: date.day), range: token.range)
        }
        let parts = strings.string(from: token.range.start, to: token.range.end).split(separator: "-").map { Int($0) ?? 0 }
        let year = parts.count > 0 ? parts[0] : 0
        let month = parts.count > 1 ? parts[1] : 0
        let day = parts.count > 2 ? parts[2] : 0
        return ArgumentSyntax(kind: .date(year: year, month: month, day: day), range: token.range)
    }

    /// `message KEY` or `message "text"` (the cursor at `message`).
    mutating func parseMessageOverride() -> MessageOverrideSyntax {
        let keywordRange = current.range
        advance()
        if current.kind == .string {
            let token = current
            advance()
            return MessageOverrideSyntax(
                keywordRange: keywordRange, kind: .literal(decodeString(token)), valueRange: token.range,
                range: range(from: keywordRange.start))
        }
        if current.kind == .identifier {
            let start = current.range.start
            advance()
            // A key is identifiers joined by `.` with no spaces: `profile.nameTooShort`.
            while current.kind == .dot, currentIsAdjacent, peek().kind == .identifier, peek().range.start == current.range.end {
                advance()
                advance()
            }
            let valueRange = range(from: start)
            let key = strings.string(from: valueRange.start, to: valueRange.end)
            return MessageOverrideSyntax(
                keywordRange: keywordRange, kind: .key(key), valueRange: valueRange, range: range(from: keywordRange.start))
        }
        reportUnexpected("expected a message key or a string in quotes after 'message'")
        return MessageOverrideSyntax(
            keywordRange: keywordRange, kind: .key(""), valueRange: .empty(at: keywordRange.end), range: keywordRange)
    }

    // MARK: Paths

    /// `a.b`, `items[*].sku`, `"first-name"` (the cursor at an identifier or a string).
    /// The parts of a path are written without spaces between them.
    mutating func parsePath() -> PathSyntax {
        let start = current.range.start
        let segments = segmentBuffer
        let base = segments.height
        segments.push(keySegment(current))
        advance()
        while currentIsAdjacent {
            if current.kind == .dot {
                let next = peek()
                guard next.range.start == current.range.end, next.kind == .identifier || next.kind == .string else {
                    advance()
                    reportUnexpected("expected a key after '.' in a path")
                    break
                }
                advance()
                segments.push(keySegment(current))
                advance()
            } else if current.kind == .leftBracket {
                // A bad `[…]` is reported and left out; the rest of the path still reads.
                if let wildcard = parseWildcard() { segments.push(wildcard) }
            } else {
                break
            }
        }
        return PathSyntax(segments: segments.list(above: base), range: range(from: start))
    }

    /// A key segment from an identifier or a string token.
    @inline(__always)
    func keySegment(_ token: CompactToken) -> PathSegmentSyntax {
        if token.kind == .string {
            return PathSegmentSyntax(kind: .key(decodeString(token), quoted: true), range: token.range)
        }
        return PathSegmentSyntax(kind: .key(text(of: token), quoted: false), range: token.range)
    }

    /// `[*]` (the cursor at `[`); anything else in brackets is reported and consumed up to
    /// its `]` on the same line.
    mutating func parseWildcard() -> PathSegmentSyntax? {
        let start = current.range.start
        if peek(1).kind == .star && peek(2).kind == .rightBracket {
            advance(); advance(); advance()
            return PathSegmentSyntax(kind: .wildcard, range: range(from: start))
        }
        advance()
        while current.kind != .rightBracket && !atStatementEnd && current.kind != .comma && current.kind != .colon {
            advance()
        }
        if current.kind == .rightBracket { advance() }
        let written = String(decoding: bytes[start..<max(start, lastEnd)], as: UTF8.self)
        report(.unexpectedToken, range(from: start), "'\(written)' is not allowed in a path; write '[*]' for every element of an array")
        return nil
    }
}
