import RulebookTooling
import SeededRandom
import XCTest

@testable import Rulebook

/// Deterministic randomized checking: mutated versions of the shipped rule files go
/// through the parser and the checker; every run must finish, and every diagnostic,
/// note and fix must point inside its file.
final class CheckerRobustnessTests: XCTestCase {
    private func shippedFiles() throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try shippedRuleFiles())
    }

    func testThousandsOfMutatedRuleSetsCheckWithoutCrashing() throws {
        let originals = try shippedFiles()
        let names = originals.keys.sorted()
        var generator = SeededGenerator(seed: 0x5EED_C0DE)
        var diagnosticsSeen = 0
        for iteration in 0..<3_000 {
            var files = originals
            // Mutate one or two files (often common.rules, which the others import).
            for _ in 0..<Int.random(in: 1...2, using: &generator) {
                let name = names.randomElement(using: &generator)!
                files[name] = RuleFileMutator.mutate(files[name]!, using: &generator)
            }
            let root = names.randomElement(using: &generator)!
            let result: CheckResult
            do {
                result = try Workspace(provider: InMemorySourceProvider(files: files)).check(rootFile: root)
            } catch {
                return XCTFail("iteration \(iteration): root unreadable: \(error)")
            }
            diagnosticsSeen += result.diagnostics.count
            if let problem = Self.misplacedRange(in: result, files: files) {
                return XCTFail("iteration \(iteration), root \(root): \(problem)")
            }
            XCTAssertEqual(result.ruleSet == nil, result.diagnostics.containsErrors, "iteration \(iteration)")
        }
        XCTAssertGreaterThan(diagnosticsSeen, 1_000, "the mutations should produce mistakes to report")
    }

    func testMutatedFilesCheckedTogether() throws {
        let originals = try shippedFiles()
        var generator = SeededGenerator(seed: 42)
        for iteration in 0..<500 {
            let files = originals.mapValues { RuleFileMutator.mutate($0, using: &generator) }
            let result = Workspace(provider: InMemorySourceProvider(files: files)).checkAll(paths: files.keys.sorted())
            for (file, diagnostics) in result.diagnostics {
                XCTAssertTrue(diagnostics.allSatisfy { $0.file == file }, "iteration \(iteration)")
                let length = files[file]?.utf8.count ?? -1
                if let bad = diagnostics.first(where: { $0.range.end > length }) {
                    return XCTFail("iteration \(iteration): \(bad) outside \(file)")
                }
            }
        }
    }

    func testExponentialNamedRulesAreCutOffByTheLimit() throws {
        var text = "rule r0 = required, minLength 1\n"
        for level in 1...40 { text += "rule r\(level) = r\(level - 1), r\(level - 1)\n" }
        text += "x: r40\n"
        let result = try Workspace(provider: InMemorySourceProvider(files: ["test.rules": text]), options: CheckOptions().withLint)
            .check(rootFile: "test.rules")
        // Every `rN = rN-1, rN-1` also repeats itself (redundant-rule, from the tools' lint);
        // the limit is reported once.
        let limits = result.diagnostics.filter { $0.code == .limitExceeded }
        XCTAssertEqual(limits.map(\.message), ["named rule 'r13' expands to 16384 validators, more than the limit of 10000"])
        XCTAssertEqual(Set(result.diagnostics.map(\.code)), [.limitExceeded, .redundantRule])
        XCTAssertNil(result.ruleSet)
    }

    func testTheWholeCheckHasAnExpansionBudget() {
        let source = MarkedSource("rule pair = required, minLength 1\na: pair\nb: pair\nc: 1️⃣pair2️⃣\nd: pair\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .limitExceeded, source.range(1, 2),
                    "the rules expand to more than 6 validators; checking stops expanding named rules here")
            ], options: CheckOptions(limits: CheckLimits(maxExpandedRulesPerStatement: 10, maxExpandedRulesTotal: 6)))
    }

    func testOneStatementHasAnExpansionLimit() {
        let source = MarkedSource("rule pair = required, minLength 1\na: pair, maxLength 9, 1️⃣pair2️⃣\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(.limitExceeded, source.range(1, 2), "'a' expands to more than 4 validators in one statement")
            ], options: CheckOptions(limits: CheckLimits(maxExpandedRulesPerStatement: 4)))
    }

    func testLongChainsOfNamedRulesAndImportsDoNotExhaustTheStack() throws {
        var text = "rule r0 = required\n"
        for level in 1...5_000 { text += "rule r\(level) = r\(level - 1)\n" }
        text += "x: r5000\n"
        var files = ["test.rules": text]
        for index in 0..<2_000 { files["f\(index).rules"] = "import \"f\(index + 1).rules\"\nrule g\(index) = required\n" }
        files["f2000.rules"] = "rule last = required\n"
        let provider = InMemorySourceProvider(files: files)
        let result = try Workspace(provider: provider).check(rootFile: "test.rules")
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.ruleSet?.statements.first?.rules.first?.expandedFrom.count, 5_001)
        let chain = try Workspace(provider: provider).check(rootFile: "f0.rules")
        XCTAssertEqual(chain.diagnostics, [])
        XCTAssertEqual(chain.ruleSet?.files.count, 2_001)
    }

    /// A description of the first range outside its file, or nil.
    static func misplacedRange(in result: CheckResult, files: [String: String]) -> String? {
        func check(_ file: String?, _ range: SourceRange?) -> Bool {
            guard let file, let range else { return true }
            guard let text = files[file] else { return false }
            return range.start >= 0 && range.end <= text.utf8.count
        }
        for diagnostic in result.diagnostics {
            if !check(diagnostic.file, diagnostic.range) { return "diagnostic outside its file: \(diagnostic)" }
            for note in diagnostic.notes where !check(note.file, note.range) { return "note outside its file: \(diagnostic)" }
            for edit in diagnostic.fixIts.flatMap(\.edits) where !check(edit.file, edit.range) {
                return "fix outside its file: \(diagnostic)"
            }
        }
        return nil
    }
}
