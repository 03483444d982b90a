import Rulebook
import XCTest

@testable import RulebookForms

/// A field's rules as a checklist of requirements, met or not.
final class RequirementsTests: XCTestCase {
    func testPasswordChecklist() throws {
        var form = FormModel(
            rules: try CompiledRuleSet(
                source: """
                    password: required, minLength 8, containsDigit, containsLetter
                    code:     pattern /^[0-9]+$/ message signup.codeFormat
                    """))
        func checklist() -> [String] {
            form.requirements(for: "password").map { "\($0.isMet ? "✓" : "✗") \($0.code): \($0.text)" }
        }
        try form.setValue("abc", at: "password", typing: true)
        XCTAssertEqual(
            checklist(),
            [
                "✓ required: Password is required.",
                "✗ minLength: Password must be at least 8 characters long.",
                "✗ containsDigit: Password must contain at least one digit.",
                "✓ containsLetter: Password must contain at least one letter.",
            ])
        try form.setValue("abcdefg1", at: "password")
        XCTAssertTrue(form.requirements(for: "password").allSatisfy(\.isMet))
        XCTAssertEqual(form.requirements(for: "code").map(\.code), ["signup.codeFormat"])
    }

    func testOnlyRulesThatApplyAreListed() throws {
        var form = FormModel(
            rules: try CompiledRuleSet(
                source: """
                    country:  required
                    postcode: required
                    when country == "FR" { postcode: digits 5 }
                    """))
        XCTAssertEqual(form.requirements(for: "postcode").map(\.code), ["required"])
        try form.setValue("FR", at: "country")
        XCTAssertEqual(form.requirements(for: "postcode").map(\.code), ["required", "digitsCount"])
    }

    func testDisplayNamesFromCataloguesOrHumanised() throws {
        let rules = try CompiledRuleSet(source: "firstName: required\npostal_code: required")
        let catalogs = MessageCatalogs(files: ["de.json": #"{"field.firstName": "Vorname"}"#])
        let german = FormModel(rules: rules, options: ValidationOptions(localizer: catalogs.localizer(locale: "de")))
        XCTAssertEqual(german.displayName(of: "firstName"), "Vorname")
        XCTAssertEqual(german.displayName(of: "postal_code"), "Postal code")
        XCTAssertEqual(FormModel(rules: rules).displayName(of: "firstName"), "First name")
        XCTAssertNil(german.displayName(of: "nickname"))
    }
}
