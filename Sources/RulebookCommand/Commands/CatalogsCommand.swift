import Foundation
import Rulebook
import RulebookMessageFormat
import RulebookTooling

/// `rulebook catalogs`: exchange message catalogues with translators.
enum CatalogsCommand {
    static let configuration = CommandConfiguration(
        name: "catalogs",
        abstract: "exchange message catalogues with translators (XLIFF 2.0)",
        discussion: """
            Sends the messages of the base catalogue (Localizations/en.json) to translators \
            as XLIFF 2.0 and merges their translations back, so nobody edits catalogue JSON \
            by hand. Run 'rulebook catalogs COMMAND --help' for each command.
            """,
        examples: [
            Example(
                command: "rulebook catalogs export --format xliff --locale de -o de.xlf",
                explanation: "Write the German translation file."),
            Example(command: "rulebook catalogs import de.xlf", explanation: "Merge the returned file into Localizations/de.json."),
        ],
        common: false
    )

    /// The subcommands.
    static var commands: [any Command.Type] { [CatalogsExportCommand.self, CatalogsImportCommand.self] }

    /// The catalogue directory: `--catalogs`, else `Localizations`.
    static func directory(_ given: String?) throws(CommandError) -> String {
        let directory = given ?? "Localizations"
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandError("no catalogue directory '\(directory)'\(given == nil ? " (give --catalogs DIR)" : "")")
        }
        return directory
    }

    static func load(_ directory: String) throws(CommandError) -> MessageCatalogs {
        let catalogs: MessageCatalogs
        do {
            catalogs = try MessageCatalogs(directory: directory)
        } catch {
            throw CommandError("cannot read the catalogues in '\(directory)': \(FileErrorText.reason(error))")
        }
        guard catalogs.base != nil else {
            throw CommandError("'\(directory)' has no base catalogue \(MessageCatalogs.baseLocale).json")
        }
        return catalogs
    }
}

/// `rulebook catalogs export --format xliff --locale L [-o FILE]`.
struct CatalogsExportCommand: Command {
    static let configuration = CommandConfiguration(
        name: "catalogs export",
        abstract: "write an XLIFF 2.0 file for translating the base catalogue",
        discussion: """
            Writes one XLIFF 2.0 unit per key of the base catalogue, in its order: the \
            English message as <source>, the current translation (if any) as <target>, and \
            notes naming the parameters and the plural categories the target language needs \
            (CLDR). Messages travel as ICU MessageFormat text.
            """,
        options: [
            .option("format", valueName: "FORMAT", help: "The exchange format.", defaultValue: "xliff", allowedValues: ["xliff"]),
            .option("locale", valueName: "LOCALE", help: "The target language, a BCP 47 tag.", required: true),
            .option("catalogs", valueName: "DIR", help: "The catalogue directory.", defaultValue: "Localizations"),
            .option("output", short: "o", valueName: "FILE", help: "Where to write the file.", defaultValue: "stdout"),
        ],
        examples: [
            Example(
                command: "rulebook catalogs export --format xliff --locale pl -o pl.xlf",
                explanation: "Export the Polish translation file, with the current translations filled in.")
        ],
        sections: [("EXIT STATUS", "  0  written\n  2  usage or I/O errors")]
    )

    let locale: String
    let catalogs: String?
    let output: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        // Read case-insensitively, `_` as `-` (as `validate --locale`).
        let locale = LocaleTag.canonical(arguments.value("locale") ?? "")
        guard LocaleTag.isWellFormed(locale) else {
            throw Self.usageError("'\(arguments.value("locale") ?? "")' is not a BCP 47 locale tag")
        }
        self.locale = locale
        catalogs = arguments.value("catalogs")
        output = arguments.value("output")
    }

    func run(in context: CommandContext) throws -> ExitStatus {
        let catalogues = try CatalogsCommand.load(try CatalogsCommand.directory(catalogs))
        let xliff = XLIFFExchange.export(catalogues, targetLocale: locale)
        if let output, output != "-" {
            try TextFile.write(xliff, to: output)
            context.note(
                "wrote \(output) (\(DiagnosticReport.plural(catalogues.baseKeys.count, "message")) for \(LocaleTag.canonical(locale)))")
        } else {
            context.stdout.write(xliff)
        }
        return .success
    }
}

