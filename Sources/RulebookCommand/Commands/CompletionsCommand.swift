import Rulebook

/// `rulebook completions bash|zsh|fish`: prints a shell completion script generated
/// from the commands' definitions.
struct CompletionsCommand: Command {
    static let configuration = CommandConfiguration(
        name: "completions",
        abstract: "print a shell completion script",
        discussion: """
            Prints a completion script for bash, zsh or fish on stdout. It completes \
            commands, options, option values (formats, colour modes) and file arguments, \
            and is generated from the same definitions as the help texts, so it always \
            matches this version of rulebook.
            """,
        arguments: [ArgumentDefinition("SHELL", help: "bash, zsh or fish.", values: CompletionScript.Shell.allCases.map(\.rawValue))],
        examples: [
            Example(command: "source <(rulebook completions bash)", explanation: "Complete rulebook in this bash session."),
            Example(
                command: "rulebook completions zsh > ~/.zfunc/_rulebook",
                explanation: "Install for zsh (with ~/.zfunc in $fpath)."),
            Example(
                command: "rulebook completions fish > ~/.config/fish/completions/rulebook.fish",
                explanation: "Install for fish."),
        ],
        sections: [("EXIT STATUS", "  0  printed\n  2  usage errors (an unknown shell)")]
    )

    let shell: CompletionScript.Shell

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1, let word = arguments.positionals.first else {
            throw Self.usageError("give one shell: bash, zsh or fish")
        }
        guard let shell = CompletionScript.Shell(rawValue: word) else {
            let names = CompletionScript.Shell.allCases.map(\.rawValue)
            let hint = Suggestions.closest(to: word, among: names).map { "; did you mean '\($0)'?" } ?? ""
            throw Self.usageError("unknown shell '\(word)': expected one of \(names.joined(separator: ", "))\(hint)")
        }
        self.shell = shell
    }

    func run(in context: CommandContext) throws -> ExitStatus {
        context.stdout.write(CompletionScript.rulebook.render(shell))
        return .success
    }
}
