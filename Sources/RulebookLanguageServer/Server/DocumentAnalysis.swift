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

    static func compute(document: TextDocument, documents: DocumentStore, workspace: WorkspaceModel) -> DocumentAnalysis {
        let tree = Parser.parse(document.source)
        return DocumentAnalysis(document: document, tree: tree, index: SyntaxIndex(tree), diagnostics: tree.diagnostics,
                                dependencies: [], sources: [:])
    }
}

extension DiagnosticConversion {
    /// The LSP diagnostics of an analysis.
    static func convert(_ diagnostics: [Diagnostic], in analysis: DocumentAnalysis, session: Session) -> [LSPDiagnostic] {
        convert(diagnostics, file: analysis.document.source, encoding: session.encoding,
                relatedInformation: session.client.relatedInformation, sources: { analysis.sources[$0] })
    }
}
