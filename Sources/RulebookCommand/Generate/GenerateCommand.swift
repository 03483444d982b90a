import Rulebook

/// `rulebook generate`: code generated from rule files.
enum GenerateCommand {
    static let configuration = CommandConfiguration(
        name: "generate",
        abstract: "generate code from rule files (Swift field constants and a Codable model)",
        discussion: """
            Generates source code from a rule file. Run 'rulebook generate swift --help' for \
            the Swift generator; the SwiftPM build-tool plugin RulebookPlugin runs it on \
            every .rules file of a target at build time.
            """,
        examples: [
            Example(
                command: "rulebook generate swift Rules/profile.rules -o Sources/App/ProfileRules.swift",
                explanation: "Write ProfileRules (field constants and the Record model).")
        ]
    )

    /// The subcommands.
    static var commands: [any Command.Type] { [GenerateSwiftCommand.self] }
}

/// `rulebook generate swift FILE [-o FILE] [--access LEVEL] [--identifiers-only]`.
struct GenerateSwiftCommand: Command {
    static let configuration = CommandConfiguration(
        name: "generate swift",
        abstract: "write Swift field constants and a Codable model for a rule file",
        discussion: """
            Checks the rule file (and its imports) and writes, for profile.rules, an enum \
            ProfileRules with one constant per field path (ProfileRules.firstName == \
            "firstName", for validateField) and allFields, and a Codable struct \
            ProfileRules.Record whose properties follow the rules: integer → Int; number, \
            min, max, between → Double; boolean → Bool; text validators → String; date, \
            before, after, minAge, maxAge → String holding the ISO 8601 text as written; \
            [*] → an array; a nested path → a nested struct; anything else → \
            Rulebook.Value. A property is optional unless a statement without a condition \
            makes it (or a member below it) required; an array element is optional unless \
            the element itself must be present.

            The model decodes JSON numbers as numbers: numeric text ("27"), which the rules \
            accept from form posts, does not decode into an Int or Double property.

            A rule file with errors writes nothing: its diagnostics are printed on stderr \
            as file:line:column: error: … (which Xcode and SwiftPM show at the rule's line) \
            and the exit status is 1.
            """,
        options: [
            .option(
                "access", valueName: "LEVEL", help: "The access level of the declarations.", defaultValue: "internal",
                allowedValues: ["internal", "package", "public"]),
            .flag("identifiers-only", help: "Write only the field constants (no model); what the build plugin writes."),
            .option("output", short: "o", valueName: "FILE", help: "Where to write the code.", defaultValue: "stdout"),
        ],
        arguments: [ArgumentDefinition("FILE", help: "The rule file.")],
        examples: [
            Example(
                command: "rulebook generate swift Rules/profile.rules",
                explanation: "Print ProfileRules with its Record model."),
            Example(
                command: "rulebook generate swift --identifiers-only --access public Rules/address.rules -o AddressRules.swift",
                explanation: "Write only the public field constants."),
        ],
        sections: [
            (
                "EXIT STATUS",
                """
                  0  written
                  1  the rule file has errors (nothing written)
                  2  usage or I/O errors
                """
            )
        ]
    )

    let file: String
    let output: String?
    let generator: SwiftGenerator

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let file = arguments.positionals.first else { throw Self.usageError("missing rule FILE") }
        guard arguments.positionals.count == 1 else { throw Self.usageError("give one rule FILE") }
        self.file = file
        output = arguments.value("output")
        generator = SwiftGenerator(
            access: arguments.value("access") ?? "internal",
            includesModel: !arguments.flag("identifiers-only"))
    }

    func run(in context: CommandContext) throws -> ExitStatus {
        let code = generator.generate(try CheckedRuleFile(path: file, in: context))
        if let output, output != "-" {
            // Unchanged output is not rewritten, so builds that depend on it stay up to date.
            if (try? TextFile.read(output)) != code { try TextFile.write(code, to: output) }
        } else {
            context.stdout.write(code)
        }
        return .success
    }
}
