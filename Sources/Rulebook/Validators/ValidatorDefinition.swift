/// The kind of value a validator parameter takes.
public enum ParameterKind: String, Sendable, Hashable {
    /// A non-negative integer (lengths, counts, ages).
    case count
    /// An integer or decimal.
    case number
    /// A `/regex/` literal.
    case regex
    /// A string, number or boolean literal (`oneOf`).
    case literal
    /// An ISO date, `today`, or a field path (`before`, `after`).
    case dateBound
    /// A field path (`same`, `different`).
    case field
}

/// One parameter of a validator: the name it has in results (`"params": {"min": 2}`)
/// and in message placeholders (`{min}`), and its kind.
public struct ParameterDefinition: Sendable, Hashable {
    /// The name in `params` and in message placeholders.
    public let name: String
    /// What it accepts.
    public let kind: ParameterKind

    public init(_ name: String, _ kind: ParameterKind) {
        self.name = name
        self.kind = kind
    }
}

/// One accepted argument list of a validator, with the message key and default
/// English message it reports when it fails.
public struct ValidatorForm: Sendable, Hashable {
    /// The parameters, in order.
    public let parameters: [ParameterDefinition]
    /// When set, any number (at least one) of further arguments of this parameter.
    public let variadic: ParameterDefinition?
    /// The catalogue key of this form's message (the validator's name, or e.g.
    /// `lengthBetween` for `length n m`).
    public let messageKey: String
    /// The built-in English message in ICU MessageFormat, with `{field}` (the field's
    /// display name) and one placeholder per parameter.
    public let defaultMessage: String

    public init(_ parameters: [ParameterDefinition], variadic: ParameterDefinition? = nil, messageKey: String, message: String) {
        self.parameters = parameters
        self.variadic = variadic
        self.messageKey = messageKey
        self.defaultMessage = message
    }

    /// Whether `count` arguments fit this form.
    public func accepts(argumentCount count: Int) -> Bool {
        variadic == nil ? count == parameters.count : count >= parameters.count + 1
    }

    /// `minLength n`, `oneOf v…`: the signature as documentation shows it.
    public func signature(of name: String) -> String {
        var parts = [name]
        parts += parameters.map { $0.displayPlaceholder }
        if let variadic { parts.append("\(variadic.displayPlaceholder)…") }
        return parts.joined(separator: " ")
    }
}

extension ParameterDefinition {
    /// How signatures show this parameter.
    var displayPlaceholder: String {
        switch kind {
        case .count: name == "count" ? "n" : name
        case .number: name
        case .regex: "/regex/"
        case .literal: "value"
        case .dateBound: "date|today|field"
        case .field: "field"
        }
    }
}

/// Everything Rulebook knows about one built-in validator: the one place the checker
/// (signatures), the compiler (``id``), documentation and hover (``summary``,
/// ``example``), completion (``name``) and the localiser (message keys and defaults)
/// read it from.
public struct ValidatorDefinition: Sendable, Hashable, Identifiable {
    /// The validator, as the compiler switches on it.
    public let id: BuiltinValidator
    /// The accepted argument lists; most validators have one.
    public let forms: [ValidatorForm]
    /// One sentence: when the validator passes.
    public let summary: String
    /// What kinds of value it accepts and what it does with others.
    public let details: String
    /// A rule-file line using it.
    public let example: String

    /// The name used in rule files.
    public var name: String { id.rawValue }

    /// The form that accepts `count` arguments, if any.
    public func form(forArgumentCount count: Int) -> ValidatorForm? {
        forms.first { $0.accepts(argumentCount: count) }
    }

    /// The signatures of every form, e.g. `["length n", "length min max"]`.
    public var signatures: [String] { forms.map { $0.signature(of: name) } }
}

/// The built-in validators (SPEC §3). The raw value is the name used in rule files.
public enum BuiltinValidator: String, Sendable, Hashable, CaseIterable {
    case required
    case minLength, maxLength, length
    case pattern, email, url, uuid
    case alpha, alphanumeric, digits, noDigits, noSpecialChars
    case containsDigit, containsLetter, containsUppercase, containsLowercase, containsSymbol
    case oneOf
    case string, object, array
    case integer, number, min, max, between
    case boolean, accepted
    case date, before, after, minAge, maxAge
    case same, different
    case minItems, maxItems, unique

    /// This validator's definition.
    public var definition: ValidatorDefinition { ValidatorDefinition.table[self]! }

    /// Whether the validator reads text only (a number given to it is a violation).
    public var acceptsTextOnly: Bool {
        switch self {
        case .minLength, .maxLength, .length, .pattern, .email, .url, .uuid, .alpha, .alphanumeric, .digits,
             .noDigits, .noSpecialChars, .containsDigit, .containsLetter, .containsUppercase, .containsLowercase,
             .containsSymbol:
            true
        default:
            false
        }
    }
}

extension ValidatorDefinition {
    /// Every built-in validator, in documentation order.
    public static let all: [ValidatorDefinition] = BuiltinValidator.allCases.map { table[$0]! }

    /// Looks a validator up by the name used in rule files.
    public static func named(_ name: String) -> ValidatorDefinition? {
        BuiltinValidator(rawValue: name).map { $0.definition }
    }
}
