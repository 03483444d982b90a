import XCTest
@testable import Rulebook
import SeededRandom

/// Phase 5 in two parts against one pass: wherever a file's top-level statements are
/// cut, the diagnostics (in the order found) and the checked statements are those of
/// the one-pass check, including repetitions and contradictions between the parts,
/// "did you mean" under a spent budget, and the expansion limit.
final class ParallelCheckTests: XCTestCase {
    /// A rule file with fields repeated far apart, blocks, named rules and mistakes of
    /// every kind the walk reports, from `seed`.
    private func generatedFile(seed: UInt64, statements: Int = 40) -> String {
        var random = SeededGenerator(seed: seed)
        // (`"K"` and `"\u{212A}"`, KELVIN SIGN, are one field as Swift compares keys: a part
        // that meets the non-ASCII one moves its path table to the standard hash, and the
        // merge then looks paths up across tables that hash differently.)
        let fields = ["name", "email", "age", "address.city", "address.postcode", "tags[*]", "password", "nickname",
                      "\"K\"", "\"\u{212A}\"", "\"straße\""]
        let heads = ["required", "minLength 2", "minLength 2", "maxLength 5", "maxLength 1", "min 13", "max 12", "email",
                     "pattern /^[0-9]{5}$/", "pattern /[a-/", "same password", "same pasword", "before birthday", "oneOf \"a\", \"b\"",
                     "short", "shrt", "minLenght 3", "minLength -1", "required message \"Needed\"", "minLength 2 message key.unknown",
                     "between 1 2 3", "r1", "r3", "rr2", "r5 message \"Named\""]
        let conditions = ["country == \"DE\"", "age != 3", "tags[*] == 1", "not nickname", "email and age == 2", "pasword"]
        var lines = ["rule short = minLength 1, maxLength 4", "rule unused = required", "rule long = short, maxLength 9"]
        func statement() -> String {
            let count = Int.random(in: 1...3, using: &random)
            let rules = (0..<count).map { _ in heads.randomElement(using: &random) ?? "required" }
            return "\(fields.randomElement(using: &random) ?? "name"): \(rules.joined(separator: ", "))"
        }
        for _ in 0..<statements {
            switch Int.random(in: 0..<7, using: &random) {
            case 6:
                // Named rules: leaves, users of other named rules, contradictions, typos.
                let count = Int.random(in: 1...3, using: &random)
                let rules = (0..<count).map { _ in heads.randomElement(using: &random) ?? "required" }
                lines.append("rule r\(Int.random(in: 0..<7, using: &random)) = \(rules.joined(separator: ", "))")
            case 0:
                let inner = (0..<Int.random(in: 1...3, using: &random)).map { _ in "  " + statement() }
                lines.append("when \(conditions.randomElement(using: &random) ?? "age") {\n\(inner.joined(separator: "\n"))\n}")
            case 1:
                lines.append("when \(conditions.randomElement(using: &random) ?? "age") {\n  when age == 1 {\n    \(statement())\n  }\n}")
            default:
                lines.append(statement())
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private struct Outcome: Equatable {
        let diagnostics: [Diagnostic]
        let statements: [String]
        let mergedParts: Int
        var mergedDefinitionParts = 0
        var expansions: [String] = []
    }

    private func check(_ text: String, cut: CheckerRun.StatementCut, options: CheckOptions = CheckOptions(),
                       budget: Int? = nil) -> Outcome {
        let graph = checkSource(text, options: options).graph
        let run = CheckerRun(graph: graph, options: options)
        run.statementCut = cut
        if let budget { run.suggestionBudget = budget }
        run.run()
        let expansions = run.definitionOrder.map { reference -> String in
            switch run.expansions[reference] {
            case .rules(let rules)?: "\(reference.name): " + rules.map { describe($0.rule) }.joined(separator: "; ")
            case .tooLarge?: "\(reference.name): too large"
            case nil: "\(reference.name): none"
            }
        }
        return Outcome(diagnostics: run.diagnostics, statements: (run.statements["test.rules"] ?? []).map(describe),
                       mergedParts: run.mergedParts, mergedDefinitionParts: run.mergedDefinitionParts, expansions: expansions)
    }

    /// Checks `text` cut before every top-level statement; returns how many cuts merged.
    @discardableResult
    private func assertEveryCutMatches(_ text: String, options: CheckOptions = CheckOptions(), budget: Int? = nil,
                                       file: StaticString = #filePath, line: UInt = #line) -> Int {
        let expected = check(text, cut: .never, options: options, budget: budget)
        XCTAssertEqual(expected.mergedParts, 0, file: file, line: line)
        let count = Parser.parse(SourceFile(path: "test.rules", text: text)).statements.count
        var merged = 0
        for index in 1..<max(1, count) {
            let actual = check(text, cut: .before(index), options: options, budget: budget)
            merged += actual.mergedParts
            XCTAssertEqual(actual.diagnostics, expected.diagnostics, "cut before statement \(index)", file: file, line: line)
            XCTAssertEqual(actual.statements, expected.statements, "cut before statement \(index)", file: file, line: line)
            XCTAssertEqual(actual.expansions, expected.expansions, "cut before statement \(index)", file: file, line: line)
            if actual.diagnostics != expected.diagnostics || actual.statements != expected.statements { break }
        }
        return merged
    }

    func testEveryCutOfGeneratedFilesMatchesOnePass() {
        for seed in 1...12 {
            let text = generatedFile(seed: UInt64(seed))
            let merged = assertEveryCutMatches(text)
            // The parts are really merged (not all thrown away for the one-pass fallback).
            XCTAssertGreaterThan(merged, 0, "seed \(seed)")
        }
    }

    func testNamedRulesAreLoweredAndExpandedInTwoPartsLikeOnePass() {
        var merged = 0
        for seed in 50...57 {
            let text = generatedFile(seed: UInt64(seed), statements: 30)
            let expected = check(text, cut: .never)
            let actual = check(text, cut: .before(1))
            merged += actual.mergedDefinitionParts
            XCTAssertEqual(actual.diagnostics, expected.diagnostics, "seed \(seed)")
            XCTAssertEqual(actual.expansions, expected.expansions, "seed \(seed)")
            XCTAssertEqual(actual.statements, expected.statements, "seed \(seed)")
        }
        XCTAssertGreaterThan(merged, 0)
    }

    func testRepetitionsAndContradictionsAcrossThePartsAreReported() {
        let text = "a: minLength 2\nb: required\na: minLength 2, maxLength 1\nwhen x {\n  a: minLength 2\n}\n"
        let outcome = check(text, cut: .before(2))
        XCTAssertEqual(outcome.mergedParts, 1)
        XCTAssertEqual(outcome.diagnostics.map(\.code), [.redundantRule, .contradiction, .contradiction])
        XCTAssertEqual(outcome.diagnostics, check(text, cut: .never).diagnostics)
    }

    func testUnknownMessageKeysMatchOnePass() {
        let options = CheckOptions(knownMessageKeys: ["required", "minLength", "key.known"])
        for seed in 20...23 { assertEveryCutMatches(generatedFile(seed: UInt64(seed)), options: options) }
    }

    func testASpentSuggestionBudgetFallsBackToOnePassWithTheSameResult() {
        // Enough for some lookups but not for both parts' (each costs its candidate count).
        for budget in [0, 60, 150, 400] {
            assertEveryCutMatches(generatedFile(seed: 31), budget: budget)
        }
    }

    func testASpentBudgetWhileLoweringNamedRulesFallsBackToOnePass() {
        // Every named rule misspells a validator: each lowering looks for a suggestion.
        let text = (0..<8).map { "rule n\($0) = minLenght \($0), requird" }.joined(separator: "\n") + "\na: n1, n6\n"
        for budget in [0, 50, 100, 300, 1_000, 200_000] {
            let expected = check(text, cut: .never, budget: budget)
            let actual = check(text, cut: .before(1), budget: budget)
            XCTAssertEqual(actual.diagnostics, expected.diagnostics, "budget \(budget)")
            XCTAssertEqual(actual.expansions, expected.expansions, "budget \(budget)")
        }
        XCTAssertEqual(check(text, cut: .before(1), budget: 200_000).mergedDefinitionParts, 1)
        XCTAssertEqual(check(text, cut: .before(1), budget: 300).mergedDefinitionParts, 0)
    }

    func testTheExpansionLimitFallsBackToOnePassWithTheSameResult() {
        var options = CheckOptions()
        options.limits.maxExpandedRulesTotal = 40
        for seed in 40...42 { assertEveryCutMatches(generatedFile(seed: UInt64(seed)), options: options) }
    }

    func testALargeFileIsCheckedInTwoPartsBySize() throws {
        try XCTSkipUnless(BackgroundTask<Void>.hasSecondCore, "one core: files are checked in one pass")
        // Generated blocks with their fields renamed per block, so that the halves name
        // different fields (as a large form file does).
        var text = ""
        var seed: UInt64 = 100
        while text.utf8.count < 2 * CheckerRun.parallelMinimumBytes {
            var block = generatedFile(seed: seed, statements: 200)
            for field in ["name", "email", "age", "address", "tags", "password", "nickname", "straße"] {
                block = block.replacingOccurrences(of: "\(field)", with: "\(field)\(seed)")
            }
            for quotedKey in ["K", "\u{212A}"] {
                block = block.replacingOccurrences(of: "\"\(quotedKey)\"", with: "\"\(quotedKey)\(seed)\"")
            }
            text += block
            seed += 1
        }
        let bySize = check(text, cut: .bySize)
        XCTAssertEqual(bySize.mergedParts, 1)
        let onePass = check(text, cut: .never)
        XCTAssertEqual(bySize.diagnostics, onePass.diagnostics)
        XCTAssertEqual(bySize.statements, onePass.statements)
        XCTAssertGreaterThan(onePass.diagnostics.count, 100)
    }

    func testAFileWhoseHalvesShareMostFieldsIsCheckedInOnePass() throws {
        try XCTSkipUnless(BackgroundTask<Void>.hasSecondCore, "one core: files are checked in one pass")
        let text = String(repeating: "field: required, minLength 2\nother: maxLength 3\n", count: 4_000)
        let tree = Parser.parse(SourceFile(path: "test.rules", text: text))
        XCTAssertTrue(CheckerRun.partsShareMostFields(tree, cut: tree.statements.count / 2))
        let bySize = check(text, cut: .bySize)
        XCTAssertEqual(bySize.mergedParts, 0)
        XCTAssertEqual(bySize.diagnostics, check(text, cut: .never).diagnostics)
    }

    func testOptionsCanKeepTheCheckOnOneThread() {
        var text = ""
        var seed: UInt64 = 200
        while text.utf8.count < 2 * CheckerRun.parallelMinimumBytes {
            text += generatedFile(seed: seed, statements: 200)
            seed += 1
        }
        var options = CheckOptions()
        options.usesSecondCore = false
        let graph = checkSource(text, options: options).graph
        let run = CheckerRun(graph: graph, options: options)
        run.run()
        XCTAssertEqual(run.mergedParts, 0)
        XCTAssertEqual(run.mergedDefinitionParts, 0)
        XCTAssertEqual(run.diagnostics, check(text, cut: .never).diagnostics)
        let source = SourceFile(path: "test.rules", text: text)
        XCTAssertEqual(Parser.parse(source, limits: .default, usesSecondCore: false), Parser.parse(source))
    }

    /// The rule set `Checker.check` returns for a file checked in two parts, read after
    /// the check has handed its run and merged walk to another thread for teardown, is the
    /// one-pass rule set (named rules, overrides, wildcards and conditions included).
    func testTheRuleSetOfATwoPartCheckOutlivesItsTeardown() throws {
        try XCTSkipUnless(BackgroundTask<Void>.hasSecondCore, "one core: files are checked in one pass")
        var text = "rule short = minLength 2 message name.short\n"
        var index = 0
        while text.utf8.count < 2 * CheckerRun.parallelMinimumBytes {
            text += "field\(index): required, short, maxLength \(index % 50 + 3)\n"
            text += "items\(index)[*].sku: pattern /^[A-Z]{3}-[0-9]{4}$/\n"
            text += "when field\(index) == \"x\" {\n  other\(index): required\n}\n"
            index += 1
        }
        let graph = checkSource(text).graph
        var oneThread = CheckOptions()
        oneThread.usesSecondCore = false
        let twoParts = Checker(options: CheckOptions()).check(graph, roots: ["test.rules"])
        let onePass = Checker(options: oneThread).check(graph, roots: ["test.rules"])
        XCTAssertEqual(twoParts.diagnostics, onePass.diagnostics)
        let statements = try XCTUnwrap(twoParts.ruleSets["test.rules"]).statements
        let expected = try XCTUnwrap(onePass.ruleSets["test.rules"]).statements
        XCTAssertGreaterThan(expected.count, 2_000)
        XCTAssertEqual(statements.map(describe), expected.map(describe))
        // The file is one the checker does cut in two (the same decision as `Checker`'s).
        XCTAssertEqual(check(text, cut: .bySize).mergedParts, 1)
        // Once more, after the other thread has certainly run the teardown.
        Thread.sleep(forTimeInterval: 0.05)
        XCTAssertEqual(statements.map(describe), expected.map(describe))
    }

    // MARK: Describing checked statements

    private func describe(_ statement: CheckedStatement) -> String {
        "\(statement.path) when \(String(describing: statement.condition)) at \(statement.location): "
            + statement.rules.map(describe).joined(separator: "; ")
    }

    private func describe(_ rule: CheckedRule) -> String {
        "\(rule.validator) \(rule.messageKey) \(rule.arguments.map { "\($0.name)=\(describe($0.value))" }) "
            + "\(String(describing: rule.messageOverride)) \(rule.location) \(rule.expandedFrom)"
    }

    private func describe(_ argument: RuleArgument) -> String {
        switch argument {
        case .regex(_, let source): "/\(source)/"
        case .list(let items): "[\(items.map(describe).joined(separator: ", "))]"
        default: String(describing: argument)
        }
    }
}
