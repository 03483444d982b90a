import Foundation
import Rulebook
import RulebookReference
import XCTest

/// The differential suite through the `rulebook` command: for random rule sets and
/// records, `validate` must give the reference interpreter's verdicts in every output
/// format (`--quiet` counts, `ndjson`, `json`), from a file, from stdin and as a JSON
/// array, in first-failure and `--all` mode, for small inputs and for one large enough
/// to cross the command's 512 KiB input chunks. A long run:
/// `RULEBOOK_DIFF_CASES=100000 swift test -c release --filter CommandDifferentialTests`.
final class CommandDifferentialTests: XCTestCase {
    func testCommandAgreesWithTheReference() throws {
        let settings = DifferentialSettings(defaultCases: 200)
        // 50 records per rule set, more in a long run: each rule set costs five runs of
        // the command, so a long run's time goes to records rather than to process starts.
        let perRuleSet = max(50, settings.cases / 200)
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        var cases = 0, ruleSets = 0
        for seed in settings.ruleSetSeeds(perRuleSet: perRuleSet) {
            let testCase = DifferentialCase(seed: seed, recordCount: perRuleSet)
            // A rule set the checker rejects is the API suite's concern (it counts them).
            guard (try? CompiledRuleSet(source: testCase.ruleText)) != nil else { continue }
            ruleSets += 1
            cases += testCase.records.count
            try compare(testCase, lines: Self.spell(testCase), in: project)
            // One rule set's report is enough to act on.
            if (testRun?.failureCount ?? 0) > 0 { break }
        }
        XCTAssertGreaterThan(ruleSets, 0)
        print("command differential: \(cases) cases over \(ruleSets) rule sets, seed \(settings.seed)")
    }

    /// One rule set over enough records to fill several of the command's input chunks.
    func testLargeInputAgreesWithTheReference() throws {
        let settings = DifferentialSettings(defaultCases: 0)
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        var seed = settings.replay ?? settings.seed(ofRuleSet: 1_000_000)
        var testCase = DifferentialCase(seed: seed, recordCount: 0)
        while (try? CompiledRuleSet(source: testCase.ruleText)) == nil {
            seed &+= 1
            testCase = DifferentialCase(seed: seed, recordCount: 0)
        }
        testCase = DifferentialCase(seed: seed, recordCount: 4_000)
        let lines = Self.spell(testCase)
        let bytes = lines.reduce(0) { $0 + $1.utf8.count + 1 }
        XCTAssertGreaterThan(bytes, 3 * 512 * 1024, "the large input must cross several input chunks")
        try compare(testCase, lines: lines, in: project)
    }

    /// Each record as one line of JSON text.
    static func spell(_ testCase: DifferentialCase) -> [String] {
        testCase.records.enumerated().map { index, record in
            var speller = JSONSpeller(seed: testCase.seed &+ UInt64(index))
            return speller.text(record)
        }
    }

