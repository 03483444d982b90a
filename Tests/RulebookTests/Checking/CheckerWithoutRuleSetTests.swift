import RulebookTooling
import XCTest

@testable import Rulebook

/// A check that builds no rule set (`rulebook check`, the language server) analyses a
/// field named by one statement on its own and forgets it after the statement; a field
/// named by several statements is compared across them. Either way it finds what a check
/// that builds the rule set finds (``assertCheck`` compares the two for every checker
/// test).
final class CheckerWithoutRuleSetTests: XCTestCase {
    /// Rules of one statement are compared with each other; rules of different fields,
    /// each named once, never are; a field named again is compared with its earlier
    /// statements, under a `when` block too.
    func testFieldsNamedOnceAndAgain() {
        let source = MarkedSource(
            """
            a: minLength 5
            b: maxLength 3
            c: required, 1️⃣required2️⃣
            d: 3️⃣minLength 54️⃣
            when x == "y" {
              d: 5️⃣maxLength 36️⃣
            }
            e: 7️⃣required8️⃣
            e: 9️⃣required0️⃣

            """)
        let expected = [
            "redundant-rule \(source.range(1, 2)) 'required' already applies to 'c'",
            "contradictory-rules \(source.range(5, 6)) 'maxLength 3' contradicts 'minLength 5': no text has at least 5 characters and at most 3 characters",
            "redundant-rule \(source.range(9, 0)) 'required' already applies to 'e'",
        ]
        for buildingRuleSet in [true, false] {
            let result = checkSource(source.text, buildingRuleSet: buildingRuleSet)
            XCTAssertEqual(
                result.diagnostics.map { "\($0.code.id) \($0.range) \($0.message)" }, expected, "rule set: \(buildingRuleSet)")
            XCTAssertEqual(result.diagnostics.last?.notes, [note("'required' is here", source.range(7, 8))])
            XCTAssertEqual(result.diagnostics.dropFirst().first?.notes, [note("'minLength 5' is here", source.range(3, 4))])
            XCTAssertEqual(result.ruleSet == nil, !buildingRuleSet || result.diagnostics.containsErrors)
        }
    }

    /// Without a rule set, the workspace's checks of several files report what they
    /// report with one, and hold no rule set.
    func testCheckAllWithoutRuleSets() {
        let files = ["a.rules": "x: minLength 4, maxLength 2\ny: required\n", "b.rules": "y: required\ny: required\n"]
        let workspace = Workspace(provider: InMemorySourceProvider(files: files), options: CheckOptions().withLint)
        let built = workspace.checkAll(paths: ["a.rules", "b.rules"])
        let bare = workspace.checkAll(paths: ["a.rules", "b.rules"], buildingRuleSets: false)
        XCTAssertEqual(bare.allDiagnostics, built.allDiagnostics)
        XCTAssertEqual(built.allDiagnostics.map(\.code), [.contradiction, .redundantRule])
        XCTAssertEqual(built.ruleSets.keys.sorted(), ["b.rules"])
        XCTAssertTrue(bare.ruleSets.isEmpty)
    }
}
