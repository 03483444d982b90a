import XCTest
@testable import Rulebook

final class CatalogEditsTests: XCTestCase {
    private func apply(_ fix: FixIt, to text: String) -> String {
        var bytes = Array(text.utf8)
        for edit in fix.edits.sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func testInsertsBesideItsNamespaceWithTheFilesIndentation() throws {
        let text = """
        {
            "minLength": "{field} is short.",
            "address.postcodeFormat": "Bad postcode.",
            "signup.passwordsDiffer": "Differ.",
            "field.firstName": "First name"
        }
        """
        let fix = CatalogEdits.insertKey("address.stateCode", message: "{field} must be a \"state\".", intoCatalogAt: "L/en.json", text: text)
        XCTAssertEqual(fix.edits.first?.file, "L/en.json")
        let result = apply(fix, to: text)
        XCTAssertTrue(result.contains("""
            "address.postcodeFormat": "Bad postcode.",
            "address.stateCode": "{field} must be a \\"state\\".",
            "signup.passwordsDiffer"
        """), result)
        let catalog = MessageCatalog(locale: "en", path: "L/en.json", text: result)
        XCTAssertEqual(catalog.diagnostics, [])
        XCTAssertEqual(catalog.message(forKey: "address.stateCode")?.source, "{field} must be a \"state\".")
    }

    func testInsertsAfterTheLastMessageWhenNoNamespaceMatches() throws {
        let text = "{\n  \"minLength\": \"x\",\n  \"field.a\": \"A\"\n}\n"
        let result = apply(CatalogEdits.insertKey("profile.tooShort", message: "Too short", intoCatalogAt: "en.json", text: text), to: text)
        XCTAssertEqual(result, "{\n  \"minLength\": \"x\",\n  \"profile.tooShort\": \"Too short\",\n  \"field.a\": \"A\"\n}\n")
    }

    func testEmptyObjectAndMissingFile() {
        let empty = "{}"
        XCTAssertEqual(apply(CatalogEdits.insertKey("k", message: "v", intoCatalogAt: "en.json", text: empty), to: empty),
                       "{\n  \"k\": \"v\"\n}")
        let created = CatalogEdits.insertKey("k", message: "é", intoCatalogAt: "en.json", text: nil)
        XCTAssertEqual(apply(created, to: ""), "{\n  \"k\": \"é\"\n}\n")
    }
}
