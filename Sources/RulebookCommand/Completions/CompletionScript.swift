/// Shell completion scripts for bash, zsh and fish, generated from the commands'
/// configurations (``RulebookTool/commands`` and ``RulebookTool/groups``), so that a new
/// option completes as soon as it is declared.
///
/// Values complete from an option's allowed values (`--format json`); options whose
/// value is a file or directory (`FILE`, `DIR`, `PATH`) complete paths; positional
/// arguments complete paths.
struct CompletionScript {
    /// The shells a script can be generated for.
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    /// One completable command: its words after `rulebook` and its configuration.
    struct Entry {
        let words: [String]
        let configuration: CommandConfiguration
    }

    /// The top-level words (commands and groups) with their one-line abstracts.
    let topLevel: [(name: String, abstract: String)]
    /// Each group's name and its subcommands' last words with abstracts.
    let groups: [(name: String, commands: [(name: String, abstract: String)])]
    /// Every runnable command.
    let entries: [Entry]

    /// The script for the tool's own commands.
    static var rulebook: CompletionScript {
        let groups = RulebookTool.groups.map { group in
            (
                name: group.configuration.name,
                commands: group.commands.map { (name: lastWord($0.configuration.name), abstract: $0.configuration.abstract) }
            )
        }
        let entries =
            RulebookTool.commands.map { Entry(words: [$0.configuration.name], configuration: $0.configuration) }
            + RulebookTool.groups.flatMap { group in
                group.commands.map {
                    Entry(
                        words: $0.configuration.name.split(separator: " ").map(String.init),
                        configuration: $0.configuration)
                }
            }
        let topLevel =
            RulebookTool.commandList.map { (name: $0.name, abstract: $0.abstract) }
            + [(name: "help", abstract: "show a command's help")]
        return CompletionScript(topLevel: topLevel, groups: groups, entries: entries)
    }

    /// The script for `shell`.
    func render(_ shell: Shell) -> String {
        switch shell {
        case .bash: bash()
        case .zsh: zsh()
        case .fish: fish()
        }
    }

    static func lastWord(_ name: String) -> String { String(name.split(separator: " ").last ?? "") }

    /// Whether an option's value is a path.
    static func takesPath(_ option: OptionDefinition) -> Bool {
        if case .value(let valueName) = option.kind { return ["FILE", "DIR", "PATH"].contains(valueName) }
        return false
    }

    /// The option words of a command, long and short.
    static func optionWords(_ configuration: CommandConfiguration) -> [String] {
        var words: [String] = []
        for option in configuration.options {
            if let short = option.short { words.append("-\(short)") }
            words.append("--\(option.name)")
        }
        return words + ["--help"]
    }

    /// The first sentence of a help text, without characters that need quoting in zsh's
    /// `_arguments` specs or fish's descriptions.
    static func summary(_ help: String) -> String {
        var text = help
        if let stop = text.range(of: ". ") { text = String(text[..<stop.lowerBound]) }
        if text.hasSuffix(".") { text.removeLast() }
        let dropped: Set<Character> = ["[", "]", "'", "\"", "`", "\\", "$", ":"]
        return String(text.filter { !dropped.contains($0) }.map { $0 == "\n" ? " " : $0 })
    }
}
