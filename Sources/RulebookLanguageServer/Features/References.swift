import Foundation
import Rulebook
import RulebookTooling

/// Named rules across the workspace: `textDocument/references`, `textDocument/prepareRename`
/// and `textDocument/rename`. A use counts when it resolves (by the checker's scoping:
/// own file, then direct imports) to the same definition.
enum References {
    static let referencesMethod = "textDocument/references"
    static let prepareRenameMethod = "textDocument/prepareRename"
    static let renameMethod = "textDocument/rename"

    /// A named rule, identified by its defining file and name.
    struct Target: Hashable, Sendable {
        let file: String
        let name: String
    }

    struct ReferenceParams: JSONDecodable {
        var position: TextDocumentPositionParams
        var includeDeclaration: Bool

        init(json: JSONView) throws(InvalidParams) {
            position = try TextDocumentPositionParams(json: json)
            includeDeclaration = try json["context"]["includeDeclaration"].optionalBool() ?? true
        }
    }

    struct RenameParams: JSONDecodable {
        var position: TextDocumentPositionParams
        var newName: String

        init(json: JSONView) throws(InvalidParams) {
            position = try TextDocumentPositionParams(json: json)
            newName = try json["newName"].string()
        }
    }

    static let referencesRoute = Route.typed(ReferenceParams.self) { params, context in
        let analysis = try await context.analysis(params.position.textDocument.uri)
        guard let (target, _) = target(at: params.position.position, analysis: analysis, encoding: context.encoding) else { return .null }
        let found = occurrences(of: target, analysis: analysis, documents: context.documents, includeDeclaration: params.includeDeclaration)
        return .array(found.map { Definition.location($0.source, $0.range, context.encoding) })
    }

    static let prepareRenameRoute = Route.typed(TextDocumentPositionParams.self) { params, context in
        let analysis = try await context.analysis(params.textDocument.uri)
        guard let (target, range) = target(at: params.position, analysis: analysis, encoding: context.encoding) else { return .null }
        return .object([
            "range": analysis.document.converter(context.encoding).range(of: range).json,
            "placeholder": .string(target.name),
        ])
    }

    static let renameRoute = Route.typed(RenameParams.self) { params, context in
        let analysis = try await context.analysis(params.position.textDocument.uri)
        guard let (target, _) = target(at: params.position.position, analysis: analysis, encoding: context.encoding) else {
            throw ResponseError.invalidParams("there is no named rule at this position")
        }
        try validate(newName: params.newName)
        var changes: [String: [LSPTextEdit]] = [:]
        for occurrence in occurrences(of: target, analysis: analysis, documents: context.documents, includeDeclaration: true) {
            let range = PositionConverter(source: occurrence.source, encoding: context.encoding).range(of: occurrence.range)
            changes[Definition.uri(forPath: occurrence.source.path), default: []].append(LSPTextEdit(range: range, newText: params.newName))
        }
        return WorkspaceEdit(changes: changes).json
    }

    /// A new name must be an identifier and must not be a validator's name.
    static func validate(newName: String) throws(ResponseError) {
        guard FieldPath.isIdentifier(newName) else {
            throw ResponseError.invalidParams("'\(newName)' is not a valid rule name (letters, digits and _, not starting with a digit)")
        }
        guard ValidatorDefinition.named(newName) == nil else {
            throw ResponseError.invalidParams("'\(newName)' is a validator; a named rule may not shadow it")
        }
        guard !["rule", "import", "when", "message", "and", "or", "not", "today", "true", "false"].contains(newName) else {
            throw ResponseError.invalidParams("'\(newName)' is a keyword")
        }
    }

    /// The named rule at a position (a use or the definition) and the name's range.
    static func target(at position: LinePosition, analysis: DocumentAnalysis, encoding: PositionEncoding) -> (Target, SourceRange)? {
        let offset = analysis.document.converter(encoding).offset(of: position)
        guard let occurrence = analysis.index?.occurrence(at: offset) else { return nil }
        switch occurrence.kind {
        case .ruleReference(let name, _):
            guard let definition = analysis.scope[name] else { return nil }
            return (Target(file: definition.source.path, name: name), occurrence.range)
        case .ruleDeclaration(let syntax):
            return (Target(file: analysis.document.path, name: syntax.name.name), occurrence.range)
        default:
            return nil
        }
    }

    /// Every use (and optionally the definition) of `target` in open documents and the
    /// rule files of the workspace.
    static func occurrences(
        of target: Target, analysis: DocumentAnalysis, documents: DocumentStore,
        includeDeclaration: Bool
    ) -> [(source: SourceFile, range: SourceRange)] {
        let files = WorkspaceTrees(workspace: analysis.workspace, documents: documents)
        var paths = Set(analysis.workspace.ruleFiles())
        for document in documents.all where !document.isCatalogue { paths.insert(document.path) }
        paths.insert(target.file)
        var result: [(SourceFile, SourceRange)] = []
        for path in paths.sorted() {
            guard let tree = files.tree(path) else { continue }
            let index = SyntaxIndex(tree)
            if includeDeclaration, path == target.file,
                let declaration = index.declarations.first(where: { $0.name.name == target.name })
            {
                result.append((tree.source, declaration.name.range))
            }
            let uses = index.references(toRule: target.name)
            guard !uses.isEmpty else { continue }
            guard let definition = files.scope(of: path)[target.name], definition.source.path == target.file else { continue }
            result += uses.map { (tree.source, $0) }
        }
        return result
    }
}

/// Trees and scopes of arbitrary workspace files (editor buffers over disk), loaded on
/// demand through the shared parse cache.
final class WorkspaceTrees {
    let workspace: WorkspaceModel
    let documents: DocumentStore
    private var trees: [String: SyntaxTree?] = [:]

    init(workspace: WorkspaceModel, documents: DocumentStore) {
        self.workspace = workspace
        self.documents = documents
    }

    func tree(_ path: String) -> SyntaxTree? {
        if let cached = trees[path] { return cached }
        var tree: SyntaxTree?
        if let document = documents.document(atPath: path) {
            tree = workspace.tree(for: document.source)
        } else if let data = FileManager.default.contents(atPath: path) {
            tree = workspace.tree(for: SourceFile(path: path, text: String(decoding: data, as: UTF8.self)))
        }
        trees[path] = tree
        return tree
    }

    /// The files `path` imports directly, resolved.
    func imports(of path: String) -> [String] {
        guard let tree = tree(path) else { return [] }
        return tree.statements.compactMap { statement in
            guard case .importDecl(let syntax) = statement, !syntax.path.isEmpty else { return nil }
            return SourcePath.resolve(syntax.path, relativeTo: path)
        }
    }

    func scope(of path: String) -> RuleScope {
        var loaded: [String: SyntaxTree] = [:]
        let imported = imports(of: path)
        for file in [path] + imported { if let tree = tree(file) { loaded[file] = tree } }
        return RuleScope(file: path, trees: loaded, imports: [path: imported])
    }
}
