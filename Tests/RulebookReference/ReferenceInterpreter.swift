import Rulebook

/// What the reference finds for one concrete field.
public struct ReferenceFieldResult: Sendable, Equatable, CustomStringConvertible {
    /// The field's path as written in the rules (`items[*].sku`).
    public let pattern: String
    /// The concrete path (`items[2].sku`).
    public let field: ConcretePath
    /// Valid, invalid or skipped.
    public let status: FieldStatus
    /// The failing validators, in order.
    public let failures: [String]

    /// `items[2].sku: invalid ["minLength"]`.
    public var description: String {
        "\(field): \(status.rawValue)" + (failures.isEmpty ? "" : " \(failures)")
    }
}

/// The deliberately plain reference interpreter of the differential suite: the rule
/// language as docs/language.md states it, evaluated over a `Value` record by walking the
/// rule model directly. Slow and obvious on purpose; nothing here calls the engine.
public struct ReferenceInterpreter {
    /// One statement with every condition of the blocks around it.
    struct FlatStatement {
        let path: ModelPath
        let conditions: [ModelCondition]
        let rules: [ModelRule]
    }

    let statements: [FlatStatement]
    /// Distinct field paths in order of first appearance.
    let fields: [ModelPath]
    let today: ReferenceDate.Day

    /// The reference for a rule set, with today fixed.
    public init(_ ruleSet: ModelRuleSet, today: (year: Int, month: Int, day: Int)) {
        var named: [String: [ModelRule]] = [:]
        func expand(_ uses: [ModelRuleUse]) -> [ModelRule] {
            uses.flatMap { use -> [ModelRule] in
                switch use {
                case .rule(let rule): [rule]
                case .named(let name): named[name]!
                }
            }
        }
        for rule in ruleSet.namedRules { named[rule.name] = expand(rule.body) }
        var statements: [FlatStatement] = []
        func flatten(_ items: [ModelItem], _ conditions: [ModelCondition]) {
            for item in items {
                switch item {
                case .statement(let path, let uses):
                    statements.append(FlatStatement(path: path, conditions: conditions, rules: expand(uses)))
                case .when(let condition, let body):
                    flatten(body, conditions + [condition])
                }
            }
        }
        flatten(ruleSet.items, [])
        self.statements = statements
        var fields: [ModelPath] = []
        for statement in statements where !fields.contains(statement.path) { fields.append(statement.path) }
        self.fields = fields
        self.today = ReferenceDate.Day(year: today.year, month: today.month, day: today.day)
    }

    /// Every concrete field's result, in rule order.
    public func evaluate(_ record: Value, reportAllFailures: Bool) -> [ReferenceFieldResult] {
        fields.flatMap { evaluate(field: $0, in: record, reportAllFailures: reportAllFailures) }
    }

    /// One field's results (every concrete path of a `[*]` field).
    public func evaluate(field: ModelPath, in record: Value, reportAllFailures: Bool) -> [ReferenceFieldResult] {
        let own = statements.filter { $0.path == field }
        return concreteValues(field.segments[...], from: record, at: []).map { path, value in
            var applicable = false
            var failures: [String] = []
            let empty = isEmpty(value)
            statementLoop: for statement in own {
                guard statement.conditions.allSatisfy({ holds($0, record) }) else { continue }
                applicable = true
                for rule in statement.rules {
                    let passes: Bool
                    if case .required = rule {
                        passes = !empty
                    } else if empty {
                        // Empty: only `required` speaks; every other validator is skipped.
                        continue
                    } else {
                        passes = self.passes(rule, value!, record)
                    }
                    if !passes {
                        failures.append(rule.validator)
                        if !reportAllFailures { break statementLoop }
                    }
                }
            }
            let status: FieldStatus = !applicable ? .skipped : failures.isEmpty ? .valid : .invalid
            return ReferenceFieldResult(pattern: field.text, field: ConcretePath(path), status: status, failures: failures)
        }
    }

    /// The concrete paths a path reaches, with their values (nil: absent). A `[*]` over
    /// anything but an array reaches nothing.
    func concreteValues(
        _ segments: ArraySlice<ModelSegment>, from value: Value?,
        at path: [ConcretePath.Segment]
    ) -> [([ConcretePath.Segment], Value?)] {
        guard let segment = segments.first else { return [(path, value)] }
        switch segment {
        case .key(let key):
            return concreteValues(segments.dropFirst(), from: ReferenceEquality.member(value, key), at: path + [.key(key)])
        case .wildcard:
            guard case .array(let elements)? = value else { return [] }
            return elements.enumerated().flatMap { index, element in
                concreteValues(segments.dropFirst(), from: element, at: path + [.index(index)])
            }
        }
    }

    /// The value at a path without `[*]`, from the root (nil: absent).
    func resolve(_ path: ModelPath, _ record: Value) -> Value? {
        var current: Value? = record
        for segment in path.segments {
            guard case .key(let key) = segment else { return nil }
            current = ReferenceEquality.member(current, key)
        }
        return current
    }

    /// Empty: absent, `null`, text of white space only (or none), an empty array.
    func isEmpty(_ value: Value?) -> Bool {
        switch value {
        case nil, .null?: true
        case .string(let text)?: text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
        case .array(let elements)?: elements.isEmpty
        default: false
        }
    }

    func holds(_ condition: ModelCondition, _ record: Value) -> Bool {
        switch condition {
        case .present(let path):
            let value = resolve(path, record)
            if case .bool(let flag)? = value { return flag }
            return !isEmpty(value)
        case .equals(let path, let literal):
            guard let value = resolve(path, record) else { return false }
            return ReferenceEquality.equal(value, literal.value)
        case .notEquals(let path, let literal):
            return !holds(.equals(path, literal), record)
        case .not(let inner): return !holds(inner, record)
        case .and(let lhs, let rhs): return holds(lhs, record) && holds(rhs, record)
        case .or(let lhs, let rhs): return holds(lhs, record) || holds(rhs, record)
        }
    }
}

extension ReferenceInterpreter {
    /// The fields' paths as written (`items[*].sku`), in rule order.
    public var fieldPatterns: [String] { fields.map(\.text) }

    /// `evaluate(field:in:reportAllFailures:)` for a field named as written; no results
    /// when no rule names it.
    public func evaluate(field pattern: String, in record: Value, reportAllFailures: Bool) -> [ReferenceFieldResult] {
        guard let path = fields.first(where: { $0.text == pattern }) else { return [] }
        return evaluate(field: path, in: record, reportAllFailures: reportAllFailures)
    }
}
