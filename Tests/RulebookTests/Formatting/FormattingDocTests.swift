import RulebookTooling
import XCTest

@testable import Rulebook

/// `docs/formatting.md`'s before/after example is real formatter output.
final class FormattingDocTests: XCTestCase {
    func testBeforeAndAfterExampleMatchesTheFormatter() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/formatting.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let section = try XCTUnwrap(text.components(separatedBy: "## Before and after").last)
        // The first two ``` blocks of the section: before, after.
        let blocks = section.components(separatedBy: "```\n").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        XCTAssertGreaterThanOrEqual(blocks.count, 2)
        let before = blocks[0], after = blocks[1]
        let formatted = Formatter.format(SourceFile(path: "account.rules", text: before))
        XCTAssertEqual(formatted, after)
        XCTAssertEqual(Formatter.format(SourceFile(path: "account.rules", text: after)), after)
    }

    /// The example is a rule file one could ship: placed in `Rules/` beside the shipped
    /// `common.rules` it imports, it checks without errors (no duplicate named rules).
    func testAfterExampleChecksAgainstTheShippedCommonRules() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/formatting.md"), encoding: .utf8)
        let section = try XCTUnwrap(text.components(separatedBy: "## Before and after").last)
        let after = section.components(separatedBy: "```\n").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)[1]
        let common = try String(contentsOf: root.appendingPathComponent("Rules/common.rules"), encoding: .utf8)
        let workspace = Workspace(provider: InMemorySourceProvider(files: ["Rules/account.rules": after, "Rules/common.rules": common]))
        let result = try workspace.check(rootFile: "Rules/account.rules")
        let errors = result.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.map { "\($0.file):\($0.range): \($0.message)" }, [])
    }
}
