import XCTest

@testable import Rulebook

/// Literal messages translated by their rule's key, and an app's catalogues layered over
/// the shipped ones.
final class AppCatalogLayeringTests: XCTestCase {
    func record(_ value: Value) -> Value { value }

    let shipped = MessageCatalogs(files: [
        "en.json": #"{"minLength": "{field} is too short.", "required": "{field} is required."}"#,
        "de.json": #"{"minLength": "{field} ist zu kurz.", "required": "{field} ist erforderlich.", "field.name": "Name"}"#,
    ])

    func testAnAppCatalogueOverridesSomeKeysAndKeepsTheRest() throws {
        let app = MessageCatalogs(files: ["de.json": #"{"required": "Bitte {field} angeben.", "field.name": "Vorname"}"#])
        let layered = shipped.layering(app)
        let rules = try CompiledRuleSet(source: "name: required, minLength 3")
        let options = ValidationOptions(localizer: layered.localizer(locale: "de"))
        XCTAssertEqual(rules.validate(record(["name": ""]), options: options).violations.map(\.message), ["Bitte Vorname angeben."])
        XCTAssertEqual(
            rules.validate(record(["name": "Al"]), options: options).violations.map(\.message), ["Vorname ist zu kurz."],
            "the shipped German minLength stays")
        let appOnly = ValidationOptions(localizer: app.localizer(locale: "de"))
        XCTAssertEqual(
            rules.validate(record(["name": "Al"]), options: appOnly).violations.map(\.message),
            ["Vorname must be at least 3 characters long."],
            "without layering, the app catalogue alone loses the shipped German texts")
    }

    func testALiteralMessageIsTranslatedByItsRulesKey() throws {
        let rules = try CompiledRuleSet(source: #"code: minLength 4 message "Too short for a code""#)
        let german = shipped.layering(MessageCatalogs(files: ["de.json": #"{"code.minLength": "Zu kurz für einen Code"}"#]))
        XCTAssertEqual(
            rules.validate(record(["code": "ab"]), options: ValidationOptions(localizer: german.localizer(locale: "de")))
                .violations.map(\.message), ["Zu kurz für einen Code"])
        XCTAssertEqual(
            rules.validate(record(["code": "ab"]), options: ValidationOptions(localizer: german.localizer(locale: "fr")))
                .violations.map(\.message), ["Too short for a code"], "no translation: the literal as written")
    }
}