    /// Runs every form of `validate` on the records and compares with the reference.
    func compare(_ testCase: DifferentialCase, lines: [String], in project: TemporaryProject) throws {
        try project.write(testCase.ruleText, to: "case.rules")
        let ndjson = lines.joined(separator: "\n") + "\n"
        try project.write(ndjson, to: "records.ndjson")
        try project.write("[\n" + lines.joined(separator: ",\n") + "\n]\n", to: "records.json")
        let first = testCase.records.map { Self.expected(testCase.reference.evaluate($0.value, reportAllFailures: false)) }
        let all = testCase.records.map { Self.expected(testCase.reference.evaluate($0.value, reportAllFailures: true)) }
        let common = ["validate", "--rules", "case.rules", "--today", testCase.todayText, "--no-summary", "--exit-zero"]

        let fromFile = try project.run(common + ["--format", "ndjson", "records.ndjson"])
        check(fromFile, lines: fromFile.stdout.split(separator: "\n").map(String.init), first, testCase, lines, "ndjson, file")
        let fromStdin = try project.run(common + ["--format", "ndjson", "--all", "-"], stdin: Data(ndjson.utf8))
        check(fromStdin, lines: fromStdin.stdout.split(separator: "\n").map(String.init), all, testCase, lines, "ndjson --all, stdin")
        let array = try project.run(common + ["--format", "json", "records.json"])
        check(array, lines: Self.elements(ofJSONArray: array.stdout), first, testCase, lines, "json, JSON array file")
        let arrayAll = try project.run(common + ["--format", "json", "--all", "-"], stdin: Data(ndjson.utf8))
        check(arrayAll, lines: Self.elements(ofJSONArray: arrayAll.stdout), all, testCase, lines, "json --all, stdin")

        // `--quiet`: the counting path; the summary's counts and the exit status.
        let invalid = first.filter { !$0.valid }.count
        let quiet = try project.run(["validate", "--rules", "case.rules", "--today", testCase.todayText, "--quiet", "records.ndjson"])
        let counts = Self.summaryCounts(quiet.stderr)
        XCTAssertTrue(
            counts?.records == lines.count && counts?.invalid == invalid,
            testCase.replay(record: nil, "--quiet said \(quiet.stderr), expected \(lines.count) records, \(invalid) invalid"))
        XCTAssertEqual(quiet.status, invalid > 0 ? 1 : 0, testCase.replay(record: nil, "--quiet exit status"))
    }

    /// What one record's output line must say.
    struct Expected: Equatable {
        let valid: Bool
        /// (field, validator) per violation, in order.
        let violations: [String]
    }

    static func expected(_ results: [ReferenceFieldResult]) -> Expected {
        Expected(
            valid: !results.contains { $0.status == .invalid },
            violations: results.flatMap { result in result.failures.map { "\(result.field.description) \($0)" } })
    }

    /// Compares one run's output lines with the expected verdicts, record by record.
    func check(
        _ result: ProcessRunner.Result, lines output: [String], _ expected: [Expected], _ testCase: DifferentialCase,
        _ records: [String], _ what: String
    ) {
        guard output.count == expected.count else {
            XCTFail(
                testCase.replay(
                    record: nil, "\(what): \(output.count) results for \(expected.count) records; stderr: \(result.stderr.prefix(500))"))
            return
        }
        for (index, line) in output.enumerated() {
            guard let found = Self.read(line) else {
                XCTFail(testCase.replay(record: records[index], "\(what): unreadable result line \(line)"))
                return
            }
            if found.record != index || found.verdict != expected[index] {
                XCTFail(
                    testCase.replay(
                        record: records[index],
                        """
                        \(what), record \(index):
                          command:   record \(found.record) \(found.verdict)
                          reference: \(expected[index])
                        """))
                return
            }
        }
    }

    /// A result line's record number and verdict.
    static func read(_ line: String) -> (record: Int, verdict: Expected)? {
        guard case .object(let object)? = try? Value(json: line), case .integer(let record)? = object["record"],
            case .bool(let valid)? = object["valid"], case .array(let violations)? = object["violations"]
        else { return nil }
        var named: [String] = []
        for violation in violations {
            guard case .object(let fields) = violation, case .string(let field)? = fields["field"],
                case .string(let rule)? = fields["rule"]
            else { return nil }
            named.append("\(field) \(rule)")
        }
        return (record, Expected(valid: valid, violations: named))
    }

    /// The record and invalid counts of the stderr summary (`4,000 records, 2,710 invalid, 0.04 s`).
    static func summaryCounts(_ stderr: String) -> (records: Int, invalid: Int)? {
        guard let line = stderr.split(separator: "\n").last(where: { $0.contains(" invalid") }) else { return nil }
        let parts = line.split(separator: " ").map { $0.replacingOccurrences(of: ",", with: "") }
        guard parts.count >= 4, let records = Int(parts[0]), let invalid = Int(parts[2]) else { return nil }
        return (records, invalid)
    }

    /// The elements of `--format json`'s array for several records, one per line.
    static func elements(ofJSONArray text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0 != "[" && $0 != "]" }.map { line in
            line.hasSuffix(",") ? String(line.dropLast()) : line
        }
    }
}
