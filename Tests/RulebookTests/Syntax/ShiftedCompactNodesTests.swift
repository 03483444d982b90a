import XCTest

@testable import Rulebook
@testable import RulebookTooling

/// The language server shifts the nodes after an edit (`SyntaxTree+Shifting`). Rules,
/// named rules and `when` blocks keep their ranges as 32-bit offsets when they fit and in
/// a box when they do not: a shift that moves a node across that line
/// must give exactly the node built at the new place — equal, equally hashed and printed
/// the same.
final class ShiftedCompactNodesTests: XCTestCase {
    private func range(_ start: Int, _ end: Int) -> SourceRange { SourceRange(start: start, end: end) }

    private func rule(at base: Int, message: Bool = false) -> RuleSyntax {
        let override =
            message
            ? MessageOverrideSyntax(
                keywordRange: range(base + 12, base + 19), kind: .key("k.x"),
                valueRange: range(base + 20, base + 23), range: range(base + 12, base + 23)) : nil
        return RuleSyntax(
            name: IdentifierSyntax(name: "minLength", range: range(base, base + 9)),
            arguments: [ArgumentSyntax(kind: .integer(2, text: "2"), range: range(base + 10, base + 11))],
            message: override, range: range(base, message ? base + 23 : base + 11))
    }

    private func named(at base: Int) -> StatementSyntax {
        .namedRule(
            NamedRuleSyntax(
                keywordRange: range(base, base + 4), name: IdentifierSyntax(name: "n", range: range(base + 5, base + 6)),
                equalsRange: range(base + 7, base + 8), rules: [rule(at: base + 9), rule(at: base + 22, message: true)],
                range: range(base, base + 45)))
    }

    private func when(at base: Int) -> StatementSyntax {
        let path = PathSyntax(
            segments: [PathSegmentSyntax(kind: .key("a", quoted: false), range: range(base + 5, base + 6))],
            range: range(base + 5, base + 6))
        return .when(
            WhenBlockSyntax(
                keywordRange: range(base, base + 4), condition: .present(path),
                openBraceRange: range(base + 7, base + 8), body: [named(at: base + 9)],
                closeBraceRange: range(base + 60, base + 61), range: range(base, base + 61)))
    }

    func testShiftsAcrossTheCompactLimitGiveTheNodeBuiltThere() {
        let limit = Int(UInt32.max)
        // Compact and boxed places: the start, the middle, just under the limit, past it,
        // and before the start (negative offsets only hand-built trees have).
        let places = [0, 1_000, limit - 100, limit - 61, limit + 10, -1, -70]
        for from in places {
            for to in places {
                let delta = to - from
                XCTAssertEqual(rule(at: from).shifted(by: delta, into: SyntaxBuffers()), rule(at: to), "rule \(from) → \(to)")
                XCTAssertEqual(
                    rule(at: from, message: true).shifted(by: delta, into: SyntaxBuffers()), rule(at: to, message: true),
                    "rule with message \(from) → \(to)")
                for make in [named(at:), when(at:)] {
                    let shifted = make(from).shifted(by: delta, into: SyntaxBuffers())
                    let built = make(to)
                    XCTAssertEqual(shifted, built, "\(from) → \(to)")
                    XCTAssertEqual(shifted.hashValue, built.hashValue, "\(from) → \(to)")
                    XCTAssertEqual(String(describing: shifted), String(describing: built), "\(from) → \(to)")
                    XCTAssertEqual(shifted.range, range(to, to + (built.range.length)), "\(from) → \(to)")
                }
            }
        }
    }
}
