import Foundation
import XCTest

final class CheckCommandEndToEndTests: XCTestCase {
    private static let broken = """
        import "common.rules"
        firstName: required, minLenght 2
        age:       between 10 1
        """

    func testShippedRulesAndCataloguesAreClean() throws {
        let project = try TemporaryProject()
        let result = try project.run(["check"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("No problems found in "), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix(" files.\n"), result.stdout)
    }

    func testTextFormatLikeACompiler() throws {
        let project = try TemporaryProject()
        try project.write(Self.broken, to: "Rules/broken.rules")
        let result = try project.run(["check", "Rules/broken.rules"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stdout.contains(
                """
                Rules/broken.rules:2:22: error: unknown validator or named rule 'minLenght'; did you mean 'minLength'? [unknown-validator]
                 2 | firstName: required, minLenght 2
                   |                      ^^^^^^^^^
                   = fix: Replace 'minLenght' with 'minLength'
                """), result.stdout)
        XCTAssertTrue(result.stdout.contains("Rules/broken.rules:3:12: error:"), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("2 errors in 2 files\n"), result.stdout)
        XCTAssertFalse(result.stdout.contains("\u{1B}["), "no colour when stdout is not a terminal")
    }

    func testColourCanBeForced() throws {
        let project = try TemporaryProject()
        try project.write(Self.broken, to: "Rules/broken.rules")
        let result = try project.run(["check", "--color", "always", "Rules/broken.rules"])
        XCTAssertTrue(result.stdout.contains("\u{1B}[1;31merror:"), result.stdout)
    }

    func testJSONFormat() throws {
        let project = try TemporaryProject()
        try project.write(Self.broken, to: "Rules/broken.rules")
        let result = try project.run(["check", "--format", "json", "Rules/broken.rules"])
        XCTAssertEqual(result.status, 1)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let diagnostics = try XCTUnwrap(document["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diagnostics.map { $0["code"] as? String }, ["unknown-validator", "contradictory-rules"])
        XCTAssertEqual(diagnostics.first?["line"] as? Int, 2)
        XCTAssertEqual(diagnostics.first?["column"] as? Int, 22)
    }

    func testSARIFFormatIsValidSARIF() throws {
        try PythonJSONSchema.requireAvailable()
        let project = try TemporaryProject()
        try project.write(Self.broken, to: "Rules/broken.rules")
        let result = try project.run(["check", "--format=sarif"])
        XCTAssertEqual(result.status, 1)
        let errors = try PythonJSONSchema.errors(
            validating: result.stdout,
            against: PythonJSONSchema.resource("sarif-schema-2.1.0.json"))
        XCTAssertEqual(errors, [])
        XCTAssertTrue(result.stdout.contains("\"ruleId\": \"unknown-validator\""))
    }

    func testGitHubFormat() throws {
        let project = try TemporaryProject()
        try project.write(Self.broken, to: "Rules/broken.rules")
        let result = try project.run(["check", "--format", "github", "Rules/broken.rules"])
        XCTAssertEqual(result.status, 1)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertTrue(
            lines[0].hasPrefix("::error file=Rules/broken.rules,line=2,col=22,endLine=2,endColumn=30,title=unknown-validator::"),
            String(lines[0]))
        XCTAssertEqual(lines.last, "2 errors in 2 files")
    }

    func testWarningsPassUnlessWarningsAreErrors() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        try project.write("name: required, required\n", to: "Rules/warn.rules")
        let plain = try project.run(["check"])
        XCTAssertEqual(plain.status, 0, plain.stdout)
        XCTAssertTrue(plain.stdout.contains("warning:"), plain.stdout)
        XCTAssertTrue(plain.stdout.hasSuffix("1 warning in 1 file\n"), plain.stdout)
        XCTAssertEqual(try project.run(["check", "--warnings-as-errors"]).status, 1)
    }

    func testFixRewritesTheFileAndChecksAgain() throws {
        let project = try TemporaryProject()
        try project.write(Self.broken, to: "Rules/broken.rules")
        let result = try project.run(["check", "--fix", "Rules/broken.rules"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(
            try project.read("Rules/broken.rules"),
            """
            import "common.rules"
            firstName: required, minLength 2
            age:       between 1 10
            """)
        XCTAssertTrue(result.stderr.contains("applied 2 fixes in 1 file"), result.stderr)
    }

    func testUsageAndInputErrorsExitWithTwo() throws {
        let project = try TemporaryProject()
        let missing = try project.run(["check", "Nope"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stdout, "Nope: error: no such file 'Nope' [unreadable-file]\n\n1 error in 1 file\n")
        let unknown = try project.run(["check", "--fromat", "json"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "error: unknown option '--fromat'; did you mean '--format'?\nsee 'rulebook check --help'\n")
        let badValue = try project.run(["check", "--format", "xml"])
        XCTAssertEqual(badValue.status, 2)
        XCTAssertTrue(badValue.stderr.hasPrefix("error: invalid value 'xml' for '--format'"), badValue.stderr)
        try project.write(Data([0x61, 0x3A, 0xFF, 0x0A]), to: "Rules/latin1.rules")
        XCTAssertEqual(try project.run(["check", "Rules/latin1.rules"]).status, 2)
    }

    func testDefaultPathsThatDoNotExistAreSkipped() throws {
        let project = try TemporaryProject(copyLocalizations: false)
        XCTAssertEqual(try project.run(["check"]).status, 0)
        let empty = try TemporaryProject(copyRules: false, copyLocalizations: false)
        let result = try empty.run(["check"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("no rule files found"), result.stderr)
    }
}
