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
            var firstByName: [String: NamedRuleSyntax] = [:]
            forEachDeclaration(in: tree.statements, insideBlock: false) { statement, insideBlock in
                switch statement {
                case .namedRule(let syntax):
                    if insideBlock {
                        report(file, syntax.keywordRange.union(syntax.name.range), .misplacedDeclaration,
                               "named rule '\(syntax.name.name)' is defined inside a 'when' block; define named rules at the top level of the file")
                    }
                    define(syntax, in: tree.source, firstByName: &firstByName)
                case .importDecl(let syntax) where insideBlock:
                    report(file, syntax.range, .misplacedDeclaration,
                           "'import' inside a 'when' block; imports belong at the top level of the file")
                default:
                    break
                }
            }
        }
    }

    /// Visits named rules and imports, at the top level and inside blocks.
    private func forEachDeclaration(in statements: [StatementSyntax], insideBlock: Bool,
                                    _ body: (StatementSyntax, Bool) -> Void) {
        for statement in statements {
            switch statement {
            case .namedRule, .importDecl:
                body(statement, insideBlock)
            case .when(let block):
                forEachDeclaration(in: block.body, insideBlock: true, body)
            case .field, .unexpected:
                break
            }
        }
    }

    private func define(_ syntax: NamedRuleSyntax, in source: SourceFile, firstByName: inout [String: NamedRuleSyntax]) {
        let name = syntax.name.name
        guard !name.isEmpty else { return }  // the parser reported the missing name
        if BuiltinValidator.named[name] != nil {
            report(source.path, syntax.name.range, .shadowedValidator,
                   "named rule '\(name)' has the name of a built-in validator; choose another name")
            return
        }
        if let first = firstByName[name] {
            report(source.path, syntax.name.range, .duplicateRule, "named rule '\(name)' is already defined in this file",
                   notes: [Note(message: "'\(name)' is first defined here", file: source.path, range: first.name.range)])
            return
        }
        firstByName[name] = syntax
        let reference = RuleReference(file: source.path, name: name)
        definitions[reference] = NamedRuleDefinition(reference: reference, syntax: syntax, source: source)
        definitionOrder.append(reference)
    }

    /// The definitions of `file`, in source order.
    func definitions(of file: String) -> [NamedRuleDefinition] {
        definitionOrder.lazy.filter { $0.file == file }.compactMap { self.definitions[$0] }
    }

    /// Builds each file's scope and reports names defined twice across imports.
    func buildScopes() {
        let byFile = Dictionary(grouping: definitionOrder.compactMap { definitions[$0] }, by: \.reference.file)
        for file in graph.files {
            var scope: [String: RuleReference] = [:]
            for definition in byFile[file] ?? [] { scope[definition.reference.name] = definition.reference }
            var importedFiles: Set<String> = []
            for edge in graph.imports[file] ?? [] {
                guard let target = edge.target, target != file, importedFiles.insert(target).inserted else { continue }
                for definition in byFile[target] ?? [] {
                    addImported(definition, through: edge, into: &scope, of: file)
                }
            }
            scopes[file] = scope
        }
    }

    private func addImported(_ definition: NamedRuleDefinition, through edge: ProgramGraph.Import,
                             into scope: inout [String: RuleReference], of file: String) {
        let name = definition.reference.name
        guard let existing = scope[name] else {
            scope[name] = definition.reference
            return
        }
        guard let other = definitions[existing], existing != definition.reference else { return }
        let importedNote = Note(message: "'\(name)' is defined here", file: definition.source.path, range: definition.syntax.name.range)
        if existing.file == file {
            // The local definition wins; say so where it is written.
            report(file, other.syntax.name.range, .duplicateRule,
                   "named rule '\(name)' is also defined in '\(definition.source.path)', which this file imports",
                   notes: [importedNote])
        } else {
            report(file, edge.syntax.pathRange, .duplicateRule,
                   "'\(definition.source.path)' and '\(existing.file)' both define named rule '\(name)'; the first import's is used",
                   notes: [Note(message: "'\(name)' is defined here", file: other.source.path, range: other.syntax.name.range), importedNote])
        }
    }
}