/// `rulebook catalogs import FILE`.
struct CatalogsImportCommand: Command {
    static let configuration = CommandConfiguration(
        name: "catalogs import",
        abstract: "merge a translated XLIFF 2.0 file into its catalogue",
        discussion: """
            Reads an XLIFF 2.0 file (as written by 'rulebook catalogs export' and filled in \
            by a translator) and merges its translations into the catalogue of its target \
            language (trgLang), Localizations/<locale>.json: keys in the base catalogue's \
            order, existing translations kept unless the file carries a new one, units \
            without a target left alone.

            The merged catalogue is checked against the base as 'rulebook check' would: a \
            message that does not parse, or a placeholder the translation adds or drops, is \
            an error and nothing is written (with --dry-run, nothing is printed); warnings \
            (such as missing translations) are reported and the import goes on.
            """,
        options: [
            .option("catalogs", valueName: "DIR", help: "The catalogue directory.", defaultValue: "Localizations"),
            .flag("dry-run", help: "Print the merged catalogue instead of writing it."),
        ],
        arguments: [ArgumentDefinition("FILE", help: "The XLIFF file, or - for stdin.")],
        examples: [Example(command: "rulebook catalogs import de.xlf", explanation: "Update Localizations/de.json.")],
        sections: [
            (
                "EXIT STATUS",
                """
                  0  imported (warnings, if any, are reported)
                  1  not imported: the merged catalogue has errors (reported)
                  2  usage or I/O errors, or a file that is not XLIFF 2.0
                """
            )
        ]
    )

    let file: String
    let catalogs: String?
    let dryRun: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        file = arguments.positionals.first ?? "-"
        catalogs = arguments.value("catalogs")
        dryRun = arguments.flag("dry-run")
    }

    func run(in context: CommandContext) throws -> ExitStatus {
        let directory = try CatalogsCommand.directory(catalogs)
        let catalogues = try CatalogsCommand.load(directory)
        let xliff: String
        if file == "-" {
            xliff = String(decoding: try TextFile.readStandardInput(context.stdinDescriptor), as: UTF8.self)
        } else {
            xliff = try TextFile.read(file)
        }
        // The target language decides which catalogue the translations merge into.
        let locale: String
        do {
            locale = try XLIFFExchange.importXLIFF(xliff, catalogs: catalogues, existing: nil).locale
        } catch {
            throw CommandError("\(file): \(error.message)")
        }
        let path = directory + "/" + locale + ".json"
        let existing = FileManager.default.fileExists(atPath: path) ? try TextFile.read(path) : nil
        let result: XLIFFExchange.ImportResult
        do {
            result = try XLIFFExchange.importXLIFF(xliff, catalogs: catalogues, existing: existing, path: path)
        } catch {
            throw CommandError("\(file): \(error.message)")
        }
        let (diagnostics, sources) = try Self.check(result.json, at: path, locale: locale, in: directory)
        if !diagnostics.isEmpty {
            let report = DiagnosticReport(diagnostics: diagnostics, sources: sources, fileCount: 1)
            context.stderr.write(TextDiagnosticRenderer(terminal: context.terminal(for: context.stderr)).render(report))
        }
        if diagnostics.containsErrors {
            context.reportError("\(file): not imported: the merged \(path) would have errors")
            return .failure
        }
        if dryRun {
            context.stdout.write(result.json)
        } else {
            try TextFile.write(result.json, to: path)
            context.note("imported \(DiagnosticReport.plural(result.importedKeys.count, "translation")) into \(path)")
        }
        return .success
    }

    /// The library's catalogue checks on the merged text `json` (as the catalogue at
    /// `path`) among the directory's other catalogues, so placeholders are compared with
    /// the base; only the merged catalogue's diagnostics are returned, with the sources
    /// the renderer needs (the merged text and the files the notes point into).
    static func check(
        _ json: String, at path: String, locale: String,
        in directory: String
    ) throws(CommandError) -> ([Diagnostic], [SourceFile]) {
        var files: [String: String]
        do {
            files = try MessageCatalogs.readFiles(in: directory)
        } catch {
            throw CommandError("cannot read the catalogues in '\(directory)': \(FileErrorText.reason(error))")
        }
        for existing in files.keys where MessageCatalogs.locale(ofFile: existing) == locale { files[existing] = nil }
        files[path] = json
        let diagnostics = CatalogChecker.check(files: files).filter { $0.file == path }
        let sources = files.keys.sorted().map { SourceFile(path: $0, text: files[$0] ?? "") }
        return (diagnostics, sources)
    }
}
