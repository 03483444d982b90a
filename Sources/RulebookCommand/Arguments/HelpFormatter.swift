/// Prints a command's help like a compact man page: NAME, SYNOPSIS, DESCRIPTION,
/// ARGUMENTS, OPTIONS (with defaults and accepted values), extra sections such as
/// EXIT STATUS, and EXAMPLES — wrapped to 80 columns.
struct HelpFormatter {
    let configuration: CommandConfiguration
    /// Subcommands listed in a COMMANDS section (for the tool and `catalogs`).
    var subcommands: [CommandConfiguration] = []

    static let width = 80
    static let indent = "    "

    /// The whole help text.
    func render() -> String {
        var sections: [String] = []
        sections.append("NAME\n" + Self.indent + "\(configuration.commandLine) — \(configuration.abstract)")
        sections.append("SYNOPSIS\n" + Self.wrap(parts: usageParts, indent: Self.indent, hanging: Self.indent + "    "))
        if !configuration.discussion.isEmpty {
            sections.append("DESCRIPTION\n" + Self.paragraphs(configuration.discussion, indent: Self.indent))
        }
        if !subcommands.isEmpty {
            sections.append(
                "COMMANDS\n"
                    + subcommands.map { command in
                        Self.item(String(command.name.split(separator: " ").last ?? ""), command.abstract)
                    }.joined(separator: "\n"))
        }
        if !configuration.arguments.isEmpty {
            sections.append("ARGUMENTS\n" + configuration.arguments.map { Self.item($0.name, $0.help) }.joined(separator: "\n"))
        }
        sections.append(
            "OPTIONS\n"
                + (configuration.options + Self.standardOptions(for: configuration))
                .map { Self.item($0.synopsis, describe($0)) }.joined(separator: "\n"))
        for section in configuration.sections {
            sections.append(section.title + "\n" + Self.paragraphs(section.body, indent: Self.indent))
        }
        if !configuration.examples.isEmpty {
            sections.append(
                "EXAMPLES\n"
                    + configuration.examples.map { example in
                        Self.indent + "$ " + example.command + "\n" + Self.paragraphs(example.explanation, indent: Self.indent + "  ")
                    }.joined(separator: "\n\n"))
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// The usage line: `rulebook check [--format text|json|sarif|github] [--fix] [PATH …]`.
    var usage: String { usageParts.joined(separator: " ") }

    /// The usage line's parts; a part is never split across lines.
    var usageParts: [String] {
        var parts = [configuration.commandLine]
        if !subcommands.isEmpty { parts.append("<command>") }
        for option in configuration.options {
            var text = "--\(option.name)"
            if case .value(let valueName) = option.kind {
                text += " " + (option.allowedValues?.joined(separator: "|") ?? valueName)
            }
            parts.append(option.isRequired ? text : option.isRepeatable ? "[\(text) …]" : "[\(text)]")
        }
        for argument in configuration.arguments {
            let text = argument.isRepeated ? "\(argument.name) …" : argument.name
            parts.append(argument.isOptional ? "[\(text)]" : text)
        }
        return parts
    }

    private func describe(_ option: OptionDefinition) -> String {
        var text = option.help
        if let allowed = option.allowedValues { text += " One of: \(allowed.joined(separator: ", "))." }
        if let defaultValue = option.defaultValue { text += " Default: \(defaultValue)." }
        if option.isRepeatable { text += " May be repeated." }
        if option.isRequired { text += " Required." }
        return text
    }

    /// `--help` for every command, `--version` for the tool.
    static func standardOptions(for configuration: CommandConfiguration) -> [OptionDefinition] {
        var options = [OptionDefinition.flag("help", short: "h", help: "Show this help and exit.")]
        if configuration.name == "rulebook" {
            options.append(.flag("version", help: "Print the version (\(RulebookTool.version)) and exit."))
        }
        return options
    }

    /// A term on its own line and its description indented beneath it.
    static func item(_ term: String, _ description: String) -> String {
        indent + term + "\n" + wrap(description, indent: indent + "    ", hanging: indent + "    ")
    }

    /// Wraps each blank-line-separated paragraph; lines starting with spaces are kept
    /// verbatim (preformatted examples and tables).
    static func paragraphs(_ text: String, indent: String) -> String {
        text.blankLineParagraphs().map { paragraph in
            if paragraph.hasPrefix(" ") || paragraph.contains("\n ") {
                return paragraph.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { indent + $0 }.joined(separator: "\n")
            }
            return wrap(paragraph.replacingNewlinesWithSpaces(), indent: indent, hanging: indent)
        }.joined(separator: "\n\n")
    }

    /// Greedy word wrap to ``width`` columns.
    static func wrap(_ text: String, indent: String, hanging: String) -> String {
        wrap(
            parts: text.split(separator: " ", omittingEmptySubsequences: true).map(String.init), indent: indent,
            hanging: hanging)
    }

    /// Greedy wrap of unbreakable parts to ``width`` columns.
    static func wrap(parts: [String], indent: String, hanging: String) -> String {
        var lines: [String] = []
        var line = indent
        var lineHasWord = false
        for word in parts {
            if lineHasWord, line.count + 1 + word.count > width {
                lines.append(line)
                line = hanging
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate func blankLineParagraphs() -> [String] {
        var paragraphs: [String] = []
        var current: [Substring] = []
        for line in split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy({ $0 == " " }) {
                if !current.isEmpty { paragraphs.append(current.joined(separator: "\n")) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { paragraphs.append(current.joined(separator: "\n")) }
        return paragraphs
    }

    fileprivate func replacingNewlinesWithSpaces() -> String {
        split(separator: "\n").joined(separator: " ")
    }
}
