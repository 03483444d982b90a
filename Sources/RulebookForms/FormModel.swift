import Foundation
import Rulebook

/// A live form over a compiled rule set: the values being edited, and for every field
/// the rules name its state (idle, valid, incomplete, invalid, inactive), whether it was
/// touched and whether it is dirty. A value type: the app (or ``FormSession``) owns it and
/// calls its mutating methods as the user types, leaves fields and submits.
///
/// ```swift
/// var form = try FormModel(rules: rules, original: profile)
/// try form.setValue("A", at: "firstName", typing: true)
/// try form.leave("firstName")
/// form.field("firstName")?.state   // .invalid([… "First name must be at least 2 characters"])
/// ```
///
/// Which fields exist, which are active and which depend on which all come from the
/// rules: a field is active while at least one of its statements applies (a statement
/// outside any `when` block always does), and editing a field re-validates every field
/// whose `when` condition or rule (`same password`, `before startDate`) reads it.
public struct FormModel: Sendable {
    /// The rules the form validates with.
    public let rules: CompiledRuleSet
    /// The record the form started from (what "dirty" and the patch compare against).
    public internal(set) var original: Value
    /// The record being edited.
    public internal(set) var values: Value
    /// When errors are shown.
    public var display: ErrorDisplay
    /// Messages, locale and today for validation.
    public let options: ValidationOptions
    /// Whether ``submit()`` has been called: every error is then shown.
    public internal(set) var hasSubmitted = false

    let plan: FormPlan
    /// Per field of ``plan``: the bookkeeping the states derive from.
    var entries: [Entry]

    /// A field's bookkeeping.
    struct Entry: Sendable {
        var validation: FieldValidation = .valid
        var isTouched = false
        var isEdited = false
        var isTyping = false
        var isValidating = false
        /// A typed value waits for its debounced validation (``FormSession``).
        var isPending = false
        /// What an asynchronous check said against the current value.
        var rejection: AsyncRejection?
    }

    /// A form over `original` (a JSON object; absent fields are empty).
    public init(
        rules: CompiledRuleSet, original: Value = .object(ValueObject()), display: ErrorDisplay = .afterLeaving,
        options: ValidationOptions = FormModel.appOptions
    ) {
        self.rules = rules
        self.original = original
        self.values = original
        self.display = display
        var options = options
        // Incomplete needs every failing rule: one that can never pass makes the text invalid.
        options.reportAllFailures = true
        self.options = options
        plan = FormPlan(rules.ruleSet)
        entries = Array(repeating: Entry(), count: plan.fields.count)
        for field in entries.indices { revalidate(field) }
    }

    /// A form over an app's `Encodable` model.
    public init<Model: Encodable>(
        rules: CompiledRuleSet, model: Model, display: ErrorDisplay = .afterLeaving,
        options: ValidationOptions = FormModel.appOptions
    ) throws(FormError) {
        let record = try FormModel.record(of: model, plan: FormPlan(rules.ruleSet), timeZone: options.context.timeZone)
        self.init(rules: rules, original: record, display: display, options: options)
    }

    /// The default options of a form: English messages, today in the device's time zone.
    public static var appOptions: ValidationOptions {
        ValidationOptions(context: EvaluationContext(timeZone: .current))
    }

    /// The fields the rules name (without `[*]`), in rule order.
    public var fields: [FieldPath] { plan.fields.map(\.path) }

    /// A field's value and state, or nil when no rule names it.
    public func field(_ path: String) -> FormField? {
        plan.index[path].map(formField)
    }

    /// A field's value and state, by position in ``fields``.
    func formField(_ field: Int) -> FormField {
        let entry = entries[field]
        let path = plan.fields[field].path
        let value = values.value(at: path)
        return FormField(
            path: path, value: value, state: state(of: entry), validation: entry.validation,
            isTouched: entry.isTouched, isDirty: value != original.value(at: path))
    }

    /// What to show for a field after the display policy.
    func state(of entry: Entry) -> FieldState {
        if entry.validation == .inactive { return .inactive }
        if entry.isValidating { return .validating }
        guard isShown(entry) else { return .idle }
        switch entry.validation {
        case .valid: return entry.rejection.map { .rejected(code: $0.code, message: $0.message) } ?? .valid
        case .incomplete(let violations): return .incomplete(violations)
        case .invalid(let violations): return .invalid(violations)
        case .inactive: return .inactive
        }
    }

    /// Whether a field's result is shown yet.
    private func isShown(_ entry: Entry) -> Bool {
        if hasSubmitted { return true }
        switch display {
        case .afterLeaving: return entry.isTouched
        case .afterSubmit: return false
        case .immediately: return entry.isTouched || entry.isEdited
        }
    }

    /// Whether the field is active: some statement of it applies. False for a field no
    /// rule names.
    public func isActive(_ path: String) -> Bool {
        guard let field = plan.index[path] else { return false }
        return entries[field].validation != .inactive
    }

    /// Whether any of the fields is active (a section is shown while one of its fields is).
    public func isActive(anyOf paths: [String]) -> Bool {
        paths.contains(where: isActive)
    }

    /// Whether every active field passes, none is incomplete, no asynchronous check runs or
    /// failed
    /// and no typed value waits for validation:
    /// what enables a Save button.
    public var canSubmit: Bool {
        entries.allSatisfy { !$0.validation.blocksSubmit && !$0.isValidating && !$0.isPending && $0.rejection == nil }
    }

    /// Whether anything the form would send differs from the original.
    public var hasChanges: Bool {
        ChangeSet(from: original, to: recordWithInactiveUnchanged).hasChanges
    }

    /// The index of a field, or an error naming it.
    func index(of path: String) throws(FormError) -> Int {
        guard let field = plan.index[path] else { throw FormError.unknownField(path) }
        return field
    }
}
