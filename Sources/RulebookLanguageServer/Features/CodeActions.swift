import Foundation
import Rulebook
import RulebookTooling

/// `textDocument/codeAction`: every fix the checker attached to a diagnostic in the
/// requested range, as a quick fix (`minLenght` → `minLength`, adding a missing message
/// key to the base catalogue, …).
enum CodeActions {
    static let method = "textDocument/codeAction"

    struct Params: JSONDecodable {
        var textDocument: TextDocumentIdentifier
        var range: LSPRange
        var only: [String]

        init(json: JSONView) throws(InvalidParams) {
            try json.requireObject()
            textDocument = try TextDocumentIdentifier(json: json["textDocument"])
            range = try LSPRange(json: json["range"])
            only = json["context"]["only"].strings
        }
    }

    static let route = Route.typed(Params.self) { params, context in
        if !params.only.isEmpty && !params.only.contains(where: { "quickfix".hasPrefix($0) }) { return .array([]) }
        let analysis = try await context.analysis(params.textDocument.uri)
        let converter = analysis.document.converter(context.encoding)
        let requested = converter.sourceRange(of: params.range)
        var actions: [Value] = []
        for diagnostic in analysis.diagnostics where overlaps(diagnostic.range, requested) {
            let lspDiagnostic = DiagnosticConversion.convert([diagnostic], in: analysis, session: context.session)
            for (number, fix) in diagnostic.fixIts.enumerated() {
                guard let edit = workspaceEdit(fix, analysis: analysis, documents: context.documents, encoding: context.encoding) else {
                    continue
                }
                if context.session.client.codeActionLiterals {
                    actions.append(
                        .object([
                            "title": .string(fix.message),
                            "kind": .string("quickfix"),
                            "diagnostics": .array(lspDiagnostic),
                            "isPreferred": .bool(number == 0),
                            "edit": edit.json,
                        ]))
                } else {
                    // Old clients take commands only; `workspace/applyEdit` is not offered.
                    continue
                }
            }
        }
        return .array(actions)
    }

    /// Whether a diagnostic's range touches the requested one (a cursor at either edge counts).
    static func overlaps(_ a: SourceRange, _ b: SourceRange) -> Bool {
        a.start <= b.end && b.start <= a.end
    }

    /// A fix's edits as a workspace edit; each file's text comes from the editor, the
    /// analysis, the catalogues or the disk (needed to convert byte ranges).
    static func workspaceEdit(_ fix: FixIt, analysis: DocumentAnalysis, documents: DocumentStore, encoding: PositionEncoding)
        -> WorkspaceEdit?
    {
        var changes: [String: [LSPTextEdit]] = [:]
        for edit in fix.edits {
            guard let source = source(of: edit.file, analysis: analysis, documents: documents) else { return nil }
            let range = PositionConverter(source: source, encoding: encoding).range(of: edit.range)
            changes[Definition.uri(forPath: edit.file), default: []].append(LSPTextEdit(range: range, newText: edit.replacement))
        }
        return WorkspaceEdit(changes: changes)
    }

    static func source(of path: String, analysis: DocumentAnalysis, documents: DocumentStore) -> SourceFile? {
        if path == analysis.document.path { return analysis.document.source }
        if let document = documents.document(atPath: path) { return document.source }
        if let source = analysis.sources[path] { return source }
        for directory in analysis.workspace.catalogues.values {
            if let text = directory.texts[path] { return SourceFile(path: path, text: text) }
        }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return SourceFile(path: path, text: String(decoding: data, as: UTF8.self))
    }
}
