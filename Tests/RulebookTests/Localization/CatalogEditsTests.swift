import RulebookTooling
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
        let fix = CatalogEdits.insertKey(
            "address.stateCode", message: "{field} must be a \"state\".", intoCatalogAt: "L/en.json", text: text)
        XCTAssertEqual(fix.edits.first?.file, "L/en.json")
        let result = apply(fix, to: text)
        XCTAssertTrue(
            result.contains(
                """
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
        XCTAssertEqual(
            apply(CatalogEdits.insertKey("k", message: "v", intoCatalogAt: "en.json", text: empty), to: empty),
            "{\n  \"k\": \"v\"\n}")
        let created = CatalogEdits.insertKey("k", message: "é", intoCatalogAt: "en.json", text: nil)
        XCTAssertEqual(apply(created, to: ""), "{\n  \"k\": \"é\"\n}\n")
    }
}

final class CatalogMessageKeyOptionsTests: XCTestCase {
    private func check(_ rules: String, _ catalogs: MessageCatalogs) -> [Diagnostic] {
        let tree = Parser.parse(SourceFile(path: "form.rules", text: rules))
        return Checker(options: .checkingMessageKeys(against: catalogs)).check(tree: tree).diagnostics
    }

    func testShippedOverrideKeysAreKnown() {
        let diagnostics = check("postcode: pattern /^[0-9]{5}$/ message address.postcodeFormat", L10n.shipped)
        XCTAssertEqual(diagnostics.filter { $0.code == .unknownMessageKey }, [])
    }

    func testUnknownKeyOffersToAddItToTheBaseCatalogue() throws {
        let base = "{\n  \"required\": \"{field} is required.\",\n  \"profile.other\": \"x\",\n  \"field.a\": \"A\"\n}\n"
        let catalogs = MessageCatalogs(files: ["Localizations/en.json": base])
        let diagnostics = check("name: required message profile.nameTooShort", catalogs)
        let diagnostic = try XCTUnwrap(diagnostics.first { $0.code == .unknownMessageKey })
        let fix = try XCTUnwrap(diagnostic.fixIts.first { $0.message.contains("Localizations/en.json") })
        let edit = try XCTUnwrap(fix.edits.first)
        XCTAssertEqual(edit.file, "Localizations/en.json")
        var bytes = Array(base.utf8)
        bytes.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.replacement.utf8))
        let fixed = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(fixed.contains("\"profile.other\": \"x\",\n  \"profile.nameTooShort\": \"{field} is invalid.\",\n"), fixed)
        XCTAssertEqual(CatalogChecker.check(files: ["Localizations/en.json": fixed]), [])
    }

    func testWithoutABaseCatalogueKeysAreNotChecked() {
        XCTAssertEqual(check("name: required message any.key", .empty).filter { $0.code == .unknownMessageKey }, [])
    }
}
