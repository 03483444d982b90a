// Phase 6: what the lint passes read beyond the statements (see `LintFacts`).

extension CheckerRun {
    /// Hands the named rules nothing uses to the lint passes (`unused-rule`).
    ///
    /// Performance: the references are filtered first and only an unused rule's
    /// definition is looked up (not every definition of a file of thousands of named
    /// rules copied to read its reference).
    func recordUnusedRules() {
        guard lintFacts != nil else { return }
        for reference in definitionOrder where !usedRules.contains(reference) {
            guard let definition = definitions[reference] else { continue }
            lintFacts?.unusedRules.append(LintFacts.UnusedRule(file: reference.file, syntax: definition.syntax))
        }
    }
}
