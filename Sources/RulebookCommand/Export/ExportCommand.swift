import Foundation
import Rulebook

/// `rulebook export`: rule files in other formats.
enum ExportCommand {
    static let configuration = CommandConfiguration(
        name: "export",
        abstract: "export rule files for other stacks (JSON Schema)",
        discussion: "Run 'rulebook export json-schema --help' for the JSON Schema export.",
        examples: [
            Example(
                command: "rulebook export json-schema Rules/profile.rules -o schemas",
                explanation: "Write schemas/profile.schema.json.")
        ]
    )

    /// The subcommands.
    static var commands: [any Command.Type] { [ExportJSONSchemaCommand.self] }
}

/// `rulebook export json-schema FILE… [-o DIR] [--strict]`.
struct ExportJSONSchemaCommand: Command {
    static let configuration = CommandConfiguration(
        name: "export json-schema",
        abstract: "write a JSON Schema (draft 2020-12) per rule file",
        discussion: """
            Writes, for each rule file, a JSON Schema (draft 2020-12) for what JSON Schema \
            can express: required fields (Rulebook's empty values included: null, \
            white-space-only text, []), types, accepted, uuid, digits, pattern (a shared \
            subset of regular expressions), oneOf, item counts and unique, nested paths, \
            [*] and when conditions.

            What it cannot express exactly is listed in the schema's $comment and on \
            stderr as file:line:column: warning: …: lengths (characters, not code points), \
            numeric validators (they accept numeric text), dates and today, comparisons \
            of two fields, email, url and the letter and digit classes, patterns outside \
            the shared subset, conditions on [*] paths. The schema's x-rulebook-exact \
            member is true when there is nothing of the kind: then it gives the same verdict \
            as Rulebook on every record. With --strict each of them is an error and the \
            exit status is 1 (the schemas are still written).

            Without -o the schema of a single file is printed on stdout; with -o DIR each \
            file's schema is written to DIR/NAME.schema.json.
            """,
        options: [
            .flag("strict", help: "Treat what the schema cannot express exactly as errors (exit status 1)."),
            .option("output", short: "o", valueName: "DIR", help: "The directory to write NAME.schema.json files into."),
        ],
        arguments: [ArgumentDefinition("FILE", help: "Rule files.", repeated: true)],
        examples: [
            Example(command: "rulebook export json-schema Rules/profile.rules", explanation: "Print the schema."),
            Example(
                command: "rulebook export json-schema --strict -o schemas Rules/*.rules",
                explanation: "Write every schema; fail when one is not exact."),
        ],
        sections: [
            (
                "EXIT STATUS",
                """
                  0  written (and exact, with --strict)
                  1  a rule file has errors; or, with --strict, some rule is not exported exactly
                  2  usage or I/O errors
                """
            )
        ]
    )

    let files: [String]
    let output: String?
    let strict: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        files = arguments.positionals
        output = arguments.value("output")
        strict = arguments.flag("strict")
        guard !files.isEmpty else { throw Self.usageError("missing rule FILE") }
        guard output != nil || files.count == 1 else { throw Self.usageError("give -o DIR to export more than one file") }
    }

    func run(in context: CommandContext) throws -> ExitStatus {
        var status = ExitStatus.success
        for path in files {
            let file = try CheckedRuleFile(path: path, in: context)
            var exporter = JSONSchemaExporter()
            let schema = exporter.export(file).serialized(pretty: true) + "\n"
            let severity = strict ? "error" : "warning"
            for limitation in exporter.limitations {
                context.stderr.write("\(limitation.location): \(severity): not exported exactly: \(limitation.message)\n")
            }
            if strict && !exporter.limitations.isEmpty { status = .failure }
            if let output {
                let target = output + "/" + file.baseName + ".schema.json"
                try Self.createDirectory(output)
                try TextFile.write(schema, to: target)
                context.stderr.write("rulebook: wrote \(target)\(exporter.limitations.isEmpty ? " (exact)" : "")\n")
            } else {
                context.stdout.write(schema)
            }
        }
        return status
    }

    private static func createDirectory(_ path: String) throws(CommandError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CommandError("cannot create the directory '\(path)': \(error.localizedDescription)")
        }
    }
}
