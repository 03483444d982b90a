import Foundation
import Rulebook
import RulebookTooling

/// `rulebook validate --rules FILE [INPUT … | -]`: validates records in bulk, streaming.
struct ValidateCommand: Command {
    static let configuration = CommandConfiguration(
        name: "validate",
        abstract: "validate JSON records against a rule file",
        discussion: """
            Validates every record of the inputs against the rules of FILE (checked first: \
            a rule file with errors is reported and nothing is validated) and prints one \
            result per record, in input order.

            An input may be one JSON object, a JSON array of objects, or NDJSON (one object \
            per line); the layout is detected from the first bytes. Inputs are files, or \
            stdin when the input is - or when no input is given and stdin is not a terminal. \
            NDJSON and arrays are streamed in constant memory and validated in parallel on \
            all cores; results still come out in input order.

            Records are numbered from 0: for NDJSON the number is the 0-based line index \
            (every line is a record, a blank one included), for an array the element \
            index; numbers continue across several inputs. A record that cannot be read \
            (malformed JSON, a blank line, not an object, invalid UTF-8, over 64 MiB) is \
            reported as \
            {"record": N, "error": "line N+1, column C: reason"} and the run goes on; the \
            exit status is then 2. A missing input is reported and the other inputs are \
            still validated (exit status 2); a failed write to stdout ends the run with \
            status 2.

            A summary goes to stderr at the end (1,000,000 records, 312,118 invalid, 2.1 s), \
            with a progress line while running when stderr is a terminal.
            """,
        options: [
            .option("rules", valueName: "FILE", help: "The rule file to validate against.", required: true),
            .option(
                "format", valueName: "FORMAT",
                help:
                    "text: failing fields and messages per invalid record; json: one object (an array of objects for many records); ndjson: one object per line with \"record\": N.",
                defaultValue: "text", allowedValues: ValidationFormat.allCases.map(\.rawValue)),
            .option(
                "locale", valueName: "LOCALE",
                help:
                    "The language of messages, a BCP 47 tag (de, pl, pt-BR; read case-insensitively, de_DE as de-DE); needs catalogues. A locale without a catalogue is a warning.",
                defaultValue: "en"),
            .option(
                "catalogs", valueName: "DIR", help: "The message catalogue directory.",
                defaultValue: "Localizations, when it exists"),
            .option(
                "today", valueName: "YYYY-MM-DD", help: "The date 'today' means in rules (before today, minAge), for reproducible runs.",
                defaultValue: "the current date in UTC"),
            .flag("all", help: "Report every failing rule of a field, not just the first."),
            .option(
                "changed-from", valueName: "FILE",
                help:
                    "The original record(s), in the same layout and order as the input: each result says whether the record changed (\"changed\"), which fields (\"changedFields\") and the JSON Merge Patch from the original (\"patch\")."
            ),
            .flag(
                "only-changed",
                help:
                    "With --changed-from, list only the violations of fields that changed. The record is still checked in full: violations of unchanged fields make it invalid and are counted (\"unlistedViolations\")."
            ),
            .flag(
                "quiet", short: "q",
                help:
                    "Print no results: count valid and invalid records (the fastest mode); the exit status and the stderr summary tell the outcome."
            ),
            .flag("no-summary", help: "Do not print the summary line on stderr."),
            .option(
                "id-field", valueName: "NAME",
                help:
                    "Echo each record's top-level NAME member as \"id\" in json and ndjson results (null when absent or unreadable), to join results back to records across partitions."
            ),
            .option(
                "record-offset", valueName: "N",
                help: "Number records from N instead of 0 (a shard's first line number in the whole input).", defaultValue: "0"),
            CommandConfiguration.configOption,
            .flag(
                "exit-zero",
                help:
                    "Exit with status 0 once every record was reported, even when some are invalid or unreadable (for runners such as Spark's RDD.pipe and Hadoop Streaming that treat any other status as a crashed task). Rule-file, usage and I/O errors still exit with 2."
            ),
        ],
        arguments: [
            ArgumentDefinition(
                "INPUT", help: "Record files (.json or .ndjson), or - for stdin. Default: stdin.",
                repeated: true, optional: true)
        ],
        examples: [
            Example(
                command: "rulebook validate --rules Rules/profile.rules profile.json",
                explanation: "Validate one record and list its failing fields."),
            Example(
                command: "rulebook validate --rules Rules/profile.rules --format ndjson users.ndjson > results.ndjson",
                explanation: "One result line per input line, in order."),
            Example(
                command: "cat users.ndjson | rulebook validate --rules Rules/profile.rules --quiet",
                explanation: "Count invalid records; exit status 1 when there are any."),
            Example(
                command: "rulebook validate --rules Rules/profile.rules --locale pl --format json profile.json",
                explanation: "Messages in Polish."),
            Example(
                command: "rulebook validate --rules Rules/profile.rules --changed-from before.json --only-changed after.json",
                explanation: "Validate only what an edit changed, with the patch."),
        ],
        sections: [
            (
                "EXIT STATUS",
                """
                  0  every record is valid
                  1  some record is invalid
                  2  usage or I/O errors, a record that cannot be read, or errors in the rule file
                """
            )
        ]
    )

