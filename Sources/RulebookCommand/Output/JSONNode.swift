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
        if pretty, isContainer {
            var inline = ""
            write(to: &inline, pretty: false, depth: 0, spaced: true)
            if inline.count <= Self.inlineWidth {
                text += inline
                return
            }
        }
        write(to: &text, pretty: pretty, depth: depth, spaced: false)
    }

    private var isContainer: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }

    private func write(to text: inout String, pretty: Bool, depth: Int, spaced: Bool) {
        switch self {
        case .object(let members):
            guard !members.isEmpty else { text += "{}"; return }
            text += "{"
            for (position, member) in members.enumerated() {
                if position > 0 { text += spaced ? ", " : "," }
                if pretty { text += "\n" + String(repeating: "  ", count: depth + 1) }
                JSONNode.appendQuoted(member.key, to: &text)
                text += pretty || spaced ? ": " : ":"
                if spaced {
                    member.value.write(to: &text, pretty: false, depth: 0, spaced: true)
                } else {
                    member.value.write(to: &text, pretty: pretty, depth: depth + 1)
                }
            }
            if pretty { text += "\n" + String(repeating: "  ", count: depth) }
            text += "}"
        case .array(let elements):
            guard !elements.isEmpty else { text += "[]"; return }
            text += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { text += spaced ? ", " : "," }
                if pretty { text += "\n" + String(repeating: "  ", count: depth + 1) }
                if spaced {
                    element.write(to: &text, pretty: false, depth: 0, spaced: true)
                } else {
                    element.write(to: &text, pretty: pretty, depth: depth + 1)
                }
            }
            if pretty { text += "\n" + String(repeating: "  ", count: depth) }
            text += "]"
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

    /// Appends `string` as a JSON string literal (RFC 8259 escaping; `/` left alone).
    static func appendQuoted(_ string: String, to text: inout String) {
        text += "\""
        var pending = string.unicodeScalars.startIndex
        let scalars = string.unicodeScalars
        var index = pending
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let escape: String?
            switch scalar {
            case "\"": escape = "\\\""
            case "\\": escape = "\\\\"
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escape = nil
            }
            if let escape {
                text.unicodeScalars.append(contentsOf: scalars[pending..<index])
                text += escape
                pending = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        text.unicodeScalars.append(contentsOf: scalars[pending..<scalars.endIndex])
        text += "\""
    }

    /// `string` as a JSON string literal.
    static func quoted(_ string: String) -> String {
        var text = ""
        appendQuoted(string, to: &text)
        return text
    }
}
