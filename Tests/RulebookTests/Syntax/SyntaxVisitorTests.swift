import RulebookTooling
import XCTest

@testable import Rulebook

final class SyntaxVisitorTests: XCTestCase {
    /// Records what it visits; overrides some kinds and descends with `walk`.
    private struct Recorder: SyntaxVisitor {
        var events: [String] = []
        var depth = 0
        mutating func visit(_ block: WhenBlockSyntax) {
            events.append("enter when at depth \(depth)")
            depth += 1
            walk(block)
            depth -= 1
            events.append("leave when")
        }
        mutating func visit(_ rule: RuleSyntax) { events.append("rule \(rule.name.name)"); walk(rule) }
        mutating func visit(_ path: PathSyntax) { events.append("path \(path.description)") }
        mutating func visit(_ message: MessageOverrideSyntax) { events.append("message") }
        mutating func visit(_ importDecl: ImportSyntax) { events.append("import \(importDecl.path)") }
    }

    func testDefaultWalkVisitsEverythingInSourceOrder() {
        let tree = parse(
            """
            import "a.rules"
            rule r = required
            x: same y message k, r
            when a == 1 or not b {
              when c { z: email }
            }
            """)
        var recorder = Recorder()
        recorder.visit(tree)
        XCTAssertEqual(
            recorder.events,
            [
                "import a.rules", "rule required",
                "path x", "rule same", "path y", "message", "rule r",
                "enter when at depth 0", "path a", "path b",
                "enter when at depth 1", "path c", "path z", "rule email", "leave when",
                "leave when",
            ])
    }

    func testAVisitorThatOverridesNothingStillWalks() {
        struct Counter: SyntaxVisitor {
            var arguments = 0
            mutating func visit(_ argument: ArgumentSyntax) { arguments += 1; walk(argument) }
        }
        var counter = Counter()
        counter.visit(parse("a: between 1 2, oneOf \"x\" \"y\" \"z\"\nwhen q == true { b: min 3 }\n"))
        XCTAssertEqual(counter.arguments, 7)
    }
}
