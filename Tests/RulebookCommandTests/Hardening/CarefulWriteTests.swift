import Foundation
import XCTest

@testable import RulebookCommand

/// `check --fix` and `fmt` rewrite files without damaging them: mode, owner, symbolic
/// links (the target is written), hard links (written in place) and byte order marks are
/// kept; read-only files and files changed since they were read are refused and reported.
final class CarefulWriteTests: XCTestCase {
    private let unformatted = "name:   required\n"
    private let formatted = "name: required\n"
    private let misspelt = "name: required, minLenght 2\n"
    private let fixed = "name: required, minLength 2\n"

    private func attributes(_ path: URL) throws -> [FileAttributeKey: Any] {
        try FileManager.default.attributesOfItem(atPath: path.path)
    }

    /// Runs `fmt FILE` and `check --fix FILE` on a file prepared by `prepare`, and checks
    /// the outcome with `verify`.
    private func forBothCommands(
        _ prepare: (TemporaryProject, _ command: String) throws -> String,
        verify: (TemporaryProject, _ command: String, ProcessRunner.Result) throws -> Void
    ) throws {
        for command in ["fmt", "fix"] {
            let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
            let path = try prepare(project, command)
            let run = try project.run(command == "fmt" ? ["fmt", path] : ["check", "--fix", path])
            try verify(project, command, run)
        }
    }

    private func original(for command: String) -> String { command == "fmt" ? unformatted : misspelt }
    private func result(for command: String) -> String { command == "fmt" ? formatted : fixed }

    func testModeIsKept() throws {
        try forBothCommands(
            { project, command in
                try project.write(original(for: command), to: "a.rules")
                try FileManager.default.setAttributes(
                    [.posixPermissions: 0o600], ofItemAtPath: project.url.appendingPathComponent("a.rules").path)
                return "a.rules"
            },
            verify: { project, command, run in
                XCTAssertEqual(try project.read("a.rules"), result(for: command), "\(command): \(run.stderr)")
                XCTAssertEqual(try attributes(project.url.appendingPathComponent("a.rules"))[.posixPermissions] as? Int, 0o600, command)
            })
    }

    func testOwnerIsKept() throws {
        guard geteuid() == 0 else { throw XCTSkip("giving a file another owner needs root") }
        try forBothCommands(
            { project, command in
                try project.write(original(for: command), to: "a.rules")
                XCTAssertEqual(chown(project.url.appendingPathComponent("a.rules").path, 4321, 4321), 0)
                return "a.rules"
            },
            verify: { project, command, run in
                XCTAssertEqual(try project.read("a.rules"), result(for: command), "\(command): \(run.stderr)")
                let attributes = try attributes(project.url.appendingPathComponent("a.rules"))
                XCTAssertEqual(attributes[.ownerAccountID] as? Int, 4321, command)
                XCTAssertEqual(attributes[.groupOwnerAccountID] as? Int, 4321, command)
            })
    }

    func testASymbolicLinkStaysALinkAndItsTargetIsWritten() throws {
        try forBothCommands(
            { project, command in
                try project.write(original(for: command), to: "target/a.rules")
                try FileManager.default.createSymbolicLink(
                    atPath: project.url.appendingPathComponent("link.rules").path,
                    withDestinationPath: "target/a.rules")
                return "link.rules"
            },
            verify: { project, command, run in
                XCTAssertEqual(try project.read("target/a.rules"), result(for: command), "\(command): \(run.stderr)")
                XCTAssertEqual(
                    try attributes(project.url.appendingPathComponent("link.rules"))[.type] as? FileAttributeType,
                    .typeSymbolicLink, command)
            })
    }

    func testAHardLinkIsWrittenInPlace() throws {
        try forBothCommands(
            { project, command in
                try project.write(original(for: command), to: "a.rules")
                try FileManager.default.linkItem(
                    at: project.url.appendingPathComponent("a.rules"),
                    to: project.url.appendingPathComponent("other.txt"))
                return "a.rules"
            },
            verify: { project, command, run in
                XCTAssertEqual(try project.read("a.rules"), result(for: command), "\(command): \(run.stderr)")
                XCTAssertEqual(try project.read("other.txt"), result(for: command), "\(command): both names are one file")
            })
    }

    func testAByteOrderMarkIsKept() throws {
        let mark = Data([0xEF, 0xBB, 0xBF])
        try forBothCommands(
            { project, command in
                try project.write(mark + Data(original(for: command).utf8), to: "a.rules")
                return "a.rules"
            },
            verify: { project, command, run in
                let bytes = try Data(contentsOf: project.url.appendingPathComponent("a.rules"))
                XCTAssertEqual(bytes, mark + Data(result(for: command).utf8), "\(command): \(run.stderr)")
            })
    }

    func testAReadOnlyFileIsRefusedWithAClearError() throws {
        try forBothCommands(
            { project, command in
                try project.write(original(for: command), to: "a.rules")
                try FileManager.default.setAttributes(
                    [.posixPermissions: 0o444], ofItemAtPath: project.url.appendingPathComponent("a.rules").path)
                return "a.rules"
            },
            verify: { project, command, run in
                XCTAssertEqual(run.status, 2, command)
                XCTAssertTrue(run.stderr.contains("rulebook: error: 'a.rules' is read-only; not changed"), "\(command): \(run.stderr)")
                XCTAssertEqual(try project.read("a.rules"), original(for: command), command)
            })
    }

    /// The text a command read is compared with the file's just before it is replaced: an
    /// editor's save in between is reported, never overwritten.
    func testAFileChangedSinceItWasReadIsNotOverwritten() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        try project.write("name: required\nage: min 1\n", to: "a.rules")
        let path = project.url.appendingPathComponent("a.rules").path
        XCTAssertThrowsError(try TextFile.write(formatted, to: path, expected: unformatted)) { error in
            XCTAssertEqual(
                (error as? CommandError)?.message,
                "'\(path)' changed since it was read; not overwritten (run again to use the new text)")
        }
        XCTAssertEqual(try project.read("a.rules"), "name: required\nage: min 1\n")
        try TextFile.write(formatted, to: path, expected: "name: required\nage: min 1\n")
        XCTAssertEqual(try project.read("a.rules"), formatted)
    }
}
