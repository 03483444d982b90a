import Rulebook

/// `unreachable-block`: a `when` block whose condition can never hold, alone or with the
/// blocks around it (a block inside one that is already unreachable is not reported
/// again).
package struct UnreachableBlockPass: LintPass {
    package init() {}

    package func diagnostics(of facts: LintFacts) -> [Diagnostic] {
        facts.blocks.compactMap { block in
            guard ConditionSatisfiability.isSatisfiable(block.enclosing),
                !ConditionSatisfiability.isSatisfiable(block.conditions)
            else { return nil }
            return Diagnostic(
                file: block.file, range: block.range, code: .unreachableBlock,
                message: block.conditions.count == 1
                    ? "this condition can never hold: the rules of this block never apply"
                    : "this condition contradicts an enclosing block's: the rules of this block never apply")
        }
    }
}
