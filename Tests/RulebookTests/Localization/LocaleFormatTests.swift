import RulebookTooling
import XCTest

@testable import Rulebook
@testable import RulebookMessageFormat

final class LocaleFormatTests: XCTestCase {
    private let nbsp = "\u{00A0}", narrow = "\u{202F}"

    func testDecimalAndGroupingPerLocale() {
        let cases: [(String, Double, String)] = [
            ("en", 1234.5, "1,234.5"), ("de", 1.5, "1,5"), ("de", 1234567.25, "1.234.567,25"),
            ("de-AT", 1234.5, "1\(nbsp)234,5"), ("fr", 1234.5, "1\(narrow)234,5"), ("es", 1234, "1234"),
            ("es", 12345, "12.345"), ("pl", 1234, "1234"), ("pl", 12345.5, "12\(nbsp)345,5"), ("ja", 1_234_567, "1,234,567"),
            ("ar", 1234.5, "١٬٢٣٤٫٥"), ("ar", 22, "٢٢"), ("sv", -5, "\u{2212}5"), ("en", -1234, "-1,234"), ("en", 0, "0"),
            ("en", -0.0, "0"), ("en", 0.00001, "0.00001"), ("en", 1e20, "100,000,000,000,000,000,000"), ("xx", 1234.5, "1,234.5"),
        ]
        for (locale, value, expected) in cases {
            XCTAssertEqual(LocaleFormat.forLocale(locale).formatNumber(value), expected, "\(locale) \(value)")
        }
    }

    func testPlainDecimalNeverUsesExponents() {
        XCTAssertEqual(LocaleFormat.plainDecimal(2), "2")
        XCTAssertEqual(LocaleFormat.plainDecimal(2.5), "2.5")
        XCTAssertEqual(LocaleFormat.plainDecimal(1.25e-5), "0.0000125")
        XCTAssertEqual(LocaleFormat.plainDecimal(-3e17), "-300000000000000000")
        XCTAssertEqual(LocaleFormat.plainDecimal(.nan), "NaN")
        XCTAssertEqual(LocaleFormat.plainDecimal(-.infinity), "-∞")
    }

    func testDatesPerLocale() {
        let date = CalendarDate(year: 2026, month: 1, day: 5)!
        let cases: [(String, DateStyle, String)] = [
            ("en", .short, "1/5/26"), ("en", .medium, "Jan 5, 2026"), ("en", .long, "January 5, 2026"),
            ("de", .short, "05.01.26"), ("de", .medium, "05.01.2026"), ("de", .long, "5. Januar 2026"),
            ("de-AT", .long, "5. Jänner 2026"), ("fr", .medium, "5 janv. 2026"), ("fr", .long, "5 janvier 2026"),
            ("es", .short, "5/1/26"), ("es", .long, "5 de enero de 2026"), ("pl", .short, "5.01.2026"), ("pl", .long, "5 stycznia 2026"),
            ("ja", .long, "2026年1月5日"), ("ja", .short, "2026/01/05"), ("ar", .long, "٥ يناير ٢٠٢٦"),
            ("ar", .short, "٥\u{200F}/١\u{200F}/٢٠٢٦"), ("ru", .long, "5 января 2026 г."), ("xx", .short, "2026-01-05"),
        ]
        for (locale, style, expected) in cases {
            XCTAssertEqual(LocaleFormat.forLocale(locale).formatDate(date, style: style), expected, "\(locale) \(style)")
        }
    }

    func testEveryPluralLocaleHasFormats() {
        for locale in PluralRulesTests.requiredLocales {
            XCTAssertTrue(LocaleFormat.hasData(for: locale), locale)
            XCTAssertEqual(LocaleFormat.forLocale(locale).dates.monthsWide.count, 12, locale)
            XCTAssertEqual(LocaleFormat.forLocale(locale).dates.monthsAbbreviated.count, 12, locale)
        }
    }

    func testPluralSelectionUsesTheNumberAsFormatted() throws {
        // 1.0 is not "one" in English: the renderer chooses on the digits it shows.
        let format = try MessageFormat.parse("{n, plural, one {# item} other {# items}}").get()
        XCTAssertEqual(format.render(["n": .number(1)], locale: "en"), "1 item")
        XCTAssertEqual(format.render(["n": .number(1.5)], locale: "en"), "1.5 items")
        XCTAssertEqual(format.render(["n": .text("1.0")], locale: "en"), "1.0 items", "numeric text keeps its visible digits")
    }

    func testLocaleTags() {
        XCTAssertEqual(LocaleTag.canonical("de_at"), "de-AT")
        XCTAssertEqual(LocaleTag.canonical("ZH-hant-tw"), "zh-Hant-TW")
        XCTAssertEqual(LocaleTag.fallbackChain(for: "de-AT", base: "en"), ["de-AT", "de", "en"])
        XCTAssertEqual(LocaleTag.fallbackChain(for: "en-GB", base: "en"), ["en-GB", "en"])
        XCTAssertEqual(LocaleTag.fallbackChain(for: "zh-Hant-TW", base: "en"), ["zh-Hant-TW", "zh-Hant", "zh", "en"])
        for good in ["en", "de-AT", "zh-Hant-TW", "es-419", "sr-Latn", "ca-ES-valencia"] {
            XCTAssertTrue(LocaleTag.isWellFormed(good), good)
        }
        for bad in ["", "de_AT", "DE", "de-at", "english", "e", "de-", "zh-hant"] { XCTAssertFalse(LocaleTag.isWellFormed(bad), bad) }
    }

    func testHumanizedFieldNames() {
        let cases = [
            "firstName": "First name", "line1": "Line 1", "postal_code": "Postal code", "homepageURL": "Homepage URL",
            "first-name": "First name", "URLPath": "URL path", "sku": "Sku", "x": "X", "passwordConfirmation": "Password confirmation",
            "Größe": "Größe",
        ]
        for (key, expected) in cases {
            XCTAssertEqual(FieldNames.humanized(FieldPath([.key(key)])), expected, key)
        }
        XCTAssertEqual(FieldNames.humanized(FieldPath([.key("items"), .wildcard, .key("unitPrice")])), "Unit price")
        XCTAssertEqual(FieldNames.humanized(FieldPath([])), "Value")
    }
}
