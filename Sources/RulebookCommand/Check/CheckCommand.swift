import Foundation
import Rulebook
import RulebookTooling

/// `rulebook check [PATH …]`: checks rule files (and message catalogues) and prints every
/// diagnostic in one of four formats.
struct CheckCommand: Command {
    static let runsAsBatch = true

    static let configuration = CommandConfiguration(
        name: "check",
        abstract: "check rule files and message catalogues for mistakes",
        discussion: """
            Reads every rule file (and what it imports) and every message catalogue under \
            the given paths, and reports every mistake the checker finds: syntax errors, \
            unknown validators and named rules (with a "did you mean"), wrong arguments, \
            invalid patterns, contradictions, import cycles, unknown message keys and \
            catalogue problems.

            Directories are walked for *.rules files, and for *.json catalogues inside a \
            directory named Localizations. Without paths, Rules and Localizations are \
            checked (whichever exist). A path that does not exist, or a file that cannot \
            be read or is not UTF-8, is an unreadable-file error in every format (at the \
            first invalid byte); the other files are still checked.

            The text format prints each diagnostic like a compiler (file:line:column, with \
            columns counted in Unicode scalars), the source line with carets under the exact \
            range, notes and suggested fixes, then a summary line. json prints one document \
            with every diagnostic; sarif prints a SARIF 2.1.0 log for code-scanning tools; \
            github prints GitHub Actions workflow commands that annotate pull requests.
            """,
        options: [
            .option(
                "format", valueName: "FORMAT", help: "How to print diagnostics.", defaultValue: "text",
                allowedValues: DiagnosticFormat.allCases.map(\.rawValue)),
            .flag("warnings-as-errors", help: "Exit with status 1 when there are warnings, too."),
            .flag(
                "fix",
                help:
                    "Apply the fixes the checker offers (e.g. misspelled validator names) to the files in place, then check again and report what is left. Links, mode, owner and byte order marks are kept; read-only files and files changed since they were read are refused (exit status 2)."
            ),
            .option(
                "color", valueName: "WHEN", help: "Colour the text format: auto colours a terminal unless NO_COLOR is set.",
                defaultValue: "auto", allowedValues: Terminal.ColorMode.allCases.map(\.rawValue)),
            .option(
                "stdin-filename", valueName: "PATH",
                help:
                    "With - as the input: the path the rules read from stdin are checked as (imports resolve next to it, diagnostics name it). Default: <stdin>."
            ),
            CommandConfiguration.configOption,
        ],
        arguments: [
            ArgumentDefinition(
                "PATH", help: "Rule files, catalogues or directories, or - for rule text on stdin. Default: Rules Localizations.",
                repeated: true, optional: true)
        ],
        examples: [
            Example(command: "rulebook check", explanation: "Check Rules/ and Localizations/."),
            Example(
                command: "rulebook check Rules/profile.rules --format json",
                explanation: "Check one file (and its imports) and print the diagnostics as JSON."),
            Example(
                command: "rulebook check --format sarif > rulebook.sarif",
                explanation: "Write a SARIF log for GitHub code scanning."),
            Example(command: "rulebook check --fix", explanation: "Fix what can be fixed mechanically, then report the rest."),
            Example(
                command: "cat draft.rules | rulebook check - --stdin-filename Rules/draft.rules",
                explanation: "Check an editor buffer as if it were Rules/draft.rules."),
        ],
        sections: [
            (
                "EXIT STATUS",
                """
                  0  no errors (warnings allowed unless --warnings-as-errors)
                  1  errors found (or warnings, with --warnings-as-errors)
                  2  usage or I/O errors: a path that does not exist, a file that cannot be read
                     or is not UTF-8 (reported as an unreadable-file diagnostic in every format;
                     the other files are still checked)
                """
            )
        ]
    )

    static let defaultPaths = ["Rules", "Localizations"]

