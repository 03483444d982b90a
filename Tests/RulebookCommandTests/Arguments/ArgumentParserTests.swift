import Rulebook
import XCTest

@testable import RulebookCommand

final class ArgumentParserTests: XCTestCase {
    private let configuration = CommandConfiguration(
        name: "check",
        abstract: "check things",
        options: [
            .option(
                "format", valueName: "FORMAT", help: "Output format.", defaultValue: "text",
                allowedValues: ["text", "json", "sarif", "github"]),
            .flag("fix", help: "Fix."),
            .option("output", short: "o", valueName: "FILE", help: "Where."),
            .option("locale", valueName: "L", help: "Locale.", repeatable: true),
        ],
        arguments: [ArgumentDefinition("PATH", help: "Paths.", repeated: true, optional: true)]
    )

    private func parse(_ words: [String]) throws -> ParsedArguments {
        try ArgumentParser(configuration).parse(words)
    }

    private func usageError(_ words: [String]) -> UsageError? {
        do {
            _ = try parse(words)
            return nil
        } catch let error as UsageError {
            return error
        } catch {
            return nil
        }
    }

    func testSeparateAndInlineValues() throws {
        XCTAssertEqual(try parse(["--format", "json"]).value("format"), "json")
        XCTAssertEqual(try parse(["--format=sarif"]).value("format"), "sarif")
        XCTAssertEqual(try parse(["-o", "out.xlf"]).value("output"), "out.xlf")
        XCTAssertEqual(try parse(["--output="]).value("output"), "")
    }

    func testFlagsPositionalsAndRepeatedOptions() throws {
        let parsed = try parse(["Rules", "--fix", "--locale", "de", "extra.rules", "--locale=pl"])
        XCTAssertTrue(parsed.flag("fix"))
        XCTAssertFalse(parsed.flag("other"))
        XCTAssertEqual(parsed.positionals, ["Rules", "extra.rules"])
        XCTAssertEqual(parsed.allValues("locale"), ["de", "pl"])
        XCTAssertEqual(parsed.value("locale"), "pl")
    }

    func testDoubleDashEndsOptions() throws {
        let parsed = try parse(["--fix", "--", "--format", "-x", "-"])
        XCTAssertEqual(parsed.positionals, ["--format", "-x", "-"])
        XCTAssertNil(parsed.value("format"))
    }

    func testDashAloneAndNegativeNumbersArePositionals() throws {
        XCTAssertEqual(try parse(["-", "-5"]).positionals, ["-", "-5"])
        XCTAssertEqual(try parse(["--output", "-"]).value("output"), "-")
    }

    func testHelpWinsAnywhereBeforeDoubleDash() throws {
        XCTAssertTrue(try parse(["--bogus", "--help"]).helpRequested)
        XCTAssertTrue(try parse(["-h"]).helpRequested)
        XCTAssertFalse(try parse(["--", "--help"]).helpRequested)
    }

    func testUnknownOptionSuggestsTheClosestOne() {
        XCTAssertEqual(usageError(["--fromat", "json"])?.message, "unknown option '--fromat'; did you mean '--format'?")
        XCTAssertEqual(usageError(["--fi"])?.message, "unknown option '--fi'; did you mean '--fix'?")
        XCTAssertEqual(usageError(["--zzzzzzzz"])?.message, "unknown option '--zzzzzzzz'")
        XCTAssertEqual(usageError(["-z"])?.message, "unknown option '-z'")
    }

    func testMissingAndBadValues() {
        XCTAssertEqual(usageError(["--format"])?.message, "missing value for option '--format'")
        XCTAssertEqual(usageError(["--format", "--fix"])?.message, "missing value for option '--format'")
        XCTAssertEqual(
            usageError(["--format", "xml"])?.message,
            "invalid value 'xml' for '--format': expected one of text, json, sarif, github")
        XCTAssertEqual(
            usageError(["--format=jsno"])?.message,
            "invalid value 'jsno' for '--format': expected one of text, json, sarif, github; did you mean 'json'?")
        XCTAssertEqual(usageError(["--fix=yes"])?.message, "option '--fix' takes no value")
        XCTAssertEqual(
            usageError(["--format", "json", "--format", "text"])?.message,
            "option '--format' given more than once")
    }

