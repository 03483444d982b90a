import Rulebook

/// One step of a path in the rule model.
public enum ModelSegment: Sendable, Hashable {
    case key(String)
    case wildcard
}

/// A path as the generator writes it in a rule file.
public struct ModelPath: Sendable, Hashable {
    /// The steps from the record's root.
    public let segments: [ModelSegment]

    /// A path of these steps.
    public init(_ segments: [ModelSegment]) { self.segments = segments }

    /// The path as a rule file spells it (`items[*].sku`, `"first-name"`): the product's
    /// own spelling, which results and `validateField` use too.
    public var text: String {
        FieldPath(
            segments.map { segment -> FieldPath.Segment in
                switch segment {
                case .key(let key): .key(key)
                case .wildcard: .wildcard
                }
            }
        ).description
    }
}

/// A `when` condition.
public indirect enum ModelCondition: Sendable {
    case present(ModelPath)
    case equals(ModelPath, GeneratedValue)
    case notEquals(ModelPath, GeneratedValue)
    case not(ModelCondition)
    case and(ModelCondition, ModelCondition)
    case or(ModelCondition, ModelCondition)
}

/// The bound of `before`/`after`.
public enum ModelBound: Sendable {
    case day(String)
    case today
    case field(ModelPath)
}

/// The regular expressions the generator uses, each with its meaning written as plain
/// Swift (the whole text must match, a trailing newline included).
public enum ModelPattern: CaseIterable, Sendable {
    case fiveDigits, lettersIgnoringCase, abc, petsPlural, capitalised, hexColour

    /// The pattern as a rule file writes it.
    public var source: String {
        switch self {
        case .fiveDigits: "/^[0-9]{5}$/"
        case .lettersIgnoringCase: "/^[a-z]+$/i"
        case .abc: "/abc/"
        case .petsPlural: "/(cat|dog)s?/"
        case .capitalised: "/[A-Z][a-z]*/"
        case .hexColour: "/#[0-9a-fA-F]{6}/"
        }
    }

    /// Whether the whole text matches.
    public func matches(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        func ascii(_ scalar: Unicode.Scalar, _ ranges: [ClosedRange<Unicode.Scalar>]) -> Bool {
            ranges.contains { $0.contains(scalar) }
        }
        switch self {
        case .fiveDigits: return scalars.count == 5 && scalars.allSatisfy { ascii($0, ["0"..."9"]) }
        case .lettersIgnoringCase: return !scalars.isEmpty && scalars.allSatisfy { ascii($0, ["a"..."z", "A"..."Z"]) }
        case .abc: return text.unicodeScalars.elementsEqual("abc".unicodeScalars)
        case .petsPlural: return ["cat", "cats", "dog", "dogs"].contains { text.unicodeScalars.elementsEqual($0.unicodeScalars) }
        case .capitalised:
            return !scalars.isEmpty && ascii(scalars[0], ["A"..."Z"]) && scalars.dropFirst().allSatisfy { ascii($0, ["a"..."z"]) }
        case .hexColour:
            return scalars.count == 7 && scalars[0] == "#"
                && scalars.dropFirst().allSatisfy { ascii($0, ["0"..."9", "a"..."f", "A"..."F"]) }
        }
    }
}

/// One validator with its arguments.
public enum ModelRule: Sendable {
    case required
    case minLength(Int), maxLength(Int), length(Int), lengthBetween(Int, Int)
    case pattern(ModelPattern)
    case email, url, uuid
    case alpha, alphanumeric, digits, digitsCount(Int), noDigits, noSpecialChars
    case containsDigit, containsLetter, containsUppercase, containsLowercase, containsSymbol
    case oneOf([GeneratedValue])
    case string, object, array
    case integer, number
    /// Bounds are JSON-grammar number text.
    case min(String), max(String), between(String, String)
    case boolean, accepted
    case date, before(ModelBound), after(ModelBound), minAge(Int), maxAge(Int)
    case same(ModelPath), different(ModelPath)
    case minItems(Int), maxItems(Int), unique

    /// The validator's name, as violations report it.
    public var validator: String {
        switch self {
        case .required: "required"
        case .minLength: "minLength"
        case .maxLength: "maxLength"
        case .length, .lengthBetween: "length"
        case .pattern: "pattern"
        case .email: "email"
        case .url: "url"
        case .uuid: "uuid"
        case .alpha: "alpha"
        case .alphanumeric: "alphanumeric"
        case .digits, .digitsCount: "digits"
        case .noDigits: "noDigits"
        case .noSpecialChars: "noSpecialChars"
        case .containsDigit: "containsDigit"
        case .containsLetter: "containsLetter"
        case .containsUppercase: "containsUppercase"
        case .containsLowercase: "containsLowercase"
        case .containsSymbol: "containsSymbol"
        case .oneOf: "oneOf"
        case .string: "string"
        case .object: "object"
        case .array: "array"
        case .integer: "integer"
        case .number: "number"
        case .min: "min"
        case .max: "max"
        case .between: "between"
        case .boolean: "boolean"
        case .accepted: "accepted"
        case .date: "date"
        case .before: "before"
        case .after: "after"
        case .minAge: "minAge"
        case .maxAge: "maxAge"
        case .same: "same"
        case .different: "different"
        case .minItems: "minItems"
        case .maxItems: "maxItems"
        case .unique: "unique"
        }
    }
}

/// A rule as used in a statement or a named rule's body: a validator or a named rule.
public enum ModelRuleUse: Sendable {
    case rule(ModelRule)
    case named(String)
}

/// A statement or a `when` block of statements.
public indirect enum ModelItem: Sendable {
    case statement(ModelPath, [ModelRuleUse])
    case when(ModelCondition, [ModelItem])
}

/// A whole rule file: named rules first (each may use those before it), then items.
public struct ModelRuleSet: Sendable {
    /// Named rules, in definition order.
    public var namedRules: [(name: String, body: [ModelRuleUse])]
    /// Statements and blocks, in file order.
    public var items: [ModelItem]

    /// A rule file of these named rules and items.
    public init(namedRules: [(name: String, body: [ModelRuleUse])], items: [ModelItem]) {
        self.namedRules = namedRules
        self.items = items
    }
}
