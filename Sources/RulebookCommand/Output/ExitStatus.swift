/// The command's exit status (docs/command.md, "Exit status").
enum ExitStatus: Int32, Sendable {
    /// Everything passed (warnings allowed).
    case success = 0
    /// The command worked and found problems: rule-file errors, invalid records,
    /// unformatted files, failed examples.
    case failure = 1
    /// Usage, input or I/O errors; also rule-file errors for `validate`.
    case usageError = 2

    /// The worse of two statuses.
    func combined(with other: ExitStatus) -> ExitStatus { rawValue >= other.rawValue ? self : other }
}

/// A failure that stops a command: a file that cannot be read, an input that is not
/// JSON. Printed as `rulebook: error: …` on stderr with exit status 2.
struct CommandError: Error, Sendable, Equatable {
    let message: String
    init(_ message: String) { self.message = message }
}

/// Ends a command with a status after it printed why (e.g. the diagnostics of a rule
/// file with errors).
struct CommandFailure: Error {
    let status: ExitStatus
    init(_ status: ExitStatus) { self.status = status }
}
