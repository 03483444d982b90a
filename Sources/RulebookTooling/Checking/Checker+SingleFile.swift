import Rulebook

extension Checker {
    /// Checks one parsed file, with already-parsed files it may import (matched by their
    /// ``SourceFile/path`` after resolving each import relative to the importing file).
    /// An import of anything else is a `missing-import`. For files on disk or in an
    /// editor, use ``Workspace`` instead, which reads imports itself.
    package func check(tree: SyntaxTree, imports: [SyntaxTree] = []) -> (ruleSet: RuleSet?, diagnostics: [Diagnostic]) {
        let root = tree.source.path
        var available: [String: SyntaxTree] = [:]
        for imported in imports { available[SourcePath.normalize(imported.source.path)] = imported }
        var loader = ImportLoader { path in
            if path == root { return .success(tree) }
            if let imported = available[path] { return .success(imported) }
            return .failure(SourceReadError(path: path, reason: .notFound))
        }
        let (graph, _) = loader.load(roots: [root])
        let output = check(graph, roots: [root])
        return (output.ruleSets[root], output.diagnostics)
    }
}
