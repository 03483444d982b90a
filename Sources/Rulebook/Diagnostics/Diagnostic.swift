/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
    /// A mistake: `rulebook check` fails.
    case error
    /// Probably a mistake; `check` passes unless `--warnings-as-errors`.
    case warning
    /// Information attached to a file (rare; most information is a ``Note``).
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
public struct TextEdit: Hashable, Sendable {
    /// The file the edit applies to (as ``SourceFile/path``).
    public var file: String
    /// The bytes to replace; an empty range inserts.
    public var range: SourceRange
    /// The new text.
    public var replacement: String

    /// Creates an edit.
    public init(file: String, range: SourceRange, replacement: String) {
        self.file = file
        self.range = range
        self.replacement = replacement
    }
}

/// A mechanical fix the user may apply: a short imperative message and its edits.
///
/// The language server offers every fix as a quick fix; `rulebook check --fix` applies
/// only those whose ``applicability`` is ``Applicability/automatic``.
public struct FixIt: Hashable, Sendable {
    /// Whether a fix may be applied without a person looking at it (rustc's
    /// "machine applicable" versus "maybe incorrect").
    public enum Applicability: String, Hashable, Sendable {
        /// The fix corrects a mistake and keeps what the author meant (a misspelled name,
        /// swapped bounds, an exact duplicate): `rulebook check --fix` applies it.
        case automatic
        /// The fix deletes or rewrites something the author may have meant (an unused
        /// named rule, arguments of unclear intent): offered in editors, never applied
        /// unattended.
        case suggested
    }

    /// What the fix does, e.g. "Replace 'minLenght' with 'minLength'".
    public var message: String
    /// The edits, in any order, never overlapping.
    public var edits: [TextEdit]
    /// Whether `rulebook check --fix` may apply it.
    public var applicability: Applicability

    /// Creates a fix.
    public init(message: String, edits: [TextEdit], applicability: Applicability = .automatic) {
        self.message = message
        self.edits = edits
        self.applicability = applicability
    }
}

/// Extra information attached to a diagnostic, possibly pointing elsewhere
/// (e.g. "first defined here").
public struct Note: Hashable, Sendable {
    /// The explanation.
    public var message: String
    /// The file and range it points at, if any.
    public var file: String?
    /// The range in `file`.
    public var range: SourceRange?

    /// Creates a note.
    public init(message: String, file: String? = nil, range: SourceRange? = nil) {
        self.message = message
        self.file = file
        self.range = range
    }
}

/// One finding about one range of one file: the value every stage returns beside its
/// product, and that `check`, `validate` and the language server all render.
public struct Diagnostic: Hashable, Sendable {
    /// The file (as ``SourceFile/path``).
    public var file: String
    /// The exact byte range the finding is about.
    public var range: SourceRange
    /// Error, warning or note.
    public var severity: Severity
    /// The stable, documented kebab-case code.
    public var code: DiagnosticCode
    /// The one-sentence message, without file or code.
    public var message: String
    /// Secondary information.
    public var notes: [Note]
    /// Mechanical fixes, best first.
    public var fixIts: [FixIt]

    /// Creates a diagnostic; the severity defaults to the code's.
    public init(
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
    public var containsErrors: Bool { contains { $0.severity == .error } }
}
