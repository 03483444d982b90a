// Catalogue diagnostics: owned by the localisation stage. `rulebook check` and the
// language server report them for `Localizations/*.json` (see CatalogChecker).

extension DiagnosticCode {
    /// A catalogue file that is not valid JSON.
    package static let catalogInvalidJSON = DiagnosticCode("catalog-invalid-json", .error, "A message catalogue that is not valid JSON.")
    /// A catalogue that is not one flat object mapping keys to strings.
    package static let catalogNotFlat = DiagnosticCode(
        "catalog-not-flat", .error, "A message catalogue that is not a flat JSON object of strings.")
    /// The same key twice in one catalogue.
    package static let catalogDuplicateKey = DiagnosticCode(
        "catalog-duplicate-key", .error, "A key defined twice in one message catalogue.")
    /// A message that does not parse as ICU MessageFormat.
    package static let messageSyntax = DiagnosticCode("message-syntax", .error, "A catalogue message that is not valid ICU MessageFormat.")
}
