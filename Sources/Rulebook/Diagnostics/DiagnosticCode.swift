/// A stable diagnostic code: a kebab-case id users can search for and suppress, its
/// default severity, and a one-line summary (SARIF's rule `shortDescription`).
///
/// Every code is declared once, as a static member in one of the
/// `DiagnosticCode+Area.swift` files, and listed in ``all`` so that SARIF output and
/// the docs enumerate them. `docs/diagnostics.md` documents each one.
public struct DiagnosticCode: Hashable, Sendable, CustomStringConvertible {
    /// The kebab-case id, e.g. `unknown-validator`.
    public let id: String
    /// The severity a diagnostic with this code has unless stated otherwise.
    public let defaultSeverity: Severity
    /// One line saying what the code means.
    public let summary: String

    /// Declares a code.
    public init(_ id: String, _ defaultSeverity: Severity, _ summary: String) {
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.summary = summary
    }

    public static func == (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    public var description: String { id }

    /// Every code Rulebook can report, grouped by the stage that reports it.
    public static let all: [DiagnosticCode] = syntaxCodes + checkingCodes + localizationCodes + limitCodes

    /// Looks a code up by id.
    public static func named(_ id: String) -> DiagnosticCode? { all.first { $0.id == id } }
}
