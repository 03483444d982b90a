import XCTest

@testable import Rulebook

/// A checked statement made by the checker holds its rules as the checker's occurrences
/// and makes the `CheckedRule`s when read: what it gives must be what the checker used to
/// store (validator, message key, arguments, override, location, expansion chain), and
/// `rule(at:)` must give the same rule as `rules`.
final class CheckedStatementRulesTests: XCTestCase {
    private func description(of rule: CheckedRule) -> String {
        let arguments = rule.arguments.map { argument in
            if case .regex(let pattern, let source) = argument.value { return "\(argument.name)=/\(source)/\(pattern.flags)" }
            return "\(argument.name)=\(argument.value)"
        }.joined(separator: ",")
        return "\(rule.validator.rawValue)/\(rule.messageKey)(\(arguments)) \(String(describing: rule.messageOverride)) "
            + "\(rule.location) \(rule.expandedFrom)"
    }

    func testRulesReadFromOccurrencesMatchTheirParts() throws {
        let text = """
            rule short = minLength 2, maxLength 5 message "five"
            rule named = required, short
            a: named message "overridden", pattern /^[a-z]+$/i
            b: required, same a message x.y
            when a == "x" {
              c: short, integer
            }
            """
        let result = checkSource(text)
        let ruleSet = try XCTUnwrap(result.ruleSet, "\(result.diagnostics)")
        let described = ruleSet.statements.map { $0.rules.map(description(of:)) }
        XCTAssertEqual(
            described,
            [
                [
                    "required/required() Optional(Rulebook.MessageOverride.literal(\"overridden\")) test.rules:2:14 [\"named\"]",
                    "minLength/minLength(min=count(2)) Optional(Rulebook.MessageOverride.literal(\"overridden\")) test.rules:1:14 [\"named\", \"short\"]",
                    "maxLength/maxLength(max=count(5)) Optional(Rulebook.MessageOverride.literal(\"overridden\")) test.rules:1:27 [\"named\", \"short\"]",
                    "pattern/pattern(pattern=/^[a-z]+$/i) nil test.rules:3:32 []",
                ],
                [
                    "required/required() nil test.rules:4:4 []",
                    "same/same(other=field(a)) Optional(Rulebook.MessageOverride.key(\"x.y\")) test.rules:4:14 []",
                ],
                [
                    "minLength/minLength(min=count(2)) nil test.rules:1:14 [\"short\"]",
                    "maxLength/maxLength(max=count(5)) Optional(Rulebook.MessageOverride.literal(\"five\")) test.rules:1:27 [\"short\"]",
                    "integer/integer() nil test.rules:6:13 []",
                ],
            ])
        for statement in ruleSet.statements {
            let rules = statement.rules
            for offset in 0...rules.count {
                XCTAssertEqual(
                    statement.rule(at: offset).map(description(of:)), rules.indices.contains(offset) ? description(of: rules[offset]) : nil)
            }
        }
    }

    func testStatementsMadeThroughThePublicInitialiserKeepTheirRules() {
        let rule = CheckedRule(
            validator: .required, messageKey: "required", arguments: [], messageOverride: nil,
            location: SourceLocation(file: "f.rules", line: 3, column: 4), expandedFrom: ["x"])
        let statement = CheckedStatement(
            path: FieldPath([.key("a")]), condition: nil, rules: [rule, rule],
            location: SourceLocation(file: "f.rules", line: 3, column: 1))
        XCTAssertEqual(statement.rules.map(description(of:)), [description(of: rule), description(of: rule)])
        XCTAssertEqual(statement.rule(at: 1).map(description(of:)), description(of: rule))
        XCTAssertNil(statement.rule(at: 2))
    }

    /// Statements that begin with a named rule's use (whose expansion is shared by every
    /// use) still hold exactly their uses' rules in order, and statements that share one
    /// expansion do not see each other's later rules.
    func testStatementsBeginningWithANamedRuleKeepTheirOwnRules() throws {
        let text = """
            rule short = minLength 2, maxLength 5
            rule flagged = required
            alone: short
            first: short, integer
            twice: short, flagged, pattern /^[a-z]+$/
            middle: integer, short, required
            again: short
            overridden: short message "m", required
            when alone == "x" {
              nested: flagged, short
            }
            """
        let result = checkSource(text)
        let ruleSet = try XCTUnwrap(result.ruleSet, "\(result.diagnostics)")
        let names = ruleSet.statements.map { statement in
            statement.rules.map { "\($0.validator.rawValue)\($0.expandedFrom)\($0.messageOverride.map { " \($0)" } ?? "")" }
        }
        XCTAssertEqual(
            names,
            [
                ["minLength[\"short\"]", "maxLength[\"short\"]"],
                ["minLength[\"short\"]", "maxLength[\"short\"]", "integer[]"],
                ["minLength[\"short\"]", "maxLength[\"short\"]", "required[\"flagged\"]", "pattern[]"],
                ["integer[]", "minLength[\"short\"]", "maxLength[\"short\"]", "required[]"],
                ["minLength[\"short\"]", "maxLength[\"short\"]"],
                ["minLength[\"short\"] literal(\"m\")", "maxLength[\"short\"] literal(\"m\")", "required[]"],
                ["required[\"flagged\"]", "minLength[\"short\"]", "maxLength[\"short\"]"],
            ])
        // The locations are the named rule's, whichever statement reads them.
        let alone = ruleSet.statements[0].rules.map(\.location)
        XCTAssertEqual(ruleSet.statements[1].rules.prefix(2).map(\.location), alone)
        XCTAssertEqual(ruleSet.statements[4].rules.map(\.location), alone)
    }
}
