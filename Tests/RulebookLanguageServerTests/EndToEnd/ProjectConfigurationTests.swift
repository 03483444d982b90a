import Foundation
import Rulebook
import XCTest

@testable import RulebookLanguageServer

/// The server reads the project's `rulebook.json` as `rulebook check` does: codes
/// re-levelled or turned off, excluded files left alone, an invalid file shown and ignored.
final class ProjectConfigurationTests: LSPTestCase {
    private let text = "rule spare = required\nx: requird\n"

    private func codesAndSeverities(_ diagnostics: [Value]) -> [String] {
        diagnostics.compactMap { diagnostic in
            diagnostic["code"].stringValue.map { "\($0) \(diagnostic["severity"].intValue ?? 0)" }
        }
    }

    func testWithoutAConfigurationTheDefaultsApply() throws {
        try startInitialized()
        open("a.rules", text)
        XCTAssertEqual(codesAndSeverities(try diagnostics("a.rules", version: 1)), ["unused-rule 2", "unknown-validator 1"])
    }

    func testConfigurationRelevelsCodesAndTurnsThemOff() throws {
        try write("rulebook.json", #"{"diagnostics": {"unknown-validator": "warning", "unused-rule": "off"}}"#)
        try startInitialized()
        open("Rules/a.rules", text)
        XCTAssertEqual(codesAndSeverities(try diagnostics("Rules/a.rules", version: 1)), ["unknown-validator 2"])
    }

    func testExcludedFilesGetNoDiagnostics() throws {
        try write("rulebook.json", #"{"exclude": ["Rules/drafts"]}"#)
        try startInitialized()
        open("Rules/drafts/a.rules", text)
        XCTAssertEqual(try diagnostics("Rules/drafts/a.rules", version: 1), [])
        open("Rules/b.rules", text)
        XCTAssertEqual(try diagnostics("Rules/b.rules", version: 1).count, 2)
    }

    func testInvalidConfigurationIsShownAndIgnored() throws {
        try write("rulebook.json", #"{"exclud": ["Rules"]}"#)
        try startInitialized()
        open("Rules/a.rules", text)
        let shown = try client.waitForNotification("window/showMessage")
        XCTAssertEqual(shown["type"], .integer(2))
        let message = try XCTUnwrap(shown["message"].stringValue)
        XCTAssertTrue(message.contains(#"unknown key "exclud"; did you mean "exclude"?"#), message)
        XCTAssertEqual(try diagnostics("Rules/a.rules", version: 1).count, 2)
    }

    func testEditingTheConfigurationRechecksOpenDocuments() throws {
        try write("rulebook.json", "{}")
        try startInitialized()
        open("Rules/a.rules", text)
        XCTAssertEqual(try diagnostics("Rules/a.rules", version: 1).count, 2)
        open("rulebook.json", "{}", languageID: "json")
        change("rulebook.json", version: 2, text: #"{"diagnostics": {"unused-rule": "off"}}"#)
        let after = try client.waitForNotification("textDocument/publishDiagnostics") {
            $0["uri"] == .string(self.uri("Rules/a.rules")) && $0["diagnostics"].arrayValue?.count == 1
        }
        XCTAssertEqual(codesAndSeverities(after["diagnostics"].arrayValue ?? []), ["unknown-validator 1"])
    }
}
