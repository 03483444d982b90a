import RulebookTooling
import SeededRandom
import XCTest

@testable import Rulebook

/// The shipped rule files parse cleanly, and thousands of mutated versions of them
/// parse without crashing into well-formed trees.
final class ParserRobustnessTests: XCTestCase {
    func testShippedRuleFilesParseWithoutDiagnostics() throws {
        let files = try shippedRuleFiles()
        XCTAssertGreaterThanOrEqual(files.count, 6)
        for (name, text) in files {
            let tree = Parser.parse(SourceFile(path: name, text: text))
            XCTAssertEqual(tree.diagnostics, [], name)
            XCTAssertFalse(tree.statements.isEmpty, name)
            XCTAssertNil(TreeInvariants.violation(in: tree), name)
        }
    }

    func testMutatedRuleFilesKeepEveryInvariant() throws {
        let files = try shippedRuleFiles().map(\.text)
        var generator = SeededGenerator(seed: 0x5EED_0001)
        var withErrors = 0
        for iteration in 0..<3_000 {
            var text = files[iteration % files.count]
            // Occasionally mutate an already-mutated file to reach stranger states.
            for _ in 0..<(iteration % 7 == 0 ? 3 : 1) { text = RuleFileMutator.mutate(text, using: &generator) }
            let tree = Parser.parse(SourceFile(path: "fuzz.rules", text: text))
            if let violation = TreeInvariants.violation(in: tree) {
                XCTFail("iteration \(iteration): \(violation)\n--- input ---\n\(text)\n--- tree ---\n\(tree.dump())")
                return
            }
            if !tree.diagnostics.isEmpty { withErrors += 1 }
        }
        // The mutations must actually exercise recovery.
        XCTAssertGreaterThan(withErrors, 1_000)
    }

    func testRandomBytesKeepEveryInvariant() {
        var generator = SeededGenerator(seed: 42)
        let alphabet = Array("ab:, {}()[]*.=!\"/\\#\n\r -1e2when rule message not or and today".utf8)
        for iteration in 0..<2_000 {
            let length = Int.random(in: 0...120, using: &generator)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            let text = String(decoding: bytes, as: UTF8.self)
            let tree = Parser.parse(SourceFile(path: "random.rules", text: text))
            if let violation = TreeInvariants.violation(in: tree) {
                XCTFail("iteration \(iteration): \(violation)\n--- input ---\n\(text)\n--- tree ---\n\(tree.dump())")
                return
            }
        }
    }
}

/// The deepest input the default limits allow parses, formats and walks on a thread
/// with a small stack (512 KiB, the default for secondary threads), as the language
/// server's workers would.
final class ParserStackDepthTests: XCTestCase {
    func testDeepestAllowedNestingFitsASmallStack() {
        let limits = ParserLimits.default
        let condition =
            String(repeating: "not (", count: limits.maxConditionDepth / 2 - 1) + "a"
            + String(repeating: ")", count: limits.maxConditionDepth / 2 - 1)
        var text = ""
        for depth in 0..<(limits.maxBlockNesting) {
            text += String(repeating: "  ", count: depth) + "when \(condition) {\n"
        }
        text += "x: required\n" + String(repeating: "}\n", count: limits.maxBlockNesting)
        let source = SourceFile(path: "deep.rules", text: text)
        let done = expectation(description: "parsed")
        nonisolated(unsafe) var result: (diagnostics: Int, formatted: Bool, dumpLines: Int) = (0, false, 0)
        let thread = Thread {
            let tree = Parser.parse(source)
            let formatted = Formatter.format(tree)
            result = (tree.diagnostics.count, formatted != nil, tree.dump().split(separator: "\n").count)
            _ = tree.hashValue
            done.fulfill()
        }
        thread.stackSize = 512 << 10
        thread.start()
        wait(for: [done], timeout: 60)
        XCTAssertEqual(result.diagnostics, 0)
        XCTAssertTrue(result.formatted)
        XCTAssertGreaterThan(result.dumpLines, limits.maxBlockNesting * limits.maxConditionDepth / 2)
    }
}
