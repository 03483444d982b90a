import Rulebook

extension Workspace {
    /// Checks many files at once (`rulebook check Rules`, the language server's workspace
    /// diagnostics). Each file is read, parsed and checked once, however many of the
    /// others import it, and its diagnostics are reported once, under its own path.
    ///
    /// - Parameter buildingRuleSets: false when only the diagnostics are read (`rulebook
    ///   check`): the check then keeps no checked statement, and takes less memory.
    package func checkAll(paths: [String], buildingRuleSets: Bool = true) -> WorkspaceCheckResult {
        var roots: [String] = []
        for path in paths.map(SourcePath.normalize) where !roots.contains(path) { roots.append(path) }
        let (graph, unreadable, output) = ImportLoader.check(
            roots: roots, provider: provider, options: options, buildingRuleSets: buildingRuleSets, parse: tree)
        var byFile: [String: [Diagnostic]] = Dictionary(uniqueKeysWithValues: graph.files.map { ($0, []) })
        for diagnostic in output.diagnostics { byFile[diagnostic.file, default: []].append(diagnostic) }
        return WorkspaceCheckResult(
            files: graph.files, diagnostics: byFile, ruleSets: output.ruleSets,
            unreadable: unreadable, graph: graph)
    }
}

/// The result of checking many files.
package struct WorkspaceCheckResult: Sendable {
    /// Every file checked (the paths given and what they import), in load order.
    package let files: [String]
    /// The diagnostics of each checked file, sorted; every file in ``files`` has an entry.
    package let diagnostics: [String: [Diagnostic]]
    /// The rule set of each given path that has no error in itself or its imports (none
    /// unless asked for).
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
