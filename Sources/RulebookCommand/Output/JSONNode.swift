import Rulebook

/// A small JSON document model for the command's reports (diagnostics, SARIF, test
/// results): members keep their order, so output is stable and diffable.
///
/// Record values go through the library's JSON writer instead; this type only
/// serialises what the command itself builds.
indirect enum JSONNode: Sendable, Equatable {
    case object([Member])
    case array([JSONNode])
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null
    /// Already-serialised JSON, inserted as is (e.g. a record value from the library's writer).
    case raw(String)

    /// One object member.
    struct Member: Sendable, Equatable {
        let key: String
        let value: JSONNode
    }

    /// An object from key–value pairs, in order; `nil` values are left out.
    static func object(_ pairs: KeyValuePairs<String, JSONNode?>) -> JSONNode {
        .object(pairs.compactMap { pair in pair.value.map { Member(key: pair.key, value: $0) } })
    }

    /// The serialised text: compact on one line, or indented by two spaces.
    func serialized(pretty: Bool = false) -> String {
        var text = ""
        write(to: &text, pretty: pretty, depth: 0)
        return text
    }

    /// In pretty output, containers whose one-line form is at most this long stay on
    /// one line (`{"line": 1, "character": 21}`), which keeps positions readable.
    static let inlineWidth = 64

    private func write(to text: inout String, pretty: Bool, depth: Int) {
        if pretty, isContainer, let inline = inlineForm() {
            text += inline
            return
        }
        switch self {
        case .object(let members):
            guard !members.isEmpty else { text += "{}"; return }
            text += "{"
            for (position, member) in members.enumerated() {
                if position > 0 { text += "," }
                if pretty { text += "\n" + String(repeating: "  ", count: depth + 1) }
                JSONNode.appendQuoted(member.key, to: &text)
                text += pretty ? ": " : ":"
                member.value.write(to: &text, pretty: pretty, depth: depth + 1)
            }
            if pretty { text += "\n" + String(repeating: "  ", count: depth) }
            text += "}"
        case .array(let elements):
            guard !elements.isEmpty else { text += "[]"; return }
            text += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { text += "," }
                if pretty { text += "\n" + String(repeating: "  ", count: depth + 1) }
                element.write(to: &text, pretty: pretty, depth: depth + 1)
            }
            if pretty { text += "\n" + String(repeating: "  ", count: depth) }
            text += "]"
        default:
            writeScalar(to: &text)
        }
    }

    private var isContainer: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }

    /// The one-line form (`{"line": 1, "character": 21}`) when it is at most
    /// ``inlineWidth`` characters long, else `nil`.
    ///
    /// Performance: pretty printing asks this of every container, the whole report
    /// included. Writing each one out in full only to measure it re-serialised every
    /// diagnostic once per enclosing level, so the attempt stops as soon as the text is
    /// known to be too long (see ``writeInline(to:)``).
    func inlineForm() -> String? {
        var inline = ""
        guard writeInline(to: &inline), inline.count <= Self.inlineWidth else { return nil }
        return inline
    }

    /// Appends the one-line form with `, ` and `: ` separators; returns `false`, with
    /// `text` cut short, once `text` is longer than ``inlineWidth`` characters.
    ///
    /// Checked after each member or element: a string's character count never drops
    /// when text is appended (grapheme breaks depend only on what precedes them), so a
    /// prefix that is too long means the whole is. The byte count bounds the character
    /// count from above, so the exact count is only taken past ``inlineWidth`` bytes.
    private func writeInline(to text: inout String) -> Bool {
        func fits() -> Bool { text.utf8.count <= Self.inlineWidth || text.count <= Self.inlineWidth }
        switch self {
        case .object(let members):
            guard !members.isEmpty else { text += "{}"; return true }
            text += "{"
            for (position, member) in members.enumerated() {
                if position > 0 { text += ", " }
                JSONNode.appendQuoted(member.key, to: &text)
                text += ": "
                guard member.value.writeInline(to: &text), fits() else { return false }
            }
            text += "}"
        case .array(let elements):
            guard !elements.isEmpty else { text += "[]"; return true }
            text += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { text += ", " }
                guard element.writeInline(to: &text), fits() else { return false }
            }
            text += "]"
        default:
            writeScalar(to: &text)
        }
        return true
    }

    /// Appends a value that is not a container.
    private func writeScalar(to text: inout String) {
        switch self {
        case .object, .array: break
        case .string(let string): JSONNode.appendQuoted(string, to: &text)
        case .integer(let value): text += String(value)
        case .number(let value): text += JSONNode.format(value)
        case .bool(let value): text += value ? "true" : "false"
        case .null: text += "null"
        case .raw(let json): text += json
        }
    }

    /// Non-finite numbers have no JSON spelling: they become `null`. Integral values
    /// print without a fraction.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// Appends `string` as a JSON string literal, escaped by the library's writer (RFC 8259;
    /// `/` left alone), so record values and the command's reports escape alike.
    ///
    /// - Complexity: O(length of `string`), amortised: `text` grows in place. (Appending
    ///   through `text.unicodeScalars.append(contentsOf:)` would copy all of `text` per
    ///   call and make `check --format json`/`sarif` quadratic.)
    static func appendQuoted(_ string: String, to text: inout String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count + 2)
        JSONWriter.appendJSONString(string, into: &bytes)
        text += String(decoding: bytes, as: UTF8.self)
    }

    /// `string` as a JSON string literal.
    static func quoted(_ string: String) -> String {
        var text = ""
        appendQuoted(string, to: &text)
        return text
    }
}
