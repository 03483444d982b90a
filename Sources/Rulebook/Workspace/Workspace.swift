/// Loads rule files and their imports through a ``SourceProvider``, parses them (reusing a
/// ``SyntaxTreeCache``), and checks them: the one entry point `rulebook check`, `rulebook
/// validate` and the language server share.
///
/// A `Workspace` is a cheap value: the language server makes a new one per analysis (with
/// the current editor buffers in an ``OverlaySourceProvider``) and passes the same cache,
/// so only the edited files are parsed again.
package struct Workspace: Sendable {
    /// Where files are read from.
    package var provider: any SourceProvider
    /// Message keys and limits for the checker.
    package var options: CheckOptions
    /// Parsed trees kept between checks (`nil`: parse every time).
    package var cache: (any SyntaxTreeCache)?
    /// The parser (injectable so that tests and tools can substitute their own).
    package var parse: @Sendable (SourceFile) -> SyntaxTree

    /// Creates a workspace.
    package init(
        provider: any SourceProvider, options: CheckOptions = CheckOptions(), cache: (any SyntaxTreeCache)? = nil,
        parse: @escaping @Sendable (SourceFile) -> SyntaxTree = { Parser.parse($0) }
    ) {
        self.provider = provider
        self.options = options
        self.cache = cache
        self.parse = parse
    }

    /// Checks one rule file and everything it imports.
    ///
    /// - Returns: the rule set (when no file involved has an error), the diagnostics of
    ///   every file involved, sorted, and their syntax trees.
    /// - Throws: ``SourceReadError`` when the root file itself cannot be read (a missing
    ///   import is a diagnostic instead).
    package func check(rootFile: String) throws(SourceReadError) -> CheckResult {
        let root = SourcePath.normalize(rootFile)
        let (graph, unreadable) = loadGraph(roots: [root])
        if let error = unreadable.first { throw error }
        let output = Checker(options: options).check(graph, roots: [root])
        return CheckResult(ruleSet: output.ruleSets[root], diagnostics: output.diagnostics, trees: graph.trees, graph: graph)
    }

    /// Checks many files at once (`rulebook check Rules`, the language server's workspace
    /// diagnostics). Each file is read, parsed and checked once, however many of the
    /// others import it, and its diagnostics are reported once, under its own path.
    package func checkAll(paths: [String]) -> WorkspaceCheckResult {
        var roots: [String] = []
        for path in paths.map(SourcePath.normalize) where !roots.contains(path) { roots.append(path) }
        let (graph, unreadable) = loadGraph(roots: roots)
        let output = Checker(options: options).check(graph, roots: roots)
        var byFile: [String: [Diagnostic]] = Dictionary(uniqueKeysWithValues: graph.files.map { ($0, []) })
        for diagnostic in output.diagnostics { byFile[diagnostic.file, default: []].append(diagnostic) }
        return WorkspaceCheckResult(
            files: graph.files, diagnostics: byFile, ruleSets: output.ruleSets,
            unreadable: unreadable, graph: graph)
    }

    /// Reads and parses `roots` and their imports.
    package func loadGraph(roots: [String]) -> (graph: ProgramGraph, unreadable: [SourceReadError]) {
        var loader = ImportLoader { path in
            do throws(SourceReadError) {
                let text = try provider.read(path)
                return .success(tree(path: path, text: text))
            } catch {
                return .failure(error)
            }
        }
        return loader.load(roots: roots.map(SourcePath.normalize))
    }

    private func tree(path: String, text: String) -> SyntaxTree {
        guard let cache else { return parse(SourceFile(path: path, text: text)) }
        return cache.tree(path: path, text: text, parse: parse)
    }
}

/// Syntax trees kept between checks, reused while a file's text is unchanged (the
/// language server's `ParseCache`).
package protocol SyntaxTreeCache: Sendable {
    /// The tree of the file at `path` with `text`, parsed by `parse` unless the same
    /// text was parsed before.
    func tree(path: String, text: String, parse: (SourceFile) -> SyntaxTree) -> SyntaxTree
}

/// The result of checking one root file.
package struct CheckResult: Sendable {
    /// The checked rules, or `nil` when any file involved has an error.
    package let ruleSet: RuleSet?
    /// The diagnostics of every file involved (the root and everything it imports), sorted.
    package let diagnostics: [Diagnostic]
    /// The syntax tree of every file involved, by normalised path.
    package let trees: [String: SyntaxTree]
    /// How the files import each other (for go-to-definition and re-checking dependents).
    package let graph: ProgramGraph

    /// Creates a result.
    package init(ruleSet: RuleSet?, diagnostics: [Diagnostic], trees: [String: SyntaxTree], graph: ProgramGraph) {
        self.ruleSet = ruleSet
        self.diagnostics = diagnostics
        self.trees = trees
        self.graph = graph
    }
}

/// The result of checking many files.
package struct WorkspaceCheckResult: Sendable {
    /// Every file checked (the paths given and what they import), in load order.
    package let files: [String]
    /// The diagnostics of each checked file, sorted; every file in ``files`` has an entry.
    package let diagnostics: [String: [Diagnostic]]
    /// The rule set of each given path that has no error in itself or its imports.
    package let ruleSets: [String: RuleSet]
    /// The given paths that could not be read.
    package let unreadable: [SourceReadError]
    /// How the files import each other.
    package let graph: ProgramGraph

    /// Creates a result.
    package init(
        files: [String], diagnostics: [String: [Diagnostic]], ruleSets: [String: RuleSet],
        unreadable: [SourceReadError], graph: ProgramGraph
    ) {
        self.files = files
        self.diagnostics = diagnostics
        self.ruleSets = ruleSets
        self.unreadable = unreadable
        self.graph = graph
    }

    /// Every diagnostic, sorted by file and position.
    package var allDiagnostics: [Diagnostic] { files.sorted().flatMap { diagnostics[$0] ?? [] } }

    /// Whether any file has an error (or a given path could not be read).
    package var hasErrors: Bool {
        !unreadable.isEmpty || diagnostics.values.contains { $0.containsErrors }
    }
}
