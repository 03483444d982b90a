import Foundation
import Rulebook
import XCTest

/// What every subcommand shares: `--quiet`, `--color`, the wording for missing files, and
/// plain OS reasons instead of Foundation's error codes.
final class CommandLineConsistencyEndToEndTests: XCTestCase {
    func testCheckReadsRulesFromStdinAsTheGivenFile() throws {
        let project = try TemporaryProject(copyRules: true, copyLocalizations: true)
        let text = Data("import \"common.rules\"\nname: required, minLenght 2\n".utf8)
        let named = try project.run(["check", "-", "--stdin-filename", "Rules/draft.rules", "--format", "github"], stdin: text)
        XCTAssertEqual(named.status, 1, named.stderr)
        XCTAssertTrue(named.stdout.hasPrefix("::error file=Rules/draft.rules,line=2,col=17,"), named.stdout)
        XCTAssertFalse(named.stdout.contains("missing-import"), "imports resolve next to --stdin-filename")
        let anonymous = try project.run(["check", "-"], stdin: Data("name: required\n".utf8))
        XCTAssertEqual(anonymous.status, 0, anonymous.stderr)
        XCTAssertEqual(anonymous.stdout, "No problems found in 1 file.\n")
        let misuse = try project.run(["check", "Rules", "--stdin-filename", "x.rules"])
        XCTAssertEqual(misuse.status, 2)
        XCTAssertTrue(misuse.stderr.hasPrefix("error: --stdin-filename applies only to - (rules read from stdin)\n"), misuse.stderr)
    }

    func testQuietAndColorAreAcceptedByEverySubcommand() throws {
        let project = try TemporaryProject()
        for command in ["check", "validate", "fmt", "test", "explain", "lsp", "completions", "catalogs export", "catalogs import"] {
            let result = try project.run(command.split(separator: " ").map(String.init) + ["--help"])
            XCTAssertTrue(result.stdout.contains("--quiet"), command)
            XCTAssertTrue(result.stdout.contains("--color WHEN"), command)
        }
        let quiet = try project.run(["check", "--quiet"])
        XCTAssertEqual(quiet.status, 0, quiet.stderr)
        XCTAssertEqual(quiet.stdout, "", "no summary line under --quiet")
        let tests = try project.run(["test", "-q"])
        XCTAssertFalse(tests.stdout.contains(" ... ok"), tests.stdout)
        XCTAssertTrue(tests.stdout.hasSuffix(" passed, 0 failed\n"), tests.stdout)
        try project.write("name: required, minLenght 2\n", to: "broken.rules")
        let colored = try project.run(["validate", "--rules", "broken.rules", "--color", "always", "-"], stdin: Data("{}".utf8))
        XCTAssertEqual(colored.status, 2)
        XCTAssertTrue(colored.stderr.contains("\u{1B}[1;31merror"), colored.stderr)
        let plain = try project.run(["validate", "--rules", "broken.rules", "--color", "never", "-"], stdin: Data("{}".utf8))
        XCTAssertFalse(plain.stderr.contains("\u{1B}["), plain.stderr)
    }

    func testMissingFilesAreWordedTheSameEverywhere() throws {
        let project = try TemporaryProject()
        let cases: [[String]] = [
            ["fmt", "nope.rules"], ["test", "nope.rules"],
            ["validate", "--rules", "Rules/profile.rules", "nope.rules"],
            ["explain", "Rules/profile.rules", "nope.rules"], ["catalogs", "import", "nope.rules"],
        ]
        for arguments in cases {
            let result = try project.run(arguments)
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertTrue(
                result.stderr.contains("rulebook: error: no such file 'nope.rules'\n"),
                "\(arguments.joined(separator: " ")): \(result.stderr)")
        }
        // check reports it as a diagnostic, in the same words.
        let check = try project.run(["check", "nope.rules"])
        XCTAssertEqual(check.status, 2)
        XCTAssertEqual(check.stdout, "nope.rules: error: no such file 'nope.rules' [unreadable-file]\n\n1 error in 1 file\n")
    }

