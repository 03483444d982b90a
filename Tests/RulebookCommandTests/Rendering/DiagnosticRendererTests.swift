import Foundation
import Rulebook
import RulebookTooling
import XCTest

@testable import RulebookCommand

/// Hand-built diagnostics over known text, so every renderer's positions can be
/// asserted exactly without depending on the checker.
enum RenderingFixture {
    static let profile = SourceFile(
        path: "Rules/profile.rules",
        text: """
            firstName: required, minLenght 2
            lastName:  required, minLength 2
            """)
    /// `minLenght` on line 1: bytes 21..<30, columns 22..<31.
    static let misspelled = Diagnostic(
        file: "Rules/profile.rules", range: SourceRange(start: 21, end: 30), code: .unknownValidator,
        message: "unknown validator 'minLenght'",
        notes: [Note(message: "did you mean 'minLength'?")],
        fixIts: [
            FixIt(
                message: "Replace 'minLenght' with 'minLength'",
                edits: [TextEdit(file: "Rules/profile.rules", range: SourceRange(start: 21, end: 30), replacement: "minLength")])
        ]
    )
    /// Line 2 starts at byte 33; `minLength 2` at 54..<65.
    static let redundant = Diagnostic(
        file: "Rules/profile.rules", range: SourceRange(start: 54, end: 65), code: .redundantRule,
        message: "'minLength 2' repeats an earlier rule, with \"quotes\", 100% sure",
        notes: [Note(message: "first written here", file: "Rules/profile.rules", range: SourceRange(start: 21, end: 32))]
    )
    /// A line with an emoji (1 scalar, 2 UTF-16 units, 4 bytes) and a tab before the range.
    static let emoji = SourceFile(path: "Rules/emoji.rules", text: "# 😀\n\tname: 😀 bad\n")
    static let emojiDiagnostic = Diagnostic(
        file: "Rules/emoji.rules", range: SourceRange(start: 19, end: 22), code: .unexpectedToken, message: "unexpected 'bad'")

    static func report(_ diagnostics: [Diagnostic], files: Int = 1) -> DiagnosticReport {
        DiagnosticReport(diagnostics: diagnostics, sources: [profile, emoji], fileCount: files)
    }
}

final class TextDiagnosticRendererTests: XCTestCase {
    private let plain = TextDiagnosticRenderer(terminal: Terminal(usesColor: false))

    /// A diagnostic on a 2 MB line prints a window of the line around its range, cut
    /// with `…`, with the carets under the range: a few hundred bytes, not megabytes.
    func testLongLinesAreTrimmedAroundTheRange() {
        let filler = String(repeating: "x", count: 2_000_000)
        let source = SourceFile(path: "long.rules", text: "name: required, message \"\(filler)\", minLenght 3\n")
        let start = source.text.utf8.count - "minLenght 3\n".utf8.count
        let diagnostic = Diagnostic(
            file: "long.rules", range: SourceRange(start: start, end: start + 9), code: .unknownValidator,
            message: "unknown validator 'minLenght'")
        let text = plain.render(DiagnosticReport(diagnostics: [diagnostic], sources: [source], fileCount: 1))
        let shown = "…" + String(repeating: "x", count: 77) + "\", minLenght 3"
        XCTAssertEqual(
            text,
            """
            long.rules:1:\(start + 1): error: unknown validator 'minLenght' [unknown-validator]
             1 | \(shown)
               |  \(String(repeating: " ", count: 80))^^^^^^^^^

            1 error in 1 file

            """)
        // At the start of the line, only the end is cut.
        let first = Diagnostic(file: "long.rules", range: SourceRange(start: 0, end: 4), code: .unexpectedToken, message: "m")
        let excerpt = SourceExcerpt(range: first.range, in: source)
        XCTAssertEqual(excerpt.line, "name: required, message \"" + String(repeating: "x", count: 4 + 80 - 25) + "…")
        XCTAssertEqual(excerpt.carets, "^^^^")
    }

