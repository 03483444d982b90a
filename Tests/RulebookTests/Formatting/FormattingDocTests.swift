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
}
