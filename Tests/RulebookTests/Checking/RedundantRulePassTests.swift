import RulebookTooling
import XCTest

@testable import Rulebook

/// `redundant-rule` and `duplicate-import` are lint (``RedundantRulePass``,
/// ``DuplicateImportPass``): the library reports only the errors of the same files, and
/// the redundancy pass follows the checker's comparison use by use.
final class RedundantRulePassTests: XCTestCase {
    private let text = """
        import "c.rules"
        import "./c.rules"
        rule pair = required, maxLength 3
        a: minLength 5, pair, required
        b: required, required

        """

    private func codes(_ options: CheckOptions) throws -> [String] {
        let provider = InMemorySourceProvider(files: ["test.rules": text, "c.rules": "rule c = required\n"])
        return try Workspace(provider: provider, options: options).check(rootFile: "test.rules").diagnostics.map(\.code.id)
    }

    func testTheLibraryReportsTheErrorsOnly() throws {
        XCTAssertEqual(try codes(CheckOptions()), ["contradictory-rules"])
        let clean = "b: required, required\nc: minLength 2, minLength 2\n"
        XCTAssertNoThrow(try CompiledRuleSet(source: clean))
        XCTAssertEqual(try codes(CheckOptions().withLint), ["duplicate-import", "contradictory-rules", "redundant-rule", "redundant-rule"])
    }

    /// A use the checker finds contradictory gets no warning, but its rules still apply:
    /// a later rule that repeats one of them is redundant.
    func testAContradictedUsesRulesStillCountForLaterRepetitions() {
        let source = MarkedSource(
            "rule pair = 1️⃣required2️⃣, maxLength 3\na: minLength 5, 3️⃣pair4️⃣, 5️⃣required6️⃣\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .contradiction, source.range(3, 4),
                    "'maxLength 3' (from 'pair') contradicts 'minLength 5': no text has at least 5 characters and at most 3 characters",
                    notes: [note("'minLength 5' is here", SourceRange(start: 37, end: 48))]),
                CheckedDiagnostic(
                    .redundantRule, source.range(5, 6), "'required' already applies to 'a'",
                    notes: [note("'required' (from 'pair') is here", source.range(1, 2))],
                    fixIts: [fix("Remove 'required'", SourceRange(start: source.range(3, 4).end, end: source.range(5, 6).end), "")]),
            ])
    }

    /// A repeated import whose line also holds a comment is removed without its line,
    /// so that the comment stays.
    func testARepeatedImportNextToACommentKeepsTheComment() throws {
        let source = MarkedSource("import \"c.rules\"\n1️⃣import \"c.rules\"2️⃣ # again\nx: c\n")
        let provider = InMemorySourceProvider(files: ["test.rules": source.text, "c.rules": "rule c = required\n"])
        let result = try Workspace(provider: provider, options: CheckOptions().withLint).check(rootFile: "test.rules")
        XCTAssertEqual(
            result.diagnostics.map(CheckedDiagnostic.init),
            [
                CheckedDiagnostic(
                    .duplicateImport, source.range(1, 2), "'c.rules' is already imported by this file",
                    notes: [note("first imported here", SourceRange(start: 0, end: 16))],
                    fixIts: [fix("Remove the repeated import", source.range(1, 2), "")])
            ])
    }
}
