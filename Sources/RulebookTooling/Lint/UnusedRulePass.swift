import Rulebook

/// `unused-rule`: a named rule nothing uses, in a file that is not a library.
///
/// A file that other files import, or that has no field statements, exists to be imported
/// for its named rules, so its rules are never "unused" (checking `common.rules` alone
/// must not warn about every rule in it). Only a form file that defines a helper and then
/// never uses it gets the warning.
package struct UnusedRulePass: LintPass {
    package init() {}

    package func diagnostics(of facts: LintFacts) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var isLibrary: [String: Bool] = [:]  // per file
        for unused in facts.unusedRules {
            let file = unused.file
            guard let tree = facts.graph.trees[file] else { continue }
            let library =
                isLibrary[file] ?? (!Self.hasFieldStatements(tree.statements) || !facts.graph.importers(of: file).isEmpty)
            isLibrary[file] = library
            guard !library else { continue }
            let syntax = unused.syntax
            let range = RemovalSite.wholeLines(syntax.range, in: tree.source)
            let fix = FixIt(
                message: "Remove named rule '\(syntax.name.name)'",
                edits: [TextEdit(file: file, range: range, replacement: "")],
                // A rule written for later use is not a mistake: never deleted unattended.
                applicability: .suggested)
            diagnostics.append(
                Diagnostic(
                    file: file, range: syntax.name.range, code: .unusedRule,
                    message: "named rule '\(syntax.name.name)' is never used",
                    fixIts: tree.hasComment(overlapping: range) ? [] : [fix]))
        }
        return diagnostics
    }

    static func hasFieldStatements(_ statements: [StatementSyntax]) -> Bool {
        statements.contains { statement in
            switch statement {
            case .field: true
            case .when(let block): hasFieldStatements(block.body)
            default: false
            }
        }
    }
}
