import XCTest

@testable import Rulebook

/// The engine caches rendered messages per renderer identity: a localiser must share
/// the cache with itself and never with another locale or another set of catalogues.
final class LocalizerCacheTests: XCTestCase {
    private let rules = try! CompiledRuleSet(source: "firstName: minLength 2\n")
    private let record: Value = ["firstName": "A"]

    private func message(_ messages: any MessageRendering) -> String? {
        var options = ValidationOptions()
        options.messages = messages
        return rules.validate(record, options: options).violations.first?.message
    }

    func testSameCataloguesAndLocaleShareAnIdentity() {
        let catalogs = MessageCatalogs(files: ["en.json": #"{"minLength": "Too short: {field}."}"#])
        XCTAssertEqual(catalogs.localizer(locale: "en").cacheIdentity, catalogs.localizer(locale: "en").cacheIdentity)
        XCTAssertNotEqual(catalogs.localizer(locale: "en").cacheIdentity, catalogs.localizer(locale: "de").cacheIdentity)
        XCTAssertEqual(message(catalogs.localizer(locale: "en")), "Too short: First name.")
        XCTAssertEqual(message(catalogs.localizer(locale: "en")), "Too short: First name.")
    }

    func testDifferentCataloguesNeverShareCachedMessages() {
        let first = MessageCatalogs(files: ["en.json": #"{"minLength": "First: {field}."}"#])
        let second = MessageCatalogs(files: ["en.json": #"{"minLength": "Second: {field}."}"#])
        XCTAssertEqual(message(first.localizer(locale: "en")), "First: First name.")
        XCTAssertEqual(message(second.localizer(locale: "en")), "Second: First name.")
        XCTAssertEqual(message(first.localizer(locale: "en")), "First: First name.")
    }

    func testLocalesNeverShareCachedMessages() {
        let catalogs = MessageCatalogs(files: [
            "en.json": #"{"minLength": "Short: {field}."}"#,
            "de.json": #"{"minLength": "Kurz: {field}."}"#,
        ])
        XCTAssertEqual(message(catalogs.localizer(locale: "en")), "Short: First name.")
        XCTAssertEqual(message(catalogs.localizer(locale: "de")), "Kurz: First name.")
    }
}
