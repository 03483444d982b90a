import Rulebook

// The structures LSP messages are built from (LSP 3.17 "Basic JSON Structures").

/// An LSP `Position` is a ``LinePosition``: 0-based line and a column in the negotiated
/// encoding.
extension LinePosition: JSONDecodable, JSONEncodable {
    public init(json: JSONView) throws(InvalidParams) {
        try json.requireObject()
        // Negative numbers are clamped like any other out-of-range position.
        self.init(line: Swift.max(0, try json["line"].integer()), character: Swift.max(0, try json["character"].integer()))
    }

    public var json: Value { .object(["line": .integer(line), "character": .integer(character)]) }
}

/// An LSP `Range`: two positions, the end exclusive.
public struct LSPRange: Hashable, Sendable, JSONDecodable, JSONEncodable {
    public var start: LinePosition
    public var end: LinePosition

    public init(start: LinePosition, end: LinePosition) {
        self.start = start
        self.end = end
    }

    public init(json: JSONView) throws(InvalidParams) {
        try json.requireObject()
        start = try LinePosition(json: json["start"])
        end = try LinePosition(json: json["end"])
    }

    public var json: Value { .object(["start": start.json, "end": end.json]) }
}

/// A range inside a document named by URI.
public struct Location: Hashable, Sendable, JSONEncodable {
    public var uri: String
    public var range: LSPRange

    public init(uri: String, range: LSPRange) {
        self.uri = uri
        self.range = range
    }

    public var json: Value { .object(["uri": .string(uri), "range": range.json]) }
}

/// `{ uri }`.
public struct TextDocumentIdentifier: Hashable, Sendable, JSONDecodable {
    public var uri: String

    public init(json: JSONView) throws(InvalidParams) {
        try json.requireObject()
        uri = try json["uri"].string()
    }
}

/// `{ textDocument, position }`: the params of hover, definition, completion, …
public struct TextDocumentPositionParams: Hashable, Sendable, JSONDecodable {
    public var textDocument: TextDocumentIdentifier
    public var position: LinePosition

    public init(json: JSONView) throws(InvalidParams) {
        try json.requireObject()
        textDocument = try TextDocumentIdentifier(json: json["textDocument"])
        position = try LinePosition(json: json["position"])
    }
}

/// An LSP `TextEdit`.
public struct LSPTextEdit: Hashable, Sendable, JSONEncodable {
    public var range: LSPRange
    public var newText: String

    public init(range: LSPRange, newText: String) {
        self.range = range
        self.newText = newText
    }

    public var json: Value { .object(["range": range.json, "newText": .string(newText)]) }
}

/// An LSP `WorkspaceEdit` in its `changes` form (URI → edits).
public struct WorkspaceEdit: Hashable, Sendable, JSONEncodable {
    /// Edits per document URI; URIs are written in sorted order for stable output.
    public var changes: [String: [LSPTextEdit]]

    public init(changes: [String: [LSPTextEdit]]) { self.changes = changes }

    public var json: Value {
        var object = ValueObject()
        for uri in changes.keys.sorted() { object[uri] = .array(changes[uri] ?? []) }
        return .object(["changes": .object(object)])
    }
}

/// Markdown (or plain text) shown in hovers.
public struct MarkupContent: Hashable, Sendable, JSONEncodable {
    public enum Kind: String, Sendable { case plaintext, markdown }
    public var kind: Kind
    public var value: String

    public init(kind: Kind, value: String) {
        self.kind = kind
        self.value = value
    }

    public var json: Value { .object(["kind": .string(kind.rawValue), "value": .string(value)]) }
}
