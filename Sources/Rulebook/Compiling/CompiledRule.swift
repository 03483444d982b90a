/// One rule ready to run: the instruction plus everything a violation reports, built
/// once at compile time so a failure costs only the message rendering.
struct CompiledRule: Sendable {
    let instruction: Instruction
    let validator: BuiltinValidator
    /// Whether this is `required` (the one validator that sees empty values).
    let isRequired: Bool
    /// The validator form's catalogue key (`minLength`, `lengthBetween`).
    let formKey: String
    /// The key reported in ``Violation/messageKey``: the override key, or the form key.
    let reportedKey: String
    let messageOverride: MessageOverride?
    let location: SourceLocation
    /// The parameters by name, in signature order. `today` parameters hold a
    /// placeholder that evaluation replaces with the context's date.
    let parameters: [Violation.Parameter]
    /// The same parameters as message arguments.
    let messageArguments: [(name: String, value: MessageArgument)]
    /// The position of a `today` parameter, whose value is filled in per evaluation.
    let todayParameterIndex: Int?
}

/// A compiled `when` condition, its paths bound relative to the field it guards.
indirect enum CompiledCondition: Sendable {
    case present(ReferencePath)
    case equals(ReferencePath, Value)
    case notEquals(ReferencePath, Value)
    case not(CompiledCondition)
    case and(CompiledCondition, CompiledCondition)
    case or(CompiledCondition, CompiledCondition)
}

/// The rules of one field statement: they apply together when the condition holds.
struct RuleGroup: Sendable {
    /// Nil when the statement is unconditional.
    let condition: CompiledCondition?
    let rules: [CompiledRule]
    /// Whether some rule of the group is `required`.
    let hasRequired: Bool
}

/// Everything the rules say about one field path (all its statements, in order).
struct CompiledField: Sendable {
    /// The path as written (`items[*].sku`): message lookups and field display names.
    let pattern: FieldPath
    let expansion: ExpansionPath
    /// The concrete path when the pattern has no `[*]`, built once.
    let fixedPath: ConcretePath?
    let groups: [RuleGroup]
}
