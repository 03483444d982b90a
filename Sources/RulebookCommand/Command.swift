import Rulebook

/// One subcommand: its configuration (for parsing and help), how it reads its parsed
/// arguments, and what it does.
protocol Command {
    /// Options, arguments and help text.
    static var configuration: CommandConfiguration { get }
    /// Reads the parsed arguments; usage mistakes that the parser cannot see (two
    /// options that exclude each other, a malformed date) throw here.
    init(_ arguments: ParsedArguments) throws(UsageError)
    /// Does the work. A ``CommandError`` is printed and ends the run with status 2.
    func run(in context: CommandContext) throws -> ExitStatus
    /// Whether the process tunes its allocator for a short batch run before this command
    /// starts (``ProcessMemory``): the commands that parse and check whole rule projects
    /// and exit. The streaming `validate` and the long-running language server keep the
    /// allocator's defaults (memory given back to the system as it is freed).
    static var runsAsBatch: Bool { get }
}

extension Command {
    /// By default a command keeps the allocator's defaults.
    static var runsAsBatch: Bool { false }

    /// A usage error naming this command's help.
    static func usageError(_ message: String) -> UsageError {
        UsageError(message, commandLine: configuration.commandLine)
    }

    /// The `--today YYYY-MM-DD` option shared by `validate` and `explain`: nil when not
    /// given, a usage error when it is not a date.
    static func today(_ arguments: ParsedArguments) throws(UsageError) -> CalendarDate? {
        guard let text = arguments.value("today") else { return nil }
        guard let date = CalendarDate(iso: text) else {
            throw usageError("invalid value '\(text)' for '--today': expected a date like 2026-01-31")
        }
        return date
    }
}
