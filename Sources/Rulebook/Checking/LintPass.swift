/// A check whose findings are warnings only tools show (`unknown-field`, `unused-rule`,
/// `unreachable-block`): the library reports what stops rules from compiling, tools add
/// lint. Tools list their passes in ``CheckOptions/lintPasses``; the checker runs them
/// after its own checks, over what it saw (``LintFacts``); a pass that needs to follow
/// the checker's comparison of each field's rules gets it as it happens (``UseLint``).
package protocol LintPass: Sendable {
    /// The warnings about the files of `facts`.
    func diagnostics(of facts: LintFacts) -> [Diagnostic]
    /// What follows the comparison of rules for one check (`nil`: the pass does not).
    func makeUseLint() -> (any UseLint)?
}

extension LintPass {
    /// Most passes read only ``LintFacts``.
    package func makeUseLint() -> (any UseLint)? { nil }
}

/// Lint that follows the checker's comparison of the rules that apply together (a
/// field's under its `when` blocks, a named rule's body): the checker hands it every use
/// with the states (sets of conditions) it compared the use with, so the lint never
/// groups fields or conditions again.
///
/// The checker keeps several tables of groups at once (one per file, one for the
/// statement being checked, one for the named rules), told apart by a number; a state is
/// a row of its table, and a group's states are created in order.
///
/// Performance: the use's parts are passed one by one, borrowed, not gathered into a
/// value that would retain and release each of them for every rule of every statement.
package protocol UseLint: AnyObject {
    /// `use` (written in `tree`) was compared with the earlier uses of `group` in `table`,
    /// a group that is `subject`; returns the warning about it, if any.
    ///
    /// - Parameters:
    ///   - wider: the group's states whose conditions hold whenever the use's do,
    ///     earliest first.
    ///   - state: the state the use's rules join (`nil`: the group has too many states;
    ///     they join none).
    ///   - contradicted: whether the checker reported a contradiction for the use (which
    ///     says enough).
    func add(
        _ use: AnalyzedUse, group: Int, subject: UseSubject, wider: StateSet, state: Int32?, contradicted: Bool,
        table: Int, in tree: SyntaxTree
    ) -> Diagnostic?
    /// Forgets every group and state of `table` (the checker emptied it, or is done with
    /// it when `keepingCapacity` is false).
    func removeAll(table: Int, keepingCapacity: Bool)
}

/// What a group of rules is, for messages: a field, or "named rule 'personName'".
///
/// Performance: a field is kept as its path and spelt only when a diagnostic needs it;
/// most fields never get one, and spelling every path was measurable on large files.
package enum UseSubject {
    case field(FieldPath)
    /// A named rule, by name.
    case namedRule(String)
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
