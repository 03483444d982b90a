import Rulebook

/// The `rulebook` command: dispatches to a subcommand and returns the exit status.
///
/// `Sources/rulebook/main.swift` only calls ``main(arguments:environment:)``.
public enum RulebookTool {
    /// The version `--version` prints and SARIF logs name.
    public static let version = "0.1.0"

    /// Runs the command line `arguments` (without the program name) against the
    /// process's stdin, stdout and stderr, and returns the exit status.
    ///
    /// A command that ``Command/runsAsBatch`` first tunes the process's allocator
    /// (``ProcessMemory``).
    public static func main(arguments: [String], environment: [String: String]) -> Int32 {
        if let name = arguments.first, command(named: name)?.runsAsBatch == true {
            ProcessMemory.configureForBatchWork()
        }
        let context = CommandContext.process(environment: environment)
        var status = run(arguments, in: context)
        // A result that did not reach stdout is not a result: a full disk or a closed pipe
        // ends the run with status 2 and the system's reason.
        if let failure = context.stdout.takeFailure() {
            context.reportError(failure)
            status = .usageError
        }
        context.stderr.flush()
        return status.rawValue
    }

    /// Every subcommand, in the order help lists them.
    static var commands: [any Command.Type] {
        [
            CheckCommand.self, ValidateCommand.self, FormatCommand.self, TestCommand.self, ExplainCommand.self,
            LanguageServerCommand.self, CompletionsCommand.self,
        ]
    }

    /// The subcommand called `name`, if there is one.
    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.configuration.name == name }
    }

    /// Commands with subcommands of their own (`rulebook catalogs export`): the group's
    /// help configuration and its subcommands, whose names are `group sub`.
    static var groups: [(configuration: CommandConfiguration, commands: [any Command.Type])] {
        [
            (CatalogsCommand.configuration, CatalogsCommand.commands),
            (GenerateCommand.configuration, GenerateCommand.commands),
            (ExportCommand.configuration, ExportCommand.commands),
        ]
    }

    /// The tool's COMMANDS list: every command and group.
    static var commandList: [CommandConfiguration] {
        commands.map { $0.configuration } + groups.map(\.configuration)
    }

    /// The tool's own help configuration.
    static let configuration = CommandConfiguration(
        name: "rulebook",
        abstract: "check, run and format validation rules",
        discussion: """
            Rulebook validates records (JSON objects) against rules written in small .rules \
            files. The rulebook command checks rule files and message catalogues for \
            mistakes, validates record files in bulk, formats rule files, runs example-based \
            rule tests and serves editors over the Language Server Protocol.

            Run 'rulebook COMMAND --help' for a command's options.
            """,
        examples: [
            Example(command: "rulebook check", explanation: "Check Rules/ and Localizations/."),
            Example(
                command: "rulebook validate --rules Rules/profile.rules users.ndjson",
                explanation: "Validate every line of users.ndjson against the edit-profile rules."),
        ],
        sections: [("EXIT STATUS", ExitStatusText.general)],
        common: false
    )

    /// Parses the subcommand and runs it.
    static func run(_ arguments: [String], in context: CommandContext) -> ExitStatus {
        guard let first = arguments.first else {
            context.stderr.write(HelpFormatter(configuration: configuration, subcommands: commandList).render())
            return .usageError
        }
        switch first {
        case "--help", "-h":
            context.stdout.write(HelpFormatter(configuration: configuration, subcommands: commandList).render())
            return .success
        case "--version":
            context.stdout.write("rulebook \(version)\n")
            return .success
        case "help":
            return help(for: Array(arguments.dropFirst()), in: context)
        default:
            break
        }
        if let group = groups.first(where: { $0.configuration.name == first }) {
            return run(group: group, Array(arguments.dropFirst()), in: context)
        }
        guard let command = command(named: first) else {
            var message = first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown command '\(first)'"
            let names = first.hasPrefix("-") ? ["--help", "--version"] : commandList.map(\.name)
            if let guess = Suggestions.closest(to: first, among: names) { message += "; did you mean '\(guess)'?" }
            context.stderr.write(UsageError(message, commandLine: "rulebook").rendered)
            return .usageError
        }
        return run(command, Array(arguments.dropFirst()), in: context)
    }

    /// Parses `arguments` for `command` and runs it, turning errors into exit statuses.
    static func run(_ command: any Command.Type, _ arguments: [String], in context: CommandContext) -> ExitStatus {
        do {
            let parsed = try ArgumentParser(command.configuration).parse(arguments)
            if parsed.helpRequested {
                context.stdout.write(HelpFormatter(configuration: command.configuration).render())
                return .success
            }
            context.quiet = parsed.flag("quiet")
            context.color = parsed.value("color").flatMap(Terminal.ColorMode.init(rawValue:)) ?? .auto
            return try command.init(parsed).run(in: context)
        } catch let error as UsageError {
            context.stderr.write(error.rendered)
            return .usageError
        } catch let failure as CommandFailure {
            return failure.status
        } catch let error as CommandError {
            context.reportError(error.message)
            return .usageError
        } catch {
            context.reportError(FileErrorText.reason(error))
            return .usageError
        }
    }

    /// `rulebook catalogs SUBCOMMAND …`.
    static func run(
        group: (configuration: CommandConfiguration, commands: [any Command.Type]), _ arguments: [String],
        in context: CommandContext
    ) -> ExitStatus {
        let help = HelpFormatter(configuration: group.configuration, subcommands: group.commands.map { $0.configuration })
        guard let first = arguments.first else {
            context.stderr.write(help.render())
            return .usageError
        }
        if first == "--help" || first == "-h" {
            context.stdout.write(help.render())
            return .success
        }
        let names = group.commands.map { String($0.configuration.name.split(separator: " ").last ?? "") }
        guard let index = names.firstIndex(of: first) else {
            var message = "unknown command '\(first)'"
            if let guess = Suggestions.closest(to: first, among: names) { message += "; did you mean '\(guess)'?" }
            context.stderr.write(UsageError(message, commandLine: group.configuration.commandLine).rendered)
            return .usageError
        }
        return run(group.commands[index], Array(arguments.dropFirst()), in: context)
    }

    /// `rulebook help [COMMAND [SUBCOMMAND]]`.
    private static func help(for words: [String], in context: CommandContext) -> ExitStatus {
        guard let name = words.first else {
            context.stdout.write(HelpFormatter(configuration: configuration, subcommands: commandList).render())
            return .success
        }
        if let group = groups.first(where: { $0.configuration.name == name }) {
            return run(group: group, Array(words.dropFirst().prefix(1)) + ["--help"], in: context)
        }
        guard let command = command(named: name) else {
            context.stderr.write(UsageError("unknown command '\(name)'", commandLine: "rulebook").rendered)
            return .usageError
        }
        return run(command, ["--help"], in: context)
    }
}

/// Shared EXIT STATUS paragraphs.
enum ExitStatusText {
    static let general = """
          0  success: no errors (warnings allowed), every record valid, every example passed
          1  problems found: rule-file errors (check), invalid records (validate), files
             that need formatting (fmt --check), failed examples (test)
          2  usage, input or I/O errors; for validate also errors in the rule file
        """
}
