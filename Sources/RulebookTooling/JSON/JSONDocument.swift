import Rulebook

/// A JSON document parsed with the source range of every value and every object key,
/// for the catalogue checker and its edits: their diagnostics and fixes point at exact
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

    /// The located tree of `node`. Recursion is bounded by the parse's
    /// ``JSONLimits/maxDepth``, as for ``Value``.
    private static func tree(_ view: JSONTape.View, _ node: JSONTape.Node? = nil) -> Node {
        guard let node = node ?? view.root else { return Node(range: .empty(at: 0), content: .null) }
        let content: Content
        switch view.kind(of: node) {
        case .null: content = .null
        case .bool: content = .bool(view.bool(of: node) ?? false)
        case .number: content = view.number(of: node).map(Content.number) ?? .null
        case .string: content = .string(view.string(of: node) ?? "")
        case .array: content = .array(view.elements(of: node).map { tree(view, $0) })
        case .object:
            content = .object(
                view.members(of: node).map { member in
                    Member(key: view.string(of: member.key) ?? "", keyRange: view.range(of: member.key), value: tree(view, member.value))
                })
        }
        return Node(range: view.range(of: node), content: content)
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

extension JSONDocument {
    /// The source offset of the decoded UTF-8 offset `decodedOffset` inside the string
    /// literal at `range` (a string node's ``Node/range`` or a member's
    /// ``Member/keyRange``); see ``JSONStringMapping``.
    package func sourceOffset(forDecodedOffset decodedOffset: Int, inStringAt range: SourceRange) -> Int {
        JSONStringMapping.sourceOffset(forDecodedOffset: decodedOffset, inStringAt: range, in: source)
    }

    /// The source range covering the decoded UTF-8 range `decoded` inside the string
    /// literal at `range`; see ``JSONStringMapping``.
    package func sourceRange(forDecoded decoded: Range<Int>, inStringAt range: SourceRange) -> SourceRange {
        JSONStringMapping.sourceRange(forDecoded: decoded, inStringAt: range, in: source)
    }
}
