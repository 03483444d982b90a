import Foundation
import XCTest

/// Every failure is visible in every format: a write that fails, a rule file that cannot
/// be read or is not UTF-8, a missing input, a locale without catalogues, records that
/// `--only-changed` did not check. Each drives the built executable.
final class FailureVisibilityTests: XCTestCase {
    /// Runs `rulebook arguments…` in `project` with stdout sent to /dev/full (ENOSPC on
    /// every write), the way a CI job on a full disk runs it.
    private func runIntoFullDisk(
        _ arguments: [String], in project: TemporaryProject,
        stdin: String? = nil
    ) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = try RulebookBinary.url()
        process.arguments = arguments
        process.currentDirectoryURL = project.url
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        guard let full = FileHandle(forWritingAtPath: "/dev/full") else { throw XCTSkip("no /dev/full") }
        process.standardOutput = full
        let errors = Pipe(), input = Pipe()
        process.standardError = errors
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        try process.run()
        if let stdin {
            try input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))
            try input.fileHandleForWriting.close()
        }
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, errorText)
    }

    func testWriteErrorsOnStandardOutputExitWithTwoAndTheSystemsReason() throws {
        let project = try TemporaryProject()
        try project.write(#"{"firstName":"Ada"}"# + "\n", to: "in.ndjson")
        let commands: [(arguments: [String], stdin: String?)] = [
            (["check", "--format", "sarif", "Rules"], nil),
            (["check", "Rules"], nil),
            (["validate", "--rules", "Rules/profile.rules", "--format", "ndjson", "in.ndjson"], nil),
            (["fmt", "-"], "name:   required\n"),
            (["catalogs", "export", "--format", "xliff", "--locale", "de"], nil),
        ]
        for command in commands {
            let run = try runIntoFullDisk(command.arguments, in: project, stdin: command.stdin)
            let name = command.arguments.joined(separator: " ")
            XCTAssertEqual(run.status, 2, "\(name): \(run.stderr)")
            XCTAssertTrue(
                run.stderr.contains("rulebook: error: cannot write to standard output: No space left on device"),
                "\(name): \(run.stderr)")
            XCTAssertFalse(run.stderr.contains("records,"), "\(name): no summary of results nobody received: \(run.stderr)")
        }
    }

    func testARuleFileThatIsNotUTF8IsADiagnosticAtItsFirstBadByteInEveryFormat() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        try project.write(Data("name: required\nage: min 1".utf8 + [0xFF] + Data("\n".utf8)), to: "Rules/latin1.rules")
        try project.write("name: required\n", to: "Rules/ok.rules")
        let message = "'Rules/latin1.rules' is not UTF-8 text: invalid byte 0xFF at byte offset 25"

        let text = try project.run(["check", "Rules"])
        XCTAssertEqual(text.status, 2)
        XCTAssertEqual(
            text.stdout,
            """
            Rules/latin1.rules:2:11: error: \(message) [unreadable-file]
             2 | age: min 1
               |           ^

            1 error in 2 files

            """)

        let json = try project.run(["check", "--format", "json", "Rules"])
        XCTAssertEqual(json.status, 2)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((document["summary"] as? [String: Any])?["errors"] as? Int, 1)
        let diagnostic = try XCTUnwrap((document["diagnostics"] as? [[String: Any]])?.first)
        XCTAssertEqual(diagnostic["code"] as? String, "unreadable-file")
        XCTAssertEqual(diagnostic["line"] as? Int, 2)
        XCTAssertEqual(diagnostic["column"] as? Int, 11)
        XCTAssertEqual(diagnostic["offsets"] as? [String: Int], ["start": 25, "end": 25])

        let sarif = try project.run(["check", "--format", "sarif", "Rules"])
        XCTAssertEqual(sarif.status, 2)
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let invocation = try XCTUnwrap((run["invocations"] as? [[String: Any]])?.first)
        XCTAssertEqual(invocation["executionSuccessful"] as? Bool, false)
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.map { $0["ruleId"] as? String }, ["unreadable-file"])

        let github = try project.run(["check", "--format", "github", "Rules"])
        XCTAssertEqual(github.status, 2)
        XCTAssertEqual(
            github.stdout,
            """
            ::error file=Rules/latin1.rules,line=2,col=11,endLine=2,endColumn=11,title=unreadable-file::\(message)
            1 error in 2 files

            """)
        for output in [text.stdout, json.stdout, sarif.stdout, github.stdout] {
            XCTAssertFalse(output.contains("No problems found"), output)
        }
    }

    func testMissingInputsAreReportedAndTheOtherInputsStillProcessed() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        try project.write("name: required, minLenght 2\n", to: "a.rules")
        try project.write("name: required\n", to: "r.rules")
        try project.write(#"{"name":"Ann"}"# + "\n", to: "in.ndjson")

        let check = try project.run(["check", "nope.rules", "a.rules"])
        XCTAssertEqual(check.status, 2)
        XCTAssertTrue(check.stdout.contains("nope.rules: error: no such file 'nope.rules' [unreadable-file]"), check.stdout)
        XCTAssertTrue(check.stdout.contains("a.rules:1:17: error: unknown validator"), "the other file is checked: \(check.stdout)")

        let validate = try project.run(["validate", "--rules", "r.rules", "--format", "ndjson", "nope.ndjson", "in.ndjson"])
        XCTAssertEqual(validate.status, 2)
        XCTAssertEqual(validate.stdout, #"{"record":0,"valid":true,"violations":[]}"# + "\n")
        XCTAssertTrue(validate.stderr.contains("rulebook: error: no such file 'nope.ndjson'"), validate.stderr)
        XCTAssertTrue(validate.stderr.contains("1 record, 0 invalid, 1 input error"), validate.stderr)

        try project.write("name:   required\n", to: "b.rules")
        let format = try project.run(["fmt", "nope.rules", "b.rules"])
        XCTAssertEqual(format.status, 2)
        XCTAssertEqual(format.stdout, "formatted b.rules\n")
        XCTAssertEqual(try project.read("b.rules"), "name: required\n")
    }

    /// `--only-changed` lists the violations of changed fields, but never calls a record
    /// valid whose unchanged fields break rules: it is checked in full.
    func testOnlyChangedNeverCallsARecordValidThatItDidNotCheck() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        try project.write("name: required\nemail: required, email\nage: required\n", to: "r.rules")
        let record = #"{"name":"Ann","email":"not-an-email"}"#
        try project.write(record, to: "before.json")
        try project.write(record, to: "after.json")

        let text = try project.run(["validate", "--rules", "r.rules", "--changed-from", "before.json", "--only-changed", "after.json"])
        XCTAssertEqual(text.stdout, "record: invalid (unchanged); 2 violations in unchanged fields not listed\n")
        XCTAssertEqual(text.status, 1)

        let json = try project.run([
            "validate", "--rules", "r.rules", "--format", "json", "--changed-from", "before.json",
            "--only-changed", "after.json",
        ])
        XCTAssertEqual(
            json.stdout, #"{"valid":false,"changed":false,"changedFields":[],"patch":{},"violations":[],"unlistedViolations":2}"# + "\n")
        XCTAssertEqual(json.status, 1)

        // A change that fixes nothing lists its own violation and counts the others.
        try project.write(#"{"name":"","email":"not-an-email","age":3}"#, to: "edited.json")
        let edited = try project.run([
            "validate", "--rules", "r.rules", "--format", "json", "--changed-from", "before.json",
            "--only-changed", "edited.json",
        ])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(edited.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["valid"] as? Bool, false)
        XCTAssertEqual((object["violations"] as? [[String: Any]])?.map { $0["field"] as? String }, ["name"])
        XCTAssertEqual(object["unlistedViolations"] as? Int, 1)

        // A valid record is still valid.
        try project.write(#"{"name":"Ann","email":"ann@example.com","age":3}"#, to: "good.json")
        let good = try project.run(["validate", "--rules", "r.rules", "--changed-from", "before.json", "--only-changed", "good.json"])
        XCTAssertEqual(good.stdout, "record: valid (changed: email, age)\n")
        XCTAssertEqual(good.status, 0)
    }

    func testLocalesAreReadAsBCP47AndMissingCataloguesAreWarnings() throws {
        let project = try TemporaryProject()
        try project.write(#"{"firstName":"A","lastName":"Lovelace","email":"ada@example.com","age":36}"#, to: "user.json")
        let german = try project.run(["validate", "--rules", "Rules/profile.rules", "--locale", "de", "user.json"])
        for tag in ["DE", "de_DE", "De-de"] {
            let run = try project.run(["validate", "--rules", "Rules/profile.rules", "--locale", tag, "user.json"])
            XCTAssertEqual(run.stdout, german.stdout, tag)
            XCTAssertEqual(run.status, 1, "\(tag): \(run.stderr)")
            XCTAssertFalse(run.stderr.contains("warning"), "\(tag): \(run.stderr)")
        }
        XCTAssertTrue(german.stdout.contains("Vorname"), german.stdout)

        let unknown = try project.run(["validate", "--rules", "Rules/profile.rules", "--locale", "xx", "user.json"])
        XCTAssertTrue(
            unknown.stderr.contains("rulebook: warning: no catalogue for locale 'xx' in 'Localizations' (there are: ar, de, de-AT,"),
            unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("messages fall back to 'en'"), unknown.stderr)

        try FileManager.default.createDirectory(at: project.url.appendingPathComponent("Empty"), withIntermediateDirectories: true)
        let empty = try project.run(["validate", "--rules", "Rules/profile.rules", "--catalogs", "Empty", "user.json"])
        XCTAssertTrue(empty.stderr.contains("rulebook: warning: 'Empty' holds no message catalogues"), empty.stderr)
        XCTAssertEqual(empty.status, 1)
    }
}
