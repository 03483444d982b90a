/// The checker: turns parsed files into a ``RuleSet`` and diagnostics.
///
/// It resolves named rules and imports, checks argument counts and kinds, compiles
/// patterns, converts conditions, and finds contradictions; it reports errors only. The
/// tools' lint passes (``CheckOptions/lintPasses``) add warnings. It is a
/// pure function of its inputs (a ``ProgramGraph`` and ``CheckOptions``): no file
/// system, no globals, so the command and the language server can run it on any thread.
///
/// Most callers go through `ImportLoader.check` (RulebookTooling's `Workspace` too), which reads the files and builds the graph.
package struct Checker: Sendable {
    /// What the checker knows beyond the files (message keys, limits).
    package var options: CheckOptions

    /// Creates a checker.
    package init(options: CheckOptions = CheckOptions()) {
        self.options = options
    }

    /// Checks every file of `graph` once and builds the rule set of each root.
    ///
    /// - Parameter roots: the files whose field statements become rule sets (paths as in
    ///   ``ProgramGraph/files``); a root without a tree in the graph is ignored. With none,
    ///   the check keeps no checked statement (it takes less memory).
    /// - Returns: every diagnostic of every file in the graph (syntax, loading and
    ///   checking, sorted) and, for each root whose files have no error, its rule set.
    package func check(_ graph: ProgramGraph, roots: [String]) -> CheckerOutput {
        var options = options
        let declared = options.validators.addingDeclarations(in: graph.files.compactMap { graph.trees[$0] })
        options.validators = declared.0
        let run = CheckerRun(graph: graph, options: options, keepsStatements: !roots.isEmpty)
        run.run()
        var all = graph.diagnostics + run.diagnostics + declared.1
        if let facts = run.lintFacts {
            for pass in options.lintPasses { all += pass.diagnostics(of: facts) }
        }
        for file in graph.files { all += graph.trees[file]?.diagnostics ?? [] }
        all.sort()
        let errorFiles = Set(all.lazy.filter { $0.severity == .error }.map(\.file))
        var ruleSets: [String: RuleSet] = [:]
        for root in roots where graph.trees[root] != nil {
            let involved = graph.reachable(from: root)
            guard !involved.contains(where: errorFiles.contains) else { continue }
            ruleSets[root] = RuleSet(statements: run.statements[root] ?? [], files: involved)
        }
        let workingState = options.handsOverWorkingState ? FinishedRun(run) : nil
        return CheckerOutput(diagnostics: all, ruleSets: ruleSets, workingState: workingState)
    }
}

/// A check's working tables after it returned, held only to be freed
/// (``CheckOptions/handsOverWorkingState``).
///
/// `@unchecked Sendable`: nothing reads or changes the run once the check has returned;
/// the holder only releases it, on whichever thread, and the objects it shares with the
/// output are immutable.
private final class FinishedRun: @unchecked Sendable {
    let run: CheckerRun

    init(_ run: CheckerRun) { self.run = run }
}

/// What ``Checker/check(_:roots:)`` returns.
package struct CheckerOutput: Sendable {
    /// Every diagnostic of every file in the graph, sorted (file, position, severity).
    package let diagnostics: [Diagnostic]
    /// The rule set of each root that has no error in itself or in anything it imports.
    package let ruleSets: [String: RuleSet]
    /// The check's working tables, when ``CheckOptions/handsOverWorkingState`` asked for
    /// them: nothing to read, only to free when convenient.
    package let workingState: (any Sendable)?

    /// Creates an output.
    package init(diagnostics: [Diagnostic], ruleSets: [String: RuleSet], workingState: (any Sendable)? = nil) {
        self.diagnostics = diagnostics
        self.ruleSets = ruleSets
        self.workingState = workingState
    }
}
