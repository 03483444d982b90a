import Foundation
import Rulebook
import RulebookTooling
import XCTest

@testable import RulebookLanguageServer

/// A buffer large enough for the two-core parse and check (64 KB and more) gets the
/// diagnostics of a one-pass check, on open and after an edit that changes both halves.
final class LargeDocumentTests: LSPTestCase {
    /// About 100 KB of statements with a mistake every few lines, some fields repeated
    /// between the halves (repetitions across the cut; few enough that the check is split,
    /// see `CheckerRun.partsShareMostFields`), and named rules.
    private func largeText(variant: Int) -> String {
        var lines = ["rule shortName = required, minLength 1, maxLength 20"]
        for index in 0..<2_400 {
            switch (index + variant) % 8 {
            case 0: lines.append("field\(index % 50): required, minLength 2")
            case 1: lines.append("solo\(index): maxLength 1, minLength 3")
            case 2: lines.append("name\(index): shortName, minLenght 3")
            case 3: lines.append("when country\(index) == \"DE\" {\n  post\(index): required, pattern /^[0-9]{5}$/\n}")
            case 4: lines.append("confirm\(index): same fieldd\(index % 50)")
            case 5: lines.append("rule local\(index) = email, maxLength 80")
            case 6: lines.append("mail\(index): local\(index - 1)")
            default: lines.append("age\(index): between 130 13")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func onePassDiagnostics(_ text: String, path: String) throws -> [Diagnostic] {
        var provider = OverlaySourceProvider(base: DiskSourceProvider())
        provider.setBuffer(text, for: path)
        return try Workspace(provider: provider, options: CheckOptions()).check(rootFile: path).diagnostics.filter { $0.file == path }
    }

    private func assertPublished(
        _ published: [Value], equal expected: [Diagnostic], text: String, path: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(published.count, expected.count, file: file, line: line)
        let source = SourceFile(path: path, text: text)
        for (lsp, library) in zip(published, expected) {
            XCTAssertEqual(lsp["code"], .string(library.code.id), file: file, line: line)
            let start = source.lines.position(of: library.range.start, in: text, encoding: .utf8)
            XCTAssertEqual(lsp["range"]["start"]["line"], .integer(start.line), file: file, line: line)
            XCTAssertEqual(lsp["range"]["start"]["character"], .integer(start.character), file: file, line: line)
            XCTAssertTrue(lsp["message"].stringValue?.hasPrefix(library.message) ?? false, file: file, line: line)
        }
    }

    func testALargeBufferGetsTheOnePassDiagnosticsOnOpenAndAfterAnEdit() throws {
        try startInitialized(encodings: ["utf-8"])
        let path = workspace.appendingPathComponent("big.rules").path
        let first = largeText(variant: 0)
        XCTAssertGreaterThan(first.utf8.count, 64 * 1024)
        open("big.rules", first)
        let expectedFirst = try onePassDiagnostics(first, path: path)
        XCTAssertGreaterThanOrEqual(Set(expectedFirst.map(\.code)).count, 4, "several kinds of mistakes, across the halves")
        assertPublished(try diagnostics("big.rules", version: 1), equal: expectedFirst, text: first, path: path)

        let second = largeText(variant: 3)
        change("big.rules", version: 2, text: second)
        assertPublished(
            try diagnostics("big.rules", version: 2), equal: try onePassDiagnostics(second, path: path),
            text: second, path: path)
    }
}
