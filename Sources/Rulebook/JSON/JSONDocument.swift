/// A JSON document parsed with the source range of every value and every object key,
/// for the catalogue checker and the language server: their diagnostics point at exact
/// keys and message strings.
///
/// Unlike ``Value``, a document keeps every object member as written, duplicates
/// included (a checker may want to report them); ``Node/value`` applies "last wins".
///
/// ```swift
/// let document = try JSONDocument(parsing: catalogueText)
/// for member in document.root.members { … member.keyRange … member.value.range … }
/// ```
package struct JSONDocument: Sendable {
    /// The UTF-8 bytes the document was parsed from; ranges are offsets into them.
    package let source: [UInt8]
    /// The top-level value.
    package let root: Node

    /// A value with its source range.
    package struct Node: Sendable, Hashable {
        /// The bytes of the value (strings with their quotes, containers with brackets).
        package var range: SourceRange
        /// What the value is.
        package var content: Content

        /// Creates a node.
        package init(range: SourceRange, content: Content) {
            self.range = range
            self.content = content
        }
    }

    /// The content of a ``Node``.
    package enum Content: Sendable, Hashable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A number, with its exact reading.
        case number(JSONNumber)
        /// The decoded text (escapes resolved).
        case string(String)
        /// The elements in order.
        case array([Node])
        /// Members as written, duplicates included.
        case object([Member])
    }

    /// An object member with the range of its key.
    package struct Member: Sendable, Hashable {
        /// The decoded key.
        package var key: String
        /// The key's range, quotes included.
        package var keyRange: SourceRange
        /// The member's value.
        package var value: Node

        /// Creates a member.
        package init(key: String, keyRange: SourceRange, value: Node) {
            self.key = key
            self.keyRange = keyRange
            self.value = value
        }
    }

    /// Parses UTF-8 `bytes`.
    package init(parsing bytes: [UInt8], limits: JSONLimits = .default) throws(JSONError) {
        var tape = JSONTape(limits: limits)
        try tape.parse(bytes)
        source = bytes
        root = tape.withView(over: bytes) { view in Self.tree(view) }
    }

    /// Parses `text`.
    package init(parsing text: String, limits: JSONLimits = .default) throws(JSONError) {
        try self.init(parsing: Array(text.utf8), limits: limits)
    }

    /// Builds the located tree from a tape, walking its entries in order with an
    /// explicit stack.
    private static func tree(_ view: JSONTape.View) -> Node {
        guard let root = view.root else { return Node(range: .empty(at: 0), content: .null) }
        var open: [(node: JSONTape.Node, elements: [Node], members: [Member], key: (String, SourceRange)?)] = []
        var index = root.index
        let end = view.next(after: root).index
        while index < end {
            let entry = JSONTape.Node(index)
            index += 1
            let completed: Node
            switch view.rawKind(entry) {
            case JSONTape.RawKind.array, JSONTape.RawKind.object:
                open.append((entry, [], [], nil))
                continue
            case JSONTape.RawKind.arrayEnd, JSONTape.RawKind.objectEnd:
                let frame = open.removeLast()
                let isObject = view.rawKind(frame.node) == JSONTape.RawKind.object
                completed = Node(
                    range: view.range(of: frame.node),
                    content: isObject ? .object(frame.members) : .array(frame.elements))
            default:
                if let top = open.last, view.rawKind(top.node) == JSONTape.RawKind.object, top.key == nil {
                    open[open.count - 1].key = (view.string(of: entry) ?? "", view.range(of: entry))
                    continue
                }
                completed = Node(range: view.range(of: entry), content: scalarContent(view, entry))
            }
            guard !open.isEmpty else { return completed }
            if let (key, keyRange) = open[open.count - 1].key {
                open[open.count - 1].members.append(Member(key: key, keyRange: keyRange, value: completed))
                open[open.count - 1].key = nil
            } else {
                open[open.count - 1].elements.append(completed)
            }
        }
        return Node(range: .empty(at: 0), content: .null)  // unreachable for a parsed tape
    }

    private static func scalarContent(_ view: JSONTape.View, _ node: JSONTape.Node) -> Content {
        switch view.kind(of: node) {
        case .bool: .bool(view.bool(of: node) ?? false)
        case .number: view.number(of: node).map(Content.number) ?? .null
        case .string: .string(view.string(of: node) ?? "")
        default: .null
        }
    }
}

extension JSONDocument.Node {
    /// The value as a ``Value`` (duplicate keys: last wins).
    package var value: Value {
        switch content {
        case .null: .null
        case .bool(let value): .bool(value)
        case .number(let number): number.value
        case .string(let text): .string(text)
        case .array(let elements): .array(elements.map(\.value))
        case .object(let members): .object(ValueObject(members.map { ($0.key, $0.value.value) }))
        }
    }

    /// The members of an object as written; empty for other values.
    package var members: [JSONDocument.Member] {
        if case .object(let members) = content { return members }
        return []
    }

    /// The elements of an array; empty for other values.
    package var elements: [JSONDocument.Node] {
        if case .array(let elements) = content { return elements }
        return []
    }

    /// The decoded text of a string; `nil` for other values.
    package var string: String? {
        if case .string(let text) = content { return text }
        return nil
    }

    /// The last member named `key` of an object (last wins, as in ``Value``).
    package subscript(key: String) -> JSONDocument.Member? {
        members.last { $0.key == key }
    }
}
