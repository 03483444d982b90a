import RulebookTooling
import XCTest

@testable import Rulebook
@testable import RulebookMessageFormat

final class PluralRulesTests: XCTestCase {
    static let requiredLocales = [
        "en", "de", "fr", "es", "it", "pt", "pt-PT", "nl", "sv", "pl", "ru", "uk", "cs", "ar",
        "he", "ja", "zh", "ko", "tr",
    ]

    func testEveryRequiredLocaleHasItsOwnRules() {
        for locale in Self.requiredLocales {
            XCTAssertEqual(PluralRules.forLocale(locale).locale, locale, locale)
        }
        XCTAssertEqual(PluralRules.cldrVersion, "46")
    }

    /// Each CLDR rule set is parsed once and shared: every locale of every set still gets
    /// rules under its own name, with that set's categories.
    func testEveryLocaleOfEverySetHasTheSetsRulesUnderItsOwnName() {
        for set in PluralRules.cldrRuleSets {
            let categories = Set(set.rules.map(\.0))
            for locale in set.locales {
                let rules = PluralRules.forLocale(locale)
                XCTAssertEqual(rules.locale, locale)
                XCTAssertEqual(Set(rules.categories), categories, locale)
            }
        }
    }

    func testEveryPinnedConditionParses() {
        for set in PluralRules.cldrRuleSets {
            for (category, text) in set.rules where category != .other {
                XCTAssertNotNil(PluralCondition(text), "\(set.locales) \(category): \(text)")
            }
        }
    }

