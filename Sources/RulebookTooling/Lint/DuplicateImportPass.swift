import Rulebook

/// `duplicate-import`: a file that imports the same file twice (the same target however
/// its path is spelt). The loader follows the first import and skips the others; this
/// pass names them, with a fix that deletes the repeated line.
package struct DuplicateImportPass: LintPass {
    package init() {}

    package func diagnostics(of facts: LintFacts) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for file in facts.graph.files {
            guard let tree = facts.graph.trees[file] else { continue }
            var first: [String: ImportSyntax] = [:]
            for syntax in ImportLoader.importStatements(in: tree.statements) {
                // The parser or the loader reported a missing or empty path.
                guard !syntax.pathRange.isEmpty, !syntax.path.isEmpty else { continue }
                let target = SourcePath.resolve(syntax.path, relativeTo: file)
                guard let earlier = first[target] else {
                    first[target] = syntax
                    continue
                }
                diagnostics.append(Self.repeated(syntax, first: earlier, in: tree))
            }
        }
        return diagnostics
    }

    private static func repeated(_ syntax: ImportSyntax, first: ImportSyntax, in tree: SyntaxTree) -> Diagnostic {
        let file = tree.source.path
        let range = RemovalSite.wholeLines(syntax.range, in: tree.source)
        let fix = FixIt(message: "Remove the repeated import", edits: [TextEdit(file: file, range: range, replacement: "")])
        return Diagnostic(
            file: file, range: syntax.range, code: .duplicateImport, message: "'\(syntax.path)' is already imported by this file",
            notes: [Note(message: "first imported here", file: file, range: first.range)],
            fixIts: tree.hasComment(overlapping: range) ? [] : [fix])
    }
}
