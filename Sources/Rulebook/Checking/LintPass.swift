/// A check whose findings are warnings only tools show (`unknown-field`, `unused-rule`,
/// `unreachable-block`): the library reports what stops rules from compiling, tools add
/// lint. Tools list their passes in ``CheckOptions/lintPasses``; the checker runs them
/// after its own checks, over what it saw (``LintFacts``).
package protocol LintPass: Sendable {
    /// The warnings about the files of `facts`.
    func diagnostics(of facts: LintFacts) -> [Diagnostic]
}

/// What one check saw that lint passes read (collected only when a pass is given).
package struct LintFacts {
    /// The files checked.
    package let graph: ProgramGraph
    /// Per file: its distinct field statement paths, in order of first appearance.
    package var statementPaths: [String: [FieldPath]] = [:]
    /// Per file: the fields its field statements name in arguments and conditions.
    package var fieldReferences: [String: [FieldReference]] = [:]
    /// Every `when` block whose condition could be checked, in file and source order.
    package var blocks: [WhenBlock] = []
    /// The named rule definitions in effect that no rule uses, in file and source order.
    package var unusedRules: [UnusedRule] = []

    /// A `when` block with its conditions and those of the blocks around it.
    package struct WhenBlock {
        package let file: String
        /// The block's condition as written.
        package let range: SourceRange
        /// The enclosing blocks' conditions, outermost first.
        package let enclosing: [Condition]
        /// ``enclosing`` and the block's own condition.
        package let conditions: [Condition]
    }

    /// A named rule definition that no rule uses.
    package struct UnusedRule {
        package let file: String
        package let syntax: NamedRuleSyntax
    }
}

/// A field named by an argument or a condition, for the `unknown-field` typo check.
///
/// Performance: 24 bytes, without the file's path (references are kept per file; there
/// are ≈ 24,000 per check of the 100,000-line file).
package struct FieldReference {
    package let path: FieldPath
    package let range: SourceRange
}
