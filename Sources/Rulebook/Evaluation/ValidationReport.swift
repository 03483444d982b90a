/// One failed validator on one concrete value.
public struct Violation: Sendable, Hashable {
    /// The concrete field (`items[2].sku`); `.jsonPointer` gives `/items/2/sku`.
    public let field: ConcretePath
    /// The validator that failed (for a named rule, the underlying validator).
    public let validator: BuiltinValidator
    /// The validator's parameters by name, in signature order (`[("min", 2)]`).
    public let parameters: [Parameter]
    /// The catalogue key the message was looked up under first: the override key, or
    /// the validator form's key (`minLength`, `lengthBetween`).
    public let messageKey: String
    /// The localised message.
    public let message: String
    /// Where the rule that fired is written.
    public let location: SourceLocation

    public init(field: ConcretePath, validator: BuiltinValidator, parameters: [Parameter], messageKey: String,
                message: String, location: SourceLocation) {
        self.field = field
        self.validator = validator
        self.parameters = parameters
        self.messageKey = messageKey
        self.message = message
        self.location = location
    }

    /// A named parameter value of a violation.
    public struct Parameter: Sendable, Hashable {
        public let name: String
        public let value: Value
        public init(name: String, value: Value) {
            self.name = name
            self.value = value
        }
    }
}

/// The outcome for one concrete field.
public enum FieldStatus: String, Sendable, Hashable {
    /// Every applicable rule passed.
    case valid
    /// At least one rule failed.
    case invalid
    /// Every statement of the field sits in a `when` block whose condition is false.
    case skipped
}

/// The result for one concrete field of a record.
public struct FieldResult: Sendable, Hashable {
    public let field: ConcretePath
    public let status: FieldStatus
    /// Empty unless `status` is `.invalid`.
    public let violations: [Violation]

    public init(field: ConcretePath, status: FieldStatus, violations: [Violation]) {
        self.field = field
        self.status = status
        self.violations = violations
    }
}

/// What changed between an original record and its edited version.
public struct ChangeSet: Sendable, Hashable {
    /// The concrete fields whose values differ (added, removed or changed).
    public let changedFields: [ConcretePath]
    /// An RFC 7386 JSON Merge Patch turning the original into the edited record: only
    /// changed members, `null` for removed ones.
    public let patch: Value
    /// Whether anything changed at all.
    public var hasChanges: Bool { !changedFields.isEmpty }

    public init(changedFields: [ConcretePath], patch: Value) {
        self.changedFields = changedFields
        self.patch = patch
    }
}

/// The result of validating one record.
public struct ValidationReport: Sendable, Hashable {
    /// One result per concrete field the rules reach, in rule order.
    public let fields: [FieldResult]
    /// The changes, when an original record was given.
    public let changes: ChangeSet?

    public init(fields: [FieldResult], changes: ChangeSet?) {
        self.fields = fields
        self.changes = changes
    }

    /// Whether no field is invalid.
    public var isValid: Bool { !fields.contains { $0.status == .invalid } }

    /// Every violation, in field order.
    public var violations: [Violation] { fields.flatMap(\.violations) }
}
