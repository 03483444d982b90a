import Rulebook
import RulebookTooling

/// `rulebook explain RULEFILE RECORD`: what every rule did to every field of one record.
struct ExplainCommand: Command {
    static let runsAsBatch = true

    static let configuration = CommandConfiguration(
        name: "explain",
        abstract: "show, rule by rule, why a record is valid or not",
        discussion: """
            Validates one record and shows, per field, every rule: passed, failed (with the \
            message a user would see) or skipped, and why it was skipped — the when \
            condition of its statement is false, the value is empty and the field is not \
            required, required already reports the empty value, or an earlier rule of the \
            field failed (only the first failure is reported unless --all). Useful when a \
            rule "doesn't fire".

            RECORD is a file holding one JSON object, - for stdin, or the JSON object itself \
            when it starts with '{'. The verdict is the one 'rulebook validate' gives.
            """,
        options: [
            .option(
                "format", valueName: "FORMAT", help: "text for people, json for tools.", defaultValue: "text",
                allowedValues: ["text", "json"]),
            .option("today", valueName: "YYYY-MM-DD", help: "The date 'today' means in rules.", defaultValue: "the current date in UTC"),
            .option("locale", valueName: "LOCALE", help: "The language of messages; needs catalogues.", defaultValue: "en"),
            .option("catalogs", valueName: "DIR", help: "The message catalogue directory.", defaultValue: "Localizations, when it exists"),
            CommandConfiguration.configOption,
            .flag("all", help: "Evaluate every rule of a field even after one failed (as validate --all)."),
        ],
        arguments: [
            ArgumentDefinition("RULEFILE", help: "The rule file."),
            ArgumentDefinition("RECORD", help: "A JSON file with one object, - for stdin, or an inline {…} object."),
        ],
        examples: [
            Example(
                command: #"rulebook explain Rules/hotspot.rules '{"isEnabled": false, "password": "x"}'"#,
                explanation: "Why is a one-letter password accepted? (The hotspot is off: its when block is skipped.)"),
            Example(
                command: "rulebook explain Rules/address.rules address.json --today 2026-01-01 --format json",
                explanation: "The same account as JSON."),
        ],
        sections: [
            (
                "EXIT STATUS",
                """
                  0  the record is valid
                  1  the record is invalid
                  2  usage or I/O errors, a record that is not one JSON object, or errors in the rule file
                """
            )
        ]
    )

    let rules: String
    let record: String
    let json: Bool
    let today: CalendarDate?
    let locale: String?
    let catalogs: String?
    let all: Bool
    let configPath: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        rules = arguments.positionals[0]
        record = arguments.positionals[1]
        json = arguments.value("format") == "json"
        today = try Self.today(arguments)
        locale = arguments.value("locale")
        catalogs = arguments.value("catalogs")
        configPath = arguments.value("config")
        all = arguments.flag("all")
    }

    func run(in context: CommandContext) throws -> ExitStatus {
        let project = try ProjectConfiguration.load(configPath)
        let loader = try RuleLoader(catalogs: catalogs, locale: locale, project: project)
        let catalogues = try loader.catalogs(warningsTo: context)
        let compiled = try loader.compile(rules, catalogs: catalogues, in: context)
        let value = try readRecord(context)
        let options = ValidationOptions(
            reportAllFailures: all, messages: loader.messages(catalogues),
            context: (today ?? project?.today).map { EvaluationContext(today: $0) } ?? EvaluationContext())
        let explanation = compiled.explain(value, options: options)
        context.stdout.write(json ? ExplanationRenderer.json(explanation) : ExplanationRenderer.text(explanation, rules: rules))
        return explanation.isValid ? .success : .failure
    }

    private func readRecord(_ context: CommandContext) throws -> Value {
        let bytes: [UInt8]
        let name: String
        if record == "-" {
            bytes = try TextFile.readStandardInput(context.stdinDescriptor)
            name = "<stdin>"
        } else if record.hasPrefix("{") {
            bytes = Array(record.utf8)
            name = "the record"
        } else {
            bytes = Array(try TextFile.read(record).utf8)
            name = record
        }
        let value: Value
        do {
            value = try JSONReader().parse(bytes)
        } catch {
            let (line, column) = error.lineAndColumn(in: bytes)
            throw CommandError("\(name):\(line):\(column): \(error.message)")
        }
        guard case .object = value else {
            throw CommandError("\(name): expected one JSON object, found \(RecordProcessor.kind(of: value))")
        }
        return value
    }
}

