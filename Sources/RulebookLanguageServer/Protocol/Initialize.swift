import Rulebook
import RulebookTooling

/// `initialize` params: the workspace and what the client can do.
struct InitializeParams: Sendable, JSONDecodable {
    /// The method name.
    static let method = "initialize"

    /// `rootUri` (or the deprecated `rootPath` turned into a URI).
    var rootURI: String?
    /// `workspaceFolders` URIs.
    var workspaceFolders: [String]
    /// What the client declared.
    var capabilities: ClientCapabilities
    /// `initializationOptions.locale`, or the client's UI `locale`: the locale hovers
    /// render messages in (the base catalogue when absent).
    var locale: String?

    init(json: JSONView) throws(InvalidParams) {
        try json.requireObject(allowAbsent: true)
        if let uri = try json["rootUri"].optionalString() {
            rootURI = uri
        } else if let path = try json["rootPath"].optionalString() {
            rootURI = DocumentURI.fileURI(forPath: path)
        }
        workspaceFolders = try json["workspaceFolders"].optionalArray().map { folder throws(InvalidParams) in
            try folder["uri"].string()
        }
        capabilities = ClientCapabilities(json["capabilities"])
        locale = (try? json["initializationOptions"]["locale"].optionalString()) ?? (try? json["locale"].optionalString()) ?? nil
    }

    /// The workspace roots: the folders, else the root URI.
    var roots: [String] {
        if !workspaceFolders.isEmpty { return workspaceFolders }
        return rootURI.map { [$0] } ?? []
    }
}

/// The client capabilities the server reads. Parsing is tolerant: an odd value in a
/// capability never fails `initialize`, it just counts as "not supported".
struct ClientCapabilities: Sendable, Hashable {
    /// `general.positionEncodings`, in the client's order of preference.
    var positionEncodings: [String]
    /// `textDocument.diagnostic` is declared: the client pulls diagnostics.
    var pullDiagnostics: Bool
    /// `textDocument.publishDiagnostics.relatedInformation`.
    var relatedInformation: Bool
    /// `textDocument.completion.completionItem.snippetSupport`.
    var snippets: Bool
    /// `textDocument.hover.contentFormat` includes markdown (or is absent).
    var markdownHover: Bool
    /// `textDocument.documentSymbol.hierarchicalDocumentSymbolSupport`.
    var hierarchicalSymbols: Bool
    /// `textDocument.codeAction.codeActionLiteralSupport`.
    var codeActionLiterals: Bool
    /// `textDocument.rename.prepareSupport`.
    var prepareRename: Bool
    /// `workspace.didChangeWatchedFiles.dynamicRegistration`.
    var watchedFilesRegistration: Bool
    /// `workspace.diagnostics.refreshSupport`.
    var diagnosticRefresh: Bool
    /// `textDocument.foldingRange.lineFoldingOnly`.
    var lineFoldingOnly: Bool

    /// Reads the capabilities, ignoring anything malformed.
    init(_ json: JSONView) {
        let textDocument = json["textDocument"]
        let workspace = json["workspace"]
        positionEncodings = json["general"]["positionEncodings"].strings
        pullDiagnostics = textDocument["diagnostic"].isPresent
        relatedInformation = textDocument["publishDiagnostics"]["relatedInformation"].flag
        snippets = textDocument["completion"]["completionItem"]["snippetSupport"].flag
        let formats = textDocument["hover"]["contentFormat"].strings
        markdownHover = formats.isEmpty || formats.contains("markdown")
        hierarchicalSymbols = textDocument["documentSymbol"]["hierarchicalDocumentSymbolSupport"].flag
        codeActionLiterals = textDocument["codeAction"]["codeActionLiteralSupport"].isPresent
        prepareRename = textDocument["rename"]["prepareSupport"].flag
        watchedFilesRegistration = workspace["didChangeWatchedFiles"]["dynamicRegistration"].flag
        diagnosticRefresh = workspace["diagnostics"]["refreshSupport"].flag
        lineFoldingOnly = textDocument["foldingRange"]["lineFoldingOnly"].flag
    }

    /// The encoding to use: UTF-8 when offered (it is the server's native unit), else
    /// UTF-16, the protocol's mandatory default.
    var negotiatedEncoding: PositionEncoding {
        positionEncodings.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
    }
}

/// The `initialize` result: the negotiated encoding and the advertised capabilities.
struct InitializeResult: Sendable, JSONEncodable {
    /// The encoding every position in the session uses.
    var positionEncoding: PositionEncoding
    /// What the client declared (some capabilities depend on it).
    var client: ClientCapabilities
    /// The server's version, reported in `serverInfo`.
    var version: String

    var json: Value {
        .object([
            "capabilities": ServerCapabilities.json(encoding: positionEncoding, client: client),
            "serverInfo": .object(["name": .string("rulebook"), "version": .string(version)]),
        ])
    }
}

/// The server's capabilities (LSP `ServerCapabilities`).
enum ServerCapabilities {
    /// Characters after which completion is offered without an explicit request:
    /// validators after `:` and `,`, import paths after `"`, message keys and field paths
    /// after `.` and a space.
    static let completionTriggers = [":", ",", " ", "\"", ".", "/"]

    static func json(encoding: PositionEncoding, client: ClientCapabilities) -> Value {
        var object = ValueObject()
        object["positionEncoding"] = .string(encoding.rawValue)
        object["textDocumentSync"] = .object([
            "openClose": .bool(true),
            "change": .integer(2),  // incremental
            "save": .object(["includeText": .bool(false)]),
        ])
        object["hoverProvider"] = .bool(true)
        object["completionProvider"] = .object([
            "triggerCharacters": .array(completionTriggers.map(Value.string)),
            "resolveProvider": .bool(false),
        ])
        object["signatureHelpProvider"] = .object([
            "triggerCharacters": .array([.string(" ")]),
            "retriggerCharacters": .array([.string(" ")]),
        ])
        object["definitionProvider"] = .bool(true)
        object["referencesProvider"] = .bool(true)
        object["renameProvider"] = client.prepareRename ? .object(["prepareProvider": .bool(true)]) : .bool(true)
        object["documentSymbolProvider"] = .bool(true)
        object["foldingRangeProvider"] = .bool(true)
        object["semanticTokensProvider"] = .object([
            "legend": SemanticTokenLegend.json,
            "full": .bool(true),
            "range": .bool(false),
        ])
        object["documentFormattingProvider"] = .bool(true)
        object["codeActionProvider"] =
            client.codeActionLiterals
            ? .object(["codeActionKinds": .array([.string("quickfix")]), "resolveProvider": .bool(false)])
            : .bool(true)
        if client.pullDiagnostics {
            object["diagnosticProvider"] = .object([
                "identifier": .string("rulebook"), "interFileDependencies": .bool(true), "workspaceDiagnostics": .bool(false),
            ])
        }
        object["workspace"] = .object([
            "workspaceFolders": .object(["supported": .bool(true), "changeNotifications": .bool(true)])
        ])
        return .object(object)
    }
}
