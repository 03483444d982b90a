import Foundation
import Rulebook
import XCTest

@testable import RulebookCommand

/// The JSON and SARIF reports must cost time linear in the number of diagnostics.
///
/// Appending through `String.unicodeScalars.append(contentsOf:)` copies the whole output
/// per string, which makes 10,000 diagnostics take minutes. These tests assert structure,
/// never time: the helper must grow its buffer in place, and a large report must come out
/// whole. A quadratic writer shows up as a test that does not finish.
final class DiagnosticOutputScaleTests: XCTestCase {
    /// The storage address of `text`'s UTF-8 bytes.
    private func storageAddress(_ text: String) -> Int? {
        text.utf8.withContiguousStorageIfAvailable { Int(bitPattern: $0.baseAddress) }
    }

    func testAppendQuotedGrowsTheBufferInPlace() throws {
        var text = ""
        text.reserveCapacity(1 << 16)
        let address = try XCTUnwrap(storageAddress(text))
        // Escapes in the middle, runs before and after them, non-ASCII, a combining mark
        // right after an escaped quote, an empty string.
        let samples = ["plain", "a\"b\\c\nd\u{1}é", "\"\u{301} after a quote", "", "😀\t中文", "end\r"]
        var expected = ""
        for round in 0..<200 {
            let sample = samples[round % samples.count]
            JSONNode.appendQuoted(sample, to: &text)
            expected += JSONNode.quoted(sample)
            // A copy of the whole buffer per call (the quadratic cause) moves it.
            XCTAssertEqual(storageAddress(text), address, "appendQuoted reallocated the output at call \(round)")
        }
        XCTAssertEqual(text, expected)
        XCTAssertEqual(JSONNode.quoted("\"\u{301} after a quote"), "\"\\\"\u{301} after a quote\"")
    }

    /// `count` diagnostics, one per line of a generated file, each with a note, a fix and
    /// characters that need escaping.
    private func largeReport(_ count: Int) -> DiagnosticReport {
        var text = ""
        var diagnostics: [Diagnostic] = []
        diagnostics.reserveCapacity(count)
        for index in 0..<count {
            let start = text.utf8.count
            let line = "f\(index): minLenght 2\n"
            text += line
            let range = SourceRange(start: start + line.utf8.count - 12, end: start + line.utf8.count - 3)
            diagnostics.append(
                Diagnostic(
                    file: "big.rules", range: range, code: .unknownValidator,
                    message: "unknown validator \"minLenght\" on f\(index)",
                    notes: [Note(message: "did you mean 'minLength'?")],
                    fixIts: [
                        FixIt(
                            message: "Replace 'minLenght' with 'minLength'",
                            edits: [TextEdit(file: "big.rules", range: range, replacement: "minLength")])
                    ]))
        }
        return DiagnosticReport(diagnostics: diagnostics, sources: [SourceFile(path: "big.rules", text: text)], fileCount: 1)
    }

    /// Large enough that a writer copying its output per string takes tens of seconds
    /// even here (quadratic: 1,000 diagnostics took 1.6 s of CPU in a debug build, 2,000
    /// took 7.3 s), small enough to cost a fraction of a second when linear.
    private let count = 3_000

    /// The output's lines, split over UTF-8 (cheap even in a debug build).
    private func lines(_ text: String) -> [String] {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    func testManyDiagnosticsRenderAsJSON() throws {
        let lines = lines(JSONDiagnosticRenderer().render(largeReport(count)))
        XCTAssertEqual(
            lines.prefix(3),
            [
                "{", "  \"version\": \"\(RulebookTool.version)\",",
                "  \"summary\": {\"files\": 1, \"errors\": \(count), \"warnings\": 0, \"notes\": 0},",
            ])
        XCTAssertEqual(lines.count { $0 == "      \"code\": \"unknown-validator\"," }, count)
        XCTAssertEqual(lines.count { $0.hasPrefix("      \"line\": ") }, count)
        XCTAssertTrue(lines.contains("      \"line\": \(count),"))
        XCTAssertTrue(lines.contains("      \"message\": \"unknown validator \\\"minLenght\\\" on f\(count - 1)\","))
        XCTAssertEqual(lines.suffix(4), ["    }", "  ]", "}", ""])
    }

    func testManyDiagnosticsRenderAsSARIF() throws {
        let lines = lines(SARIFRenderer(baseDirectory: nil).render(largeReport(count)))
        XCTAssertEqual(lines.count { $0 == "          \"ruleId\": \"unknown-validator\"," }, count)
        XCTAssertTrue(lines.contains("                  \"startLine\": \(count),"), lines.suffix(40).joined(separator: "\n"))
        XCTAssertEqual(lines.suffix(3), ["  ]", "}", ""])
    }

    func testManyDiagnosticsRenderAsWorkflowCommands() {
        let lines = lines(GitHubAnnotationRenderer().render(largeReport(count)))
        XCTAssertEqual(lines.count, count + 2)  // one command each, the summary, the final newline
        XCTAssertTrue(lines[count - 1].hasPrefix("::error file=big.rules,line=\(count),"), lines[count - 1])
    }

    func testTheLargeJSONReportParses() throws {
        // One full parse, on a smaller report: the structure the string checks above rely on.
        let text = JSONDiagnosticRenderer().render(largeReport(500))
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let diagnostics = try XCTUnwrap(document["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diagnostics.count, 500)
        XCTAssertEqual(diagnostics.last?["line"] as? Int, 500)
        XCTAssertEqual(diagnostics.last?["code"] as? String, "unknown-validator")
        XCTAssertEqual(diagnostics.last?["message"] as? String, "unknown validator \"minLenght\" on f499")
    }
}
