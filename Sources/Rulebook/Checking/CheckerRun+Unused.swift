// `unused-rule`: a named rule nothing uses, in a file that is not a library.
//
// A file that other files import, or that has no field statements, exists to be imported
// for its named rules, so its rules are never "unused" (checking `common.rules` alone
// must not warn about every rule in it). Only a form file that defines a helper and then
// never uses it gets the warning.

extension CheckerRun {
    func reportUnusedRules() {
        for file in graph.files {
            guard let tree = graph.trees[file], CheckerRun.hasFieldStatements(tree.statements),
                graph.importers(of: file).isEmpty
            else { continue }
            // Performance: the references are filtered first and only an unused rule's
            // definition is looked up (not every definition of a file of thousands of
            // named rules copied to read its reference).
            for reference in definitionOrder where reference.file == file && !usedRules.contains(reference) {
                guard let definition = definitions[reference] else { continue }
                let range = RemovalSite.wholeLines(definition.syntax.range, in: tree.source)
                let touchesComment = tree.hasComment(overlapping: range)
                let fix = FixIt(
                    message: "Remove named rule '\(definition.reference.name)'",
                    edits: [TextEdit(file: file, range: range, replacement: "")],
                    // A rule written for later use is not a mistake: never deleted unattended.
                    applicability: .suggested)
                report(
                    file, definition.syntax.name.range, .unusedRule,
                    "named rule '\(definition.reference.name)' is never used", fixIts: touchesComment ? [] : [fix])
            }
        }
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
