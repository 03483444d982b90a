/// A stable diagnostic code: a kebab-case id users can search for and suppress, its
/// default severity, and a one-line summary (SARIF's rule `shortDescription`).
///
/// Every code is declared once, as a static member in one of the
/// `DiagnosticCode+Area.swift` files (those only tooling reports, in RulebookTooling's
/// `DiagnosticCode+Registry.swift`), and listed in `all` there so that SARIF output and
/// the docs enumerate them. `docs/diagnostics.md` documents each one.
package struct DiagnosticCode: Hashable, Sendable, CustomStringConvertible {
    /// The kebab-case id, e.g. `unknown-validator`.
    package let id: String
    /// The severity a diagnostic with this code has unless stated otherwise.
    package let defaultSeverity: Severity
    /// One line saying what the code means.
    package let summary: String

    /// Declares a code.
    package init(_ id: String, _ defaultSeverity: Severity, _ summary: String) {
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.summary = summary
    }

    package static func == (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool { lhs.id == rhs.id }
    package func hash(into hasher: inout Hasher) { hasher.combine(id) }
    package var description: String { id }
}
