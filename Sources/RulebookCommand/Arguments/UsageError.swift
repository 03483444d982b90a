/// A mistake in the command line: printed as one line plus a hint pointing at the
/// command's help, and the tool exits with status 2.
struct UsageError: Error, Equatable, Sendable {
    /// What is wrong, e.g. `unknown option '--formt'; did you mean '--format'?`.
    let message: String
    /// The command whose help the hint names (`rulebook check`).
    let commandLine: String

    init(_ message: String, commandLine: String) {
        self.message = message
        self.commandLine = commandLine
    }

    /// The two lines printed on stderr.
    var rendered: String {
        "error: \(message)\nsee '\(commandLine) --help'\n"
    }
}
