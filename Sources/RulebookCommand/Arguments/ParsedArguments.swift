/// The result of parsing a command line against a ``CommandConfiguration``: which flags
/// were set, the values of options, and the positional arguments, in order.
struct ParsedArguments: Sendable, Equatable {
    /// The long names of the flags given.
    var flags: Set<String> = []
    /// The values of each option given, in command-line order.
    var values: [String: [String]] = [:]
    /// Positional arguments (everything after `--` included), in order.
    var positionals: [String] = []
    /// Whether `--help` or `-h` was given.
    var helpRequested = false

    /// Whether the flag `name` was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of option `name` (the last one if repeated), if given.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option, in order.
    func allValues(_ name: String) -> [String] { values[name] ?? [] }
}