    let rules: String
    let format: ValidationFormat
    let locale: String?
    let catalogs: String?
    let today: CalendarDate?
    let all: Bool
    let configPath: String?
    let changedFrom: String?
    let onlyChanged: Bool
    let quiet: Bool
    let summary: Bool
    let exitZero: Bool
    let inputs: [String]
    let idField: String?
    let recordOffset: Int

    init(_ arguments: ParsedArguments) throws(UsageError) {
        idField = arguments.value("id-field")
        if let text = arguments.value("record-offset") {
            guard let number = Int(text), number >= 0 else {
                throw Self.usageError("invalid value '\(text)' for '--record-offset': expected a whole number, 0 or more")
            }
            recordOffset = number
        } else {
            recordOffset = 0
        }
        rules = arguments.value("rules") ?? ""
        format = arguments.value("format").flatMap(ValidationFormat.init(rawValue:)) ?? .text
        locale = arguments.value("locale")
        catalogs = arguments.value("catalogs")
        configPath = arguments.value("config")
        today = try Self.today(arguments)
        all = arguments.flag("all")
        changedFrom = arguments.value("changed-from")
        onlyChanged = arguments.flag("only-changed")
        if onlyChanged && changedFrom == nil { throw Self.usageError("--only-changed needs --changed-from FILE") }
        quiet = arguments.flag("quiet")
        summary = !arguments.flag("no-summary")
        exitZero = arguments.flag("exit-zero")
        inputs = arguments.positionals
        if inputs.filter({ $0 == "-" }).count > 1 { throw Self.usageError("stdin (-) can be read only once") }
    }

    func run(in context: CommandContext) throws -> ExitStatus {
        let project = try ProjectConfiguration.load(configPath)
        let loader = try RuleLoader(catalogs: catalogs, locale: locale, project: project)
        let catalogues = try loader.catalogs(warningsTo: context)
        let compiled = try loader.compile(rules, catalogs: catalogues, in: context)
        let options = ValidationOptions(
            reportAllFailures: all, onlyChangedFields: onlyChanged,
            messages: loader.messages(catalogues),
            context: (today ?? project?.today).map { EvaluationContext(today: $0) } ?? EvaluationContext())
        var unopened = 0
        let sources = try openInputs(context, unopened: &unopened)
        var statistics = RunStatistics()
        statistics.inputErrors = unopened
        var writer = ResultWriter(output: context.stdout, quiet: quiet)
        let pipeline = OrderedPipeline<BatchResult>(window: OrderedPipeline<BatchResult>.defaultWindow)
        var originals = try changedFrom.map { path throws(CommandError) in
            try OriginalRecords(
                source: path == "-"
                    ? ByteSource(descriptor: context.stdinDescriptor, name: "<stdin>")
                    : ByteSource(path: path))
        }
        let pool = RuleSetPool(compiled)
        var offset = recordOffset
        for source in sources where !context.stdout.failed {
            var stream = try RecordStream(source: source, limits: ReaderLimits())
            let output =
                quiet
                ? nil
                : ValidationOutput(
                    format: format, numbered: !(sources.count == 1 && stream.layout == .document),
                    textListsValidRecords: sources.count == 1 && stream.layout == .document, idField: idField)
            writer.prepare(output)
            let processor = RecordProcessor(
                rules: pool, options: options, output: output,
                inputName: sources.count > 1 ? source.name : nil)
            let naming: RecordNaming = stream.layout == .ndjson ? .line : stream.layout == .array ? .element : .document
            let base = offset
            // Once stdout fails (a full disk), nothing more can be reported: stop reading.
            while !context.stdout.failed, let next = try stream.next() {
                // `--changed-from` pairs records by number, so it frames them here.
                let batch = originals == nil ? next : next.framed()
                let paired = try originals?.take(for: batch)
                pipeline.submit({ processor.process(batch, offset: base, naming: naming, originals: paired) }) { result in
                    statistics.add(result)
                    writer.write(result)
                    statistics.showProgress(on: context.stderr)
                }
            }
            pipeline.finish { result in
                statistics.add(result)
                writer.write(result)
            }
            for problem in stream.framingErrors {
                context.reportError("\(source.name): \(problem)")
                statistics.inputErrors += 1
            }
            offset += stream.recordNumbersUsed
        }
        writer.finish()
        if let failure = context.stdout.takeFailure() {
            // No summary: it would count results nobody received.
            throw CommandError(failure)
        }
        if summary { statistics.printSummary(on: context.stderr) }
        if exitZero { return unopened > 0 ? .usageError : .success }  // an input never read is an I/O error
        if statistics.errors > 0 || statistics.inputErrors > 0 { return .usageError }
        return statistics.invalid > 0 ? .failure : .success
    }

