/// Generates random rule sets (every validator with valid arguments, nested `when`
/// blocks, `[*]` paths, named rules, cross-field rules) and random records for them, from
/// a seed.
public struct CaseGenerator {
    var random: ReferenceRandom

    /// A generator whose rule sets and records are fixed by `seed`.
    public init(seed: UInt64) { random = ReferenceRandom(seed: seed) }

    /// Root keys holding scalars (the targets of cross-field rules and conditions too).
    static let scalarKeys = ["name", "email", "age", "start", "end", "code", "flag", "note", "first-name", "é"]

    static let fieldPaths: [ModelPath] =
        scalarKeys.map { ModelPath([.key($0)]) } + [
            ModelPath([.key("address"), .key("postcode")]), ModelPath([.key("address"), .key("city")]),
            ModelPath([.key("items"), .wildcard, .key("sku")]), ModelPath([.key("items"), .wildcard, .key("qty")]),
            ModelPath([.key("tags"), .wildcard]), ModelPath([.key("grid"), .wildcard, .wildcard]),
            ModelPath([.key("items")]), ModelPath([.key("tags")]), ModelPath([.key("address")]),
        ]

    /// Numbers a rule file may write (integer syntax must fit `Int` there).
    static let ruleNumbers = numbers.filter {
        ($0.contains(".") || $0.lowercased().contains("e") || Int($0) != nil) && Double($0)!.isFinite
    }

    /// Paths without `[*]`: what conditions and cross-field rules may name.
    static let referencePaths: [ModelPath] =
        scalarKeys.map { ModelPath([.key($0)]) } + [
            ModelPath([.key("address"), .key("postcode")]), ModelPath([.key("address")]), ModelPath([.key("missing")]),
        ]

    // MARK: Rule sets

    /// Kinds of validators that may share a field: the checker rejects a field whose
    /// rules accept no common kind of value (`unique` with `minLength`), so each field
    /// draws from one family (plus the rules any kind meets).
    enum Family: CaseIterable { case text, number, date, list, flag, object }

    /// Arguments shared by a rule set's rules, ordered so that no two rules contradict
    /// (`minLength 5` with `maxLength 3`, `min 10` with `between 1 2`).
    struct Bounds {
        var lengthLow = 0, lengthHigh = 0, length = 0
        var numberLow = "", numberHigh = ""
        var itemsLow = 0, itemsHigh = 0
    }

    /// A rule set of one to six statements, some in (nested) `when` blocks, with up to
    /// two named rules per family.
    public mutating func ruleSet() -> ModelRuleSet {
        var bounds = Bounds()
        bounds.lengthLow = random.below(4)
        bounds.lengthHigh = bounds.lengthLow + 1 + random.below(6)
        bounds.length = bounds.lengthLow + random.below(bounds.lengthHigh - bounds.lengthLow + 1)
        let numbers = [smallBound(), smallBound()].sorted { Double($0)! < Double($1)! }
        bounds.numberLow = numbers[0]
        bounds.numberHigh = numbers[1]
        bounds.itemsLow = random.below(3)
        bounds.itemsHigh = bounds.itemsLow + random.below(3)
        var families: [ModelPath: Family] = [:]
        for path in Self.fieldPaths { families[path] = random.pick(Family.allCases) }
        var named: [(name: String, body: [ModelRuleUse])] = []
        var namedFamilies: [String: Family] = [:]
        for index in 0..<random.below(4) {
            let family = random.pick(Family.allCases)
            let earlier = named.map(\.name).filter { namedFamilies[$0] == family }
            var body = (0..<(1 + random.below(3))).map { _ in ModelRuleUse.rule(rule(family, bounds)) }
            if let name = earlier.last, random.chance(50) { body.insert(.named(name), at: random.below(body.count + 1)) }
            let name = "shared\(index)"
            named.append((name, body))
            namedFamilies[name] = family
        }
        let items = (0..<(1 + random.below(5))).map { _ in
            item(depth: 0, families: families, named: namedFamilies, bounds: bounds)
        }
        return ModelRuleSet(namedRules: named, items: items)
    }

