import Rulebook
import RulebookTooling

/// What the user is typing at the cursor, read from the text before it (the tree of a
/// half-typed line is unreliable): the basis of completion and signature help.
struct CompletionContext: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// Inside `import "…`: the path typed so far.
        case importPath
        /// After `message `: a catalogue key.
        case messageKey
        /// Where a rule begins: after `:`, `,` or `=`, or at the start of a continuation line.
        case ruleName
        /// After a rule's name: its `index`-th argument (0-based).
        case argument(validator: String, index: Int)
        /// At the start of a statement: a field path or a keyword.
        case statementStart
        /// In a `when` condition: a field path.
        case condition
        /// Nowhere useful (inside a comment, a string, a regex).
        case none
    }

    let kind: Kind
    /// Where the word being typed starts (byte offset): completions replace from here.
    let wordStart: Int
    /// The word typed so far.
    let prefix: String

    /// Reads the context at `offset` of `source`.
    init(source: SourceFile, offset: Int) {
        let bytes = Array(source.text.utf8)
        let offset = Swift.max(0, Swift.min(offset, bytes.count))
        let line = source.lines.line(containing: offset)
        let lineStart = source.lines.lineStarts[line]
        let before = bytes[lineStart..<offset]
        let scan = LineScan(before)
        wordStart = lineStart + scan.wordStart
        prefix = String(decoding: before[(before.startIndex + scan.wordStart)...], as: UTF8.self)
        if scan.inComment || scan.inRegex {
            kind = .none
            return
        }
        if scan.inString {
            // Only an import path is completed inside a string.
            let head = String(decoding: before, as: UTF8.self).trimmingLeadingSpaces()
            if head.hasPrefix("import") && head.dropFirst("import".count).first.map({ $0 == " " || $0 == "\t" || $0 == "\"" }) == true {
                kind = .importPath
            } else {
                kind = .none
            }
            return
        }
        let words = scan.wordsAfterSeparator
        if let separator = scan.lastSeparator {
            if separator == UInt8(ascii: "{") { kind = .statementStart; return }
            if separator == UInt8(ascii: "(") { kind = .condition; return }
            kind = CompletionContext.ruleListKind(words: words, atWordBoundary: scan.atWordBoundary)
            return
        }
        // No separator on this line: a statement start, a condition, or a continuation line.
        if CompletionContext.continues(source: source, bytes: bytes, beforeLine: line) {
            kind = CompletionContext.ruleListKind(words: words, atWordBoundary: scan.atWordBoundary)
            return
        }
        let complete = scan.atWordBoundary ? words : Array(words.dropLast())
        if let first = complete.first, first == "when" || first == "not" || first == "and" || first == "or" {
            kind = .condition
        } else if let last = complete.last, ["and", "or", "not"].contains(last) {
            kind = .condition
        } else if complete.isEmpty {
            kind = .statementStart
        } else {
            kind = .none
        }
    }

    /// Inside a rule list, after the separator: `words` are the complete and partial words.
    private static func ruleListKind(words: [String], atWordBoundary: Bool) -> Kind {
        let complete = atWordBoundary ? words : Array(words.dropLast())
        guard let name = complete.first else { return .ruleName }
        if complete.last == "message" { return .messageKey }
        if complete.contains("message") { return .none }
        return .argument(validator: name, index: complete.count - 1)
    }

    /// Whether the logical line before `line` ends with `,` (so `line` continues a rule list).
    private static func continues(source: SourceFile, bytes: [UInt8], beforeLine line: Int) -> Bool {
        var previous = line - 1
        while previous >= 0 {
            let range = source.lines.contentRange(ofLine: previous, in: source.text)
            let scan = LineScan(bytes[range.start..<range.end])
            let code = scan.codeBeforeComment.trimmingTrailingSpaces()
            if code.trimmingLeadingSpaces().isEmpty { previous -= 1; continue }
            return code.hasSuffix(",")
        }
        return false
    }
}

/// A left-to-right scan of the text before the cursor on one line, tracking strings,
/// regexes and comments.
struct LineScan {
    private(set) var inString = false
    private(set) var inRegex = false
    private(set) var inComment = false
    /// The last `:`, `,`, `=`, `{` or `(` outside literals.
    private(set) var lastSeparator: UInt8?
    /// The words (runs of non-space outside separators) after the last separator.
    private(set) var wordsAfterSeparator: [String] = []
    /// Where the current word starts (relative to the scanned bytes).
    private(set) var wordStart = 0
    /// Whether the cursor is right after white space or a separator (no partial word).
    private(set) var atWordBoundary = true
    /// The text before a `#` comment.
    private(set) var codeBeforeComment = ""

    init(_ bytes: ArraySlice<UInt8>) {
        var words: [[UInt8]] = []
        var current: [UInt8] = []
        var escaped = false
        var index = 0
        var commentAt: Int?
        for byte in bytes {
            defer { index += 1 }
            if inString || inRegex {
                current.append(byte)
                if escaped { escaped = false; continue }
                if byte == UInt8(ascii: "\\") { escaped = true; continue }
                if inString && byte == UInt8(ascii: "\"") { inString = false }
                if inRegex && byte == UInt8(ascii: "/") { inRegex = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "#"):
                inComment = true
                commentAt = index
            case UInt8(ascii: "\""):
                if current.isEmpty { wordStart = index }
                inString = true
                current.append(byte)
            case UInt8(ascii: "/") where current.isEmpty:
                wordStart = index
                inRegex = true
                current.append(byte)
            case UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "="), UInt8(ascii: "{"), UInt8(ascii: "("):
                // `==` is an operator, not a separator.
                if byte == UInt8(ascii: "=") && (current.last == UInt8(ascii: "=") || current.last == UInt8(ascii: "!")) {
                    current.append(byte)
                    continue
                }
                lastSeparator = byte
                words = []
                current = []
                wordStart = index + 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "}"), UInt8(ascii: ")"):
                if !current.isEmpty { words.append(current); current = [] }
                wordStart = index + 1
            default:
                if current.isEmpty { wordStart = index }
                current.append(byte)
            }
            if inComment { break }
        }
        if !inComment {
            atWordBoundary = current.isEmpty
            if !current.isEmpty { words.append(current) }
        }
        wordsAfterSeparator = words.map { String(decoding: $0, as: UTF8.self) }
        codeBeforeComment = String(decoding: bytes.prefix(commentAt ?? bytes.count), as: UTF8.self)
        if inString, let quote = bytes.lastIndex(of: UInt8(ascii: "\"")) { wordStart = quote - bytes.startIndex + 1 }
    }
}

extension String {
    func trimmingLeadingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" })
    }
}
