/// Why a rule did not run.
package enum SkipReason: Sendable, Hashable {
    /// The `when` condition of the rule's statement is false (its text is given).
    case conditionFalse(String)
    /// The value is empty (absent, `null`, blank text, `[]`) and the statement has no
    /// `required`: its other validators are skipped.
    case emptyNotRequired
    /// The value is empty and `required` reports it: the other validators would only
    /// repeat the same fault.
    case emptyRequiredReports
    /// An earlier rule of the field failed; only the first failure is reported unless
    /// every failure is asked for (`--all`).
    case earlierFailure
}
