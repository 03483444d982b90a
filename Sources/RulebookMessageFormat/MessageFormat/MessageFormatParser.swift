/// A recursive-descent parser for the ICU MessageFormat subset, over UTF-8 bytes.
///
/// It stops at the first error (a message is short; one precise error is what a
/// translator needs). Nesting is limited to ``maximumDepth`` so hostile catalogues
/// cannot exhaust the stack; every loop advances, so parsing is linear.
struct MessageFormatParser {
    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0

    /// Deeper nesting of plural/select arguments is an error.
    static let maximumDepth = 16

    init(_ source: String) { bytes = Array(source.utf8) }

    mutating func parseMessage() -> Result<[MessageNode], MessageFormatError> {
        do {
            let nodes = try parseParts(inPlural: false, nested: false)
            return .success(nodes)
        } catch let error as MessageFormatError {
            return .failure(error)
        } catch {
            return .failure(MessageFormatError(message: "invalid message", range: 0..<bytes.count))
        }
    }

    // MARK: Text and parts

    /// Parts up to the end (top level) or up to, not including, the `}` closing a case.
    private mutating func parseParts(inPlural: Bool, nested: Bool) throws -> [MessageNode] {
        var nodes: [MessageNode] = []
        var text: [UInt8] = []
        func flush() {
            if !text.isEmpty { nodes.append(.text(String(decoding: text, as: UTF8.self))) }
            text.removeAll(keepingCapacity: true)
        }
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "'"):
                try readApostrophe(into: &text, inPlural: inPlural)
            case UInt8(ascii: "{"):
                flush()
                nodes.append(try parseArgument())
            case UInt8(ascii: "}"):
                if nested {
                    flush()
                    return nodes
                }
                throw error("unmatched '}' (write '}' between apostrophes for a literal brace)", position..<position + 1)
            case UInt8(ascii: "#") where inPlural:
                flush()
                nodes.append(.pound)
                position += 1
            default:
                // Performance: a run of plain bytes is appended at once, not byte by byte
                // (every catalogue's messages are parsed at each `rulebook check`).
                let start = position
                position += 1
                while position < bytes.count, !Self.isSyntax(bytes[position], inPlural: inPlural) { position += 1 }
                text.append(contentsOf: bytes[start..<position])
            }
        }
        flush()
        return nodes
    }

    /// Whether `byte` is one `parseParts` treats specially: `'`, `{`, `}`, and `#` in a
    /// plural case.
    @inline(__always)
    private static func isSyntax(_ byte: UInt8, inPlural: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "'"), UInt8(ascii: "{"), UInt8(ascii: "}"): true
        case UInt8(ascii: "#"): inPlural
        default: false
        }
    }

    /// `''` → `'`; `'{…}'` (and `'#'` in a plural case) → literal; any other `'` is itself.
    private mutating func readApostrophe(into text: inout [UInt8], inPlural: Bool) throws {
        let start = position
        let next = position + 1 < bytes.count ? bytes[position + 1] : nil
        if next == UInt8(ascii: "'") {
            text.append(UInt8(ascii: "'"))
            position += 2
            return
        }
        guard let next, next == UInt8(ascii: "{") || next == UInt8(ascii: "}") || (inPlural && next == UInt8(ascii: "#")) else {
            text.append(UInt8(ascii: "'"))
            position += 1
            return
        }
        position += 1
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "'") {
                if position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "'") {
                    text.append(UInt8(ascii: "'"))
                    position += 2
                    continue
                }
                position += 1
                return
            }
            text.append(bytes[position])
            position += 1
        }
        throw error(
            "unterminated quoted text: an apostrophe before '{', '}' or '#' starts a quotation that runs to the next apostrophe (write '' for a literal apostrophe, or use ’)",
            start..<bytes.count)
    }

    // MARK: Arguments

    private mutating func parseArgument() throws -> MessageNode {
        let open = position
        position += 1  // "{"
        skipWhitespace()
        let name = try readArgumentName(open: open)
        skipWhitespace()
        guard position < bytes.count else { throw unclosed(open) }
        if bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .argument(name, .plain, placeholder: open..<position)
        }
        guard bytes[position] == UInt8(ascii: ",") else {
            throw error("expected ',' or '}' after the argument name '\(name.name)'", position..<position + 1)
        }
        position += 1
        skipWhitespace()
        let typeStart = position
        let type = readWord()
        let typeRange = typeStart..<position
        skipWhitespace()
        switch type {
        case "number":
            if try closeSimpleArgument(open) { return .argument(name, .number, placeholder: open..<position) }
            let styleStart = position
            let style = readWord()
            throw error(
                style.isEmpty ? "expected '}' after 'number'" : "unsupported number style '\(style)' (write {\(name.name), number})",
                styleStart..<Swift.max(position, styleStart + 1))
        case "date":
            if try closeSimpleArgument(open) { return .argument(name, .date(.medium), placeholder: open..<position) }
            let styleStart = position
            let word = readWord()
            guard let style = DateStyle(rawValue: word) else {
                throw error("unsupported date style '\(word)': use short, medium or long", styleStart..<Swift.max(position, styleStart + 1))
            }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "}") else { throw unclosed(open) }
            position += 1
            return .argument(name, .date(style), placeholder: open..<position)
        case "plural", "select":
            guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else {
                throw error("expected ',' and the cases after '\(type)'", position..<Swift.min(position + 1, bytes.count))
            }
            position += 1
            depth += 1
            defer { depth -= 1 }
            guard depth <= MessageFormatParser.maximumDepth else {
                throw error("plural and select arguments nest deeper than \(MessageFormatParser.maximumDepth) levels", open..<position)
            }
            return type == "plural" ? .plural(try parsePlural(name, open: open)) : .select(try parseSelect(name, open: open))
        case "":
            throw error(
                "expected an argument type (number, date, plural or select) after ','", position..<Swift.min(position + 1, bytes.count))
        default:
            throw error("unsupported argument type '\(type)': use number, date, plural or select", typeRange)
        }
    }

    /// After `{x, number`: consumes `}` and returns true, or returns false before `,`.
    private mutating func closeSimpleArgument(_ open: Int) throws -> Bool {
        guard position < bytes.count else { throw unclosed(open) }
        if bytes[position] == UInt8(ascii: "}") {
            position += 1
            return true
        }
        guard bytes[position] == UInt8(ascii: ",") else { throw error("expected ',' or '}'", position..<position + 1) }
        position += 1
        skipWhitespace()
        return false
    }

    private mutating func readArgumentName(open: Int) throws -> ArgumentReference {
        let start = position
        while position < bytes.count, MessageFormatParser.isNameByte(bytes[position]) { position += 1 }
        guard position > start else {
            if position >= bytes.count { throw unclosed(open) }
            throw error(
                "expected an argument name after '{' (write '{' between apostrophes for a literal brace)",
                position..<position + 1)
        }
        return ArgumentReference(name: String(decoding: bytes[start..<position], as: UTF8.self), range: start..<position)
    }

    // MARK: Plural and select

    private mutating func parsePlural(_ argument: ArgumentReference, open: Int) throws -> PluralNode {
        var offset = 0.0
        var exact: [PluralNode.ExactCase] = []
        var categories: [PluralNode.CategoryCase] = []
        var other: (message: [MessageNode], range: Range<Int>)?
        var first = true
        while true {
            skipWhitespace()
            guard position < bytes.count else { throw unclosed(open) }
            if bytes[position] == UInt8(ascii: "}") { break }
            let start = position
            if bytes[position] == UInt8(ascii: "=") {
                position += 1
                let number = readNumber()
                guard let value = Double(number) else {
                    throw error("expected a number after '=' (e.g. =0)", start..<Swift.max(position, start + 1))
                }
                let range = start..<position
                if exact.contains(where: { $0.value == value }) { throw error("duplicate case '=\(number)'", range) }
                exact.append(.init(value: value, message: try parseCase(inPlural: true), range: range))
            } else {
                let word = readWord()
                let range = start..<Swift.max(position, start + 1)
                if word == "offset" && position < bytes.count && bytes[position] == UInt8(ascii: ":") {
                    guard first else { throw error("'offset:' must come before the first case", range) }
                    position += 1
                    skipWhitespace()
                    let numberStart = position
                    guard let value = Double(readNumber()) else {
                        throw error("expected a number after 'offset:'", numberStart..<Swift.max(position, numberStart + 1))
                    }
                    offset = value
                    first = false
                    continue
                }
                guard let category = PluralCategory(rawValue: word) else {
                    throw error(
                        word.isEmpty
                            ? "expected a plural case (=N, zero, one, two, few, many or other)"
                            : "unknown plural category '\(word)': use zero, one, two, few, many, other or =N", range)
                }
                if category == .other {
                    if other != nil { throw error("duplicate case 'other'", range) }
                    other = (try parseCase(inPlural: true), range)
                } else {
                    if categories.contains(where: { $0.category == category }) { throw error("duplicate case '\(word)'", range) }
                    categories.append(.init(category: category, message: try parseCase(inPlural: true), range: range))
                }
            }
            first = false
        }
        position += 1  // "}"
        guard let other else { throw error("a plural needs an 'other' case", open..<position) }
        return PluralNode(
            argument: argument, offset: offset, exact: exact, categories: categories, other: other.message,
            otherRange: other.range, range: open..<position)
    }

    private mutating func parseSelect(_ argument: ArgumentReference, open: Int) throws -> SelectNode {
        var cases: [(key: String, message: [MessageNode])] = []
        var other: [MessageNode]?
        while true {
            skipWhitespace()
            guard position < bytes.count else { throw unclosed(open) }
            if bytes[position] == UInt8(ascii: "}") { break }
            let start = position
            while position < bytes.count, MessageFormatParser.isNameByte(bytes[position]) || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            let key = String(decoding: bytes[start..<position], as: UTF8.self)
            let range = start..<Swift.max(position, start + 1)
            guard !key.isEmpty else { throw error("expected a select case keyword", range) }
            if key == "other" {
                if other != nil { throw error("duplicate case 'other'", range) }
                other = try parseCase(inPlural: false)
            } else {
                if cases.contains(where: { $0.key == key }) { throw error("duplicate case '\(key)'", range) }
                cases.append((key, try parseCase(inPlural: false)))
            }
        }
        position += 1
        guard let other else { throw error("a select needs an 'other' case", open..<position) }
        return SelectNode(argument: argument, cases: cases, other: other, range: open..<position)
    }

    /// `{ … }` after a case keyword.
    private mutating func parseCase(inPlural: Bool) throws -> [MessageNode] {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "{") else {
            throw error("expected '{' to open the case's message", position..<Swift.min(position + 1, bytes.count))
        }
        let open = position
        position += 1
        let nodes = try parseParts(inPlural: inPlural, nested: true)
        guard position < bytes.count else { throw unclosed(open) }
        position += 1  // "}"
        return nodes
    }

    // MARK: Lexical helpers

    private mutating func skipWhitespace() {
        while position < bytes.count,
            bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t")
                || bytes[position] == UInt8(ascii: "\n") || bytes[position] == UInt8(ascii: "\r")
        {
            position += 1
        }
    }

    private mutating func readWord() -> String {
        let start = position
        while position < bytes.count, MessageFormatParser.isNameByte(bytes[position]) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func readNumber() -> String {
        let start = position
        while position < bytes.count,
            LocaleFormat.isDigit(bytes[position]) || bytes[position] == UInt8(ascii: ".") || bytes[position] == UInt8(ascii: "-")
        {
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// Argument names and keywords: ASCII letters, digits and `_`.
    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || LocaleFormat.isDigit(byte) || byte == UInt8(ascii: "_")
    }

    private func error(_ message: String, _ range: Range<Int>) -> MessageFormatError {
        let lower = Swift.min(range.lowerBound, bytes.count)
        return MessageFormatError(message: message, range: lower..<Swift.max(lower, Swift.min(range.upperBound, bytes.count)))
    }

    private func unclosed(_ open: Int) -> MessageFormatError {
        error("'{' is not closed (write '{' between apostrophes for a literal brace)", open..<open + 1)
    }
}