    mutating func item(depth: Int, families: [ModelPath: Family], named: [String: Family], bounds: Bounds) -> ModelItem {
        if depth < 2 && random.chance(25) {
            let body = (0..<(1 + random.below(3))).map { _ in
                item(depth: depth + 1, families: families, named: named, bounds: bounds)
            }
            return .when(condition(depth: 0), body)
        }
        let path = random.pick(Self.fieldPaths)
        let family = families[path]!
        var uses = (0..<(1 + random.below(4))).map { _ in ModelRuleUse.rule(rule(family, bounds)) }
        if random.chance(30) { uses.insert(.rule(.required), at: 0) }
        let usable = named.filter { $0.value == family }.map(\.key).sorted()
        if !usable.isEmpty && random.chance(50) { uses.insert(.named(random.pick(usable)), at: random.below(uses.count + 1)) }
        return .statement(path, uses)
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

    /// One validator of a family, with valid arguments.
    mutating func rule(_ family: Family, _ bounds: Bounds) -> ModelRule {
        if random.chance(12) {
            switch random.below(4) {
            case 0: return .required
            case 1: return .same(random.pick(Self.referencePaths))
            case 2: return .different(random.pick(Self.referencePaths))
            default: break
            }
        }
        switch family {
        case .text:
            switch random.below(21) {
            case 0: return .minLength(bounds.lengthLow)
            case 1: return .maxLength(bounds.lengthHigh)
            case 2: return .length(bounds.length)
            case 3: return .lengthBetween(bounds.lengthLow, bounds.lengthHigh)
            case 4: return .pattern(random.pick(ModelPattern.allCases))
            case 5: return .email
            case 6: return .url
            case 7: return .uuid
            case 8: return .alpha
            case 9: return .alphanumeric
            case 10: return .digits
            case 11: return bounds.length > 0 ? .digitsCount(bounds.length) : .digits
            case 12: return .noDigits
            case 13: return .noSpecialChars
            case 14: return .containsDigit
            case 15: return .containsLetter
            case 16: return .containsUppercase
            case 17: return .containsLowercase
            case 18: return .containsSymbol
            case 19: return .string
            default: return .oneOf((0..<(1 + random.below(4))).map { _ in .string(random.pick(Self.texts)) })
            }
        case .number:
            switch random.below(6) {
            case 0: return .integer
            case 1: return .number
            case 2: return .min(bounds.numberLow)
            case 3: return .max(bounds.numberHigh)
            case 4: return .between(bounds.numberLow, bounds.numberHigh)
            default: return .oneOf((0..<(1 + random.below(4))).map { _ in .number(random.pick(Self.ruleNumbers)) })
            }
        case .date:
            switch random.below(6) {
            case 0: return .date
            case 1: return .before(random.pick([.day("2026-01-31"), .day("2026-11-28"), .today, .field(random.pick(Self.referencePaths))]))
            case 2: return .after(random.pick([.day("2000-01-01"), .day("2024-02-29"), .today, .field(random.pick(Self.referencePaths))]))
            case 3: return .minAge(random.pick([0, 1, 18]))
            case 4: return .maxAge(random.pick([18, 21, 124]))
            default: return .string
            }
        case .list:
            switch random.below(4) {
            case 0: return .array
            case 1: return .minItems(bounds.itemsLow)
            case 2: return .maxItems(bounds.itemsHigh)
            default: return .unique
            }
        case .flag:
            switch random.below(3) {
            case 0: return .oneOf((0..<(1 + random.below(4))).map { _ in random.pick(Self.literals) })
            case 1: return .boolean
            default: return .accepted
            }
        case .object:
            return random.chance(50) ? .object : .oneOf([random.pick(Self.literals)])
        }
    }
}