    let paths: [String]
    let format: DiagnosticFormat
    let warningsAsErrors: Bool
    let fix: Bool
    let color: Terminal.ColorMode
    let configPath: String?
    let stdinFilename: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        stdinFilename = arguments.value("stdin-filename")
        paths = arguments.positionals
        configPath = arguments.value("config")
        format = arguments.value("format").flatMap(DiagnosticFormat.init(rawValue:)) ?? .text
        warningsAsErrors = arguments.flag("warnings-as-errors")
        fix = arguments.flag("fix")
        if paths.contains("-") {
            guard paths == ["-"] else { throw Self.usageError("- (stdin) cannot be combined with other paths") }
            if fix { throw Self.usageError("--fix cannot rewrite stdin; use 'rulebook fmt -' or fix the file itself") }
        } else if stdinFilename != nil {
            throw Self.usageError("--stdin-filename applies only to - (rules read from stdin)")
        }
        color = arguments.value("color").flatMap(Terminal.ColorMode.init(rawValue:)) ?? .auto
    }

    func run(in context: CommandContext) throws -> ExitStatus {
        if paths == ["-"] { return try checkStandardInput(context) }
        let explicit = !paths.isEmpty
        let project = try ProjectConfiguration.load(configPath)
        var collector = FileCollector()
        if let project { collector.skips = project.filter(explicit: explicit) }
        let defaults = project?.defaultPaths(Self.defaultPaths) ?? Self.defaultPaths
        let files = try collector.collect(explicit ? paths : defaults, explicit: explicit)
        guard !files.all.isEmpty || !files.missing.isEmpty else {
            throw CommandError(
                explicit
                    ? "no rule files or catalogues found in \(paths.joined(separator: ", "))"
                    : "no rule files found: there is no Rules or Localizations directory here")
        }
        let checker = ProjectChecker(files: files, configuration: project)
        var outcome = try checker.check()
        var refused = Set<String>()
        if fix {
            outcome = try applyFixes(outcome, checker: checker, refused: &refused, in: context)
        }
        return report(outcome, refused: refused, in: context)
    }

    /// `check -`: the rules on stdin, checked as `--stdin-filename`. Text that is not
    /// UTF-8 is an unreadable-file diagnostic at its first invalid byte, as for a file.
    private func checkStandardInput(_ context: CommandContext) throws -> ExitStatus {
        let name = stdinFilename ?? "<stdin>"
        let bytes = try TextFile.readStandardInput(context.stdinDescriptor)
        if let offset = TextFile.firstInvalidUTF8Offset(bytes) {
            let unreadable = UnreadableFile(path: name, bytes: bytes, invalidOffset: offset)
            let found = DiagnosticReport(
                diagnostics: [unreadable.diagnostic], sources: unreadable.source.map { [$0] } ?? [],
                fileCount: 1)
            return report(ProjectChecker.Outcome(report: found, unreadable: [unreadable.diagnostic.message]), in: context)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let project = try ProjectConfiguration.load(configPath)
        let checker = ProjectChecker(
            files: FileCollector.Files(ruleFiles: [name]), configuration: project,
            overlay: [SourcePath.normalize(name): text])
        return try report(checker.check(), in: context)
    }

    /// Prints the outcome and gives the exit status (2 when a file could not be read, or
    /// `refused`: could not be fixed).
    private func report(
        _ outcome: ProjectChecker.Outcome, refused: Set<String> = [],
        in context: CommandContext
    ) -> ExitStatus {
        let report = outcome.report
        context.stdout.write(DiagnosticPrinter(format: format, color: color, context: context).render(report))
        // The text format already printed them where a person reads; the machine formats
        // go to a file or a pipe, so stderr says it too.
        if format != .text { for problem in outcome.unreadable { context.reportError(problem) } }
        if !outcome.unreadable.isEmpty || !refused.isEmpty { return .usageError }
        if report.count(.error) > 0 { return .failure }
        if warningsAsErrors && report.count(.warning) > 0 { return .failure }
        return .success
    }

    /// Applies the offered fixes, then checks again (up to a few rounds: a fix may make
    /// room for another that overlapped it).
    ///
    /// A file that cannot be written (read-only, or changed since it was read) is reported
    /// and left alone in later rounds (`refused`); the other files are still fixed.
    private func applyFixes(
        _ first: ProjectChecker.Outcome, checker: ProjectChecker, refused: inout Set<String>,
        in context: CommandContext
    ) throws -> ProjectChecker.Outcome {
        var outcome = first
        var applied = 0
        var changedFiles = Set<String>()
        for _ in 0..<4 {
            let plan = FixApplier.plan(
                outcome.report.diagnostics.filter { diagnostic in
                    !diagnostic.fixIts.contains { $0.edits.contains { refused.contains($0.file) } }
                })
            guard plan.fixCount > 0 else { break }
            for (file, edits) in plan.edits.sorted(by: { $0.key < $1.key }) {
                // A fix may create a file (a missing base catalogue): it starts empty.
                let original = outcome.report.sources[file]?.text
                do {
                    try TextFile.write(FixApplier.apply(edits, to: original ?? ""), to: file, expected: original)
                    changedFiles.insert(file)
                } catch {
                    context.reportError(error.message)
                    refused.insert(file)
                }
            }
            for (diagnostic, fix) in plan.applied where !fix.edits.contains(where: { refused.contains($0.file) }) {
                context.note("fixed \(Self.place(of: diagnostic, in: outcome.report)): \(fix.message) [\(diagnostic.code.id)]")
                applied += 1
            }
            outcome = try checker.check()
        }
        for diagnostic in outcome.report.diagnostics {
            guard let (fix, why) = FixApplier.reasonLeft(diagnostic) else { continue }
            let notWritten = fix.applicability == .automatic && fix.edits.contains { refused.contains($0.file) }
            let reason = notWritten ? "its file could not be written" : why
            context.note("left \(Self.place(of: diagnostic, in: outcome.report)): \(fix.message) [\(diagnostic.code.id)]: \(reason)")
        }
        context.note(
            "applied \(DiagnosticReport.plural(applied, "fix", "fixes")) in \(DiagnosticReport.plural(changedFiles.count, "file"))")
        return outcome
    }

    /// `Rules/a.rules:2:17`, where a diagnostic starts.
    private static func place(of diagnostic: Diagnostic, in report: DiagnosticReport) -> String {
        guard let span = report.span(of: diagnostic.range, in: diagnostic.file) else { return diagnostic.file }
        return "\(diagnostic.file):\(span.start.line):\(span.start.column)"
    }
}

/// The output formats of diagnostics.
enum DiagnosticFormat: String, CaseIterable, Sendable {
    case text, json, sarif, github
}

/// Renders a report in one of the formats, for `check` and for rule-file errors met by
/// `validate`, `fmt`, `test` and `explain`.
struct DiagnosticPrinter {
    let format: DiagnosticFormat
    let color: Terminal.ColorMode
    let context: CommandContext

    func render(_ report: DiagnosticReport, to output: Output? = nil) -> String {
        let output = output ?? context.stdout
        switch format {
        case .text:
            let terminal = Terminal(mode: color, isTerminal: output.isTerminal, environment: context.environment)
            return TextDiagnosticRenderer(terminal: terminal, showsSummary: !context.quiet).render(report)
        case .json:
            return JSONDiagnosticRenderer().render(report)
        case .sarif:
            return SARIFRenderer(baseDirectory: FileManager.default.currentDirectoryPath).render(report)
        case .github:
            return GitHubAnnotationRenderer().render(report)
        }
    }
}
