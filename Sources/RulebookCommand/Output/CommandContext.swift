#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a command runs with: its outputs, stdin, and the environment. Unit tests make
/// one with memory outputs; the executable uses the process's descriptors.
final class CommandContext {
    let stdout: Output
    let stderr: Output
    /// The descriptor commands read stdin from.
    let stdinDescriptor: Int32
    /// Whether stdin is a terminal (then `validate` without input is a usage error).
    let stdinIsTerminal: Bool
    let environment: [String: String]
    /// `--quiet`: summaries, progress and notes are left out (``note(_:)``).
    var quiet = false
    /// `--color`: how diagnostics are coloured.
    var color: Terminal.ColorMode = .auto

    init(
        stdout: Output, stderr: Output, stdinDescriptor: Int32 = 0, stdinIsTerminal: Bool? = nil,
        environment: [String: String]
    ) {
        self.stdout = stdout
        self.stderr = stderr
        self.stdinDescriptor = stdinDescriptor
        self.stdinIsTerminal = stdinIsTerminal ?? (isatty(stdinDescriptor) == 1)
        self.environment = environment
    }

    /// The process's own stdin, stdout and stderr.
    static func process(environment: [String: String]) -> CommandContext {
        CommandContext(
            stdout: Output(.fileDescriptor(1), flushThreshold: 1 << 20, name: "standard output"),
            stderr: Output(.fileDescriptor(2), name: "standard error"),
            environment: environment)
    }

    /// Prints `rulebook: error: message` on stderr.
    func reportError(_ message: String) {
        stderr.write("rulebook: error: \(message)\n")
    }

    /// Prints `rulebook: message` on stderr unless `--quiet`: what a command did, beside
    /// its results.
    func note(_ message: String) {
        if !quiet { stderr.write("rulebook: \(message)\n") }
    }

    /// How diagnostics written to `output` are coloured under `--color`.
    func terminal(for output: Output) -> Terminal {
        Terminal(mode: color, isTerminal: output.isTerminal, environment: environment)
    }

    /// Prints `rulebook: warning: message` on stderr.
    func reportWarning(_ message: String) {
        stderr.write("rulebook: warning: \(message)\n")
    }
}
