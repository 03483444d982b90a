import Foundation
import XCTest

final class TestCommandEndToEndTests: XCTestCase {
    func testShippedExamplesAllPass() throws {
        let project = try TemporaryProject()
        let result = try project.run(["test"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let last = try XCTUnwrap(result.stdout.split(separator: "\n").last)
        XCTAssertTrue(last.hasSuffix(" passed, 0 failed"), String(last))
        for name in ["profile", "hotspot", "signup", "address", "payment", "common"] {
            XCTAssertTrue(result.stdout.contains("test \(name): "), "examples for \(name).rules")
        }
    }

    func testMismatchesAreExplainedAndCounted() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        try project.write("name: required, minLength 2\n", to: "Rules/person.rules")
        try project.write(
            """
            {"examples": [
              {"name": "valid", "record": {"name": "Ada"}, "valid": true},
              {"name": "wrongly expected valid", "record": {"name": "A"}, "valid": true},
              {"name": "wrong rule", "record": {}, "fails": [{"field": "name", "rule": "minLength"}]},
              {"name": "right rule", "record": {}, "fails": [{"field": "name", "rule": "required"}]}
            ]}
            """, to: "Rules/person.examples.json")
        let result = try project.run(["test"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("test person: valid ... ok\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("test person: wrongly expected valid ... FAILED\n"), result.stdout)
        XCTAssertTrue(
            result.stdout.contains(
                """
                ---- person: wrong rule ----
                Rules/person.examples.json
                  expected: name minLength
                  actual:   name required "Name is required."
                  missing:  name minLength
                  unexpected: name required "Name is required."
                """), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("\n2 passed, 2 failed\n"), result.stdout)
        let filtered = try project.run(["test", "--filter", "right"])
        XCTAssertEqual(filtered.status, 0)
        XCTAssertTrue(filtered.stdout.hasSuffix("1 passed, 0 failed\n"), filtered.stdout)
    }

    func testBrokenExampleFilesAndRuleFiles() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        try project.write("{\"examples\": [", to: "Rules/bad.examples.json")
        let unreadable = try project.run(["test", "Rules/bad.examples.json"])
        XCTAssertEqual(unreadable.status, 2)
        XCTAssertTrue(unreadable.stderr.hasPrefix("rulebook: error: Rules/bad.examples.json:1:"), unreadable.stderr)
        try project.write("name: required, minLenght 2\n", to: "Rules/broken.rules")
        try project.write(#"{"examples": [{"name": "n", "record": {}, "valid": true}]}"#, to: "Rules/broken.examples.json")
        let broken = try project.run(["test", "Rules/broken.examples.json"])
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.stderr.contains("unknown validator"), broken.stderr)
        XCTAssertTrue(broken.stdout.hasSuffix("0 passed, 1 failed\n"), broken.stdout)
        let none = try TemporaryProject(copyRules: false, copyLocalizations: false)
        XCTAssertEqual(try none.run(["test"]).status, 2)
    }

    func testUnknownKeysAndValidatorNamesAreRejectedWithSuggestions() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        try project.write("name: required, minLength 2\n", to: "Rules/person.rules")
        let cases = [
            (#"{"exampels": []}"#, #"Rules/person.examples.json: unknown key "exampels"; did you mean "examples"?"#),
            (
                #"{"examples": [{"name": "n", "recrod": {}, "valid": true}]}"#,
                #"Rules/person.examples.json: examples[0]: unknown key "recrod"; did you mean "record"?"#
            ),
            (
                #"{"examples": [{"record": {}, "fails": [{"field": "name", "rule": "requird"}]}]}"#,
                #"Rules/person.examples.json: examples[0]: "rule": 'requird' is not a validator; did you mean 'required'?"#
            ),
            (
                #"{"examples": [{"record": {}, "fails": [{"field": "name", "rule": "required", "mesage": "x"}]}]}"#,
                #"Rules/person.examples.json: examples[0]: fails: unknown key "mesage"; did you mean "message"?"#
            ),
        ]
        for (text, message) in cases {
            try project.write(text, to: "Rules/person.examples.json")
            let result = try project.run(["test"])
            XCTAssertEqual(result.status, 2, text)
            XCTAssertEqual(result.stderr, "rulebook: error: \(message)\n", text)
        }
    }
}
