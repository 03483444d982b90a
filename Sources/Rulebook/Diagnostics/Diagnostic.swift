/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
    /// A mistake: `rulebook check` fails.
    case error
    /// Probably a mistake; `check` passes unless `--warnings-as-errors`.
    case warning
    /// Information attached to a file (rare; most information is a `Note`).
    case note

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    /// Errors sort first.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A replacement of one byte range in one file: the unit of every fix.
package struct TextEdit: Hashable, Sendable {
    /// The file the edit applies to (as ``SourceFile/path``).
    package var file: String
    /// The bytes to replace; an empty range inserts.
    package var range: SourceRange
    /// The new text.
    package var replacement: String

    /// Creates an edit.
    package init(file: String, range: SourceRange, replacement: String) {
        self.file = file
        self.range = range
        self.replacement = replacement
    }
}

/// A mechanical fix the user may apply: a short imperative message and its edits.
///
/// The language server offers every fix as a quick fix; `rulebook check --fix` applies
/// only those whose ``applicability`` is ``Applicability/automatic``.
package struct FixIt: Hashable, Sendable {
    /// Whether a fix may be applied without a person looking at it (rustc's
    /// "machine applicable" versus "maybe incorrect").
    package enum Applicability: String, Hashable, Sendable {
        /// The fix corrects a mistake and keeps what the author meant (a misspelled name,
        /// swapped bounds, an exact duplicate): `rulebook check --fix` applies it.
        case automatic
        /// The fix deletes or rewrites something the author may have meant (an unused
        /// named rule, arguments of unclear intent): offered in editors, never applied
        /// unattended.
        case suggested
    }

    /// What the fix does, e.g. "Replace 'minLenght' with 'minLength'".
    package var message: String
    /// The edits, in any order, never overlapping.
    package var edits: [TextEdit]
    /// Whether `rulebook check --fix` may apply it.
    package var applicability: Applicability

    /// Creates a fix.
    package init(message: String, edits: [TextEdit], applicability: Applicability = .automatic) {
        self.message = message
        self.edits = edits
        self.applicability = applicability
    }
}

/// Extra information attached to a diagnostic, possibly pointing elsewhere
/// (e.g. "first defined here").
package struct Note: Hashable, Sendable {
    /// The explanation.
    package var message: String
    /// The file and range it points at, if any.
    package var file: String?
    /// The range in `file`.
    package var range: SourceRange?

    /// Creates a note.
    package init(message: String, file: String? = nil, range: SourceRange? = nil) {
        self.message = message
        self.file = file
        self.range = range
    }
}

/// One finding about one range of one file: the value every stage returns beside its
/// product, and that `check`, `validate` and the language server all render.
public struct Diagnostic: Hashable, Sendable {
    /// The file (its path as the rules were loaded).
    public var file: String
    /// The exact byte range the finding is about.
    package var range: SourceRange
    /// Error, warning or note.
    public var severity: Severity
    /// The stable, documented kebab-case code.
    package var code: DiagnosticCode
    /// The one-sentence message, without file or code.
    public var message: String
    /// Secondary information.
    package var notes: [Note]
    /// Mechanical fixes, best first.
    package var fixIts: [FixIt]

    /// Creates a diagnostic; the severity defaults to the code's.
    package init(
        file: String,
        range: SourceRange,
        code: DiagnosticCode,
        message: String,
        severity: Severity? = nil,
        notes: [Note] = [],
        fixIts: [FixIt] = []
    ) {
        self.file = file
        self.range = range
        self.severity = severity ?? code.defaultSeverity
        self.code = code
        self.message = message
        self.notes = notes
        self.fixIts = fixIts
    }
}

extension Diagnostic: Comparable {
    /// File, then position, then severity: the order every renderer prints in.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        (lhs.file, lhs.range.start, lhs.range.end, lhs.severity, lhs.code.id)
            < (rhs.file, rhs.range.start, rhs.range.end, rhs.severity, rhs.code.id)
    }
}

extension Array where Element == Diagnostic {
    /// Whether any diagnostic is an error.
    package var containsErrors: Bool { contains { $0.severity == .error } }
}
