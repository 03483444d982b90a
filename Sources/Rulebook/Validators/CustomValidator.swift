// Validators an application adds: a name, a signature for the checker, a default
// message, and a Swift closure over the value and the rule's arguments.

/// A synchronous validator an application registers (see ``ValidatorRegistry``).
///
/// Like a built-in, it runs only on a present, non-empty value (an empty one meets only
/// `required`), and its violation reports ``Violation/messageKey`` = its name, with
/// ``message`` (ICU MessageFormat, `{field}` and one placeholder per parameter) unless a
/// catalogue or the rule's `message` overrides it.
public struct CustomValidator: Sendable {
    /// The name rule files use.
    public let name: String
    /// The parameters, in order: the checker checks a rule's arguments against them.
    public let parameters: [ParameterDefinition]
    /// The default English message.
    public let message: String
    /// One sentence: when the validator passes (hover, `rulebook` documentation).
    public let summary: String
    /// The test: the value, and the rule's arguments as values (a count or number as a
    /// number, a regex as its source text, a field as its path text).
    public let test: @Sendable (Value, [Value]) -> Bool

    /// Creates a validator.
    public init(
        _ name: String, parameters: [ParameterDefinition] = [], message: String, summary: String = "",
        test: @escaping @Sendable (Value, [Value]) -> Bool
    ) {
        self.name = name
        self.parameters = parameters
        self.message = message
        self.summary = summary
        self.test = test
    }

    /// The definition the registry keeps.
    var definition: ValidatorDefinition {
        let test = test
        return .registered(name, parameters, message: message, summary: summary, details: "") { values in
            .value { test($0, values) }
        }
    }
}

/// An asynchronous validator an application registers (a uniqueness check against a
/// database, a lookup over the network).
///
/// The checker knows it like any validator. Synchronous evaluation (`validate`,
/// `isValid`) does not run it: its rules pass there. ``CompiledRuleSet/validateAsync(_:options:)``
/// runs it for each concrete field whose synchronous rules all passed, after them, and
/// stops when its task is cancelled.
public struct AsyncValidator: Sendable {
    /// The name rule files use.
    public let name: String
    /// The parameters, in order.
    public let parameters: [ParameterDefinition]
    /// The default English message.
    public let message: String
    /// One sentence: when the validator passes.
    public let summary: String
    /// The test: the value and the rule's arguments as values. A thrown error ends the
    /// validation with that error.
    public let test: @Sendable (Value, [Value]) async throws -> Bool

    /// Creates a validator.
    public init(
        _ name: String, parameters: [ParameterDefinition] = [], message: String, summary: String = "",
        test: @escaping @Sendable (Value, [Value]) async throws -> Bool
    ) {
        self.name = name
        self.parameters = parameters
        self.message = message
        self.summary = summary
        self.test = test
    }

    /// The definition the registry keeps.
    var definition: ValidatorDefinition {
        let test = test
        return .registered(
            name, parameters, message: message, summary: summary,
            details: "Asynchronous: run only by asynchronous validation."
        ) { values in .deferred { try await test($0, values) } }
    }
}

extension ValidatorDefinition {
    /// The definition of a validator an application registers: one form whose message key
    /// is its name, and a check made from the rule's arguments as values.
    fileprivate static func registered(
        _ name: String, _ parameters: [ParameterDefinition], message: String, summary: String, details: String,
        check: @escaping @Sendable ([Value]) -> Check
    ) -> ValidatorDefinition {
        ValidatorDefinition(
            name: name, forms: [ValidatorForm(parameters, messageKey: name, message: message)], summary: summary,
            details: details, example: "", implementation: .check { arguments in check(arguments.asValues()) })
    }
}
