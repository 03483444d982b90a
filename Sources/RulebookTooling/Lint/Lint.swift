import Rulebook

/// The lint the command and the language server add to the library's checks: warnings
/// about rules that compile and run, but are probably not what their author meant.
package enum Lint {
    /// Every lint pass, in the order they run.
    package static let passes: [any LintPass] = [
        UnknownFieldPass(), UnreachableBlockPass(), UnusedRulePass(), RedundantRulePass(), DuplicateImportPass(),
    ]
}

extension CheckOptions {
    /// These options with every lint pass (``Lint/passes``).
    package var withLint: CheckOptions {
        var options = self
        options.lintPasses = Lint.passes
        return options
    }
}