    func testCompilerStyleLineExcerptCaretsAndFix() {
        let text = plain.render(RenderingFixture.report([RenderingFixture.misspelled]))
        XCTAssertEqual(
            text,
            """
            Rules/profile.rules:1:22: error: unknown validator 'minLenght' [unknown-validator]
             1 | firstName: required, minLenght 2
               |                      ^^^^^^^^^
               = note: did you mean 'minLength'?
               = fix: Replace 'minLenght' with 'minLength'

            1 error in 1 file

            """)
    }

    func testLocatedNotesGetTheirOwnExcerpt() {
        let text = plain.render(RenderingFixture.report([RenderingFixture.redundant]))
        XCTAssertTrue(text.hasPrefix("Rules/profile.rules:2:22: warning: 'minLength 2' repeats"), text)
        XCTAssertTrue(
            text.contains(
                "Rules/profile.rules:1:22: note: first written here\n 1 | firstName: required, minLenght 2\n   |                      ^^^^^^^^^^^\n"
            ), text)
        XCTAssertTrue(text.hasSuffix("1 warning in 1 file\n"), text)
    }

    func testColumnsCountScalarsAndCaretsAlignAfterTabsAndWideCharacters() {
        let text = plain.render(RenderingFixture.report([RenderingFixture.emojiDiagnostic]))
        // Line 2 is "\tname: 😀 bad": `bad` starts at the 10th scalar.
        XCTAssertTrue(text.hasPrefix("Rules/emoji.rules:2:10: error: unexpected 'bad' [unexpected-token]\n"), text)
        // The tab is copied, the emoji takes two columns.
        XCTAssertTrue(text.contains(" 2 | \tname: 😀 bad\n   | \t         ^^^\n"), text)
    }

    func testMultiLineRangesAreUnderlinedToTheEndOfTheFirstLine() {
        let diagnostic = Diagnostic(
            file: "Rules/profile.rules", range: SourceRange(start: 11, end: 40),
            code: .unexpectedToken, message: "spans lines")
        let text = plain.render(RenderingFixture.report([diagnostic]))
        XCTAssertTrue(text.contains("   |            " + String(repeating: "^", count: 21) + "\n"), text)
    }

    func testEmptyRangeGetsOneCaret() {
        let diagnostic = Diagnostic(
            file: "Rules/profile.rules", range: .empty(at: 32), code: .unexpectedToken,
            message: "expected a rule")
        let text = plain.render(RenderingFixture.report([diagnostic]))
        XCTAssertTrue(text.contains("Rules/profile.rules:1:33: error"), text)
        XCTAssertTrue(text.contains("   |" + String(repeating: " ", count: 33) + "^\n"), text)
    }

    func testSummaryPluralsAndCleanRuns() {
        XCTAssertEqual(RenderingFixture.report([], files: 6).summary, "No problems found in 6 files.")
        XCTAssertEqual(RenderingFixture.report([], files: 1).summary, "No problems found in 1 file.")
        let two = [RenderingFixture.misspelled, RenderingFixture.emojiDiagnostic, RenderingFixture.redundant]
        XCTAssertEqual(RenderingFixture.report(two, files: 6).summary, "2 errors, 1 warning in 6 files")
    }

    func testColourOnlyWhenAskedFor() {
        let coloured = TextDiagnosticRenderer(terminal: Terminal(usesColor: true))
            .render(RenderingFixture.report([RenderingFixture.misspelled]))
        XCTAssertTrue(coloured.contains("\u{1B}[1;31merror:\u{1B}[0m"), coloured)
        XCTAssertFalse(plain.render(RenderingFixture.report([RenderingFixture.misspelled])).contains("\u{1B}"))
    }

    func testTerminalRespectsNoColor() {
        XCTAssertTrue(Terminal(mode: .auto, isTerminal: true, environment: [:]).usesColor)
        XCTAssertFalse(Terminal(mode: .auto, isTerminal: true, environment: ["NO_COLOR": "1"]).usesColor)
        XCTAssertTrue(Terminal(mode: .auto, isTerminal: true, environment: ["NO_COLOR": ""]).usesColor)
        XCTAssertFalse(Terminal(mode: .auto, isTerminal: false, environment: [:]).usesColor)
        XCTAssertTrue(Terminal(mode: .always, isTerminal: false, environment: ["NO_COLOR": "1"]).usesColor)
        XCTAssertFalse(Terminal(mode: .never, isTerminal: true, environment: [:]).usesColor)
    }
}

