/// Generates random rule sets (every validator with valid arguments, nested `when`
/// blocks, `[*]` paths, named rules, cross-field rules) and random records for them, from
/// a seed.
public struct CaseGenerator {
    var random: ReferenceRandom

    public init(seed: UInt64) { random = ReferenceRandom(seed: seed) }

    /// Root keys holding scalars (the targets of cross-field rules and conditions too).
    static let scalarKeys = ["name", "email", "age", "start", "end", "code", "flag", "note", "first-name", "é"]

    static let fieldPaths: [ModelPath] = scalarKeys.map { ModelPath([.key($0)]) } + [
        ModelPath([.key("address"), .key("postcode")]), ModelPath([.key("address"), .key("city")]),
        ModelPath([.key("items"), .wildcard, .key("sku")]), ModelPath([.key("items"), .wildcard, .key("qty")]),
        ModelPath([.key("tags"), .wildcard]), ModelPath([.key("grid"), .wildcard, .wildcard]),
        ModelPath([.key("items")]), ModelPath([.key("tags")]), ModelPath([.key("address")]),
    ]

    /// Paths without `[*]`: what conditions and cross-field rules may name.
    static let referencePaths: [ModelPath] = scalarKeys.map { ModelPath([.key($0)]) } + [
        ModelPath([.key("address"), .key("postcode")]), ModelPath([.key("address")]), ModelPath([.key("missing")]),
    ]

    // MARK: Rule sets

    /// A rule set of one to six statements, some in (nested) `when` blocks, with up to
    /// two named rules.
    public mutating func ruleSet() -> ModelRuleSet {
        var named: [(name: String, body: [ModelRuleUse])] = []
        for index in 0..<random.below(3) {
            let earlier = named.map(\.name)
            var body = (0..<(1 + random.below(3))).map { _ in ModelRuleUse.rule(rule()) }
            if let name = earlier.last, random.chance(40) { body.insert(.named(name), at: random.below(body.count + 1)) }
            named.append(("shared\(index)", body))
        }
        let items = (0..<(1 + random.below(5))).map { _ in item(depth: 0, named: named.map(\.name)) }
        return ModelRuleSet(namedRules: named, items: items)
    }

    mutating func item(depth: Int, named: [String]) -> ModelItem {
        if depth < 2 && random.chance(25) {
            let body = (0..<(1 + random.below(3))).map { _ in item(depth: depth + 1, named: named) }
            return .when(condition(depth: 0), body)
        }
        var uses = (0..<(1 + random.below(4))).map { _ in ModelRuleUse.rule(rule()) }
        if random.chance(30) { uses.insert(.rule(.required), at: 0) }
        if !named.isEmpty && random.chance(35) { uses.insert(.named(random.pick(named)), at: random.below(uses.count + 1)) }
        return .statement(random.pick(Self.fieldPaths), uses)
    }

    mutating func condition(depth: Int) -> ModelCondition {
        let path = random.pick(Self.referencePaths)
        switch random.below(depth < 2 ? 7 : 3) {
        case 0: return .present(path)
        case 1: return .equals(path, conditionLiteral())
        case 2: return .notEquals(path, conditionLiteral())
        case 3: return .not(condition(depth: depth + 1))
        case 4, 5: return .and(condition(depth: depth + 1), condition(depth: depth + 1))
        default: return .or(condition(depth: depth + 1), condition(depth: depth + 1))
        }
    }

    mutating func conditionLiteral() -> GeneratedValue {
        random.chance(50) ? .string(random.pick(Self.texts.filter { !$0.contains("\u{0}") })) : random.pick(Self.literals)
    }

    mutating func smallBound() -> String {
        random.pick(["0", "1", "2", "5", "13", "124", "-1", "1.5", "-0.25", "100", "1e2", "99.99"])
    }

    /// One validator with valid arguments.
    mutating func rule() -> ModelRule {
        switch random.below(39) {
        case 0: return .required
        case 1: return .minLength(random.below(6))
        case 2: return .maxLength(1 + random.below(10))
        case 3: return .length(1 + random.below(5))
        case 4: let a = random.below(4); return .lengthBetween(a, a + 1 + random.below(4))
        case 5: return .pattern(random.pick(ModelPattern.allCases))
        case 6: return .email
        case 7: return .url
        case 8: return .uuid
        case 9: return .alpha
        case 10: return .alphanumeric
        case 11: return .digits
        case 12: return .digitsCount(1 + random.below(5))
        case 13: return .noDigits
        case 14: return .noSpecialChars
        case 15: return .containsDigit
        case 16: return .containsLetter
        case 17: return .containsUppercase
        case 18: return .containsLowercase
        case 19: return .containsSymbol
        case 20: return .oneOf((0..<(1 + random.below(4))).map { _ in random.pick(Self.literals) })
        case 21: return .string
        case 22: return .object
        case 23: return .array
        case 24: return .integer
        case 25: return .number
        case 26: return .min(smallBound())
        case 27: return .max(smallBound())
        case 28:
            let bounds = [smallBound(), smallBound()].sorted { Double($0)! < Double($1)! }
            return .between(bounds[0], bounds[1])
        case 29: return .boolean
        case 30: return .accepted
        case 31: return .date
        case 32: return .before(bound())
        case 33: return .after(bound())
        case 34: return random.chance(50) ? .minAge(random.pick([0, 1, 18, 21])) : .maxAge(random.pick([0, 1, 18, 124]))
        case 35: return .same(random.pick(Self.referencePaths))
        case 36: return .different(random.pick(Self.referencePaths))
        case 37: return random.chance(50) ? .minItems(random.below(4)) : .maxItems(random.below(4))
        default: return .unique
        }
    }

    mutating func bound() -> ModelBound {
        switch random.below(3) {
        case 0: .day(random.pick(["2026-01-31", "2024-02-29", "2000-01-01", "2026-11-28"]))
        case 1: .today
        default: .field(random.pick(Self.referencePaths))
        }
    }
}
