import Rulebook

/// A named rule's definition: where it is and its syntax.
struct NamedRuleDefinition: Sendable {
    /// The file that defines it.
    let source: SourceFile
    let syntax: NamedRuleSyntax
}

/// The named rules a file can use, following the checker's scoping: the file's own
/// definitions, then those *defined* in the files it imports directly (not transitively);
/// its own win, and the first import wins among imports.
struct RuleScope: Sendable {
    private(set) var rules: [String: NamedRuleDefinition] = [:]

    /// The scope of `file`, given every parsed file and each file's resolved imports.
    init(file: String, trees: [String: SyntaxTree], imports: [String: [String]]) {
        guard let tree = trees[file] else { return }
        for definition in RuleScope.definitions(in: tree) where rules[definition.syntax.name.name] == nil {
            rules[definition.syntax.name.name] = definition
        }
        var seen: Set<String> = [file]
        for target in imports[file] ?? [] where seen.insert(target).inserted {
            guard let imported = trees[target] else { continue }
            for definition in RuleScope.definitions(in: imported) where rules[definition.syntax.name.name] == nil {
                rules[definition.syntax.name.name] = definition
            }
        }
    }

    /// The named rules defined in `tree` (top level and, misplaced, inside blocks).
    static func definitions(in tree: SyntaxTree) -> [NamedRuleDefinition] {
        var found: [NamedRuleDefinition] = []
        func visit(_ statements: [StatementSyntax]) {
            for statement in statements {
                switch statement {
                case .namedRule(let rule) where !rule.name.name.isEmpty:
                    found.append(NamedRuleDefinition(source: tree.source, syntax: rule))
                case .when(let block):
                    visit(block.body)
                default:
                    continue
                }
            }
        }
        visit(tree.statements)
        return found
    }

    /// The definition of `name`, if in scope.
    subscript(name: String) -> NamedRuleDefinition? { rules[name] }

    /// The validators a named rule expands to, as written (`minLength 2`), nested
    /// named rules expanded with their own scopes; cycles and unknown names stop.
    func expansion(of name: String, scopes: (String) -> RuleScope?, limit: Int = 200) -> [String] {
        var result: [String] = []
        var visiting: Set<String> = []
        func expand(_ name: String, in scope: RuleScope) {
            guard result.count < limit, let definition = scope[name], visiting.insert(definition.source.path + "#" + name).inserted else {
                result.append(name)
                return
            }
            let inner = scopes(definition.source.path) ?? scope
            for rule in definition.syntax.rules {
                if BuiltinValidator(rawValue: rule.name.name) != nil || inner[rule.name.name] == nil {
                    result.append(
                        String(
                            definition.source.text(
                                in: SourceRange(
                                    start: rule.name.range.start,
                                    end: rule.message?.range.start ?? rule.range.end))
                        )
                        .trimmingTrailingSpaces())
                } else {
                    expand(rule.name.name, in: inner)
                }
            }
            visiting.remove(definition.source.path + "#" + name)
        }
        expand(name, in: self)
        return result
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = Substring(self)
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