    func testRequiredOptions() throws {
        let validate = CommandConfiguration(
            name: "validate", abstract: "",
            options: [
                .option("rules", valueName: "FILE", help: "", required: true)
            ])
        XCTAssertThrowsError(try ArgumentParser(validate).parse(["x.json"])) { error in
            XCTAssertEqual((error as? UsageError)?.message, "missing option --rules FILE")
        }
        XCTAssertEqual(try ArgumentParser(validate).parse(["--rules", "a.rules"]).value("rules"), "a.rules")
        XCTAssertTrue(try ArgumentParser(validate).parse(["--help"]).helpRequested, "help needs no required option")
        XCTAssertTrue(HelpFormatter(configuration: validate).usage.hasPrefix("rulebook validate --rules FILE"))
    }

    func testUsageErrorRendersAHint() {
        let error = UsageError("unknown option '--x'", commandLine: "rulebook check")
        XCTAssertEqual(error.rendered, "error: unknown option '--x'\nsee 'rulebook check --help'\n")
    }

    func testPositionalCounts() {
        let explain = CommandConfiguration(
            name: "explain", abstract: "",
            arguments: [
                ArgumentDefinition("RULEFILE", help: ""), ArgumentDefinition("RECORD", help: ""),
            ])
        XCTAssertThrowsError(try ArgumentParser(explain).parse(["a.rules"])) { error in
            XCTAssertEqual((error as? UsageError)?.message, "missing argument RECORD")
        }
        XCTAssertThrowsError(try ArgumentParser(explain).parse(["a", "b", "c"])) { error in
            XCTAssertEqual((error as? UsageError)?.message, "unexpected argument 'c'")
        }
        XCTAssertEqual(try ArgumentParser(explain).parse(["a", "b"]).positionals, ["a", "b"])
    }
}

final class SuggestionTests: XCTestCase {
    /// The command's "did you mean" uses the checker's suggestions: transpositions count
    /// as one edit, and far candidates are not offered.
    func testClosestCommandWordIgnoresFarCandidates() {
        XCTAssertEqual(Suggestions.closest(to: "fomrat", among: ["check", "format"]), "format")
        XCTAssertEqual(Suggestions.closest(to: "chek", among: ["check", "validate"]), "check")
        XCTAssertEqual(Suggestions.closest(to: "valdate", among: ["check", "validate"]), "validate")
        XCTAssertNil(Suggestions.closest(to: "xyz", among: ["check", "validate"]))
    }
}

final class HelpFormatterTests: XCTestCase {
    func testHelpHasUsageOptionsDefaultsAndExamples() {
        let configuration = CommandConfiguration(
            name: "check", abstract: "check rule files",
            discussion: "Checks every file.",
            options: [
                .option(
                    "format", valueName: "FORMAT", help: "How to print.", defaultValue: "text",
                    allowedValues: ["text", "json"])
            ],
            arguments: [ArgumentDefinition("PATH", help: "Files.", repeated: true, optional: true)],
            examples: [Example(command: "rulebook check Rules", explanation: "Check Rules/.")],
            common: false
        )
        let help = HelpFormatter(configuration: configuration).render()
        XCTAssertTrue(help.contains("rulebook check — check rule files"), help)
        XCTAssertTrue(help.contains("SYNOPSIS\n    rulebook check [--format text|json] [PATH …]"), help)
        XCTAssertTrue(help.contains("How to print. One of: text, json. Default: text."), help)
        XCTAssertTrue(help.contains("-h, --help"), help)
        XCTAssertTrue(help.contains("$ rulebook check Rules"), help)
        XCTAssertFalse(help.contains("--version"), "only the tool itself has --version")
    }

    func testWrapKeepsLinesWithinEightyColumns() {
        let text = String(repeating: "word ", count: 60)
        let wrapped = HelpFormatter.wrap(text, indent: "    ", hanging: "    ")
        for line in wrapped.split(separator: "\n") { XCTAssertLessThanOrEqual(line.count, 80) }
        XCTAssertEqual(wrapped.split(separator: " ").count, 60)
    }
}
