// Phase 1 and 2: which named rules exist, and which names each file can use.
//
// Scoping (documented in docs/diagnostics.md, "How the checker reads files"):
// a file sees its own named rules and those *defined* in the files it imports directly.
// Imports are not transitive: if `a` imports `b` and `b` imports `c`, `a` does not see
// `c`'s rules (it imports `c` itself when it wants them), but `b`'s rules may use `c`'s,
// because each named rule resolves names in the file that defines it. A file's own
// definition wins over an imported one of the same name (reported as `duplicate-rule`),
// and the first of two imports defining one name wins (also reported).

extension CheckerRun {
    /// Finds every `rule NAME = …`, including misplaced ones inside `when` blocks (kept,
    /// so that their uses do not also fail), and reports duplicates and shadowing.
    func collectDefinitions() {
        for file in graph.files {
            guard let tree = graph.trees[file] else { continue }
            collectDeclarations(in: tree.statements, insideBlock: false, file: file, source: tree.source)
        }
    }

    /// Defines the named rules of `statements` (at the top level and inside blocks) and
    /// reports misplaced declarations.
    ///
    /// Performance: the statements are matched in place by index, and only a declaration
    /// is copied out; a closure called with each statement copied every statement of the
    /// file (a retain and a release of its payload), and the source once per named rule.
    private func collectDeclarations(in statements: [StatementSyntax], insideBlock: Bool, file: String, source: SourceFile) {
        for index in statements.indices {
            switch statements[index] {
            case .namedRule(let syntax):
                if insideBlock {
                    report(
                        file, syntax.keywordRange.union(syntax.name.range), .misplacedDeclaration,
                        "named rule '\(syntax.name.name)' is defined inside a 'when' block; define named rules at the top level of the file"
                    )
                }
                define(syntax, in: source)
            case .importDecl(let syntax) where insideBlock:
                report(
                    file, syntax.range, .misplacedDeclaration,
                    "'import' inside a 'when' block; imports belong at the top level of the file")
            case .when(let block):
                collectDeclarations(in: block.body, insideBlock: true, file: file, source: source)
            case .field, .importDecl, .unexpected:
                break
            }
        }
    }

    /// Performance: the first definition of a name in a file is the one `definitionKeys`
    /// holds, so that set answers "already defined" in one insertion (the reference's
    /// hash is computed once); a table of names per file would hash each name twice more
    /// and copy each syntax.
    private func define(_ syntax: NamedRuleSyntax, in source: SourceFile) {
        let name = syntax.name.name
        guard !name.isEmpty else { return }  // the parser reported the missing name
        if options.validators.definition(named: name) != nil {
            let kind = BuiltinValidator.named[name] != nil ? "a built-in" : "a registered"
            report(
                source.path, syntax.name.range, .shadowedValidator,
                "named rule '\(name)' has the name of \(kind) validator; choose another name")
            return
        }
        let reference = RuleReference(file: source.path, name: name, id: definitionOrder.count)
        let (isNew, known) = definitionKeys.insert(reference)
        guard isNew else {
            let notes =
                definitions[known].map { first in
                    [Note(message: "'\(name)' is first defined here", file: source.path, range: first.syntax.name.range)]
                } ?? []
            report(source.path, syntax.name.range, .duplicateRule, "named rule '\(name)' is already defined in this file", notes: notes)
            return
        }
        definitions[reference] = NamedRuleDefinition(reference: reference, syntax: syntax, source: source)
        definitionOrder.append(reference)
    }

    /// Builds each file's scope and reports names defined twice across imports.
    func buildScopes() {
        let byFile = referencesByFile()
        for file in graph.files {
            let own = byFile[file] ?? []
            var scope: [String: RuleReference] = [:]
            scope.reserveCapacity(own.count)
            for reference in own { scope[reference.name] = reference }
            var importedFiles: Set<String> = []
            for edge in graph.imports[file] ?? [] {
                guard let target = edge.target, target != file, importedFiles.insert(target).inserted else { continue }
                for reference in byFile[target] ?? [] {
                    guard let definition = definitions[reference] else { continue }
                    addImported(definition, through: edge, into: &scope, of: file)
                }
            }
            scopes[file] = scope
        }
    }

    /// ``definitionOrder`` grouped by file, in order.
    ///
    /// Performance: the definitions come file by file, so a file's name is hashed once
    /// per run of its definitions, not once per definition, and no definition is copied
    /// (as `Dictionary(grouping:)` over the definitions would).
    private func referencesByFile() -> [String: [RuleReference]] {
        var byFile: [String: [RuleReference]] = [:]
        var start = definitionOrder.startIndex
        while start < definitionOrder.endIndex {
            let file = definitionOrder[start].file
            var end = start + 1
            while end < definitionOrder.endIndex, definitionOrder[end].file == file { end += 1 }
            byFile[file, default: []] += definitionOrder[start..<end]
            start = end
        }
        return byFile
    }

    private func addImported(
        _ definition: NamedRuleDefinition, through edge: ProgramGraph.Import,
        into scope: inout [String: RuleReference], of file: String
    ) {
        let name = definition.reference.name
        guard let existing = scope[name] else {
            scope[name] = definition.reference
            return
        }
        guard let other = definitions[existing], existing != definition.reference else { return }
        let importedNote = Note(message: "'\(name)' is defined here", file: definition.source.path, range: definition.syntax.name.range)
        if existing.file == file {
            // The local definition wins; say so where it is written.
            report(
                file, other.syntax.name.range, .duplicateRule,
                "named rule '\(name)' is also defined in '\(definition.source.path)', which this file imports",
                notes: [importedNote])
        } else {
            report(
                file, edge.syntax.pathRange, .duplicateRule,
                "'\(definition.source.path)' and '\(existing.file)' both define named rule '\(name)'; the first import's is used",
                notes: [Note(message: "'\(name)' is defined here", file: other.source.path, range: other.syntax.name.range), importedNote])
        }
    }
}
