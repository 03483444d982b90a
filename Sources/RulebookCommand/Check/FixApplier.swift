import Rulebook

/// Applies the checker's fixes to files (`rulebook check --fix`).
///
/// Only fixes marked ``FixIt/Applicability/automatic`` are applied: deleting an unused
/// named rule, say, is offered in editors but never done unattended.
/// The first (best) such fix of each diagnostic is taken, unless one of its edits overlaps
/// an edit already taken — then the whole fix waits for the next run. Edits are applied
/// to the UTF-8 bytes from the end of the file backwards, so earlier offsets stay valid.
enum FixApplier {
    /// The fixes to apply, grouped by file, and how many fixes were chosen.
    struct Plan: Equatable {
        var edits: [String: [TextEdit]] = [:]
        var fixCount = 0
        /// The diagnostics whose fix is taken, with that fix.
        var applied: [(diagnostic: Diagnostic, fix: FixIt)] = []

        static func == (lhs: Plan, rhs: Plan) -> Bool { lhs.edits == rhs.edits && lhs.fixCount == rhs.fixCount }
    }

    /// Why `diagnostic`'s fix was not applied, if it offers one: a fix that needs review
    /// is never applied unattended, and one that overlaps another waits for a later run.
    static func reasonLeft(_ diagnostic: Diagnostic) -> (fix: FixIt, reason: String)? {
        if let fix = diagnostic.fixIts.first(where: { $0.applicability == .automatic && !$0.edits.isEmpty }) {
            return (fix, "it overlaps another fix; run --fix again")
        }
        guard let fix = diagnostic.fixIts.first else { return nil }
        return (fix, "a suggestion to review, never applied unattended")
    }

    /// Chooses non-overlapping fixes from `diagnostics`.
    static func plan(_ diagnostics: [Diagnostic]) -> Plan {
        var plan = Plan()
        for diagnostic in diagnostics {
            guard let fix = diagnostic.fixIts.first(where: { $0.applicability == .automatic }), !fix.edits.isEmpty
            else { continue }
            let conflicts = fix.edits.contains { edit in
                (plan.edits[edit.file] ?? []).contains { overlaps($0.range, edit.range) }
            }
            guard !conflicts else { continue }
            for edit in fix.edits { plan.edits[edit.file, default: []].append(edit) }
            plan.fixCount += 1
            plan.applied.append((diagnostic, fix))
        }
        return plan
    }

    /// Whether two edits cannot both be applied: their ranges intersect, or both insert
    /// at the same offset (their order would be ambiguous).
    static func overlaps(_ a: SourceRange, _ b: SourceRange) -> Bool {
        if a.isEmpty && b.isEmpty { return a.start == b.start }
        return a.start < b.end && b.start < a.end
            || (a.isEmpty && b.start < a.start && a.start < b.end)
            || (b.isEmpty && a.start < b.start && b.start < a.end)
    }

    /// `text` with `edits` (non-overlapping) applied; edits outside the text are ignored.
    static func apply(_ edits: [TextEdit], to text: String) -> String {
        var bytes = Array(text.utf8)
        for edit in edits.sorted(by: { $0.range.start > $1.range.start }) {
            guard edit.range.start >= 0, edit.range.end <= bytes.count else { continue }
            bytes.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
