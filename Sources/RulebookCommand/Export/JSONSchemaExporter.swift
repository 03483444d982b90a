import Rulebook

/// A rule set as a JSON Schema (draft 2020-12), with what the schema cannot say.
///
/// Each group of field statements (same path, same condition) becomes one entry of the
/// root's `allOf`: its rules at its path (`properties` for keys, `items` for `[*]`),
/// wrapped in `if`/`then` when it has a condition. Rulebook's readings carry over:
/// an empty value (absent, `null`, white-space-only text, `[]`) skips a field's rules
/// unless it is `required`; a required field needs its parents to be objects; a text
/// validator fails on anything but text.
///
/// A rule the schema cannot express exactly is listed as a ``Limitation`` (and exported
/// loosely or not at all); the schema is exact — the same verdict as Rulebook on every
/// record — only when there is none, which its `x-rulebook-exact` member says.
struct JSONSchemaExporter {
    /// Something the schema does not express exactly.
    struct Limitation {
        /// Where the rule or condition is written.
        let location: SourceLocation
        let message: String

        /// `file:line:column: message`.
        var description: String { "\(location): \(message)" }
    }

    private(set) var limitations: [Limitation] = []

    /// The schema of `file`.
    mutating func export(_ file: CheckedRuleFile) -> JSONNode {
        var groups: [(path: FieldPath, condition: Condition?, statements: [CheckedStatement])] = []
        for statement in file.ruleSet.statements {
            if let index = groups.firstIndex(where: { $0.path == statement.path && $0.condition == statement.condition }) {
                groups[index].statements.append(statement)
            } else {
                groups.append((statement.path, statement.condition, [statement]))
            }
        }
        var entries: [JSONNode] = []
        for group in groups {
            let rules = group.statements.flatMap(\.rules)
            let isRequired = rules.contains { $0.validator == .required }
            var schema = at(
                group.path.segments[...], field(rules.filter { $0.validator != .required }, required: isRequired),
                required: isRequired)
            if let condition = group.condition {
                guard let test = self.condition(condition) else {
                    limitations.append(
                        Limitation(
                            location: group.statements[0].location,
                            message: "the condition '\(Self.spelling(condition))' is not exported; its rules are left out"))
                    continue
                }
                schema = .object(["if": test, "then": schema])
            }
            entries.append(schema)
        }
        var comment = "Exported by rulebook from \(file.path)."
        if limitations.isEmpty {
            comment += " Exact: the same verdict as Rulebook on every record."
        } else {
            comment += " Not exact; JSON Schema cannot express: " + limitations.map(\.description).joined(separator: "; ")
        }
        return .object([
            "$schema": .string("https://json-schema.org/draft/2020-12/schema"),
            "title": .string(file.path),
            "$comment": .string(comment),
            "x-rulebook-exact": .bool(limitations.isEmpty),
            "type": .string("object"),
            "allOf": .array(entries),
            "$defs": .object(["empty": Self.emptyDefinition]),
        ])
    }

    // MARK: Paths

    /// `inner` (the schema of the value at the end of `path`) as a schema of the value where
    /// `path` starts. With `required`, every key up to the first `[*]` must be present.
    private func at(_ path: ArraySlice<FieldPath.Segment>, _ inner: JSONNode, required: Bool) -> JSONNode {
        guard let first = path.first else { return inner }
        let rest = at(path.dropFirst(), inner, required: required)
        switch first {
        case .wildcard:
            return .object(["items": rest])
        case .key(let key):
            let needsPresence = required && !path.contains(.wildcard)
            return .object([
                "type": needsPresence ? .string("object") : nil,
                "required": needsPresence ? .array([.string(key)]) : nil,
                "properties": .object([JSONNode.Member(key: key, value: rest)]),
            ])
        }
    }

    // MARK: Fields

    /// A reference to ``emptyDefinition``.
    static let empty: JSONNode = .object(["$ref": .string("#/$defs/empty")])

    /// Rulebook's empty values other than absence: `null`, white-space-only text, `[]`.
    static let emptyDefinition: JSONNode = .object([
        "anyOf": .array([
            .object(["type": .string("null")]),
            .object(["type": .string("string"), "pattern": .string(SchemaPattern.only(SchemaPattern.whitespace))]),
            .object(["type": .string("array"), "maxItems": .integer(0)]),
        ])
    ])

    /// The value's schema: not empty and every rule when required; else empty or every rule.
    private mutating func field(_ rules: [CheckedRule], required: Bool) -> JSONNode {
        let checks = rules.compactMap { rule($0) }
        if required { return .object(["allOf": .array([.object(["not": Self.empty])] + checks)]) }
        guard !checks.isEmpty else { return .bool(true) }
        return .object(["anyOf": .array([Self.empty, checks.count == 1 ? checks[0] : .object(["allOf": .array(checks)])])])
    }

    private static let string: JSONNode = .object(["type": .string("string")])