final class JSONDiagnosticRendererTests: XCTestCase {
    private func decode(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func testEveryDiagnosticWithBothPositionKindsAndFixes() throws {
        let text = JSONDiagnosticRenderer().render(
            RenderingFixture.report(
                [RenderingFixture.emojiDiagnostic, RenderingFixture.misspelled], files: 2))
        let document = try decode(text)
        let summary = try XCTUnwrap(document["summary"] as? [String: Int])
        XCTAssertEqual(summary, ["files": 2, "errors": 2, "warnings": 0, "notes": 0])
        let diagnostics = try XCTUnwrap(document["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diagnostics.count, 2)
        // Sorted by file: emoji.rules first.
        let emoji = diagnostics[0]
        XCTAssertEqual(emoji["file"] as? String, "Rules/emoji.rules")
        XCTAssertEqual(emoji["line"] as? Int, 2)
        XCTAssertEqual(emoji["column"] as? Int, 10)
        XCTAssertEqual(emoji["endColumn"] as? Int, 13)
        let range = try XCTUnwrap(emoji["range"] as? [String: [String: Int]])
        // UTF-16: the emoji counts twice.
        XCTAssertEqual(range["start"], ["line": 1, "character": 10])
        XCTAssertEqual(range["end"], ["line": 1, "character": 13])
        XCTAssertEqual(emoji["offsets"] as? [String: Int], ["start": 19, "end": 22])
        let misspelled = diagnostics[1]
        XCTAssertEqual(misspelled["severity"] as? String, "error")
        XCTAssertEqual(misspelled["code"] as? String, "unknown-validator")
        let fixes = try XCTUnwrap(misspelled["fixes"] as? [[String: Any]])
        XCTAssertEqual(fixes.first?["message"] as? String, "Replace 'minLenght' with 'minLength'")
        let edit = try XCTUnwrap((fixes.first?["edits"] as? [[String: Any]])?.first)
        XCTAssertEqual(edit["newText"] as? String, "minLength")
        XCTAssertEqual(edit["offsets"] as? [String: Int], ["start": 21, "end": 30])
        let notes = try XCTUnwrap(misspelled["notes"] as? [[String: Any]])
        XCTAssertEqual(notes.first?["message"] as? String, "did you mean 'minLength'?")
    }

    func testQuotesAndControlCharactersAreEscaped() throws {
        XCTAssertEqual(JSONNode.quoted("a\"b\\c\nd\u{1}é"), "\"a\\\"b\\\\c\\nd\\u0001é\"")
        let text = JSONDiagnosticRenderer().render(RenderingFixture.report([RenderingFixture.redundant]))
        let diagnostics = try XCTUnwrap(try decode(text)["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diagnostics.first?["message"] as? String, "'minLength 2' repeats an earlier rule, with \"quotes\", 100% sure")
    }

    /// Reports and record values share one escaper: every ASCII character, and text
    /// around it, comes out as the library's `JSONWriter` writes it, and reads back.
    func testReportStringsAreEscapedLikeRecordValues() throws {
        for scalar in (0..<0x80).compactMap(Unicode.Scalar.init) {
            let text = "a\(Character(scalar))é"
            let quoted = JSONNode.quoted(text)
            XCTAssertEqual(quoted, JSONWriter().string(from: .string(text)), "U+\(String(scalar.value, radix: 16))")
            let decoded = try JSONSerialization.jsonObject(with: Data(quoted.utf8), options: .fragmentsAllowed)
            XCTAssertEqual(decoded as? String, text)
        }
    }
}

final class SARIFRendererTests: XCTestCase {
    private func render(_ diagnostics: [Diagnostic]) -> String {
        SARIFRenderer(baseDirectory: "/work/project").render(RenderingFixture.report(diagnostics))
    }

    func testLogShapeRulesAndResults() throws {
        let text = render([RenderingFixture.misspelled, RenderingFixture.redundant])
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(log["version"] as? String, "2.1.0")
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        XCTAssertEqual(run["columnKind"] as? String, "unicodeCodePoints")
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "rulebook")
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.map { $0["id"] as? String }, DiagnosticCode.all.map(\.id))
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 2)
        let first = results[0]
        XCTAssertEqual(first["ruleId"] as? String, "unknown-validator")
        XCTAssertEqual(rules[try XCTUnwrap(first["ruleIndex"] as? Int)]["id"] as? String, "unknown-validator")
        XCTAssertEqual(first["level"] as? String, "error")
        let location = try XCTUnwrap((first["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        XCTAssertEqual((location["artifactLocation"] as? [String: Any])?["uri"] as? String, "Rules/profile.rules")
        XCTAssertEqual(location["region"] as? [String: Int], ["startLine": 1, "startColumn": 22, "endLine": 1, "endColumn": 31])
        XCTAssertNotNil(first["fixes"])
        XCTAssertEqual(results[1]["level"] as? String, "warning")
        XCTAssertNotNil(results[1]["relatedLocations"])
    }

    func testOutputValidatesAgainstTheSARIFSchema() throws {
        try PythonJSONSchema.requireAvailable()
        let schema = PythonJSONSchema.resource("sarif-schema-2.1.0.json")
        for diagnostics in [[], [RenderingFixture.misspelled, RenderingFixture.redundant, RenderingFixture.emojiDiagnostic]] {
            let errors = try PythonJSONSchema.errors(validating: render(diagnostics), against: schema)
            XCTAssertEqual(errors, [], "SARIF output does not match the schema")
        }
    }

    func testTheSchemaCheckCatchesAnInvalidLog() throws {
        try PythonJSONSchema.requireAvailable()
        let schema = PythonJSONSchema.resource("sarif-schema-2.1.0.json")
        let broken = render([RenderingFixture.misspelled]).replacingOccurrences(of: "\"startLine\": 1", with: "\"startLine\": 0")
        XCTAssertFalse(try PythonJSONSchema.errors(validating: broken, against: schema).isEmpty)
    }

    func testURIsArePercentEncoded() {
        XCTAssertEqual(SARIFRenderer.percentEncoded("Rules/my rules/é.rules"), "Rules/my%20rules/%C3%A9.rules")
        XCTAssertEqual(SARIFRenderer.fileURI(directory: "/a b"), "file:///a%20b/")
        XCTAssertEqual(SARIFRenderer.pascalCase("unknown-validator"), "UnknownValidator")
    }
}

final class GitHubAnnotationRendererTests: XCTestCase {
    func testWorkflowCommandsWithRangesAndTitle() {
        let text = GitHubAnnotationRenderer().render(RenderingFixture.report([RenderingFixture.misspelled]))
        XCTAssertEqual(
            text,
            """
            ::error file=Rules/profile.rules,line=1,col=22,endLine=1,endColumn=30,title=unknown-validator::unknown validator 'minLenght'%0Anote: did you mean 'minLength'?%0Afix: Replace 'minLenght' with 'minLength'
            1 error in 1 file

            """)
    }

    func testWarningsAndEscaping() {
        let line = GitHubAnnotationRenderer().command(for: RenderingFixture.redundant, in: RenderingFixture.report([]))
        XCTAssertTrue(line.hasPrefix("::warning file=Rules/profile.rules,line=2,col=22,"), line)
        XCTAssertTrue(
            line.contains(
                "::'minLength 2' repeats an earlier rule, with \"quotes\", 100%25 sure%0Anote: first written here (Rules/profile.rules:1:22)"
            ), line)
        XCTAssertEqual(GitHubAnnotationRenderer.escapeProperty("a:b,c%d\ne\r"), "a%3Ab%2Cc%25d%0Ae%0D")
        XCTAssertEqual(GitHubAnnotationRenderer.escapeData("a:b,c%d\n"), "a:b,c%25d%0A")
    }
}
