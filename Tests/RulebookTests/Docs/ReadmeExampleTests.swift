import Foundation
import Rulebook
import XCTest

/// The README's embedding example, as written there, with its printed output asserted.
final class ReadmeExampleTests: XCTestCase {
    struct Profile: Encodable { var firstName, lastName, email: String; var age: Int }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func testEmbeddingExample() throws {
        let rules = try CompiledRuleSet(contentsOfFile: Self.root.appendingPathComponent("Rules/profile.rules").path)
        let report = try rules.validate(Profile(firstName: "A", lastName: "Lee", email: "a@example.com", age: 34))
        XCTAssertEqual(
            report.violations.map { "\($0.field) \($0.message)" },
            ["firstName First name must be at least 2 characters long."])
    }

    func testLocalizedExample() throws {
        let rules = try CompiledRuleSet(contentsOfFile: Self.root.appendingPathComponent("Rules/profile.rules").path)
        let profile = Profile(firstName: "A", lastName: "Lee", email: "a@example.com", age: 34)
        let catalogs = try MessageCatalogs(directory: Self.root.appendingPathComponent("Localizations").path)
        var options = ValidationOptions()
        options.localizer = catalogs.localizer(locale: "pl")
        let polish = try rules.validate(profile, options: options)
        XCTAssertEqual(polish.violations.map(\.message), ["Pole „Imię” musi mieć co najmniej 2 znaki."])
    }

    func testReadmeShowsBothSetUpCommands() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains("swift run rulebook check"))
        XCTAssertTrue(readme.contains("swift test"))
    }
}
