import XCTest
@testable import Rulebook
import SeededRandom

/// `unknown-field` with its lookups planned and made on two threads (a file checked in
/// two parts, see `CheckerRun+ParallelReferences.swift`) against one pass: the same
/// diagnostics in the same order, wherever the file is cut and whatever budget is left,
/// including budgets that run out in the middle of the lookups and repeated spellings
/// reported after that.
final class UnknownFieldInTwoPartsTests: XCTestCase {
    private func key(_ random: inout SeededGenerator) -> String {
        switch random.next(below: 14) {
        case 0: return random.pick(["\"first-name\"", "\"a b\"", "\"quo\\\"te\"", "\"9lives\""])
        case 1: return random.pick(["straße", "\"日本\"", "\"K\"", "\"\u{212A}elvin\""])
        default:
            let letters = Array("abcdeklm"), tail = Array("abcdeklm_12")
            return String(random.pick(letters)) + String((0..<random.next(below: 7)).map { _ in random.pick(tail) })
        }
    }

    /// A typo of `spelling` (dropped, doubled, changed character, other case) or an
    /// unrelated name.
    private func typo(of spelling: String, _ random: inout SeededGenerator) -> String {
        guard random.next(below: 5) != 0, !spelling.hasPrefix("\"") else { return "zz" + key(&random) }
        var characters = Array(spelling)
        let at = random.next(below: characters.count)
        switch random.next(below: 4) {
        case 0 where characters.count > 1: characters.remove(at: at)
        case 1: characters.insert(characters[at], at: at)
        case 2: characters[at] = random.pick(Array("abz"))
        default: return spelling.uppercased()
        }
        return String(characters)
    }

    /// Statements over `paths` distinct fields whose `same` arguments and conditions name
    /// `names` distinct references (typos of the fields, unrelated names), each used more
    /// than once, far apart.
    private func generatedFile(paths pathCount: Int, names nameCount: Int, seed: UInt64) -> String {
        var random = SeededGenerator(seed: seed)
        var paths: [String] = []
        var seen: Set<String> = []
        while paths.count < pathCount {
            var path = key(&random)
            if random.next(below: 3) == 0 { path += random.next(below: 4) == 0 ? "[*]" : "." + key(&random) }
            if seen.insert(path).inserted { paths.append(path) }
        }
        let names = (0..<nameCount).map { _ in typo(of: random.pick(paths), &random) }
        var lines: [String] = []
        for (index, path) in paths.enumerated() {
            switch index % 4 {
            case 0: lines.append("\(path): same \(random.pick(names))")
            case 1: lines.append("when \(random.pick(names)) == \"v\" {\n  \(path): required\n}")
            case 2: lines.append("when \(random.pick(names)) and \(random.pick(names)) {\n  \(path): required, same \(random.pick(names))\n}")
            default: lines.append("\(path): required")
            }
        }
        for name in names.shuffled(using: &random) { lines.append("\(random.pick(paths)): same \(name)") }
        return lines.joined(separator: "\n") + "\n"
    }

    private struct Outcome: Equatable {
        let diagnostics: [Diagnostic]
        let budgetLeft: Int
    }

    private func check(_ graph: ProgramGraph, cut: CheckerRun.StatementCut, budget: Int) -> (Outcome, CheckerRun) {
        let run = CheckerRun(graph: graph, options: CheckOptions())
        run.statementCut = cut
        run.suggestionBudget = budget
        run.run()
        return (Outcome(diagnostics: run.diagnostics, budgetLeft: run.suggestionBudget), run)
    }

    /// The file cut before `cuts` (every statement when nil) with each budget, against one pass.
    private func assertTwoThreadsMatchOnePass(_ text: String, budgets: (Int) -> [Int], cuts: [Int]? = nil,
                                              file: StaticString = #filePath, line: UInt = #line) -> (found: Int, searchedInTwo: Int) {
        let graph = checkSource(text).graph
        let tree = Parser.parse(SourceFile(path: "test.rules", text: text))
        let candidates = Set(tree.statements.compactMap { statement -> String? in
            if case .field(let field) = statement { return FieldPath(field.path).description }
            if case .when(let block) = statement, case .field(let field)? = block.body.first { return FieldPath(field.path).description }
            return nil
        }).count
        var found = 0, searchedInTwo = 0
        for budget in budgets(candidates) {
            let (expected, onePass) = check(graph, cut: .never, budget: budget)
            XCTAssertEqual(onePass.searchesInTwoParts, 0, file: file, line: line)
            found = max(found, expected.diagnostics.filter { $0.code == .unknownField }.count)
            for index in cuts ?? Array(1..<tree.statements.count) {
                let (actual, run) = check(graph, cut: .before(index), budget: budget)
                searchedInTwo += run.searchesInTwoParts
                XCTAssertEqual(run.unplannedSearches, 0, "budget \(budget), cut before statement \(index)", file: file, line: line)
                XCTAssertEqual(run.refusedSignatureHandOvers, 0, "budget \(budget), cut before statement \(index)", file: file, line: line)
                XCTAssertEqual(actual, expected, "budget \(budget), cut before statement \(index)", file: file, line: line)
                if actual != expected { return (found, searchedInTwo) }
            }
        }
        return (found, searchedInTwo)
    }

