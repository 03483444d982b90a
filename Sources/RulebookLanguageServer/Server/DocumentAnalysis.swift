import Rulebook
import RulebookTooling

/// What the server knows about one document at one version: its syntax tree and the
/// diagnostics `rulebook check` reports for it.
struct DocumentAnalysis: Sendable {
    /// The analysed document (its version is the analysis' version).
    let document: TextDocument
    /// The syntax tree (`nil` for catalogues).
    let tree: SyntaxTree?
    /// Occurrences in the tree, for features: built on first use, since publishing
    /// diagnostics (the common path, after every edit) never needs them.
    var index: SyntaxIndex? { indexBox.value }
    private let indexBox: LazyValue<SyntaxIndex?>
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
    /// The named rules this document can use: built on first use, like ``index``.
    var scope: RuleScope { scopeBox.value }
    private let scopeBox: LazyValue<RuleScope>
    /// The workspace the analysis ran in (catalogues, renderer, roots).
    let workspace: WorkspaceModel

    /// Analyses a document with the library, exactly as `rulebook check` checks a file:
    /// the workspace reads imports from the editor's buffers over the disk, and the
    /// checker's options come from the catalogues. Catalogue documents get the catalogue
    /// checks of their directory.
    init(
        document: TextDocument, tree: SyntaxTree?, diagnostics: [Diagnostic], dependencies: Set<String>,
        sources: [String: SourceFile], trees: [String: SyntaxTree], imports: [String: [String]],
        workspace: WorkspaceModel
    ) {
        self.document = document
        self.tree = tree
        self.indexBox = LazyValue { tree.map(SyntaxIndex.init) }
        let path = document.path
        self.scopeBox = LazyValue { RuleScope(file: path, trees: trees, imports: imports) }
        self.diagnostics = diagnostics
        self.dependencies = dependencies
        self.sources = sources
        self.trees = trees
        self.imports = imports
        self.workspace = workspace
    }

    /// `leftovers` receives what the analysis built but does not keep (the check result,
    /// the source overlay with every open buffer), so the caller can free it later.
    static func compute(
        document: TextDocument, documents: DocumentStore, workspace: WorkspaceModel,
        leftovers: (any Sendable) -> Void = { _ in }
    ) -> DocumentAnalysis {
        if document.isCatalogue { return catalogue(document: document, workspace: workspace) }
        var provider = OverlaySourceProvider(base: DiskSourceProvider())
        for open in documents.all where !open.isCatalogue { provider.setBuffer(open.text, for: SourcePath.normalize(open.path)) }
        provider.setBuffer(document.text, for: SourcePath.normalize(document.path))
        let library = Workspace(provider: provider, options: workspace.checkOptions(for: document.path), cache: workspace.parseCache)
        let path = SourcePath.normalize(document.path)
        // Performance: parse the buffer with the document's own `SourceFile` (its line
        // table is built already), so the workspace's read finds the tree in the cache
        // instead of building a second line table of the whole text on every edit.
        if path == document.path { _ = workspace.tree(for: document.source) }
        guard let result = try? library.check(rootFile: path, buildingRuleSet: false) else {
            // Unreachable with the buffer in the overlay; analyse the text alone rather than fail.
            let tree = workspace.tree(for: document.source)
            return DocumentAnalysis(
                document: document, tree: tree, diagnostics: workspace.configured(tree.diagnostics, for: document.path),
                dependencies: [], sources: [:], trees: [document.path: tree], imports: [:], workspace: workspace)
        }
        defer { leftovers(Leftovers(result: result, library: library)) }
        let tree = result.trees[path] ?? workspace.tree(for: document.source)
        var trees = result.trees
        trees[document.path] = tree
        var imports: [String: [String]] = [:]
        for (file, edges) in result.graph.imports { imports[file] = edges.compactMap(\.target) }
        if path != document.path { imports[document.path] = imports[path] }
        // Everything read, and every import target even when missing: creating the
        // missing file must re-check this one.
        var dependencies = Set(result.trees.keys)
        for (file, edges) in result.graph.imports {
            for edge in edges where !edge.syntax.path.isEmpty {
                dependencies.insert(edge.target ?? SourcePath.resolve(edge.syntax.path, relativeTo: file))
            }
        }
        dependencies.remove(path)
        if let directory = workspace.catalogueDirectory(for: document.path) { dependencies.formUnion(directory.texts.keys) }
        return DocumentAnalysis(
            document: document, tree: tree,
            diagnostics: workspace.configured(
                result.diagnostics.filter { $0.file == path || $0.file == document.path }, for: document.path),
            dependencies: dependencies, sources: result.trees.mapValues(\.source), trees: trees, imports: imports,
            workspace: workspace)
    }

    /// A catalogue document: the catalogue checks of its `Localizations/` directory (the
    /// other catalogues as the editor or the disk has them), this file's findings only.
    private static func catalogue(document: TextDocument, workspace: WorkspaceModel) -> DocumentAnalysis {
        var diagnostics: [Diagnostic] = []
        if Analyzer.isCataloguePath(document.path) {
            var texts =
                workspace.catalogueDirectory(containing: document.path)?.texts
                ?? ((try? MessageCatalogs.readFiles(in: SourcePathText.directory(of: document.path))) ?? [:])
            texts[document.path] = document.text
            diagnostics = workspace.configured(CatalogChecker.check(files: texts).filter { $0.file == document.path }, for: document.path)
        }
        return DocumentAnalysis(
            document: document, tree: nil, diagnostics: diagnostics, dependencies: [],
            sources: [:], trees: [:], imports: [:], workspace: workspace)
    }

    /// Where an import statement of this document leads.
    func resolvedImport(_ syntax: ImportSyntax) -> String? {
        guard !syntax.path.isEmpty else { return nil }
        return SourcePath.resolve(syntax.path, relativeTo: document.path)
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
        convert(
            diagnostics, file: analysis.document.source, encoding: session.encoding,
            relatedInformation: session.client.relatedInformation, sources: { analysis.sources[$0] })
    }
}

/// What one analysis used and does not keep, handed back to be freed later.
private struct Leftovers: Sendable {
    let result: CheckResult
    let library: Workspace
}

/// A value computed once, on first use, by whichever request needs it first.
///
/// Performance: what only features read (the syntax index, the named rules in scope) is
/// not built on the way from an edit to its diagnostics.
final class LazyValue<Value: Sendable>: Sendable {
    private let make: @Sendable () -> Value
    private let built = Locked<Value?>(nil)

    init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    var value: Value {
        built.withLock { cached in
            if let cached { return cached }
            let made = make()
            cached = made
            return made
        }
    }
}
