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
        XCTAssertEqual(described, [
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
                XCTAssertEqual(statement.rule(at: offset).map(description(of:)), rules.indices.contains(offset) ? description(of: rules[offset]) : nil)
            }
        }
    }

    func testStatementsMadeThroughThePublicInitialiserKeepTheirRules() {
        let rule = CheckedRule(validator: .required, messageKey: "required", arguments: [], messageOverride: nil,
                               location: SourceLocation(file: "f.rules", line: 3, column: 4), expandedFrom: ["x"])
        let statement = CheckedStatement(path: FieldPath([.key("a")]), condition: nil, rules: [rule, rule],
                                         location: SourceLocation(file: "f.rules", line: 3, column: 1))
        XCTAssertEqual(statement.rules.map(description(of:)), [description(of: rule), description(of: rule)])
        XCTAssertEqual(statement.rule(at: 1).map(description(of:)), description(of: rule))
        XCTAssertNil(statement.rule(at: 2))
    }
}
