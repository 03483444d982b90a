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
    /// A translation uses a placeholder its base message does not have.
    package static let unknownPlaceholder = DiagnosticCode(
        "unknown-placeholder", .error, "A translation using a placeholder the base message does not have.")
    /// A translation drops a placeholder its base message has.
    package static let missingPlaceholder = DiagnosticCode(
        "missing-placeholder", .warning, "A translation that drops a placeholder of the base message.")
    /// A key of the base catalogue that a translation lacks.
    package static let missingTranslation = DiagnosticCode(
        "missing-translation", .warning, "A base catalogue key that a translation does not define.")
    /// A key that only a translation defines.
    package static let extraTranslation = DiagnosticCode(
        "extra-translation", .warning, "A translation key that the base catalogue does not define.")
    /// A plural message lacks a category its locale needs.
    package static let missingPluralCategory = DiagnosticCode(
        "missing-plural-category", .error, "A plural message without a category its locale's CLDR rules need.")
    /// A plural message has a category its locale never selects.
    package static let unusedPluralCategory = DiagnosticCode(
        "unused-plural-category", .warning, "A plural case for a category the locale's CLDR rules never select.")
    /// A catalogue file name that is not a well-formed or known locale.
    package static let unknownLocale = DiagnosticCode(
        "unknown-locale", .error, "A catalogue file whose name is not a well-formed BCP 47 locale Rulebook knows.")
    /// A catalogue directory without the base `en.json`.
    package static let missingBaseCatalog = DiagnosticCode(
        "missing-base-catalog", .error, "A catalogue directory without the base catalogue en.json.")

    package static var localizationCodes: [DiagnosticCode] {
        [
            catalogInvalidJSON, catalogNotFlat, catalogDuplicateKey, messageSyntax, unknownPlaceholder, missingPlaceholder,
            missingTranslation, extraTranslation, missingPluralCategory, unusedPluralCategory, unknownLocale, missingBaseCatalog,
        ]
    }
}
