import Rulebook

/// What a rule set says about the records it validates, as a tree of fields: which keys
/// an object has, which values are arrays (`[*]`), which are required without a
/// condition, and the kinds of value their validators read. `generate swift` turns it
/// into a `Codable` model.
struct RecordShape {
    /// The kinds of value a validator reads, as far as they decide a Swift type.
    enum Kind: Hashable, Comparable {
        case text, integer, number, boolean, date, object, array
    }

    /// One value in the record.
    struct Node {
        /// Object members, in the order the rule file first names them.
        var keys: [String] = []
        var members: [String: Node] = [:]
        /// The elements of an array, when some path goes through `[*]` here (0 or 1 node).
        var elements: [Node] = []
        /// The kinds the field's validators read.
        var kinds: Set<Kind> = []
        /// The literal kinds of a `oneOf`.
        var literalKinds: Set<Kind> = []
        /// Whether a statement without a condition makes it `required`.
        var isRequired = false

        /// Whether the value must be present for the rules to pass: it is required, or a
        /// member (not an element) below it is.
        var mustBePresent: Bool {
            isRequired || members.values.contains(where: \.mustBePresent)
        }
    }

    /// The record's root object.
    private(set) var root = Node()

    /// The shape of `ruleSet`'s records.
    init(_ ruleSet: RuleSet) {
        for statement in ruleSet.statements {
            let rules = statement.rules
            let kinds = Set(rules.compactMap { RecordShape.kind(of: $0.validator) })
            let literals = Set(rules.flatMap { $0.validator == .oneOf ? RecordShape.literalKinds($0.arguments) : [] })
            let required = statement.condition == nil && rules.contains { $0.validator == .required }
            RecordShape.update(&root, along: statement.path.segments[...]) { node in
                node.kinds.formUnion(kinds)
                node.literalKinds.formUnion(literals)
                if required { node.isRequired = true }
            }
        }
    }

    private static func update(_ node: inout Node, along path: ArraySlice<FieldPath.Segment>, _ change: (inout Node) -> Void) {
        guard let first = path.first else { return change(&node) }
        switch first {
        case .key(let key):
            if node.members[key] == nil { node.keys.append(key) }
            update(&node.members[key, default: Node()], along: path.dropFirst(), change)
        case .wildcard:
            if node.elements.isEmpty { node.elements.append(Node()) }
            update(&node.elements[0], along: path.dropFirst(), change)
        }
    }

    /// The kind of value `validator` reads, when it decides one.
    static func kind(of validator: BuiltinValidator) -> Kind? {
        if validator.acceptsTextOnly { return .text }
        switch validator {
        case .string: return .text
        case .integer: return .integer
        case .number, .min, .max, .between: return .number
        case .boolean: return .boolean
        case .date, .before, .after, .minAge, .maxAge: return .date
        case .object: return .object
        case .array, .minItems, .maxItems, .unique: return .array
        default: return nil
        }
    }

    private static func literalKinds(_ arguments: [(name: String, value: RuleArgument)]) -> [Kind] {
        arguments.flatMap { argument -> [Kind] in
            guard case .list(let values) = argument.value else { return [] }
            return values.map { value in
                guard case .value(let literal) = value else { return .object }
                switch literal {
                case .string: return .text
                case .integer: return .integer
                case .decimal: return .number
                case .bool: return .boolean
                default: return .object
                }
            }
        }
    }
}
