import Foundation
import Rulebook
import RulebookTooling
import XCTest

@testable import RulebookLanguageServer

/// Base class for end-to-end tests: a fresh server per test, a temporary workspace
/// directory, and helpers that speak LSP in JSON text.
class LSPTestCase: XCTestCase {
    /// How servers are started: the real `rulebook lsp` executable (in-process only for
    /// tests that inject their own handlers).
    static var mode: LSPTestClient.Mode { .executable }

    var client: LSPTestClient!
    var workspace: URL!
    private var clients: [LSPTestClient] = []

    override func setUpWithError() throws {
        workspace = FileManager.default.temporaryDirectory.appendingPathComponent("rulebook-lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        for client in clients { client.closeAll() }
        clients.removeAll()
        try? FileManager.default.removeItem(at: workspace)
    }

    /// Starts a server (not yet initialized).
    @discardableResult
    func startServer(mode: LSPTestClient.Mode? = nil, extraRoutes: [String: Route] = [:]) throws -> LSPTestClient {
        let started = try LSPTestClient(mode: mode ?? Self.mode, extraRoutes: extraRoutes)
        clients.append(started)
        client = started
        return started
    }

    /// Starts and initializes a server; returns the `initialize` result.
    @discardableResult
    func startInitialized(
        encodings: [String] = ["utf-16"], capabilities: String = LSPTestCase.richCapabilities,
        mode: LSPTestClient.Mode? = nil, extraRoutes: [String: Route] = [:]
    ) throws -> Value {
        try startServer(mode: mode, extraRoutes: extraRoutes)
        let encodingList = encodings.map { "\"\($0)\"" }.joined(separator: ",")
        let result = try client.request(
            "initialize",
            .json(
                """
                {"processId": null, "rootUri": "\(uri(""))",
                 "capabilities": {"general": {"positionEncodings": [\(encodingList)]}, \(capabilities)}}
                """))
        client.notify("initialized", .json("{}"))
        return result
    }

    /// Capabilities of a modern editor (push diagnostics, snippets, hierarchy, …).
    static let richCapabilities = """
        "textDocument": {
          "publishDiagnostics": {"relatedInformation": true, "versionSupport": true},
          "completion": {"completionItem": {"snippetSupport": true}},
          "hover": {"contentFormat": ["markdown", "plaintext"]},
          "documentSymbol": {"hierarchicalDocumentSymbolSupport": true},
          "codeAction": {"codeActionLiteralSupport": {"codeActionKind": {"valueSet": ["quickfix"]}}},
          "rename": {"prepareSupport": true}
        },
        "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}
        """

    /// The URI of a path inside the temporary workspace.
    func uri(_ relativePath: String) -> String {
        DocumentURI.fileURI(forPath: relativePath.isEmpty ? workspace.path : workspace.appendingPathComponent(relativePath).path)
    }

    /// Writes a file into the workspace.
    func write(_ relativePath: String, _ text: String) throws {
        let url = workspace.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// The repository's root (for the shipped `Rules/` and `Localizations/`).
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Copies the shipped `Rules/` and `Localizations/` into the workspace.
    func copyShippedProject() throws {
        for folder in ["Rules", "Localizations"] {
            try FileManager.default.copyItem(
                at: Self.repositoryRoot.appendingPathComponent(folder),
                to: workspace.appendingPathComponent(folder))
        }
    }

    /// The text of a workspace file.
    func read(_ relativePath: String) throws -> String {
        try String(contentsOf: workspace.appendingPathComponent(relativePath), encoding: .utf8)
    }

    /// Opens a workspace file as it is on disk; returns its text.
    @discardableResult
    func openFromDisk(_ relativePath: String) throws -> String {
        let text = try read(relativePath)
        open(relativePath, text, languageID: relativePath.hasSuffix(".json") ? "json" : "rulebook")
        return text
    }

    /// The position of the first occurrence of `needle` (plus `offset` characters) in
    /// `text`, in `encoding`.
    func position(of needle: String, in text: String, offset: Int = 0, encoding: PositionEncoding = .utf16) -> (line: Int, character: Int) {
        guard let range = text.range(of: needle) else { XCTFail("\(needle) not found"); return (0, 0) }
        let byteOffset = text[..<range.lowerBound].utf8.count + offset
        let position = LineTable(text).position(of: byteOffset, in: text, encoding: encoding)
        return (position.line, position.character)
    }

    /// A JSON string literal.
    func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        JSONWriter().write(.string(text), into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Opens a document.
    func open(_ relativePath: String, _ text: String, version: Int = 1, languageID: String = "rulebook") {
        client.notify(
            "textDocument/didOpen",
            .json(
                """
                {"textDocument": {"uri": "\(uri(relativePath))", "languageId": "\(languageID)", "version": \(version), "text": \(quoted(text))}}
                """))
    }

    /// Replaces a range (or, with `range` nil, the whole text).
    func change(_ relativePath: String, version: Int, range: (Int, Int, Int, Int)? = nil, text: String) {
        let rangeJSON =
            range.map {
                #""range": {"start": {"line": \#($0.0), "character": \#($0.1)}, "end": {"line": \#($0.2), "character": \#($0.3)}}, "#
            } ?? ""
        client.notify(
            "textDocument/didChange",
            .json(
                """
                {"textDocument": {"uri": "\(uri(relativePath))", "version": \(version)},
                 "contentChanges": [{\(rangeJSON)"text": \(quoted(text))}]}
                """))
    }

    /// `{textDocument, position}` params.
    func at(_ relativePath: String, _ line: Int, _ character: Int, extra: String = "") -> Value {
        .json(#"{"textDocument": {"uri": "\#(uri(relativePath))"}, "position": {"line": \#(line), "character": \#(character)}\#(extra)}"#)
    }

    /// `{textDocument}` params.
    func document(_ relativePath: String, extra: String = "") -> Value {
        .json(#"{"textDocument": {"uri": "\#(uri(relativePath))"}\#(extra)}"#)
    }

    /// Waits for the diagnostics of `relativePath` at `version`.
    func diagnostics(_ relativePath: String, version: Int) throws -> [Value] {
        let params = try client.waitForNotification("textDocument/publishDiagnostics") {
            $0["uri"] == .string(self.uri(relativePath)) && $0["version"] == .integer(version)
        }
        return params["diagnostics"].arrayValue ?? []
    }

    /// Shuts down and exits; returns the exit status when it can be observed.
    func shutdown() throws {
        XCTAssertEqual(try client.request("shutdown", nil), .null)
        client.notify("exit", nil)
    }
}

/// Finds a marker like `‸` in test text: returns the text without it and the marker's
/// line and column in `encoding`.
func marked(_ text: String, marker: Character = "‸", encoding: PositionEncoding = .utf16) -> (text: String, line: Int, character: Int) {
    guard let index = text.firstIndex(of: marker) else { return (text, 0, 0) }
    let clean = text.replacingCharacters(in: index...index, with: "")
    let offset = text[..<index].utf8.count
    let position = LineTable(clean).position(of: offset, in: clean, encoding: encoding)
    return (clean, position.line, position.character)
}
