import Rulebook

/// Parses one command's arguments (the words after the subcommand name) against its
/// ``CommandConfiguration``.
///
/// Accepted: `--name value`, `--name=value`, `-x value`, boolean `--flag`, repeated
/// options, positionals anywhere, `--` ending options, `-` as a positional (stdin).
/// Errors name the offending word and, for a likely typo, the option meant.
struct ArgumentParser {
    let configuration: CommandConfiguration

    init(_ configuration: CommandConfiguration) {
        self.configuration = configuration
    }

    /// Parses `arguments`; `--help` anywhere before `--` wins over every other error.
    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        if arguments.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
            parsed.helpRequested = true
            return parsed
        }
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if word == "--" {
                parsed.positionals += arguments[index...]
                break
            }
            if word.hasPrefix("--") {
                try parseLong(word, arguments: arguments, index: &index, into: &parsed)
            } else if word.hasPrefix("-"), word.count > 1, !Self.looksNumeric(word) {
                try parseShort(word, arguments: arguments, index: &index, into: &parsed)
            } else {
                parsed.positionals.append(word)
            }
        }
        for option in configuration.options where option.isRequired && parsed.values[option.name] == nil {
            throw error("missing option \(option.synopsis)")
        }
        try checkPositionalCount(parsed.positionals)
        return parsed
    }

    private func parseLong(
        _ word: String, arguments: [String], index: inout Int,
        into parsed: inout ParsedArguments
    ) throws(UsageError) {
        let body = word.dropFirst(2)
        let name: String
        var inlineValue: String?
        if let equals = body.firstIndex(of: "=") {
            name = String(body[..<equals])
            inlineValue = String(body[body.index(after: equals)...])
        } else {
            name = String(body)
        }
        guard let option = configuration.option(named: name) else {
            throw unknownOption("--\(name)")
        }
        try apply(
            option, spelled: "--\(name)", inlineValue: inlineValue, arguments: arguments, index: &index,
            into: &parsed)
    }

    private func parseShort(
        _ word: String, arguments: [String], index: inout Int,
        into parsed: inout ParsedArguments
    ) throws(UsageError) {
        let letters = Array(word.dropFirst())
        guard letters.count == 1, let option = configuration.option(short: letters[0]) else {
            throw unknownOption(word)
        }
        try apply(option, spelled: word, inlineValue: nil, arguments: arguments, index: &index, into: &parsed)
    }

    private func apply(
        _ option: OptionDefinition, spelled: String, inlineValue: String?, arguments: [String],
        index: inout Int, into parsed: inout ParsedArguments
    ) throws(UsageError) {
        guard option.takesValue else {
            if inlineValue != nil { throw error("option '\(spelled)' takes no value") }
            parsed.flags.insert(option.name)
            return
        }
        let value: String
        if let inlineValue {
            value = inlineValue
        } else if index < arguments.count, !Self.looksLikeOption(arguments[index]) {
            value = arguments[index]
            index += 1
        } else {
            throw error("missing value for option '\(spelled)'")
        }
        if let allowed = option.allowedValues, !allowed.contains(value) {
            var message = "invalid value '\(value)' for '--\(option.name)': expected one of \(allowed.joined(separator: ", "))"
            if let guess = Suggestions.closest(to: value, among: allowed) { message += "; did you mean '\(guess)'?" }
            throw error(message)
        }
        if parsed.values[option.name] != nil, !option.isRepeatable {
            throw error("option '--\(option.name)' given more than once")
        }
        parsed.values[option.name, default: []].append(value)
    }

    private func checkPositionalCount(_ positionals: [String]) throws(UsageError) {
        let definitions = configuration.arguments
        let required = definitions.filter { !$0.isOptional }
        if positionals.count < required.count {
            throw error("missing argument \(required[positionals.count].name)")
        }
        if !definitions.contains(where: \.isRepeated), positionals.count > definitions.count {
            throw error("unexpected argument '\(positionals[definitions.count])'")
        }
    }

    private func unknownOption(_ spelled: String) -> UsageError {
        var message = "unknown option '\(spelled)'"
        let names = configuration.options.map { "--\($0.name)" } + ["--help"]
        let bare = spelled.split(separator: "=", maxSplits: 1).first.map(String.init) ?? spelled
        if let guess = Suggestions.closest(to: bare, among: names) { message += "; did you mean '\(guess)'?" }
        return error(message)
    }

    private func error(_ message: String) -> UsageError {
        UsageError(message, commandLine: configuration.commandLine)
    }

    /// `-5`, `-1.5`: negative numbers are values, not options.
    static func looksNumeric(_ word: String) -> Bool {
        guard word.hasPrefix("-") else { return false }
        let rest = word.dropFirst()
        return !rest.isEmpty && rest.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
    }

    /// Whether `word` is an option rather than a value for the preceding option:
    /// `-` alone (stdin) and negative numbers are values.
    static func looksLikeOption(_ word: String) -> Bool {
        word.hasPrefix("-") && word != "-" && !looksNumeric(word)
    }
}
