import Foundation
import Rulebook

extension FormModel {
    /// Sets a field's value (nil removes it) and re-validates it and every field that reads
    /// it. With `typing`, the user is still in the field: a text that can still pass by
    /// typing more is ``FieldValidation/incomplete(_:)`` rather than invalid.
    public mutating func setValue(_ value: Value?, at path: String, typing: Bool = false) throws(FormError) {
        let field = try index(of: path)
        values.setValue(value, at: plan.fields[field].path)
        entries[field].isEdited = true
        entries[field].isTyping = typing
        entries[field].rejection = nil
        revalidate(field)
        revalidateDependents(of: field)
    }

    /// The user left a field: it is touched, and an incomplete text is now invalid.
    public mutating func leave(_ path: String) throws(FormError) {
        let field = try index(of: path)
        entries[field].isTouched = true
        if entries[field].isTyping {
            entries[field].isTyping = false
            revalidate(field)
        }
    }

    /// Sets a property of the app's model by key path, re-validating the fields whose
    /// values change (and the fields that read them).
    public mutating func set<Model: Codable, Property>(
        _ keyPath: WritableKeyPath<Model, Property>, to value: Property,
        typing: Bool = false
    ) throws(FormError) {
        var model: Model = try self.model()
        model[keyPath: keyPath] = value
        let edited = try FormModel.record(of: model, plan: plan, timeZone: options.context.timeZone)
        let changed = ChangeSet(from: values, to: edited).changedFields
        values = edited
        let touched = plan.fields.indices.filter { field in
            changed.contains { FormPlan.overlaps($0.pattern, plan.fields[field].path) }
        }
        for field in touched {
            entries[field].rejection = nil
            entries[field].isEdited = true
            entries[field].isTyping = typing
        }
        for field in Set(touched + touched.flatMap { plan.dependents[$0] }) { revalidate(field) }
    }

    /// The edited record as the app's model.
    public func model<Model: Decodable>(as type: Model.Type = Model.self) throws(FormError) -> Model {
        if let record = values as? Model { return record }
        do {
            let data = try JSONEncoder().encode(values)
            return try FormDates.decoder(timeZone: options.context.timeZone).decode(Model.self, from: data)
        } catch {
            throw FormError.conversion(String(describing: error))
        }
    }

    /// An app's model as a record, its `Date`s on day fields as days in `timeZone`.
    static func record<Model: Encodable>(of model: Model, plan: FormPlan, timeZone: TimeZone) throws(FormError) -> Value {
        if let record = model as? Value { return record }
        do {
            var record = try ValueEncoder().encode(model)
            FormDates.daysInZone(&record, at: plan.dateOnlyPaths, timeZone: timeZone)
            return record
        } catch {
            throw FormError.conversion(String(describing: error))
        }
    }

    /// Re-validates the fields that read `field` (conditions and field arguments).
    mutating func revalidateDependents(of field: Int) {
        for dependent in plan.dependents[field] { revalidate(dependent) }
    }

    /// Validates one field of the current record.
    mutating func revalidate(_ field: Int) {
        let path = plan.fields[field].path
        let results = rules.validateField(path, in: values, options: options)
        let violations = results.flatMap(\.violations)
        if results.allSatisfy({ $0.status == .skipped }) {
            entries[field].validation = .inactive
        } else if violations.isEmpty {
            entries[field].validation = .valid
        } else if entries[field].isTyping, !hasSubmitted,
            violations.allSatisfy({ TypingViability.canStillPass($0, value: values.value(at: path), plan: plan.fields[field]) })
        {
            entries[field].validation = .incomplete(violations)
        } else {
            entries[field].validation = .invalid(violations)
        }
    }
}

extension FormModel {
    /// Stores a typed value without validating it yet: the field keeps its state until
    /// ``validatePending(_:)`` (what a debounced session calls when typing pauses).
    /// (The field counts as edited, for ``ErrorDisplay/immediately``, once validated: a
    /// result from before the typing started is not shown as its result.)
    mutating func storeTyped(_ value: Value?, at field: Int) {
        values.setValue(value, at: plan.fields[field].path)
        entries[field].isTyping = true
        entries[field].rejection = nil
        entries[field].isPending = true
    }

    /// Validates a field stored by ``storeTyped(_:at:)`` and the fields that read it.
    mutating func validatePending(_ field: Int) {
        entries[field].isPending = false
        entries[field].isEdited = true
        revalidate(field)
        revalidateDependents(of: field)
    }
}
