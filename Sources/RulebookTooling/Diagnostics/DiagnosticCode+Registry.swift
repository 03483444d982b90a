// Codes that only tooling reports — the lint passes, the catalogue checks and the files
// the command cannot read — and the registry of every code, which SARIF output, the
// project configuration and the docs enumerate. Add a code to its stage's list here and
// to docs/diagnostics.md before reporting it; ids never change once shipped.

import Rulebook

extension DiagnosticCode {
    /// Every code Rulebook can report, grouped by the stage that reports it.
    package static let all: [DiagnosticCode] = syntaxCodes + checkingCodes + localizationCodes + limitCodes

    package static var syntaxCodes: [DiagnosticCode] {
        [unexpectedCharacter, unexpectedToken, unterminatedLiteral, unclosedBlock, invalidEscape, invalidDate, invalidNumber]
    }

    package static var checkingCodes: [DiagnosticCode] {
        [
            unknownValidator, wrongArgumentCount, wrongArgumentKind, invalidArgument, invalidRegex, unsupportedRegex,
            contradiction, redundantRule, duplicateRule, shadowedValidator, ruleCycle, missingImport, importCycle,
            unknownMessageKey, unusedRule, unreachableBlock, unknownField, invalidCondition, misplacedDeclaration, duplicateImport,
        ]
    }

    // MARK: Lint passes
    /// A `when` block whose condition can never hold.
    package static let unreachableBlock = DiagnosticCode(
        "unreachable-block", .warning, "A `when` block whose condition can never hold, so its rules never apply.")
    /// A rule that repeats or is implied by an earlier one on the same field.
    package static let redundantRule = DiagnosticCode("redundant-rule", .warning, "A rule that repeats an earlier rule of the same field.")
    /// The same file imported twice by one file.
    package static let duplicateImport = DiagnosticCode("duplicate-import", .warning, "A file imported more than once by the same file.")
    /// A named rule nobody uses (in a file that is not imported for its rules).
    package static let unusedRule = DiagnosticCode("unused-rule", .warning, "A named rule that nothing uses.")
    /// A path in `same`/`different`/conditions that no statement validates.
    package static let unknownField = DiagnosticCode(
        "unknown-field", .warning, "A field reference that no statement of the rule set mentions.")

    // MARK: Catalogue checks
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

    // MARK: Files the command is given
    /// A file named for checking that cannot be read: missing, a directory, not UTF-8
    /// text (reported at its first invalid byte), or refused by the system.
    package static let unreadableFile = DiagnosticCode("unreadable-file", .error, "A file that cannot be read, or that is not UTF-8 text.")

    package static var limitCodes: [DiagnosticCode] { [limitExceeded, unreadableFile] }
}
