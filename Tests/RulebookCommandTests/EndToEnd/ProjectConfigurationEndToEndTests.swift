import Foundation
import XCTest

/// `rulebook.json`: found from the working directory up or named with `--config`.
final class ProjectConfigurationEndToEndTests: XCTestCase {
    private func project() throws -> TemporaryProject {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        try project.write("email: required, email\nname: required, minLenght 2\n", to: "Rules/a.rules")
        try project.write("x: bogus\n", to: "Rules/drafts/b.rules")
        return project
    }

    func testExcludeAndRelevelApplyFromTheNearestConfigurationUp() throws {
        let project = try project()
        XCTAssertEqual(try project.run(["check", "--format", "github"]).stdout.components(separatedBy: "::error ").count - 1, 2)
        try project.write(#"{"exclude": ["Rules/drafts"], "diagnostics": {"unknown-validator": "warning"}}"#, to: "rulebook.json")
        let result = try project.run(["check", "--format", "github"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(
            result.stdout.hasPrefix(
                "::warning file=Rules/a.rules,line=2,col=17,endLine=2,endColumn=25,title=unknown-validator::unknown validator or named rule 'minLenght'"
            ), result.stdout)
        XCTAssertEqual(result.stdout.components(separatedBy: "::warning ").count - 1, 1, result.stdout)
        XCTAssertFalse(result.stdout.contains("::error "), result.stdout)
        try project.write("", to: "sub/.keep")
        let below = try RulebookBinary.run(["check", "--format", "github"], in: project.url.appendingPathComponent("sub"))
        XCTAssertEqual(below.status, 0, below.stdout + below.stderr)
        XCTAssertTrue(below.stdout.hasPrefix("::warning file=../Rules/a.rules,"), below.stdout)
        // A file named on the command line is checked even when excluded.
        XCTAssertTrue(try project.run(["check", "Rules/drafts/b.rules"]).stdout.contains("'bogus'"))
    }

    func testOffDropsACodeAndIncludeChoosesTheFiles() throws {
        let project = try project()
        try project.write(#"{"include": ["Rules/**/b.rules"], "diagnostics": {"unknown-validator": "off"}}"#, to: "rulebook.json")
        let result = try project.run(["check"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "No problems found in 1 file.\n")
    }

    func testAFileThatCannotBeReadIsReportedWhateverTheConfigurationSays() throws {
        let project = try project()
        try project.write(#"{"exclude": ["Rules/drafts"], "diagnostics": {"unreadable-file": "off"}}"#, to: "rulebook.json")
        let result = try project.run(["check", "Rules", "nope.rules", "--format", "github"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stdout.contains("::error file=nope.rules,title=unreadable-file::no such file 'nope.rules'"), result.stdout)
        XCTAssertTrue(result.stdout.contains("file=Rules/a.rules,"), "the other paths are still checked: \(result.stdout)")
        XCTAssertFalse(result.stdout.contains("drafts"), "the configuration's exclude still applies: \(result.stdout)")
    }

    func testUnknownKeysCodesAndLevelsAreErrorsWithSuggestions() throws {
        let project = try project()
        let cases = [
            (#"{"exclud": []}"#, #"rulebook.json: unknown key "exclud"; did you mean "exclude"?"#),
            (
                #"{"diagnostics": {"unknown-feld": "off"}}"#,
                #"rulebook.json: "diagnostics": unknown diagnostic code 'unknown-feld'; did you mean 'unknown-field'?"#
            ),
            (
                #"{"diagnostics": {"unknown-field": "of"}}"#,
                #"rulebook.json: "diagnostics": "unknown-field" must be one of "off", "note", "warning", "error""#
            ),
            (#"{"today": "2026-02-30"}"#, #"rulebook.json: "today": '2026-02-30' is not a date like 2026-01-31"#),
            (#"{"include": "Rules"}"#, #"rulebook.json: "include" must be an array of strings"#),
        ]
        for (text, message) in cases {
            try project.write(text, to: "rulebook.json")
            let result = try project.run(["check"])
            XCTAssertEqual(result.status, 2, text)
            XCTAssertEqual(result.stderr, "rulebook: error: \(message)\n", text)
        }
        let missing = try project.run(["check", "--config", "nope.json"])
        XCTAssertEqual(missing.stderr, "rulebook: error: no such file 'nope.json' (given with --config)\n")
    }

    func testValidateTakesTodayLocaleAndCataloguesFromTheConfiguration() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        try project.write("start: required, before today\n", to: "Rules/event.rules")
        try project.write(#"{"before": "{field} muss vor {date} liegen."}"#, to: "messages/de.json")
        try project.write(#"{"before": "{field} must be before {date}."}"#, to: "messages/en.json")
        let record = Data(#"{"start": "2026-06-01"}"#.utf8)
        try project.write(#"{"today": "2026-01-01", "locale": "de", "catalogs": "../messages"}"#, to: "config/rulebook.json")
        let result = try project.run(
            [
                "validate", "--config", "config/rulebook.json", "--rules", "Rules/event.rules",
                "--format", "ndjson", "--no-summary", "-",
            ], stdin: record)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains("muss vor"), result.stdout)
        let later = try project.run(
            [
                "validate", "--config", "config/rulebook.json", "--today", "2027-01-01",
                "--rules", "Rules/event.rules", "--quiet", "--no-summary", "-",
            ], stdin: record)
        XCTAssertEqual(later.status, 0, later.stderr)
    }

    func testCheckLooksMessageKeysUpInTheConfiguredCatalogues() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        try project.write("name: required message profile.nope\n", to: "Rules/a.rules")
        try project.write(#"{"profile.nameMissing": "Name?"}"#, to: "messages/en.json")
        XCTAssertEqual(try project.run(["check", "Rules"]).status, 0, "no catalogues: message keys are not checked")
        try project.write(#"{"catalogs": "messages"}"#, to: "rulebook.json")
        let result = try project.run(["check", "Rules", "--format", "github"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains("title=unknown-message-key::"), result.stdout)
    }
}