/// Prints a ``RecordExplanation``.
enum ExplanationRenderer {
    /// One block per concrete field, one line per rule, then the verdict.
    static func text(_ explanation: RecordExplanation, rules: String) -> String {
        var text = ""
        let width = explanation.fields.flatMap(\.rules).map { $0.text.count }.max().map { min($0, 40) } ?? 0
        for field in explanation.fields {
            text += "\(field.field): \(field.status.rawValue) (\(describe(field.value)))\n"
            for rule in field.rules {
                var line = "  " + pad(outcomeWord(rule.outcome), 8) + " " + pad(rule.text, width) + "  " + rule.location.description
                if !rule.expandedFrom.isEmpty { line += " (from \(rule.expandedFrom.joined(separator: " → ")))" }
                if let condition = rule.condition {
                    if case .skipped(.conditionFalse) = rule.outcome {
                        line += " when \(condition): false"
                    } else {
                        line += " when \(condition)"
                    }
                }
                switch rule.outcome {
                case .passed: break
                case .failed(let violation): line += "\n" + String(repeating: " ", count: 11) + violation.message
                case .skipped(.conditionFalse): break  // the line ends with the condition
                case .skipped(let reason): line += "\n" + String(repeating: " ", count: 11) + Self.reason(reason)
                }
                text += line + "\n"
            }
        }
        if explanation.fields.isEmpty { text += "No rule of \(rules) reaches a value of this record.\n" }
        let invalid = explanation.fields.filter { $0.status == .invalid }.count
        text +=
            explanation.isValid
            ? "\nvalid\n"
            : "\ninvalid: \(DiagnosticReport.plural(invalid, "field")) of \(explanation.fields.count) failed\n"
        return text
    }

    /// The explanation as one JSON document.
    static func json(_ explanation: RecordExplanation) -> String {
        let fields = explanation.fields.map { field -> JSONNode in
            .object([
                "field": .string(field.field.description),
                "pointer": .string(field.field.jsonPointer),
                "value": field.value.map { .raw(JSONWriter().string(from: $0)) },
                "status": .string(field.status.rawValue),
                "rules": .array(
                    field.rules.map { rule -> JSONNode in
                        var outcome = "passed", reason: String?, message: String?
                        switch rule.outcome {
                        case .passed: break
                        case .failed(let violation): outcome = "failed"; message = violation.message
                        case .skipped(let why): outcome = "skipped"; reason = Self.reasonCode(why)
                        }
                        return .object([
                            "rule": .string(rule.validator.rawValue),
                            "text": .string(rule.text),
                            "location": .string(rule.location.description),
                            "expandedFrom": rule.expandedFrom.isEmpty ? nil : .array(rule.expandedFrom.map { .string($0) }),
                            "condition": rule.condition.map { .string($0) },
                            "outcome": .string(outcome),
                            "reason": reason.map { .string($0) },
                            "message": message.map { .string($0) },
                        ])
                    }),
            ])
        }
        return JSONNode.object(["valid": .bool(explanation.isValid), "fields": .array(fields)]).serialized(pretty: true) + "\n"
    }

    static func reason(_ reason: SkipReason) -> String {
        switch reason {
        case .conditionFalse(let condition): "skipped: the condition '\(condition)' is false"
        case .emptyNotRequired: "skipped: the value is empty and the field is not required"
        case .emptyRequiredReports: "skipped: the value is empty, which 'required' reports"
        case .earlierFailure: "skipped: an earlier rule of the field failed (--all runs every rule)"
        }
    }

    static func reasonCode(_ reason: SkipReason) -> String {
        switch reason {
        case .conditionFalse: "condition-false"
        case .emptyNotRequired: "empty-not-required"
        case .emptyRequiredReports: "empty-required-reports"
        case .earlierFailure: "earlier-failure"
        }
    }

    private static func outcomeWord(_ outcome: RuleOutcome) -> String {
        switch outcome {
        case .passed: "passed"
        case .failed: "FAILED"
        case .skipped: "skipped"
        }
    }

    /// `"Ada"`, `36`, `absent`; long values are cut.
    private static func describe(_ value: Value?) -> String {
        guard let value else { return "absent" }
        let text = JSONWriter().string(from: value)
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
