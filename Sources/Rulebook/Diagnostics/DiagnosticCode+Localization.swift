// Catalogue diagnostics: owned by the localisation stage.

extension DiagnosticCode {
    public static var localizationCodes: [DiagnosticCode] { [] }
}
