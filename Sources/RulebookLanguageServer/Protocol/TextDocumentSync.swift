import Rulebook

/// `textDocument/didOpen`.
struct DidOpenTextDocumentParams: Sendable, JSONDecodable {
    static let method = "textDocument/didOpen"
    var uri: String
    var languageID: String
    var version: Int
    var text: String

    init(json: JSONView) throws(InvalidParams) {
        let item = json["textDocument"]
        try item.requireObject()
        uri = try item["uri"].string()
        languageID = try item["languageId"].optionalString() ?? ""
        version = try item["version"].optionalInteger() ?? 0
        text = try item["text"].string()
    }
}

/// One entry of `contentChanges`: a whole new text, or a replaced range.
struct TextDocumentContentChange: Sendable, Hashable, JSONDecodable {
    /// The replaced range in the negotiated encoding; `nil` replaces the whole text.
    var range: LSPRange?
    /// The new text.
    var text: String

    init(range: LSPRange?, text: String) {
        self.range = range
        self.text = text
    }

    init(json: JSONView) throws(InvalidParams) {
        try json.requireObject()
        range = json["range"].isPresent ? try LSPRange(json: json["range"]) : nil
        text = try json["text"].string()
        // `rangeLength` is deprecated and ambiguous across encodings: ignored.
    }
}

/// `textDocument/didChange`.
struct DidChangeTextDocumentParams: Sendable, JSONDecodable {
    static let method = "textDocument/didChange"
    var uri: String
    var version: Int?
    var contentChanges: [TextDocumentContentChange]

    init(json: JSONView) throws(InvalidParams) {
        try json.requireObject()
        uri = try json["textDocument"]["uri"].string()
        version = try json["textDocument"]["version"].optionalInteger()
        contentChanges = try json["contentChanges"].array().map { change throws(InvalidParams) in
            try TextDocumentContentChange(json: change)
        }
    }
}

/// `textDocument/didClose`.
struct DidCloseTextDocumentParams: Sendable, JSONDecodable {
    static let method = "textDocument/didClose"
    var uri: String

    init(json: JSONView) throws(InvalidParams) {
        try json.requireObject()
        uri = try json["textDocument"]["uri"].string()
    }
}

/// `textDocument/didSave`.
struct DidSaveTextDocumentParams: Sendable, JSONDecodable {
    static let method = "textDocument/didSave"
    var uri: String
    /// Present only when the client was asked to include it.
    var text: String?

    init(json: JSONView) throws(InvalidParams) {
        try json.requireObject()
        uri = try json["textDocument"]["uri"].string()
        text = try json["text"].optionalString()
    }
}

/// `workspace/didChangeWatchedFiles`.
struct DidChangeWatchedFilesParams: Sendable, JSONDecodable {
    static let method = "workspace/didChangeWatchedFiles"

    /// What happened to a file.
    enum ChangeType: Int, Sendable { case created = 1, changed = 2, deleted = 3 }

    var changes: [(uri: String, type: ChangeType)]

    init(json: JSONView) throws(InvalidParams) {
        try json.requireObject()
        changes = try json["changes"].array().map { change throws(InvalidParams) in
            let raw = try change["type"].integer()
            guard let type = ChangeType(rawValue: raw) else { throw change["type"].failure("unknown file change type \(raw)") }
            return (try change["uri"].string(), type)
        }
    }
}

/// `workspace/didChangeWorkspaceFolders`.
struct DidChangeWorkspaceFoldersParams: Sendable, JSONDecodable {
    static let method = "workspace/didChangeWorkspaceFolders"
    var added: [String]
    var removed: [String]

    init(json: JSONView) throws(InvalidParams) {
        try json.requireObject()
        let event = json["event"]
        added = try event["added"].optionalArray().map { folder throws(InvalidParams) in try folder["uri"].string() }
        removed = try event["removed"].optionalArray().map { folder throws(InvalidParams) in try folder["uri"].string() }
    }
}

/// `$/cancelRequest`.
struct CancelParams: Sendable, JSONDecodable {
    static let method = "$/cancelRequest"
    var id: RequestID

    init(json: JSONView) throws(InvalidParams) {
        try json.requireObject()
        guard let value = json["id"].value, let id = RequestID(value) else { throw json["id"].failure("expected an integer or a string") }
        self.id = id
    }
}

/// `textDocument/publishDiagnostics` (server to client).
struct PublishDiagnosticsParams: Sendable, JSONEncodable {
    static let method = "textDocument/publishDiagnostics"
    var uri: String
    var version: Int?
    var diagnostics: [LSPDiagnostic]

    var json: Value {
        .object(["uri": .string(uri), "version": version.map(Value.integer), "diagnostics": .array(diagnostics)])
    }
}