    /// One rule's schema (nil: nothing to say), noting what is not exact.
    private mutating func rule(_ rule: CheckedRule) -> JSONNode? {
        func count(_ name: String) -> Int? {
            guard case .count(let value)? = rule.arguments.first(where: { $0.name == name })?.value else { return nil }
            return value
        }
        func inexact(_ why: String) {
            limitations.append(Limitation(location: rule.location, message: "'\(rule.validator.rawValue)' \(why)"))
        }
        let counts = rule.arguments.compactMap { argument -> Int? in
            if case .count(let value) = argument.value { return value }
            return nil
        }
        switch rule.validator {
        case .required:
            return nil
        case .string: return Self.string
        case .object: return .object(["type": .string("object")])
        case .array: return .object(["type": .string("array")])
        case .boolean: return .object(["type": .string("boolean")])
        case .accepted: return .object(["enum": .array([.bool(true), .string("yes"), .string("on"), .string("1")])])
        case .uuid:
            let hex = "[0-9a-fA-F]"
            return .object([
                "type": .string("string"),
                "pattern": .string("^\(hex){8}-\(hex){4}-\(hex){4}-\(hex){4}-\(hex){12}\(SchemaPattern.end)"),
            ])
        case .digits:
            return .object(["type": .string("string"), "pattern": .string(SchemaPattern.only("0-9", count: counts.first))])
        case .minItems: return .object(["type": .string("array"), "minItems": .integer(counts.first ?? 0)])
        case .maxItems: return .object(["type": .string("array"), "maxItems": .integer(counts.first ?? 0)])
        case .unique: return .object(["type": .string("array"), "uniqueItems": .bool(true)])
        case .oneOf:
            guard case .list(let values)? = rule.arguments.first?.value else { return nil }
            return .object([
                "enum": .array(
                    values.compactMap { value in
                        if case .value(let literal) = value { return Self.json(literal) }
                        return nil
                    })
            ])
        case .pattern:
            guard case .regex(let pattern, let source)? = rule.arguments.first?.value,
                let translated = SchemaPattern.wholeText(source, flags: pattern.flags)
            else {
                inexact(
                    "uses regular-expression features JSON Schema's pattern dialects do not share (flags, Unicode properties, POSIX classes or non-ASCII text)"
                )
                return Self.string
            }
            return .object(["type": .string("string"), "pattern": .string(translated)])
        case .minLength, .maxLength, .length:
            inexact("counts characters (grapheme clusters); JSON Schema counts code points")
            let bounds: (Int?, Int?) =
                switch rule.validator {
                case .minLength: (counts.first, nil)
                case .maxLength: (nil, counts.first)
                default: counts.count == 2 ? (counts[0], counts[1]) : (counts.first, counts.first)
                }
            return .object([
                "type": .string("string"), "minLength": bounds.0.map(JSONNode.integer),
                "maxLength": bounds.1.map(JSONNode.integer),
            ])
        case .integer, .number, .min, .max, .between:
            inexact("also accepts numeric text (\"27\"), which JSON Schema cannot compare or test for a whole number")
            return nil
        case .date, .before, .after, .minAge, .maxAge:
            inexact(
                rule.arguments.contains { if case .today = $0.value { true } else { false } }
                    ? "compares with today, which a schema cannot know"
                    : "reads ISO 8601 dates, which JSON Schema's format is not required to check")
            return Self.string
        case .same, .different:
            inexact("compares two fields, which JSON Schema cannot")
            return nil
        case .email, .url, .alpha, .alphanumeric, .noDigits, .noSpecialChars, .containsDigit, .containsLetter,
            .containsUppercase, .containsLowercase, .containsSymbol:
            inexact("has no exact JSON Schema equivalent (only 'type: string' is exported)")
            return Self.string
        default:
            inexact(
                rule.validator.isBuiltin
                    ? "has no JSON Schema equivalent" : "is a custom validator (Swift code), which a schema cannot run")
            return nil
        }
    }

    // MARK: Conditions

    /// The `if` schema of a condition (nil: not expressible: a path through `[*]`).
    private func condition(_ condition: Condition) -> JSONNode? {
        switch condition {
        case .present(let path):
            return presence(
                path, .object(["allOf": .array([.object(["not": Self.empty]), .object(["not": .object(["const": .bool(false)])])])]))
        case .equals(let path, let value):
            return presence(path, .object(["const": Self.json(value)]))
        case .notEquals(let path, let value):
            return presence(path, .object(["const": Self.json(value)])).map { .object(["not": $0]) }
        case .not(let inner):
            return self.condition(inner).map { .object(["not": $0]) }
        case .and(let left, let right):
            guard let left = self.condition(left), let right = self.condition(right) else { return nil }
            return .object(["allOf": .array([left, right])])
        case .or(let left, let right):
            guard let left = self.condition(left), let right = self.condition(right) else { return nil }
            return .object(["anyOf": .array([left, right])])
        }
    }

    /// The value at `path` is present and satisfies `leaf`.
    private func presence(_ path: FieldPath, _ leaf: JSONNode) -> JSONNode? {
        guard !path.hasWildcard else { return nil }
        return path.segments.reversed().reduce(leaf) { inner, segment in
            guard case .key(let key) = segment else { return inner }
            return .object([
                "type": .string("object"), "required": .array([.string(key)]),
                "properties": .object([JSONNode.Member(key: key, value: inner)]),
            ])
        }
    }

    static func json(_ value: Value) -> JSONNode {
        switch value {
        case .null: .null
        case .bool(let bool): .bool(bool)
        case .integer(let integer): .integer(integer)
        case .decimal(let number): .number(number)
        case .string(let text): .string(text)
        case .array(let values): .array(values.map(json))
        case .object(let object): .object(object.members.map { JSONNode.Member(key: $0.key, value: json($0.value)) })
        }
    }

    static func spelling(_ condition: Condition) -> String {
        switch condition {
        case .present(let path): "\(path)"
        case .equals(let path, let value): "\(path) == \(value)"
        case .notEquals(let path, let value): "\(path) != \(value)"
        case .not(let inner): "not \(spelling(inner))"
        case .and(let left, let right): "(\(spelling(left)) and \(spelling(right)))"
        case .or(let left, let right): "(\(spelling(left)) or \(spelling(right)))"
        }
    }
}
