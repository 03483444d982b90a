import Rulebook
import RulebookTooling

// The structures LSP messages are built from (LSP 3.17 "Basic JSON Structures").

/// An LSP `Position` is a ``LinePosition``: 0-based line and a column in the negotiated
/// encoding.
extension LinePosition: JSONDecodable, JSONEncodable {
    init(json: JSONView) throws(InvalidParams) {
        try json.requireObject()
        // Negative numbers are clamped like any other out-of-range position.
        self.init(line: Swift.max(0, try json["line"].integer()), character: Swift.max(0, try json["character"].integer()))
    }

    var json: Value { .object(["line": .integer(line), "character": .integer(character)]) }
}

/// An LSP `Range`: two positions, the end exclusive.
struct LSPRange: Hashable, Sendable, JSONDecodable, JSONEncodable {
    var start: LinePosition
    var end: LinePosition

    init(start: LinePosition, end: LinePosition) {
        self.start = start
        self.end = end
    }

    init(json: JSONView) throws(InvalidParams) {
        try json.requireObject()
        start = try LinePosition(json: json["start"])
        end = try LinePosition(json: json["end"])
    }

    var json: Value { .object(["start": start.json, "end": end.json]) }
}

/// A range inside a document named by URI.
struct Location: Hashable, Sendable, JSONEncodable {
    var uri: String
    var range: LSPRange

    init(uri: String, range: LSPRange) {
        self.uri = uri
        self.range = range
    }

    var json: Value { .object(["uri": .string(uri), "range": range.json]) }
}

/// `{ uri }`.
struct TextDocumentIdentifier: Hashable, Sendable, JSONDecodable {
    var uri: String

    init(json: JSONView) throws(InvalidParams) {
        try json.requireObject()
        uri = try json["uri"].string()
    }
}

/// `{ textDocument, position }`: the params of hover, definition, completion, …
struct TextDocumentPositionParams: Hashable, Sendable, JSONDecodable {
    var textDocument: TextDocumentIdentifier
    var position: LinePosition

    init(json: JSONView) throws(InvalidParams) {
        try json.requireObject()
        textDocument = try TextDocumentIdentifier(json: json["textDocument"])
        position = try LinePosition(json: json["position"])
    }
}

/// An LSP `TextEdit`.
struct LSPTextEdit: Hashable, Sendable, JSONEncodable {
    var range: LSPRange
    var newText: String

    init(range: LSPRange, newText: String) {
        self.range = range
        self.newText = newText
    }

    var json: Value { .object(["range": range.json, "newText": .string(newText)]) }
}

/// An LSP `WorkspaceEdit` in its `changes` form (URI → edits).
struct WorkspaceEdit: Hashable, Sendable, JSONEncodable {
    /// Edits per document URI; URIs are written in sorted order for stable output.
    var changes: [String: [LSPTextEdit]]

    init(changes: [String: [LSPTextEdit]]) { self.changes = changes }

    var json: Value {
        var object = ValueObject()
        for uri in changes.keys.sorted() { object[uri] = .array(changes[uri] ?? []) }
        return .object(["changes": .object(object)])
    }
}

/// Markdown (or plain text) shown in hovers.
struct MarkupContent: Hashable, Sendable, JSONEncodable {
    enum Kind: String, Sendable { case plaintext, markdown }
    var kind: Kind
    var value: String

    init(kind: Kind, value: String) {
        self.kind = kind
        self.value = value
    }

    var json: Value { .object(["kind": .string(kind.rawValue), "value": .string(value)]) }
}
