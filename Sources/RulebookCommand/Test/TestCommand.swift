import Rulebook
import RulebookTooling

/// `rulebook test [PATH …]`: runs example-based rule tests (`*.examples.json`).
struct TestCommand: Command {
    static let runsAsBatch = true

    static let configuration = CommandConfiguration(
        name: "test",
        abstract: "run example-based rule tests",
        discussion: """
            Runs the examples of every *.examples.json file under the given paths: records \
            with the outcome each should have under a rule file — valid, or exactly the \
            listed failing fields and rules. Each example is reported as ok or FAILED, the \
            failures are explained (expected against actual violations, with messages), and \
            the last line counts them: N passed, M failed.

            The format (docs/command.md has all of it):

              {"rules": "profile.rules", "today": "2026-01-01",
               "examples": [
                 {"name": "a complete profile", "record": {...}, "valid": true},
                 {"name": "a one-letter name", "record": {...},
                  "fails": [{"field": "firstName", "rule": "minLength"}]}]}

            "rules" is relative to the examples file (default: the .rules file of the same \
            name); "ruleSource" gives rule text inline instead. "today" fixes the date rules \
            compare with. An example may set "all": true to expect every failure of a field, \
            and a failure may give the exact "message".
            """,
        options: [
            .option("filter", valueName: "TEXT", help: "Run only the examples whose name contains TEXT."),
            CommandConfiguration.configOption,
        ],
        arguments: [
            ArgumentDefinition(
                "PATH", help: "Example files or directories (walked for *.examples.json). Default: Rules.",
                repeated: true, optional: true)
        ],
        examples: [
            Example(command: "rulebook test", explanation: "Run every example under Rules/."),
            Example(
                command: "rulebook test Rules/profile.examples.json --filter age",
                explanation: "Run the profile examples about age."),
        ],
        sections: [
            (
                "EXIT STATUS",
                """
                  0  every example passed
                  1  some example failed (or its rule file has errors)
                  2  usage or I/O errors, or an examples file that cannot be read
                """
            )
        ]
    )

    let paths: [String]
    let filter: String?
    let configPath: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        paths = arguments.positionals
        filter = arguments.value("filter")
        configPath = arguments.value("config")
    }

    func run(in context: CommandContext) throws -> ExitStatus {
        let explicit = !paths.isEmpty
        // Expected messages are written in the base language: the configuration's
        // catalogue directory applies, its locale does not.
        let project = try ProjectConfiguration.load(configPath)
        var collector = FileCollector(includeCatalogues: false, fileSuffix: ".examples.json")
        if let project { collector.skips = { path, isDirectory in project.skips(path, isDirectory: isDirectory, includes: false) } }
        let collected = try collector.collect(explicit ? paths : [(project?.base ?? "") + "Rules"], explicit: explicit)
        let files = collected.ruleFiles
        // A missing path is reported; the other example files still run (exit status 2).
        for path in collected.missing { context.reportError(FileErrorText.missing(path)) }
        guard !files.isEmpty || !collected.missing.isEmpty else {
            throw CommandError("no *.examples.json files found in \(explicit ? paths.joined(separator: ", ") : "Rules")")
        }
        let loader = try RuleLoader(catalogs: project?.catalogs, locale: nil, project: project)
        let catalogs = try loader.catalogs()
        var failures: [String] = []
        var passed = 0
        for path in files {
            let file = try ExampleFile(path: path, text: try TextFile.read(path))
            let examples = file.examples.filter { example in filter.map { example.name.contains($0) } ?? true }
            guard !examples.isEmpty else { continue }
            let name = ExampleFile.baseName(path)
            let rules: CompiledRuleSet
            do {
                rules = try loader.compile(file.rulesPath, catalogs: catalogs, overlay: file.ruleSource, in: context)
            } catch is CommandFailure {
                for example in examples {
                    context.stdout.write("test \(name): \(example.name) ... FAILED\n")
                    failures.append("---- \(name): \(example.name) ----\n\(path): the rule file \(file.rulesPath) has errors (see above)\n")
                }
                continue
            }
            for example in examples {
                let options = ValidationOptions(
                    reportAllFailures: example.reportAll, messages: loader.messages(catalogs),
                    context: file.today.map { EvaluationContext(today: $0) } ?? EvaluationContext())
                let violations = rules.validate(example.record, options: options).violations
                if let mismatch = Self.mismatch(expected: example.expectedFailures, actual: violations) {
                    context.stdout.write("test \(name): \(example.name) ... FAILED\n")
                    failures.append("---- \(name): \(example.name) ----\n\(path)\n\(mismatch)")
                } else {
                    if !context.quiet { context.stdout.write("test \(name): \(example.name) ... ok\n") }
                    passed += 1
                }
            }
        }
        if !failures.isEmpty {
            context.stdout.write("\nfailures:\n\n" + failures.joined(separator: "\n") + "\n")
        }
        context.stdout.write("\(passed) passed, \(failures.count) failed\n")
        if !collected.missing.isEmpty { return .usageError }
        return failures.isEmpty ? .success : .failure
    }

    /// Why `actual` does not match `expected` (order-insensitive), or nil when it does.
    static func mismatch(expected: [ExampleFile.ExpectedFailure], actual: [Violation]) -> String? {
        var unmatched = actual
        var missing: [ExampleFile.ExpectedFailure] = []
        for failure in expected {
            if let index = unmatched.firstIndex(where: { violation in
                violation.field.description == failure.field && violation.validator.rawValue == failure.rule
                    && (failure.message == nil || failure.message == violation.message)
            }) {
                unmatched.remove(at: index)
            } else {
                missing.append(failure)
            }
        }
        guard !missing.isEmpty || !unmatched.isEmpty else { return nil }
        func describe(_ violation: Violation) -> String {
            "\(violation.field) \(violation.validator.rawValue) \"\(violation.message)\""
        }
        var text = "  expected: " + (expected.isEmpty ? "valid" : expected.sorted().map(\.description).joined(separator: ", ")) + "\n"
        text += "  actual:   " + (actual.isEmpty ? "valid" : actual.map(describe).joined(separator: ", ")) + "\n"
        for failure in missing { text += "  missing:  \(failure.description)\n" }
        for violation in unmatched { text += "  unexpected: \(describe(violation))\n" }
        return text
    }
}
