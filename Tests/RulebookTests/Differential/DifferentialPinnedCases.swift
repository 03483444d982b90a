import Rulebook
import RulebookReference
import Testing

/// Cases the random suite keeps away from (its numeric bounds are small), held to the
/// reference here: an integer past 2^53 against a bound next to it.
@Suite struct DifferentialPinnedCases {
    /// `min`, `max` and `between` compare a record's integer exactly: `max 9007199254740992`
    /// fails 9007199254740993 (through `Double` the two are one number).
    @Test(arguments: [
        ("max 9007199254740992", "9007199254740993"),
        ("min -9007199254740992", "-9007199254740993"),
        ("between 0 9007199254740992", "9007199254740993"),
    ])
    func integerPast2To53AgainstABound(rule: String, number: String) throws {
        let source = "n: \(rule)\n"
        let record = GeneratedValue.object([("n", .number(number))]).value
        let model = try #require(Self.model(rule))
        let reference = ReferenceInterpreter(model, today: (2026, 1, 1)).evaluate(record, reportAllFailures: false)
        #expect(reference.map(\.status) == [.invalid])
        let rules = try CompiledRuleSet(source: source)
        #expect(rules.validate(record).fields.map(\.status) == [.invalid])
    }

    static func model(_ rule: String) -> ModelRuleSet? {
        let parts = rule.split(separator: " ").map(String.init)
        let validator: ModelRule
        switch parts[0] {
        case "max": validator = .max(parts[1])
        case "min": validator = .min(parts[1])
        case "between": validator = .between(parts[1], parts[2])
        default: return nil
        }
        return ModelRuleSet(namedRules: [], items: [.statement(ModelPath([.key("n")]), [.rule(validator)])])
    }
}
