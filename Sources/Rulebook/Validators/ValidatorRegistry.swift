// The validators a rule set may use: the built-ins and those an application registers.
// The checker reads names and signatures from here (so an unregistered name is still an
// `unknown-validator` error), and the compiler the implementations.

/// The validators rule files may name: the built-ins, plus the ones an application
/// registers (``CustomValidator``, ``AsyncValidator``).
///
/// ```swift
/// let isbn = CustomValidator("isbn", message: "{field} must be an ISBN.") { value, _ in
///     guard case .string(let text) = value else { return false }
///     return text.filter(\.isNumber).count == 13
/// }
/// let validators = try ValidatorRegistry([isbn])
/// let rules = try CompiledRuleSet(source: "code: required, isbn", validators: validators)
/// ```
public struct ValidatorRegistry: Sendable {
    /// Every validator by name.
    private var definitions: [String: ValidatorDefinition]
    /// The registered (not built-in) names, in registration order.
    public private(set) var customNames: [String] = []

    /// The built-in validators alone.
    public static let builtins = ValidatorRegistry(definitions: ValidatorDefinition.builtinsByName)

    private init(definitions: [String: ValidatorDefinition]) {
        self.definitions = definitions
    }

    /// The built-ins plus `validators` and `asyncValidators`.
    /// - Throws: ``ValidatorRegistrationError`` when a name is taken or not a valid name.
    public init(_ validators: [CustomValidator] = [], async asyncValidators: [AsyncValidator] = [])
        throws(ValidatorRegistrationError)
    {
        self = .builtins
        for validator in validators { try register(validator) }
        for validator in asyncValidators { try register(validator) }
    }

    /// Adds a synchronous validator.
    /// - Throws: ``ValidatorRegistrationError`` when the name is taken or not a valid name.
    public mutating func register(_ validator: CustomValidator) throws(ValidatorRegistrationError) {
        try add(validator.definition)
    }

    /// Adds an asynchronous validator (run only by ``CompiledRuleSet/validateAsync(_:options:)``).
    /// - Throws: ``ValidatorRegistrationError`` when the name is taken or not a valid name.
    public mutating func register(_ validator: AsyncValidator) throws(ValidatorRegistrationError) {
        try add(validator.definition)
    }

    /// Adds a validator a rule file declares (`validator isbn`): the checker knows its
    /// name and signature; evaluation has nothing to run for it.
    mutating func declare(_ definition: ValidatorDefinition) throws(ValidatorRegistrationError) {
        try add(definition)
    }

    private mutating func add(_ definition: ValidatorDefinition) throws(ValidatorRegistrationError) {
        let name = definition.name
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic || first == "_",
            name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" })
        else { throw .invalidName(name) }
        guard definitions[name] == nil else {
            throw ValidatorDefinition.builtinsByName[name] != nil ? .builtinName(name) : .duplicateName(name)
        }
        definitions[name] = definition
        customNames.append(name)
    }

    /// The validator of this name, if any.
    package func definition(named name: String) -> ValidatorDefinition? { definitions[name] }

    /// Every name, built-in and registered (for suggestions).
    public var names: [String] { ValidatorDefinition.all.map(\.name) + customNames }
}

/// Why a validator could not be registered.
public enum ValidatorRegistrationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A built-in validator has this name.
    case builtinName(String)
    /// Another registered validator has this name.
    case duplicateName(String)
    /// The name is not an identifier (letters, digits and `_`, not starting with a digit).
    case invalidName(String)

    /// What went wrong, in a sentence.
    public var description: String {
        switch self {
        case .builtinName(let name): "'\(name)' is a built-in validator and cannot be registered again"
        case .duplicateName(let name): "a validator named '\(name)' is already registered"
        case .invalidName(let name): "'\(name)' is not a valid validator name (letters, digits and '_', not starting with a digit)"
        }
    }
}
