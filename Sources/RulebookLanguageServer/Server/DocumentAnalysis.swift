import Rulebook

/// What the server knows about one document at one version: its syntax tree and the
/// diagnostics `rulebook check` reports for it.
struct DocumentAnalysis: Sendable {
    /// The analysed document (its version is the analysis' version).
    let document: TextDocument
    /// The syntax tree (`nil` for catalogues).
    let tree: SyntaxTree?
    /// Occurrences in the tree, for features.
    let index: SyntaxIndex?
    /// The diagnostics of this document's file.
    let diagnostics: [Diagnostic]
    /// Every file the analysis read (imports, catalogues), to find dependents.
    let dependencies: Set<String>
    /// The texts of other files the analysis read, by path (for related locations).
    let sources: [String: SourceFile]
    /// The syntax trees of this file and everything it imports, by path.
    let trees: [String: SyntaxTree]
    /// Each file's resolved imports (paths), for scopes.
    let imports: [String: [String]]
    /// The named rules this document can use.
    let scope: RuleScope
    /// The workspace the analysis ran in (catalogues, renderer, roots).
    let workspace: WorkspaceModel

    static func compute(document: TextDocument, documents: DocumentStore, workspace: WorkspaceModel) -> DocumentAnalysis {
        let tree = Parser.parse(document.source)
        let trees = [document.path: tree]
        return DocumentAnalysis(document: document, tree: tree, index: SyntaxIndex(tree), diagnostics: tree.diagnostics,
                                dependencies: [], sources: [:], trees: trees, imports: [:],
                                scope: RuleScope(file: document.path, trees: trees, imports: [:]), workspace: workspace)
    }

    /// Renders messages as users of this file see them.
    var renderer: any MessageRendering { workspace.renderer(for: document.path) }

    /// The base catalogue's text for `key`.
    func baseMessage(forKey key: String) -> String? { workspace.baseMessage(forKey: key, for: document.path) }

    /// The base catalogue's keys.
    var baseMessageKeys: [String] { workspace.baseMessageKeys(for: document.path) }

    /// The scope of another file of the analysis (for expanding imported named rules).
    func scope(of file: String) -> RuleScope? {
        trees[file] == nil ? nil : RuleScope(file: file, trees: trees, imports: imports)
    }
}

extension DiagnosticConversion {
    /// The LSP diagnostics of an analysis.
    static func convert(_ diagnostics: [Diagnostic], in analysis: DocumentAnalysis, session: Session) -> [LSPDiagnostic] {
        convert(diagnostics, file: analysis.document.source, encoding: session.encoding,
                relatedInformation: session.client.relatedInformation, sources: { analysis.sources[$0] })
    }
}
