import Rulebook

/// `textDocument/didOpen`.
public struct DidOpenTextDocumentParams: Sendable, JSONDecodable {
    public static let method = "textDocument/didOpen"
    public var uri: String
    public var languageID: String
    public var version: Int
    public var text: String

    public init(json: JSONView) throws(InvalidParams) {
        let item = json["textDocument"]
        try item.requireObject()
        uri = try item["uri"].string()
        languageID = try item["languageId"].optionalString() ?? ""
        version = try item["version"].optionalInteger() ?? 0
        text = try item["text"].string()
    }
}

/// One entry of `contentChanges`: a whole new text, or a replaced range.
public struct TextDocumentContentChange: Sendable, Hashable, JSONDecodable {
    /// The replaced range in the negotiated encoding; `nil` replaces the whole text.
    public var range: LSPRange?
    /// The new text.
    public var text: String

    public init(range: LSPRange?, text: String) {
        self.range = range
        self.text = text
    }

    public init(json: JSONView) throws(InvalidParams) {
        try json.requireObject()
        range = json["range"].isPresent ? try LSPRange(json: json["range"]) : nil
        text = try json["text"].string()
        // `rangeLength` is deprecated and ambiguous across encodings: ignored.
    }
}

/// `textDocument/didChange`.
public struct DidChangeTextDocumentParams: Sendable, JSONDecodable {
    public static let method = "textDocument/didChange"
    public var uri: String
    public var version: Int?
    public var contentChanges: [TextDocumentContentChange]

    public init(json: JSONView) throws(InvalidParams) {
        try json.requireObject()
        uri = try json["textDocument"]["uri"].string()
        version = try json["textDocument"]["version"].optionalInteger()
        contentChanges = try json["contentChanges"].array().map { change throws(InvalidParams) in
            try TextDocumentContentChange(json: change)
        }
    }
}

/// `textDocument/didClose`.
public struct DidCloseTextDocumentParams: Sendable, JSONDecodable {
    public static let method = "textDocument/didClose"
    public var uri: String

    public init(json: JSONView) throws(InvalidParams) {
        try json.requireObject()
        uri = try json["textDocument"]["uri"].string()
    }
}

/// `textDocument/didSave`.
public struct DidSaveTextDocumentParams: Sendable, JSONDecodable {
    public static let method = "textDocument/didSave"
    public var uri: String
    /// Present only when the client was asked to include it.
    public var text: String?

    public init(json: JSONView) throws(InvalidParams) {
        try json.requireObject()
        uri = try json["textDocument"]["uri"].string()
        text = try json["text"].optionalString()
    }
}

/// `workspace/didChangeWatchedFiles`.
public struct DidChangeWatchedFilesParams: Sendable, JSONDecodable {
    public static let method = "workspace/didChangeWatchedFiles"

    /// What happened to a file.
    public enum ChangeType: Int, Sendable { case created = 1, changed = 2, deleted = 3 }

    public var changes: [(uri: String, type: ChangeType)]

    public init(json: JSONView) throws(InvalidParams) {
        try json.requireObject()
        changes = try json["changes"].array().map { change throws(InvalidParams) in
            let raw = try change["type"].integer()
            guard let type = ChangeType(rawValue: raw) else { throw change["type"].failure("unknown file change type \(raw)") }
            return (try change["uri"].string(), type)
        }
    }
}

/// `workspace/didChangeWorkspaceFolders`.
public struct DidChangeWorkspaceFoldersParams: Sendable, JSONDecodable {
    public static let method = "workspace/didChangeWorkspaceFolders"
    public var added: [String]
    public var removed: [String]

    public init(json: JSONView) throws(InvalidParams) {
        try json.requireObject()
        let event = json["event"]
        added = try event["added"].optionalArray().map { folder throws(InvalidParams) in try folder["uri"].string() }
        removed = try event["removed"].optionalArray().map { folder throws(InvalidParams) in try folder["uri"].string() }
    }
}

/// `$/cancelRequest`.
public struct CancelParams: Sendable, JSONDecodable {
    public static let method = "$/cancelRequest"
    public var id: RequestID

    public init(json: JSONView) throws(InvalidParams) {
        try json.requireObject()
        guard let value = json["id"].value, let id = RequestID(value) else { throw json["id"].failure("expected an integer or a string") }
        self.id = id
    }
}

/// `textDocument/publishDiagnostics` (server to client).
public struct PublishDiagnosticsParams: Sendable, JSONEncodable {
    public static let method = "textDocument/publishDiagnostics"
    public var uri: String
    public var version: Int?
    public var diagnostics: [LSPDiagnostic]

    public var json: Value {
        .object(["uri": .string(uri), "version": version.map(Value.integer), "diagnostics": .array(diagnostics)])
    }
}