    /// CLDR's own sample numbers: every `@integer` and `@decimal` sample of every
    /// category lands in that category.
    func testEveryCLDRSampleLandsInItsCategory() {
        var checked = 0
        for locale in Self.requiredLocales {
            let rules = PluralRules.forLocale(locale)
            for (category, text) in rules.ruleText {
                let samples = PluralSamples.expand(text)
                XCTAssertFalse(samples.integers.isEmpty && samples.decimals.isEmpty, "\(locale) \(category) has samples")
                for sample in samples.integers + samples.decimals {
                    XCTAssertEqual(rules.category(forDecimal: sample), category, "\(locale): \(sample)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 1_000)
    }

    /// The numbers the issue names, per locale, in the order
    /// 0, 1, 2, 3, 5, 11, 21, 22, 25, 101, 1.5 (written out by hand from the rules).
    func testListedNumbersPerLocale() {
        let numbers = ["0", "1", "2", "3", "5", "11", "21", "22", "25", "101", "1.5"]
        let expected: [String: String] = [
            "en": "other one other other other other other other other other other",
            "de": "other one other other other other other other other other other",
            "nl": "other one other other other other other other other other other",
            "sv": "other one other other other other other other other other other",
            "tr": "other one other other other other other other other other other",
            "it": "other one other other other other other other other other other",
            "pt-PT": "other one other other other other other other other other other",
            "es": "other one other other other other other other other other other",
            "fr": "one one other other other other other other other other one",
            "pt": "one one other other other other other other other other one",
            "he": "other one two other other other other other other other other",
            "cs": "other one few few other other other other other other many",
            "pl": "many one few few many many many few many many other",
            "ru": "many one few few many many one few many one other",
            "uk": "many one few few many many one few many one other",
            "ar": "zero one two few few many many many many other other",
            "ja": "other other other other other other other other other other other",
            "zh": "other other other other other other other other other other other",
            "ko": "other other other other other other other other other other other",
        ]
        XCTAssertEqual(Set(expected.keys), Set(Self.requiredLocales))
        for (locale, line) in expected {
            let rules = PluralRules.forLocale(locale)
            let categories = line.split(separator: " ").map { PluralCategory(rawValue: String($0)) }
            for (number, category) in zip(numbers, categories) {
                XCTAssertEqual(rules.category(forDecimal: number), category, "\(locale): \(number)")
            }
        }
    }

    func testVisibleFractionDigitsChangeTheCategory() {
        let english = PluralRules.forLocale("en")
        XCTAssertEqual(english.category(forDecimal: "1"), .one)
        XCTAssertEqual(english.category(forDecimal: "1.0"), .other)
        let polish = PluralRules.forLocale("pl")
        XCTAssertEqual(polish.category(forDecimal: "2"), .few)
        XCTAssertEqual(polish.category(forDecimal: "2.0"), .other)
        let turkish = PluralRules.forLocale("tr")
        XCTAssertEqual(turkish.category(forDecimal: "1.0"), .one, "n = 1 ignores visible zeros")
        let french = PluralRules.forLocale("fr")
        XCTAssertEqual(french.category(forDecimal: "1000000"), .many)
        XCTAssertEqual(french.category(forDecimal: "1c6"), .many)
        XCTAssertEqual(french.category(forDecimal: "1c3"), .other)
    }

    func testRegionalTagsUseTheirLanguageAndUnknownLanguagesUseRoot() {
        XCTAssertEqual(PluralRules.forLocale("de-AT").locale, "de")
        XCTAssertEqual(PluralRules.forLocale("pt-BR").locale, "pt")
        XCTAssertEqual(PluralRules.forLocale("pt_PT").locale, "pt-PT")
        XCTAssertEqual(PluralRules.forLocale("xx").locale, "root")
        XCTAssertEqual(PluralRules.forLocale("xx").categories, [.other])
        XCTAssertFalse(PluralRules.hasRules(for: "xx"))
        XCTAssertEqual(PluralRules.forLocale("ar").categories, [.zero, .one, .two, .few, .many, .other])
        XCTAssertEqual(PluralRules.forLocale("pl").categories, [.one, .few, .many, .other])
        XCTAssertEqual(PluralRules.forLocale("ja").categories, [.other])
    }

    func testOperands() throws {
        let plain = try XCTUnwrap(PluralOperands(decimal: "1.50"))
        XCTAssertEqual(plain, PluralOperands(i: 1, v: 2, w: 1, f: 50, t: 5))
        let compact = try XCTUnwrap(PluralOperands(decimal: "1.0000001c6"))
        XCTAssertEqual(compact, PluralOperands(i: 1_000_000, v: 1, w: 1, f: 1, t: 1, e: 6))
        let negative = try XCTUnwrap(PluralOperands(decimal: "-22"))
        XCTAssertEqual(negative, PluralOperands(i: 22, v: 0, w: 0, f: 0, t: 0))
        XCTAssertEqual(PluralOperands(integer: -5), PluralOperands(i: 5, v: 0, w: 0, f: 0, t: 0))
        let huge = try XCTUnwrap(PluralOperands(decimal: "1000000000000000000001"))
        XCTAssertTrue(huge.isHuge)
        XCTAssertEqual(PluralRules.forLocale("en").category(for: huge), .other, "n = 1 must not match a huge number ending in 1")
        XCTAssertEqual(PluralRules.forLocale("ru").category(for: huge), .one, "i % 10 = 1 still applies")
        for bad in ["", ".", "1.", "abc", "1..2", "1c", "--1", "1e5e5"] {
            XCTAssertNil(PluralOperands(decimal: bad), bad)
        }
    }

    func testConditionParserRejectsMalformedRules() {
        for bad in ["n", "n =", "x = 1", "n = 1 and", "n % = 1", "n = 3..1", "n = 1 or or n = 2", "n == 1"] {
            XCTAssertNil(PluralCondition(bad), bad)
        }
        XCTAssertNotNil(PluralCondition(""))
        XCTAssertTrue(PluralCondition("")?.matches(PluralOperands(integer: 7)) == true)
    }

    func testSampleExpansion() {
        let samples = PluralSamples.expand("v = 0 @integer 2~4, 22, … @decimal 0.00~0.03, 1.5")
        XCTAssertEqual(samples.integers, ["2", "3", "4", "22"])
        XCTAssertEqual(samples.decimals, ["0.00", "0.01", "0.02", "0.03", "1.5"])
    }
}
