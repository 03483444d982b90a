import Rulebook
import RulebookTooling
import XCTest

@testable import RulebookCommand

/// `rulebook check --fix` applies only fixes that keep the author's intent: an unused
/// named rule is reported (and offered as a quick fix in editors) but never deleted.
final class FixApplicabilityTests: XCTestCase {
    private func diagnostics(_ text: String) -> [Diagnostic] {
        let provider = InMemorySourceProvider(files: ["f.rules": text])
        return Workspace(provider: provider).checkAll(paths: ["f.rules"]).allDiagnostics
    }

    func testUnusedRuleFixIsSuggestedAndNotApplied() {
        let found = diagnostics("rule r = required\na: minLenght 2\n")
        let unused = found.first { $0.code == .unusedRule }
        XCTAssertEqual(unused?.fixIts.map(\.applicability), [.suggested])
        let plan = FixApplier.plan(found)
        XCTAssertEqual(plan.fixCount, 1, "only the misspelling is fixed")
        XCTAssertEqual(
            FixApplier.apply(plan.edits["f.rules"] ?? [], to: "rule r = required\na: minLenght 2\n"),
            "rule r = required\na: minLength 2\n")
    }

    func testDuplicateNamedRulesAreNeverDeleted() {
        let text = "rule r = required\nrule r = minLength 2\na: required\n"
        let plan = FixApplier.plan(diagnostics(text))
        XCTAssertEqual(FixApplier.apply(plan.edits["f.rules"] ?? [], to: text), text)
    }

    func testMisspellingFixIsAutomatic() {
        let misspelled = diagnostics("a: minLenght 2\n").first { $0.code == .unknownValidator }
        XCTAssertEqual(misspelled?.fixIts.first?.applicability, .automatic)
    }
}
