import Foundation
import XCTest

@testable import RulebookCommand

/// `rulebook completions bash|zsh|fish`: scripts that parse in their shell and name every
/// command and option the tool defines.
final class CompletionsEndToEndTests: XCTestCase {
    private func script(_ shell: String) throws -> String {
        let result = try RulebookBinary.run(["completions", shell], in: RulebookBinary.packageRoot)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    /// Every command as typed, and every option of each.
    private var everything: [(command: String, options: [String])] {
        RulebookTool.commands.map { ($0.configuration.name, $0.configuration.options.map { "--\($0.name)" }) }
            + RulebookTool.groups.flatMap { group in
                group.commands.map { ($0.configuration.name, $0.configuration.options.map { "--\($0.name)" }) }
            }
    }

    /// Runs `shell arguments…` on `script` (skipped when the shell is not installed;
    /// .ci/run installs all three).
    private func syntaxCheck(_ shell: String, _ arguments: [String], _ script: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rulebook-completion-\(UUID().uuidString)")
        try script.write(to: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: path) }
        guard let found = ["/usr/bin/\(shell)", "/bin/\(shell)"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw XCTSkip("\(shell) is not installed")
        }
        let result = try ProcessRunner.run(found, arguments + [path.path])
        XCTAssertEqual(result.status, 0, "\(shell): \(result.stderr)")
    }

    func testBashScriptParsesAndCompletesEveryCommandAndOption() throws {
        let bash = try script("bash")
        try syntaxCheck("bash", ["-n"], bash)
        XCTAssertTrue(bash.hasSuffix("complete -o filenames -o bashdefault -F _rulebook rulebook\n"))
        for (command, options) in everything {
            XCTAssertTrue(bash.contains("    \"\(command)\")\n"), command)
            let words = Self.line(in: bash, after: "    \"\(command)\")\n", containing: "compgen -W \"--")
            for option in options { XCTAssertTrue(words.contains(" \(option) ") || words.contains("\"\(option) "), "\(command) \(option)") }
        }
        XCTAssertTrue(bash.contains("            --format) COMPREPLY=($(compgen -W \"text json sarif github\" -- \"$cur\")); return ;;"))
    }

    func testBashCompletesWordsWhenRun() throws {
        let bash = try script("bash")
        let probe =
            bash + """
                COMP_WORDS=(rulebook che); COMP_CWORD=1; _rulebook; echo "${COMPREPLY[*]}"
                COMP_WORDS=(rulebook check --for); COMP_CWORD=2; _rulebook; echo "${COMPREPLY[*]}"
                COMP_WORDS=(rulebook validate --format ''); COMP_CWORD=3; _rulebook; echo "${COMPREPLY[*]}"
                COMP_WORDS=(rulebook catalogs ex); COMP_CWORD=2; _rulebook; echo "${COMPREPLY[*]}"
                COMP_WORDS=(rulebook completions ''); COMP_CWORD=2; _rulebook; echo "${COMPREPLY[*]}"
                """
        let result = try ProcessRunner.run("/bin/bash", ["-c", probe])
        XCTAssertEqual(result.stdout, "check\n--format\ntext json ndjson\nexport\nbash zsh fish\n", result.stderr)
    }

    func testZshAndFishScriptsParseAndNameEveryOption() throws {
        let zsh = try script("zsh")
        try syntaxCheck("zsh", ["-n"], zsh)
        XCTAssertTrue(zsh.hasPrefix("#compdef rulebook\n"))
        let fish = try script("fish")
        try syntaxCheck("fish", ["--no-execute"], fish)
        for (command, options) in everything {
            XCTAssertTrue(zsh.contains("    \"\(command)\")\n"), command)
            let condition = command.split(separator: " ").map { "__fish_seen_subcommand_from \($0)" }.joined(separator: "; and ")
            for option in options {
                XCTAssertTrue(zsh.contains("\(option)[") || zsh.contains("\(option)}'["), "zsh \(command) \(option)")
                XCTAssertTrue(
                    fish.contains("complete -c rulebook -n '\(condition)' -l \(option.dropFirst(2))"), "fish \(command) \(option)")
            }
        }
    }

    func testUnknownShellIsAUsageError() throws {
        let result = try RulebookBinary.run(["completions", "bsh"], in: RulebookBinary.packageRoot)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(
            result.stderr,
            "error: unknown shell 'bsh': expected one of bash, zsh, fish; did you mean 'bash'?\nsee 'rulebook completions --help'\n")
    }

    /// The first line after `marker` that contains `text`.
    private static func line(in script: String, after marker: String, containing text: String) -> String {
        guard let start = script.range(of: marker) else { return "" }
        return script[start.upperBound...].split(separator: "\n").first { $0.contains(text) }.map(String.init) ?? ""
    }
}
