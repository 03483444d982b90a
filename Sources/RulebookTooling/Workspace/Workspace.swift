import Rulebook

/// Loads rule files and their imports through a ``SourceProvider``, parses them (reusing a
/// ``SyntaxTreeCache``), and checks them: the one entry point `rulebook check`, `rulebook
/// validate` and the language server share.
///
/// A `Workspace` is a cheap value: the language server makes a new one per analysis (with
/// the current editor buffers in an `OverlaySourceProvider`) and passes the same cache,
/// so only the edited files are parsed again.
package struct Workspace: Sendable {
    /// Where files are read from.
    package var provider: any SourceProvider
    /// Message keys and limits for the checker.
    package var options: CheckOptions
    /// Parsed trees kept between checks (`nil`: parse every time).
    package var cache: (any SyntaxTreeCache)?

    /// Creates a workspace.
    package init(provider: any SourceProvider, options: CheckOptions = CheckOptions(), cache: (any SyntaxTreeCache)? = nil) {
        self.provider = provider
        self.options = options
        self.cache = cache
    }

    /// Checks one rule file and everything it imports.
    ///
    /// - Parameter buildingRuleSet: false when only the diagnostics and trees are read
    ///   (the language server): the check then keeps no checked statement, and takes less
    ///   memory.
    /// - Returns: the rule set (when asked for and no file involved has an error), the
    ///   diagnostics of every file involved, sorted, and their syntax trees.
    /// - Throws: ``SourceReadError`` when the root file itself cannot be read (a missing
    ///   import is a diagnostic instead).
    package func check(rootFile: String, buildingRuleSet: Bool = true) throws(SourceReadError) -> CheckResult {
        let root = SourcePath.normalize(rootFile)
        let (graph, unreadable, output) = ImportLoader.check(
            roots: [root], provider: provider, options: options, buildingRuleSets: buildingRuleSet, parse: tree)
        if let error = unreadable.first { throw error }
        return CheckResult(
            ruleSet: output.ruleSets[root], diagnostics: output.diagnostics, trees: graph.trees, graph: graph,
            workingState: output.workingState)
    }

    /// Reads and parses `roots` and their imports.
    package func loadGraph(roots: [String]) -> (graph: ProgramGraph, unreadable: [SourceReadError]) {
        var loader = ImportLoader(provider: provider, parse: tree)
        return loader.load(roots: roots.map(SourcePath.normalize))
    }

    /// The tree of the file at `path` with `text`: from the cache, if any.
    func tree(path: String, text: String) -> SyntaxTree {
        guard let cache else { return Parser.parse(SourceFile(path: path, text: text)) }
        return cache.tree(path: path, text: text) { Parser.parse($0) }
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
    /// The checked rules, or `nil` when any file involved has an error (or none was asked
    /// for).
    package let ruleSet: RuleSet?
    /// The diagnostics of every file involved (the root and everything it imports), sorted.
    package let diagnostics: [Diagnostic]
    /// The syntax tree of every file involved, by normalised path.
    package let trees: [String: SyntaxTree]
    /// How the files import each other (for go-to-definition and re-checking dependents).
    package let graph: ProgramGraph
    /// The checker's working tables, when the options asked for them
    /// (``CheckOptions/handsOverWorkingState``): freed with the result.
    package let workingState: (any Sendable)?

    /// Creates a result.
    package init(
        ruleSet: RuleSet?, diagnostics: [Diagnostic], trees: [String: SyntaxTree], graph: ProgramGraph,
        workingState: (any Sendable)? = nil
    ) {
        self.ruleSet = ruleSet
        self.diagnostics = diagnostics
        self.trees = trees
        self.graph = graph
        self.workingState = workingState
    }
}
