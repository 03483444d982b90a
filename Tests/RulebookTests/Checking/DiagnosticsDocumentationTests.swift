import RulebookTooling
import XCTest

@testable import Rulebook

/// `docs/diagnostics.md` documents every diagnostic code, and the registry has no duplicates.
final class DiagnosticsDocumentationTests: XCTestCase {
    func testEveryCodeHasASectionInTheDocs() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/diagnostics.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let headings = Set(
            text.split(separator: "\n").filter { $0.hasPrefix("### `") }
                .map { $0.dropFirst(5).prefix { $0 != "`" } }.map(String.init))
        let missing = DiagnosticCode.all.map(\.id).filter { !headings.contains($0) }
        XCTAssertEqual(missing, [], "codes without a section in docs/diagnostics.md")
        let unknown = headings.subtracting(DiagnosticCode.all.map(\.id))
        XCTAssertEqual(unknown, [], "sections for codes that do not exist")
        for code in DiagnosticCode.all {
            guard let range = text.range(of: "### `\(code.id)`\n") else { continue }
            XCTAssertTrue(
                text[range.upperBound...].hasPrefix("**\(code.defaultSeverity.rawValue).**"),
                "\(code.id): the section starts with its default severity")
        }
    }

    func testCodesAreUniqueAndKebabCase() {
        let ids = DiagnosticCode.all.map(\.id)
        XCTAssertEqual(ids.count, Set(ids).count)
        for id in ids {
            XCTAssertTrue(id.allSatisfy { $0.isLowercase || $0 == "-" }, id)
        }
    }
}