    /// Opens the inputs; `unopened` counts those that could not be opened.
    private func openInputs(_ context: CommandContext, unopened: inout Int) throws -> [ByteSource] {
        if inputs.isEmpty {
            guard !context.stdinIsTerminal else {
                throw Self.usageError("no input: give record files, or pipe records to stdin")
            }
            return [ByteSource(descriptor: context.stdinDescriptor, name: "<stdin>")]
        }
        var sources: [ByteSource] = []
        for input in inputs {
            do {
                sources.append(
                    input == "-"
                        ? ByteSource(descriptor: context.stdinDescriptor, name: "<stdin>")
                        : try ByteSource(path: input))
            } catch {
                // Reported now; the other inputs are still validated and the status is 2.
                context.reportError(error.message)  // a missing path: "no such file 'X'"
                unopened += 1
            }
        }
        return sources
    }
}

/// Writes batch results to stdout in order, adding the brackets of a JSON array when
/// several records are printed in the json format.
struct ResultWriter {
    let output: Output
    let quiet: Bool
    private var arrayFramed = false
    private var wroteRecord = false
    private var opened = false

    init(output: Output, quiet: Bool) {
        self.output = output
        self.quiet = quiet
    }

    /// Called before each input's records.
    mutating func prepare(_ encoding: ValidationOutput?) {
        guard let encoding, !opened else { return }
        opened = true
        arrayFramed = encoding.arrayFramed
        if arrayFramed { output.write("[") }
    }

    mutating func write(_ result: BatchResult) {
        guard !quiet, !result.output.isEmpty else { return }
        result.output.withUnsafeBufferPointer { bytes in
            if arrayFramed && !wroteRecord {
                // Records are each preceded by ",\n"; the first needs only the line break.
                output.append(UnsafeBufferPointer(rebasing: bytes[1...]))
            } else {
                output.append(bytes)
            }
        }
        wroteRecord = true
    }

    mutating func finish() {
        if arrayFramed { output.write(wroteRecord ? "\n]\n" : "]\n") }
    }
}

/// The original records of `--changed-from`, read in step with the input: each batch
/// of input records gets the originals with the same numbers (memory stays bounded).
struct OriginalRecords {
    private var stream: RecordStream
    private var pending: [Int: [UInt8]] = [:]
    private var exhausted = false
    private var nextIndex = 0

    init(source: ByteSource) throws(CommandError) {
        stream = try RecordStream(source: source, limits: ReaderLimits())
    }

    /// The originals whose numbers the batch's records have.
    mutating func take(for batch: RecordBatch) throws(CommandError) -> [Int: [UInt8]] {
        let records = batch.records()
        guard let last = records.last?.index, let first = records.first?.index else { return [:] }
        while !exhausted && nextIndex <= last {
            guard let originals = try stream.next() else {
                exhausted = true
                break
            }
            for record in originals.records() where record.problem == nil {
                pending[record.index] = Array(originals.bytes[record.range])
            }
            nextIndex = stream.recordNumbersUsed
        }
        var taken: [Int: [UInt8]] = [:]
        for record in records { taken[record.index] = pending.removeValue(forKey: record.index) }
        pending = pending.filter { $0.key > first }
        return taken
    }
}
