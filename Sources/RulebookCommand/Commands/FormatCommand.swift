import Rulebook
import RulebookTooling

/// `rulebook fmt [--check] [PATH …]`: reprints rule files in the canonical style.
struct FormatCommand: Command {
    static let runsAsBatch = true

    static let configuration = CommandConfiguration(
        name: "fmt",
        abstract: "format rule files in the canonical style",
        discussion: """
            Reprints rule files from their syntax tree in one canonical style: single spaces \
            between rules and arguments, the rule lists of consecutive field statements \
            aligned, when blocks indented by two spaces, blank lines collapsed, every \
            comment kept. Formatting is idempotent.

            Files are rewritten in place and listed as they change: a symbolic link's \
            target is written, and hard links, mode, owner and a byte order mark are kept. \
            A read-only file, or one changed since it was read, is refused with an error \
            (exit status 2). With --check nothing is written: the files that would change \
            are listed and the exit status is 1 when there are any (for CI).

            A file with syntax errors is never touched: its diagnostics are printed on \
            stderr instead and the exit status is 1. The path - formats stdin to stdout.
            """,
        options: [
            .flag("check", help: "Write nothing; list the files that are not formatted and exit with status 1 if any."),
            .option(
                "color", valueName: "WHEN", help: "Colour diagnostics of files with syntax errors.",
                defaultValue: "auto", allowedValues: Terminal.ColorMode.allCases.map(\.rawValue)),
            CommandConfiguration.configOption,
        ],
        arguments: [
            ArgumentDefinition(
                "PATH", help: "Rule files or directories (walked for *.rules), or - for stdin. Default: Rules.",
                repeated: true, optional: true)
        ],
        examples: [
            Example(command: "rulebook fmt", explanation: "Format every rule file under Rules/ in place."),
            Example(command: "rulebook fmt --check", explanation: "Fail (status 1) when a file is not formatted, listing it."),
            Example(command: "rulebook fmt - < draft.rules", explanation: "Print the formatted text of draft.rules."),
        ],
        sections: [
            (
                "EXIT STATUS",
                """
                  0  every file is formatted (or was rewritten)
                  1  with --check: some file is not formatted; or some file has syntax errors
                  2  usage or I/O errors
                """
            )
        ]
    )

    let paths: [String]
    let check: Bool
    let color: Terminal.ColorMode
    let configPath: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        paths = arguments.positionals
        configPath = arguments.value("config")
        check = arguments.flag("check")
        color = arguments.value("color").flatMap(Terminal.ColorMode.init(rawValue:)) ?? .auto
    }

    func run(in context: CommandContext) throws -> ExitStatus {
        if paths == ["-"] { return try formatStandardInput(context) }
        let explicit = !paths.isEmpty
        let project = try ProjectConfiguration.load(configPath)
        var collector = FileCollector(includeCatalogues: false)
        if let project { collector.skips = project.filter(explicit: explicit) }
        let files = try collector.collect(explicit ? paths : project?.defaultPaths(["Rules"]) ?? ["Rules"], explicit: explicit)
        guard !files.ruleFiles.isEmpty || !files.missing.isEmpty else {
            throw CommandError(explicit ? "no rule files found in \(paths.joined(separator: ", "))" : "no rule files found in Rules")
        }
        // A path that is missing or a file that cannot be read is reported and the others
        // are still formatted; the exit status is then 2.
        var status = ExitStatus.success
        for path in files.missing {
            context.reportError(FileErrorText.missing(path))
            status = .usageError
        }
        for file in files.ruleFiles {
            let text: String
            do {
                text = try TextFile.read(file)
            } catch {
                context.reportError(error.message)
                status = .usageError
                continue
            }
            let source = SourceFile(path: file, text: text)
            guard let formatted = format(source, in: context) else {
                status = status.combined(with: .failure)
                continue
            }
            guard formatted != source.text else { continue }
            if check {
                context.stdout.write(file + "\n")
                status = status.combined(with: .failure)
            } else {
                do {
                    try TextFile.write(formatted, to: file, expected: source.text)
                    if !context.quiet { context.stdout.write("formatted \(file)\n") }
                } catch {
                    context.reportError(error.message)
                    status = .usageError
                }
            }
        }
        return status
    }

    /// The formatted text, or nil after printing the syntax errors that prevent it.
    private func format(_ source: SourceFile, in context: CommandContext) -> String? {
        let tree = Parser.parse(source)
        if let formatted = Formatter.format(tree) { return formatted }
        let report = DiagnosticReport(diagnostics: tree.diagnostics, sources: [source], fileCount: 1)
        let terminal = Terminal(mode: color, isTerminal: context.stderr.isTerminal, environment: context.environment)
        context.stderr.write(TextDiagnosticRenderer(terminal: terminal).render(report))
        context.reportError("'\(source.path)' has syntax errors; not formatted")
        return nil
    }

    private func formatStandardInput(_ context: CommandContext) throws -> ExitStatus {
        guard let text = String(validating: try TextFile.readStandardInput(context.stdinDescriptor), as: UTF8.self) else {
            throw CommandError("stdin is not UTF-8 text")
        }
        guard let formatted = format(SourceFile(path: "<stdin>", text: text), in: context) else { return .failure }
        if check { return formatted == text ? .success : .failure }
        context.stdout.write(formatted)
        return .success
    }
}
