import RulebookTooling
import XCTest

@testable import Rulebook

/// A diagnostic as checker tests state it: everything but the file, which is implied.
struct CheckedDiagnostic: Equatable, CustomStringConvertible {
    var code: DiagnosticCode
    var severity: Severity
    var range: SourceRange
    var message: String
    var notes: [Note] = []
    var fixIts: [FixIt] = []

    init(
        _ code: DiagnosticCode, _ range: SourceRange, _ message: String, severity: Severity? = nil,
        notes: [Note] = [], fixIts: [FixIt] = []
    ) {
        self.code = code
        self.severity = severity ?? code.defaultSeverity
        self.range = range
        self.message = message
        self.notes = notes
        self.fixIts = fixIts
    }

    init(_ diagnostic: Diagnostic) {
        self.init(
            diagnostic.code, diagnostic.range, diagnostic.message, severity: diagnostic.severity,
            notes: diagnostic.notes, fixIts: diagnostic.fixIts)
    }

    var description: String {
        "\(code) \(severity) \(range) \"\(message)\" notes=\(notes.map { "\($0.message)@\($0.file ?? "-"):\($0.range.map(\.description) ?? "-")" }) fixes=\(fixIts.map { "\($0.message): \($0.edits.map { "\($0.range)→\"\($0.replacement)\"" })" })"
    }
}

/// Checks a single in-memory file named `test.rules` (plus optional other files), with
/// the lint passes, as `rulebook check` does.
/// `buildingRuleSet: false` checks as `rulebook check` and the language server do.
func checkSource(
    _ text: String, files: [String: String] = [:], options: CheckOptions = CheckOptions(), buildingRuleSet: Bool = true
) -> CheckResult {
    var all = files
    all["test.rules"] = text
    let workspace = Workspace(provider: InMemorySourceProvider(files: all), options: options.withLint)
    do {
        return try workspace.check(rootFile: "test.rules", buildingRuleSet: buildingRuleSet)
    } catch {
        XCTFail("test.rules unreadable: \(error)")
        return CheckResult(
            ruleSet: nil, diagnostics: [], trees: [:],
            graph: ProgramGraph(files: [], trees: [:], imports: [:], diagnostics: []))
    }
}

/// Asserts the diagnostics of `test.rules` are exactly `expected` (all of them, in order),
/// and that no other file has any; a check that builds no rule set reports the same.
func assertCheck(
    _ source: MarkedSource, _ expected: [CheckedDiagnostic], files: [String: String] = [:],
    options: CheckOptions = CheckOptions(), file: StaticString = #filePath, line: UInt = #line
) {
    let result = checkSource(source.text, files: files, options: options)
    let actual = result.diagnostics.filter { $0.file == "test.rules" }.map(CheckedDiagnostic.init)
    if actual != expected {
        XCTFail(
            "diagnostics differ:\nactual:\n\(actual.map(\.description).joined(separator: "\n"))\nexpected:\n\(expected.map(\.description).joined(separator: "\n"))",
            file: file, line: line)
    }
    let others = result.diagnostics.filter { $0.file != "test.rules" }
    XCTAssertEqual(others, [], "diagnostics in other files", file: file, line: line)
    XCTAssertEqual(
        result.ruleSet == nil, result.diagnostics.containsErrors, "a rule set exactly when there is no error",
        file: file, line: line)
    let withoutRuleSet = checkSource(source.text, files: files, options: options, buildingRuleSet: false)
    XCTAssertEqual(withoutRuleSet.diagnostics, result.diagnostics, "the same diagnostics without a rule set", file: file, line: line)
    XCTAssertNil(withoutRuleSet.ruleSet, "no rule set when none is asked for", file: file, line: line)
    XCTAssertNil(withoutRuleSet.workingState, "the working tables are freed unless asked for", file: file, line: line)
    // As the language server checks: the working tables handed back, to be freed later.
    var handingOver = options
    handingOver.handsOverWorkingState = true
    let handedOver = checkSource(source.text, files: files, options: handingOver, buildingRuleSet: false)
    XCTAssertEqual(
        handedOver.diagnostics, result.diagnostics, "the same diagnostics when the working tables are handed back",
        file: file, line: line)
    XCTAssertNotNil(handedOver.workingState, "the working tables handed back when asked for", file: file, line: line)
}

/// Asserts `source` checks without any diagnostic and returns its rule set.
@discardableResult
func assertClean(
    _ text: String, files: [String: String] = [:], options: CheckOptions = CheckOptions(),
    file: StaticString = #filePath, line: UInt = #line
) -> RuleSet? {
    let result = checkSource(text, files: files, options: options)
    XCTAssertEqual(result.diagnostics.map(CheckedDiagnostic.init).map(\.description), [], file: file, line: line)
    XCTAssertNotNil(result.ruleSet, file: file, line: line)
    return result.ruleSet
}

/// A fix with one edit in `test.rules`.
func fix(
    _ message: String, _ range: SourceRange, _ replacement: String, file: String = "test.rules",
    applicability: FixIt.Applicability = .automatic
) -> FixIt {
    FixIt(message: message, edits: [TextEdit(file: file, range: range, replacement: replacement)], applicability: applicability)
}

/// A note pointing into `test.rules` (or `file`).
func note(_ message: String, _ range: SourceRange, file: String = "test.rules") -> Note {
    Note(message: message, file: file, range: range)
}

/// `validator arg…` of each rule of each statement, for compact assertions on rule sets.
func summary(_ ruleSet: RuleSet?) -> [String] {
    (ruleSet?.statements ?? []).map { statement in
        let rules = statement.rules.map { rule in
            ([rule.validator.rawValue] + rule.arguments.map { "\($0.name)=\($0.value.testDescription)" }).joined(separator: " ")
        }
        let condition = statement.condition.map { " when \($0)" } ?? ""
        return "\(statement.path)\(condition): " + rules.joined(separator: ", ")
    }
}

extension RuleArgument {
    var testDescription: String {
        switch self {
        case .count(let value): "\(value)"
        case .number(_, let text): text
        case .value(let value): value.testDescription
        case .regex(_, let source): "/\(source)/"
        case .date(let date): "\(date)"
        case .today: "today"
        case .field(let path): "field:\(path)"
        case .list(let values): "[" + values.map(\.testDescription).joined(separator: " ") + "]"
        }
    }
}

extension Value {
    var testDescription: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .integer(let value): "\(value)"
        case .decimal(let value): "\(value)"
        case .string(let text): "\"\(text)\""
        case .array(let values): "[" + values.map(\.testDescription).joined(separator: ", ") + "]"
        case .object: "{…}"
        }
    }
}
