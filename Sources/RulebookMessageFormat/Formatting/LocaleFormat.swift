/// How numbers, dates and lists are written in one locale, independent of the
/// process locale (Foundation on Linux ignores `LANG` and reports `en_001`).
///
/// Symbols and patterns are transcribed from CLDR 46 (`numbers/symbols` of the
/// default numbering system, `minimumGroupingDigits`, and the Gregorian `dateFormats`
/// short/medium/long with format-context month names); see `LocaleFormat+Data.swift`
/// and docs/localization.md. Arabic (`ar`) uses CLDR's default numbering system for
/// the language, Arabic-Indic digits (٠١٢…٩ with ٫ and ٬), for every region: the
/// Maghreb regions that CLDR writes with Latin digits (`ar-MA`, `ar-DZ`, `ar-TN`) are
/// not distinguished yet.
@usableFromInline
package struct LocaleFormat: Sendable, Hashable {
    /// The tag these conventions belong to (`root` for the fallback).
    package let locale: String
    /// Between the integer and fraction digits (`.`, `,`, `٫`).
    package let decimalSeparator: String
    /// Between groups of three integer digits (`,`, `.`, U+00A0, U+202F, `٬`).
    package let groupSeparator: String
    /// Integer digits needed before grouping starts: 1 groups `1,234`; 2 (Spanish,
    /// Polish) writes `1234` but `12 345`.
    package let minimumGroupingDigits: Int
    /// The digit zero of the numbering system; the others follow it (`0` or `٠`).
    package let zeroDigit: Unicode.Scalar
    /// Written before negative numbers.
    package let minusSign: String
    /// Between the items of a list (`, `, `、`, `، `).
    @usableFromInline package let listSeparator: String
    /// Date patterns and month names.
    package let dates: DateFormatData

    /// The conventions for a tag: the tag, its prefixes, then `root` (which writes like
    /// English without grouping surprises: `1,234.5`, ISO dates).
    package static func forLocale(_ tag: String) -> LocaleFormat {
        for candidate in LocaleTag.truncations(of: tag) {
            if let format = table[candidate] { return format }
        }
        return root
    }
}

/// A date format length, as in `{d, date, short}`.
@usableFromInline
package enum DateStyle: String, Sendable, Hashable, CaseIterable {
    case short, medium, long
}

/// Date patterns (CLDR pattern syntax: `d dd M MM MMM MMMM y yy` and `'quoted'`
/// text) and the format-context month names of one locale.
package struct DateFormatData: Sendable, Hashable {
    package let short: String
    package let medium: String
    package let long: String
    /// January … December, as used inside a date (genitive where the language has one).
    package let monthsWide: [String]
    /// Abbreviated month names for `MMM`.
    package let monthsAbbreviated: [String]

    /// The pattern for a style.
    package func pattern(_ style: DateStyle) -> String {
        switch style {
        case .short: short
        case .medium: medium
        case .long: long
        }
    }
}
