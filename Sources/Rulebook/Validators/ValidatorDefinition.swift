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

    /// A parameter named `name` of kind `kind`.
    public init(_ name: String, _ kind: ParameterKind) {
        self.name = name
        self.kind = kind
    }
}

/// One accepted argument list of a validator, with the message key and default
/// English message it reports when it fails.
package struct ValidatorForm: Sendable, Hashable {
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

    /// A form of these parameters, reporting `message` under `messageKey`.
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

/// Everything Rulebook knows about one validator, built-in or registered by an
/// application: the one place the checker (signatures), the compiler and evaluator
/// (``implementation``), documentation and hover (``summary``, ``example``), completion
/// (``name``) and the localiser (message keys and defaults) read it from.
package struct ValidatorDefinition: Sendable {
    /// The name used in rule files.
    public let name: String
    /// The accepted argument lists; most validators have one.
    public let forms: [ValidatorForm]
    /// One sentence: when the validator passes.
    public let summary: String
    /// What kinds of value it accepts and what it does with others.
    public let details: String
    /// A rule-file line using it.
    public let example: String
    /// What a rule of this validator compiles to.
    let implementation: ValidatorImplementation

    init(
        name: String, forms: [ValidatorForm], summary: String, details: String, example: String,
        implementation: ValidatorImplementation
    ) {
        self.name = name
        self.forms = forms
        self.summary = summary
        self.details = details
        self.example = example
        self.implementation = implementation
    }

    /// The validator's name as results report it.
    public var id: ValidatorName { ValidatorName(name: name) }

    /// The form that accepts `count` arguments, if any.
    public func form(forArgumentCount count: Int) -> ValidatorForm? {
        forms.first { $0.accepts(argumentCount: count) }
    }

    /// The signatures of every form, e.g. `["length n", "length min max"]`.
    public var signatures: [String] { forms.map { $0.signature(of: name) } }
}

/// What a rule compiles to.
enum ValidatorImplementation: Sendable {
    /// Makes the rule's check from its arguments; nil when they do not fit.
    case check(@Sendable (CheckArguments) -> Check?)
    /// Declared in a rule file for the checker; nothing to run (`.deferred(nil)`).
    case declared
}

/// The name the checker, the language server and results use for a validator (the
/// built-ins are its static members).
package typealias BuiltinValidator = ValidatorName

/// A validator's name: a built-in's (`minLength`) or one an application registered
/// (``CustomValidator``). The raw value is the name used in rule files.
public struct ValidatorName: RawRepresentable, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The name used in rule files.
    public let rawValue: String

    /// The built-in validator of this name; nil for any other name.
    public init?(rawValue: String) {
        guard ValidatorName.named[rawValue] != nil else { return nil }
        self.rawValue = rawValue
    }

    /// Any validator's name, built-in or registered.
    public init(name: String) { self.rawValue = name }

    /// The name as rule files write it.
    public var description: String { rawValue }

    /// Whether this is one of the built-in validators.
    public var isBuiltin: Bool { ValidatorName.named[rawValue] != nil }

    // The built-in validators' names, as rule files write them.
    /// `required`.
    public static let required = Self(name: "required")
    public static let minLength = Self(name: "minLength"), maxLength = Self(name: "maxLength"), length = Self(name: "length")
    public static let pattern = Self(name: "pattern"), email = Self(name: "email"), url = Self(name: "url")
    /// `uuid`.
    public static let uuid = Self(name: "uuid")
    public static let alpha = Self(name: "alpha"), alphanumeric = Self(name: "alphanumeric"), digits = Self(name: "digits")
    public static let noDigits = Self(name: "noDigits"), noSpecialChars = Self(name: "noSpecialChars")
    public static let containsDigit = Self(name: "containsDigit"), containsLetter = Self(name: "containsLetter")
    /// `containsUppercase`.
    public static let containsUppercase = Self(name: "containsUppercase")
    public static let containsLowercase = Self(name: "containsLowercase"), containsSymbol = Self(name: "containsSymbol")
    /// `oneOf`.
    public static let oneOf = Self(name: "oneOf")
    public static let string = Self(name: "string"), object = Self(name: "object"), array = Self(name: "array")
    public static let integer = Self(name: "integer"), number = Self(name: "number")
    public static let min = Self(name: "min"), max = Self(name: "max"), between = Self(name: "between")
    public static let boolean = Self(name: "boolean"), accepted = Self(name: "accepted")
    public static let date = Self(name: "date"), before = Self(name: "before"), after = Self(name: "after")
    public static let minAge = Self(name: "minAge"), maxAge = Self(name: "maxAge")
    public static let same = Self(name: "same"), different = Self(name: "different")
    public static let minItems = Self(name: "minItems"), maxItems = Self(name: "maxItems"), unique = Self(name: "unique")

    /// The built-in validators, in documentation order.
    public static var allCases: [ValidatorName] { ValidatorDefinition.all.map(\.id) }

    /// This built-in validator's definition (a name no built-in has gets one with no
    /// forms, so nothing accepts it).
    package var definition: ValidatorDefinition {
        ValidatorDefinition.builtinsByName[rawValue]
            ?? ValidatorDefinition(name: rawValue, forms: [], summary: "", details: "", example: "", implementation: .declared)
    }

    /// Whether the validator reads text only (a number given to it is a violation).
    package var acceptsTextOnly: Bool {
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
    package static let all: [ValidatorDefinition] = builtins

    /// The built-ins by name.
    static let builtinsByName: [String: ValidatorDefinition] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// Looks a built-in validator up by the name used in rule files.
    package static func named(_ name: String) -> ValidatorDefinition? { builtinsByName[name] }
}
