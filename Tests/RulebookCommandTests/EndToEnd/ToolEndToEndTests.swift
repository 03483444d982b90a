import Foundation
import XCTest

final class ToolEndToEndTests: XCTestCase {
    func testVersionHelpAndUnknownCommands() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        let version = try project.run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.stdout, "rulebook 0.1.0\n")
        let help = try project.run(["--help"])
        XCTAssertEqual(help.status, 0)
        for command in ["check", "validate", "fmt", "test", "explain", "lsp", "catalogs"] {
            XCTAssertTrue(help.stdout.contains("\n    \(command)\n"), "tool help lists \(command)")
        }
        let typo = try project.run(["chek"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertEqual(typo.stderr, "error: unknown command 'chek'; did you mean 'check'?\nsee 'rulebook --help'\n")
        let nothing = try project.run([])
        XCTAssertEqual(nothing.status, 2)
        XCTAssertTrue(nothing.stderr.contains("SYNOPSIS"))
    }

    func testEverySubcommandHasAManPageLikeHelp() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        for command in [
            ["check"], ["validate"], ["fmt"], ["test"], ["explain"], ["lsp"], ["catalogs", "export"],
            ["catalogs", "import"],
        ] {
            let result = try project.run(command + ["--help"])
            XCTAssertEqual(result.status, 0, command.joined(separator: " "))
            for section in [
                "NAME\n", "SYNOPSIS\n    rulebook \(command.joined(separator: " "))", "DESCRIPTION\n", "OPTIONS\n",
                "EXAMPLES\n    $ rulebook",
            ] {
                XCTAssertTrue(result.stdout.contains(section), "\(command) help lacks \(section):\n\(result.stdout)")
            }
            XCTAssertEqual(try project.run(["help"] + command).stdout, result.stdout)
        }
    }
}