    func testFoundationErrorsBecomeTheOSReason() {
        let underlying = NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))
        let write = NSError(domain: NSCocoaErrorDomain, code: 512, userInfo: [NSUnderlyingErrorKey: underlying])
        XCTAssertEqual(FileErrorText.reason(write), "No space left on device")
        XCTAssertEqual(FileErrorText.reason(NSError(domain: NSCocoaErrorDomain, code: 513)), "Permission denied")
        XCTAssertEqual(FileErrorText.reason(NSError(domain: NSCocoaErrorDomain, code: 512)), "the file could not be written")
        XCTAssertEqual(FileErrorText.reason(POSIXError(.EISDIR)), "Is a directory")
    }

    func testFixSaysWhatItAppliedAndWhatItLeft() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        try project.write("email: required emial\nname: minLength 2 3 4\n", to: "Rules/a.rules")
        let result = try project.run(["check", "--fix"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr,
            """
            rulebook: fixed Rules/a.rules:1:17: Insert ',' and replace 'emial' with 'email' [unexpected-token]
            rulebook: left Rules/a.rules:2:19: Remove the extra arguments [wrong-argument-count]: a suggestion to review, never applied unattended
            rulebook: applied 1 fix in 1 file

            """)
        XCTAssertEqual(try project.read("Rules/a.rules"), "email: required, email\nname: minLength 2 3 4\n")
        XCTAssertEqual(try project.run(["check", "--fix", "--quiet"]).stderr, "")
    }

    func testFixOfAReadOnlyFileIsNeitherCountedNorCalledFixed() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        try project.write("email: required emial\n", to: "Rules/a.rules")
        let path = project.url.appendingPathComponent("Rules/a.rules").path
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let result = try project.run(["check", "--fix"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(
            result.stderr,
            """
            rulebook: error: 'Rules/a.rules' is read-only; not changed
            rulebook: left Rules/a.rules:1:17: Insert ',' and replace 'emial' with 'email' [unexpected-token]: its file could not be written
            rulebook: applied 0 fixes in 0 files

            """)
    }

    func testRulesOnStdinThatAreNotUTF8AreAnUnreadableFileDiagnostic() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        let input = Data("name: required\n".utf8) + Data([0xFF, 0x0A])
        let result = try project.run(["check", "-", "--stdin-filename", "Rules/x.rules", "--format", "github"], stdin: input)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stdout.hasPrefix("::error file=Rules/x.rules,line=2,col=1,"), result.stdout)
        XCTAssertTrue(result.stdout.contains("'Rules/x.rules' is not UTF-8 text: invalid byte 0xFF at byte offset 15"), result.stdout)
    }
}

/// `validate --id-field` and `--record-offset`: record identity that survives partitioning.
final class RecordIdentityEndToEndTests: XCTestCase {
    func testIdFieldIsEchoedInEveryResultAndOffsetShiftsNumbers() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        try project.write("email: required, email\n", to: "r.rules")
        let input = Data("{\"id\":\"a1\",\"email\":\"x\"}\n{\"id\":7,\"email\":\"a@b.co\"}\nnot json\n{\"email\":\"a@b.co\"}\n".utf8)
        let result = try project.run(
            [
                "validate", "--rules", "r.rules", "--format", "ndjson", "--id-field", "id",
                "--record-offset", "100", "--no-summary", "-",
            ], stdin: input)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(
            result.stdout,
            """
            {"record":100,"id":"a1","valid":false,"violations":[{"field":"email","pointer":"/email","rule":"email","params":{},"messageKey":"email","message":"Email must be a valid email address.","location":"r.rules:1:18"}]}
            {"record":101,"id":7,"valid":true,"violations":[]}
            {"record":102,"id":null,"error":"line 3, column 1: invalid literal (expected true, false or null)"}
            {"record":103,"id":null,"valid":true,"violations":[]}

            """)
        let bad = try project.run(["validate", "--rules", "r.rules", "--record-offset", "-1", "-"], stdin: input)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(
            bad.stderr.hasPrefix("error: invalid value '-1' for '--record-offset': expected a whole number, 0 or more\n"), bad.stderr)
    }
}
