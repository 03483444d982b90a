import RulebookTooling
import XCTest

@testable import Rulebook
@testable import RulebookMessageFormat

final class LocalizerTests: XCTestCase {
    private let catalogs = MessageCatalogs(files: [
        "L/en.json": """
        {"minLength": "EN generic {field} {min}", "firstName.minLength": "EN field-specific {field}",
         "my.override": "EN override {field}", "maxItems": "{field}: at most {max, plural, one {# item} other {# items}}",
         "field.firstName": "Given name"}
        """,
        "L/de.json": #"{"minLength": "DE {field} {min}", "field.firstName": "Vorname"}"#,
        "L/de-AT.json": #"{"my.override": "AT {field}"}"#,
        "L/pl.json": #"{"field.firstName": "Imię"}"#,
    ])

    private func render(
        _ locale: String, _ key: String, field: String = "firstName", min: Double = 2,
        override: MessageOverride? = nil
    ) -> String {
        catalogs.render(L10n.request(field, key, [("min", .number(min)), ("max", .number(min))], override: override), locale: locale)
    }

    func testOverrideKeyComesFirstInTheRequestedLocale() {
        XCTAssertEqual(render("de-AT", "minLength", override: .key("my.override")), "AT Vorname")
    }

    func testTheUsersLanguageWinsOverSpecificity() {
        // de has no override and no field-specific message: its generic message beats
        // the English override and the English field-specific message.
        XCTAssertEqual(render("de", "minLength", override: .key("my.override")), "DE Vorname 2")
        XCTAssertEqual(render("de", "minLength"), "DE Vorname 2")
    }

    func testLoadingALocalesChainRendersAsLoadingEveryCatalogue() throws {
        let directory = L10n.localizationsDirectory
        for locale in ["de-AT", "pt-BR", "pl", "en", "xx"] {
            let chain = try MessageCatalogs(directory: directory, chainOf: locale)
            let expected = LocaleTag.fallbackChain(for: LocaleTag.canonical(locale), base: "en").filter(L10n.shippedLocales.contains)
            XCTAssertEqual(chain.locales, expected.sorted(), locale)
            for key in ["minLength", "between", "email"] {
                let request = L10n.request("firstName", key, [("min", .number(2)), ("max", .number(9))])
                XCTAssertEqual(chain.render(request, locale: locale), L10n.shipped.render(request, locale: locale), "\(locale) \(key)")
            }
        }
        XCTAssertEqual(try MessageCatalogs.locales(in: directory), L10n.shippedLocales.sorted())
    }

    func testRegionalLocaleFallsBackToItsLanguage() {
        XCTAssertEqual(render("de-AT", "minLength"), "DE Vorname 2")
        XCTAssertEqual(render("de_at", "minLength"), "DE Vorname 2", "tags are canonicalised")
    }

    func testFieldSpecificBeatsValidatorKeyInOneCatalogue() {
        XCTAssertEqual(render("en", "minLength"), "EN field-specific Given name")
        XCTAssertEqual(render("en", "minLength", field: "lastName"), "EN generic Last name 2")
        XCTAssertEqual(render("en", "minLength", override: .key("my.override")), "EN override Given name")
    }

    func testUnknownLocaleFallsBackToTheBase() {
        XCTAssertEqual(render("fr-CA", "minLength"), "EN field-specific Given name")
    }

    func testBaseFallbackRendersInTheBasesConventions() {
        // pl lacks maxItems: the English message renders with English plural rules and digits.
        XCTAssertEqual(render("pl", "maxItems", min: 22), "Imię: at most 22 items")
        XCTAssertEqual(render("pl", "maxItems", min: 1.5), "Imię: at most 1.5 items")
    }

    func testBuiltInEnglishWhenNoCatalogueHasTheKey() {
        XCTAssertEqual(render("de", "maxLength"), "Vorname must be at most 2 characters long.")
        XCTAssertEqual(render("de", "noSuchKey"), "Vorname is invalid.", "never a raw key")
        XCTAssertEqual(render("de", "minLength", override: .key("no.such.key")), "DE Vorname 2", "an unknown override key falls through")
    }

    /// minAge/maxAge say the field is a date (not "Birthday must be at least 18 years"),
    /// in the built-in defaults and the shipped base catalogue alike.
    func testAgeMessagesReadAsDates() {
        for (key, bound) in [("minAge", "least"), ("maxAge", "most")] {
            let eighteen = L10n.request("birthday", key, [("age", .number(18))])
            let one = L10n.request("birthday", key, [("age", .number(1))])
            XCTAssertEqual(DefaultMessages().render(eighteen), "Birthday must be a date at \(bound) 18 years ago.")
            XCTAssertEqual(L10n.shipped.render(eighteen, locale: "en"), "Date of birth must be a date at \(bound) 18 years ago.")
            XCTAssertEqual(L10n.shipped.render(one, locale: "en"), "Date of birth must be a date at \(bound) 1 year ago.")
        }
    }

    func testLiteralOverrides() {
        XCTAssertEqual(render("de", "minLength", override: .literal("Too short")), "Too short")
        XCTAssertEqual(render("de", "minLength", override: .literal("{field} needs {min}+")), "Vorname needs 2+")
        XCTAssertEqual(render("de", "minLength", override: .literal("Don't {")), "Don't {", "unparsable literal shown as written")
    }

    func testDisplayNames() {
        let german = catalogs.localizer(locale: "de-AT")
        XCTAssertEqual(german.displayName(of: L10n.path("firstName")), "Vorname")
        XCTAssertEqual(german.displayName(of: L10n.path("items[*].unitPrice")), "Unit price")
        XCTAssertEqual(catalogs.localizer(locale: "fr").displayName(of: L10n.path("firstName")), "Given name")
    }

    func testRegionalConventionsApplyToParentMessages() {
        XCTAssertEqual(render("de-AT", "minLength", min: 1234.5), "DE Vorname 1\u{00A0}234,5")
        XCTAssertEqual(render("de", "minLength", min: 1234.5), "DE Vorname 1.234,5")
    }

    func testFieldArgumentsRenderAsDisplayNames() {
        let request = L10n.request("passwordConfirmation", "same", [("other", .field(L10n.path("firstName")))])
        XCTAssertEqual(catalogs.render(request, locale: "de"), "Password confirmation must match Vorname.")
    }

    func testDefaultMessagesRenderEveryFormInEnglish() {
        let messages = DefaultMessages()
        XCTAssertEqual(
            messages.render(L10n.request("firstName", "minLength", [("min", .number(1))])),
            "First name must be at least 1 character long.")
        XCTAssertEqual(
            messages.render(L10n.request("firstName", "minLength", [("min", .number(2))])),
            "First name must be at least 2 characters long.")
        for form in ValidatorDefinition.all.flatMap(\.forms) {
            let text = messages.render(L10n.request("items[*].sku", form.messageKey, L10n.arguments(for: form)))
            XCTAssertFalse(text.contains("{") || text.contains("}"), text)
            XCTAssertNotEqual(text, form.messageKey)
            XCTAssertTrue(text.hasPrefix("Sku "), text)
        }
    }

    func testLocalizerIsSendableAndUsableConcurrently() {
        let catalogs = self.catalogs
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let locale = index.isMultiple(of: 2) ? "de" : "en"
            let text = catalogs.render(L10n.request("lastName", "minLength", [("min", .number(Double(index)))]), locale: locale)
            XCTAssertTrue(text.hasSuffix(" \(index)"), text)
        }
    }
}
