import XCTest

@testable import Rulebook
@testable import RulebookTooling

/// `unreachable-block`: a `when` block whose condition can never hold.
final class UnreachableBlockTests: XCTestCase {
    func testSelfContradictionAndContradictionWithTheEnclosingBlock() {
        let source = MarkedSource(
            """
            country: required
            when 1️⃣country == "GB" and country == "FR"2️⃣ {
              a: required
            }
            when country == "GB" {
              when 3️⃣country == "FR"4️⃣ { b: required }
              when country != "FR" { c: required }
            }
            when 5️⃣enabled and not enabled6️⃣ { d: required }

            """)
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .unreachableBlock, source.range(1, 2),
                    "this condition can never hold: the rules of this block never apply"),
                CheckedDiagnostic(
                    .unreachableBlock, source.range(3, 4),
                    "this condition contradicts an enclosing block's: the rules of this block never apply"),
                CheckedDiagnostic(
                    .unreachableBlock, source.range(5, 6),
                    "this condition can never hold: the rules of this block never apply"),
            ])
    }

    func testSatisfiableConditionsAreNotReported() {
        assertClean(
            """
            enabled: boolean
            when enabled and enabled != "x" {
              when not (mode == "a") or mode == "a" { a: required }
            }
            when enabled == false or not enabled { b: required }
            when not enabled and mode == "x" {
              when country != "GB" and not (region == "EU") { c: required }
            }
            when zone == "GB" and not (flag or other.path != "n/a") {
              when nested { d: required }
            }

            """)
    }

    /// Conditions that test many fields, each once, can hold; a field tested twice among
    /// others is found (`f1` below).
    func testManyFieldsTestedOnce() {
        let fields = (1...20).map { "f\($0)" }
        assertClean("when " + fields.joined(separator: " and ") + " { a: required }\n")
        let source = MarkedSource("when 1️⃣f1 == \"x\" and f2 and not f3 and f1 == \"y\"2️⃣ { a: required }\n")
        assertCheck(
            source,
            [
                CheckedDiagnostic(
                    .unreachableBlock, source.range(1, 2),
                    "this condition can never hold: the rules of this block never apply")
            ])
    }

    func testTheSearchAgreesWithEvaluation() throws {
        let condition = Condition.and(.present(FieldPath([.key("x")])), .notEquals(FieldPath([.key("x")]), .bool(true)))
        XCTAssertTrue(ConditionSatisfiability.isSatisfiable([condition]), "x = \"a\" is present and not true")
        let rules = try CompiledRuleSet(source: "when x and x != true { y: required }")
        let record: Value = ["x": "a"]
        XCTAssertFalse(rules.validate(record).isValid, "the block applies to x = \"a\"")
    }
}
