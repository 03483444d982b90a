/// One option a command accepts: a boolean flag (`--quiet`) or an option with a value
/// (`--format json`, `--format=json`), possibly repeated.
struct OptionDefinition: Sendable {
    /// What the option takes.
    enum Kind: Sendable {
        /// A boolean flag: present or not; `--flag=value` is an error.
        case flag
        /// An option with one value; `valueName` is how help shows it (`FILE`).
        case value(valueName: String)
    }

    /// The long name without dashes (`format`).
    let name: String
    /// An optional one-letter alias (`-o`).
    let short: Character?
    let kind: Kind
    /// One or two sentences for the help text.
    let help: String
    /// The default as help shows it (`text`), if any.
    let defaultValue: String?
    /// When set, the only values accepted (checked by the parser).
    let allowedValues: [String]?
    /// Whether the option may be given more than once (values accumulate).
    let isRepeatable: Bool
    /// Whether the command cannot run without it (the parser reports its absence).
    var isRequired = false

    /// A boolean flag.
    static func flag(_ name: String, short: Character? = nil, help: String) -> OptionDefinition {
        OptionDefinition(
            name: name, short: short, kind: .flag, help: help, defaultValue: nil, allowedValues: nil,
            isRepeatable: false)
    }

    /// An option with a value.
    static func option(
        _ name: String, short: Character? = nil, valueName: String, help: String, defaultValue: String? = nil,
        allowedValues: [String]? = nil, repeatable: Bool = false, required: Bool = false
    ) -> OptionDefinition {
        OptionDefinition(
            name: name, short: short, kind: .value(valueName: valueName), help: help,
            defaultValue: defaultValue, allowedValues: allowedValues, isRepeatable: repeatable,
            isRequired: required)
    }

    /// Whether the option takes a value.
    var takesValue: Bool {
        if case .value = kind { return true }
        return false
    }

    /// `--format FORMAT` / `-o, --output FILE`, as help and usage lines show it.
    var synopsis: String {
        var text = short.map { "-\($0), " } ?? ""
        text += "--\(name)"
        if case .value(let valueName) = kind { text += " \(valueName)" }
        return text
    }
}

/// A positional argument a command accepts.
struct ArgumentDefinition: Sendable {
    /// How help shows it (`PATH`).
    let name: String
    let help: String
    /// Whether any number of them may be given (including none when optional).
    let isRepeated: Bool
    /// Whether it may be left out.
    let isOptional: Bool
    /// The words it takes, when it is one of a few (shell completions offer them); nil
    /// for paths.
    let values: [String]?

    init(_ name: String, help: String, repeated: Bool = false, optional: Bool = false, values: [String]? = nil) {
        self.name = name
        self.help = help
        self.isRepeated = repeated
        self.isOptional = optional
        self.values = values
    }
}

/// A usage example for the help text: the command line and what it does.
struct Example: Sendable {
    let command: String
    let explanation: String
}

/// Everything the parser and the help printer know about one command: the
/// swift-argument-parser idea of a command configuration, without the package.
struct CommandConfiguration: Sendable {
    /// The subcommand's name (`check`), or `rulebook` for the tool itself.
    let name: String
    /// One line: what the command does.
    let abstract: String
    /// Paragraphs explaining it, shown under DESCRIPTION.
    let discussion: String
    let options: [OptionDefinition]
    let arguments: [ArgumentDefinition]
    let examples: [Example]
    /// Extra sections (title, body), e.g. EXIT STATUS.
    let sections: [(title: String, body: String)]

    /// Creates a configuration. A subcommand (`common` true) also accepts the
    /// ``commonOptions`` it does not define itself; the tool and command groups do not.
    init(
        name: String, abstract: String, discussion: String = "", options: [OptionDefinition] = [],
        arguments: [ArgumentDefinition] = [], examples: [Example] = [], sections: [(title: String, body: String)] = [],
        common: Bool = true
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        let own = Set(options.map(\.name))
        self.options = options + (common ? Self.commonOptions.filter { !own.contains($0.name) } : [])
        self.arguments = arguments
        self.examples = examples
        self.sections = sections
    }

    /// Options every subcommand accepts, so that scripts can pass them to any command.
    /// A command that gives one of them a meaning of its own declares it itself (with its
    /// own help text); otherwise the command reads them from ``CommandContext``.
    static let commonOptions: [OptionDefinition] = [
        .flag("quiet", short: "q", help: "Print only results and errors: no summary lines, progress or notes."),
        .option(
            "color", valueName: "WHEN", help: "Colour diagnostics: auto colours a terminal unless NO_COLOR is set.",
            defaultValue: "auto", allowedValues: Terminal.ColorMode.allCases.map(\.rawValue)),
    ]

    /// The `--config FILE` option of the commands that read the project configuration.
    static let configOption = OptionDefinition.option(
        "config", valueName: "FILE",
        help: "The project configuration to use. Default: the nearest rulebook.json in this directory or a parent.")

    /// The full command name as users type it (`rulebook check`, `rulebook catalogs export`).
    var commandLine: String { name == "rulebook" ? name : "rulebook \(name)" }

    /// The option with long name `name`, if any.
    func option(named name: String) -> OptionDefinition? { options.first { $0.name == name } }

    /// The option with short name `short`, if any.
    func option(short: Character) -> OptionDefinition? { options.first { $0.short == short } }
}
