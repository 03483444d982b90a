import Rulebook

/// What a form shows for one field, after its ``ErrorDisplay`` policy.
public enum FieldState: Sendable, Hashable {
    /// Not yet interacted with (or its errors are not to be shown yet).
    case idle
    /// An asynchronous validator is running after the synchronous rules passed.
    case validating
    /// Every rule that applies passes.
    case valid
    /// Typed text that fails but can still pass by typing more (`digits 5` after `"123"`):
    /// shown only while the user is typing in the field, as a hint rather than an error.
    case incomplete([Violation])
    /// At least one rule fails (the violations in rule order; the first is the one to show).
    case invalid([Violation])
    /// The synchronous rules pass but an asynchronous validator (an `AsyncValidator` the
    /// rules name) failed: its violation's `code` and message.
    case rejected(code: String, message: String)
    /// Every rule that could apply sits in a `when` block that is off: the field is hidden,
    /// neither validated nor submitted.
    case inactive

    /// The message to show: the first violation's, for ``invalid(_:)`` and ``incomplete(_:)``.
    public var message: String? {
        switch self {
        case .invalid(let violations), .incomplete(let violations): violations.first?.message
        case .rejected(_, let message): message
        default: nil
        }
    }

    /// The violations shown (none unless ``invalid(_:)`` or ``incomplete(_:)``).
    public var violations: [Violation] {
        switch self {
        case .invalid(let violations), .incomplete(let violations): violations
        default: []
        }
    }
}

/// When a form starts showing a field's errors, so that no app shows "required" before
/// the user has touched anything.
public enum ErrorDisplay: Sendable, Hashable {
    /// After the user leaves the field (or submits).
    case afterLeaving
    /// Only after the first submit.
    case afterSubmit
    /// As soon as the user edits the field.
    case immediately
}

/// The result of validating a field, whatever is shown.
public enum FieldValidation: Sendable, Hashable {
    case valid
    case incomplete([Violation])
    case invalid([Violation])
    case inactive

    /// Whether the field blocks submitting (invalid or incomplete).
    public var blocksSubmit: Bool {
        switch self {
        case .valid, .inactive: false
        case .incomplete, .invalid: true
        }
    }
}

/// One field of a form: its value and state as the user sees them.
public struct FormField: Sendable, Hashable {
    /// The field as the rules write it.
    public let path: FieldPath
    /// The current value (nil when absent).
    public let value: Value?
    /// What to show, after the display policy.
    public let state: FieldState
    /// The validation result, shown or not.
    public let validation: FieldValidation
    /// Whether the user has left the field.
    public let isTouched: Bool
    /// Whether the value differs from the original.
    public let isDirty: Bool
    /// Whether the field is active (some rule of it applies).
    public var isActive: Bool { validation != .inactive }
}

/// An error editing a form.
public enum FormError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No rule names this field (nothing to edit or validate).
    case unknownField(String)
    /// The app's model could not be converted to or from a record.
    case conversion(String)

    /// What went wrong, in a sentence.
    public var description: String {
        switch self {
        case .unknownField(let path): "no rule names the field '\(path)'"
        case .conversion(let reason): "the model does not convert: \(reason)"
        }
    }
}

/// What ``FormModel/submit()`` decided.
public enum SubmitResult: Sendable, Hashable {
    /// Nothing the form would send changed ("No changes").
    case unchanged
    /// Some active field fails: every active field's violations, by field, in rule order
    /// (a field an asynchronous validator rejected: its violation; one still being checked,
    /// or whose validator threw, with none: its state says why).
    case invalid([FieldPath: [Violation]])
    /// Ready to send: the RFC 7396 JSON Merge Patch of the changed active fields, and the
    /// full record without the inactive fields.
    case ready(patch: Value, record: Value)
}
