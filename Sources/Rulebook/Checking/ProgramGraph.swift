/// The parsed files of one check and how their imports resolved: the checker's input.
///
/// The workspace builds it (reading files through a ``SourceProvider``, each once); the
/// checker never touches a file system, so it stays a pure function of this value.
package struct ProgramGraph: Sendable {
    /// One `import` statement and the file it resolved to.
    package struct Import: Sendable, Hashable {
        /// The statement as written.
        package let syntax: ImportSyntax
        /// The normalised path of the imported file, or `nil` when it could not be read
        /// (already diagnosed as `missing-import`).
        package let target: String?

        /// Creates a resolved import.
        package init(syntax: ImportSyntax, target: String?) {
            self.syntax = syntax
            self.target = target
        }
    }

    /// Every file, in the order it was loaded (roots in the order given, each followed
    /// depth-first by what it imports).
    package let files: [String]
    /// The syntax tree of each file, keyed by the same path as ``files``.
    package let trees: [String: SyntaxTree]
    /// Each file's imports in source order (including misplaced ones inside `when` blocks).
    package let imports: [String: [Import]]
    /// Diagnostics found while loading (`missing-import`, `import-cycle`).
    package let diagnostics: [Diagnostic]

    /// Creates a graph.
    package init(files: [String], trees: [String: SyntaxTree], imports: [String: [Import]], diagnostics: [Diagnostic]) {
        self.files = files
        self.trees = trees
        self.imports = imports
        self.diagnostics = diagnostics
    }

    /// `root` and every file it imports, directly or not, in load order.
    package func reachable(from root: String) -> [String] {
        var seen: Set<String> = [root]
        var order: [String] = []
        var stack = [root]
        while let file = stack.popLast() {
            guard trees[file] != nil else { continue }
            order.append(file)
            for edge in (imports[file] ?? []).reversed() {
                if let target = edge.target, seen.insert(target).inserted { stack.append(target) }
            }
        }
        return order
    }
}
