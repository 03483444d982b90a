import Rulebook

extension FormModel {
    /// Submits the form: the result says whether there is nothing to send, what fails
    /// (every error is shown from then on), or the merge patch to send.
    ///
    /// Inactive fields are left out of both the patch and the record: a hidden section's
    /// values are never sent.
    public mutating func submit() -> SubmitResult {
        hasSubmitted = true
        for field in entries.indices {
            entries[field].isTyping = false
            revalidate(field)
        }
        var failures: [FieldPath: [Violation]] = [:]
        for (field, entry) in entries.enumerated() {
            if case .invalid(let violations) = entry.validation {
                failures[plan.fields[field].path] = violations
            } else if entry.validation == .valid, entry.rejection != nil || entry.isValidating {
                // Rejected, or still being checked, by an asynchronous check: its state says so.
                failures[plan.fields[field].path] = []
            }
        }
        if !failures.isEmpty { return .invalid(failures) }
        let changes = ChangeSet(from: original, to: recordWithInactiveUnchanged)
        guard changes.hasChanges else {
            // Nothing was sent and nothing fails: later edits show errors by the policy again.
            hasSubmitted = false
            return .unchanged
        }
        return .ready(patch: changes.patch, record: submittedRecord)
    }

    /// The sent record was saved: it becomes the original, and no field is dirty.
    public mutating func markSaved() {
        original = recordWithInactiveUnchanged
        values = original
        hasSubmitted = false
        for field in entries.indices {
            entries[field] = Entry()
            revalidate(field)
        }
    }

    /// The edited record without the inactive fields: what is sent whole.
    var submittedRecord: Value {
        var record = values
        for (field, entry) in entries.enumerated() where entry.validation == .inactive {
            record.setValue(nil, at: plan.fields[field].path)
        }
        return record
    }

    /// The edited record with every inactive field as it was originally: what the patch
    /// is computed from, so a hidden field is neither changed nor removed by it.
    var recordWithInactiveUnchanged: Value {
        var record = values
        for (field, entry) in entries.enumerated() where entry.validation == .inactive {
            record.setValue(original.value(at: plan.fields[field].path), at: plan.fields[field].path)
        }
        return record
    }
}
