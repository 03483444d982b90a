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
}

extension Command {
    /// A usage error naming this command's help.
    static func usageError(_ message: String) -> UsageError {
        UsageError(message, commandLine: configuration.commandLine)
    }
}