    func testEveryCutAndBudgetMatchesOnePass() {
        for seed in 1...4 {
            let text = generatedFile(paths: 36, names: 14, seed: UInt64(seed))
            // From nothing, through budgets that run out after a few lookups (each costs
            // the candidate count), to more than enough.
            let (found, searchedInTwo) = assertTwoThreadsMatchOnePass(text) { count in
                [0, 1, count - 1, count, count + 1, 2 * count, 3 * count + 5, 7 * count, 200_000]
            }
            XCTAssertGreaterThan(found, 2, "seed \(seed): the file should have suggestions")
            XCTAssertGreaterThan(searchedInTwo, 0, "seed \(seed)")
        }
    }

    func testLargerFilesWithManyLookupsMatchOnePass() {
        for seed in 10...11 {
            let text = generatedFile(paths: 400, names: 160, seed: UInt64(seed))
            let (found, searchedInTwo) = assertTwoThreadsMatchOnePass(text, budgets: { count in
                [5 * count + 1, 40 * count, 200_000]
            }, cuts: [1, 37, 150, 299, 400])
            XCTAssertGreaterThan(found, 20, "seed \(seed): the file should have suggestions")
            XCTAssertGreaterThan(searchedInTwo, 0, "seed \(seed)")
        }
    }

    /// A file of 64 KB or more checked as the checker does it by size (its cut decided on
    /// the other thread while the named rules are collected), against one pass.
    func testALargeFileCheckedBySizeMatchesOnePass() throws {
        try XCTSkipUnless(BackgroundTask<Void>.hasSecondCore, "one core: files are checked in one pass")
        let text = generatedFile(paths: 3_000, names: 600, seed: 21)
        XCTAssertGreaterThan(text.utf8.count, CheckerRun.parallelMinimumBytes)
        let graph = checkSource(text).graph
        for budget in [0, 3_000 * 7 + 1, 200_000, 2_000_000] {
            let (expected, _) = check(graph, cut: .never, budget: budget)
            let (actual, run) = check(graph, cut: .bySize, budget: budget)
            XCTAssertEqual(run.decidedCuts?.count, 1, "budget \(budget)")
            XCTAssertEqual(run.mergedParts, 1, "budget \(budget)")
            XCTAssertEqual(run.searchesInTwoParts, budget >= 3_000 ? 1 : 0, "budget \(budget)")
            XCTAssertEqual(run.unplannedSearches, 0, "budget \(budget)")
            XCTAssertEqual(run.refusedSignatureHandOvers, 0, "budget \(budget)")
            XCTAssertEqual(actual, expected, "budget \(budget)")
            if budget == 2_000_000 { XCTAssertGreaterThan(expected.diagnostics.filter { $0.code == .unknownField }.count, 100) }
        }
    }

    /// The planned lookups, made on two threads, answer as `PathSuggestions.closest` one
    /// by one, and the plan charges what the one-pass walk charges.
    func testPlannedLookupsAnswerAsOneByOne() {
        var random = SeededGenerator(seed: 77)
        for round in 0..<30 {
            let paths = GeneratedPaths.distinct(20 + random.next(below: 400), &random)
            let spellings = paths.map(\.description)
            let references = (0..<(1 + random.next(below: 60))).map { index in
                let name = GeneratedPaths.lookup(among: spellings, &random)
                let path = random.next(below: 4) == 0 ? FieldPath([.key(name), .key("inner")]) : FieldPath([.key(name)])
                return FieldReference(path: path, range: SourceRange(start: index, end: index + 1))
            }
            let budget = [0, paths.count, 5 * paths.count + 2, Int.max / 2][round % 4]
            var known = FirstSegmentSet(paths)
            var candidates = PathSuggestions(paths)
            let (answers, adopted) = CheckerRun.searchInTwoParts(references, known: &known, candidates: &candidates, budget: budget)
            XCTAssertTrue(adopted, "round \(round): the other thread's signatures are taken")
            // One by one, as the walk makes them.
            var alone = PathSuggestions(paths)
            var left = budget
            var expected: [String: String?] = [:]
            var seen: Set<String> = []
            var knownAlone = FirstSegmentSet(paths)
            for reference in references {
                if let first = reference.path.segments.first, knownAlone.contains(first) { continue }
                let written = reference.path.description
                guard seen.insert(written).inserted else { continue }
                let before = left
                let answer = alone.closest(to: written, budget: &left)
                if left != before { expected[written] = .some(answer) }
            }
            XCTAssertEqual(answers.count, expected.count, "round \(round)")
            for (name, answer) in expected { XCTAssertEqual(answers[name], .some(answer), "round \(round): \(name)") }
        }
    }
}
