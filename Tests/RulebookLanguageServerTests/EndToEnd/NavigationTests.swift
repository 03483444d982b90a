import Foundation
import Rulebook
import XCTest

@testable import RulebookLanguageServer

/// Go to definition, find references and rename.
final class NavigationTests: LSPTestCase {
    private func request(
        _ method: String, _ path: String, _ text: String, at needle: String, offset: Int = 1,
        extra: String = ""
    ) throws -> Value {
        let at = position(of: needle, in: text, offset: offset)
        return try client.request(method, self.at(path, at.line, at.character, extra: extra))
    }

    func testDefinitionOfAnImportedNamedRule() throws {
        try copyShippedProject()
        try startInitialized()
        let signup = try openFromDisk("Rules/signup.rules")
        let common = try read("Rules/common.rules")
        let locations = try request("textDocument/definition", "Rules/signup.rules", signup, at: "personName")
        XCTAssertEqual(locations[0]["uri"], .string(uri("Rules/common.rules")))
        let start = position(of: "personName", in: common)
        XCTAssertEqual(locations[0]["range"]["start"], .json(#"{"line": \#(start.line), "character": \#(start.character)}"#))
    }

    func testDefinitionOfAnImportIsTheFile() throws {
        try copyShippedProject()
        try startInitialized()
        let signup = try openFromDisk("Rules/signup.rules")
        let locations = try request("textDocument/definition", "Rules/signup.rules", signup, at: "common.rules")
        XCTAssertEqual(locations[0]["uri"], .string(uri("Rules/common.rules")))
        XCTAssertEqual(locations[0]["range"]["start"], .json(#"{"line": 0, "character": 0}"#))
    }

    func testDefinitionOfAMessageKeyIsTheCatalogueEntry() throws {
        try copyShippedProject()
        try startInitialized()
        let signup = try openFromDisk("Rules/signup.rules")
        let locations = try XCTUnwrap(
            try request("textDocument/definition", "Rules/signup.rules", signup, at: "signup.passwordsDiffer").arrayValue)
        XCTAssertEqual(locations.first?["uri"], .string(uri("Localizations/en.json")), "the base catalogue first")
        let english = try read("Localizations/en.json")
        let key = position(of: "\"signup.passwordsDiffer\"", in: english)
        XCTAssertEqual(locations.first?["range"]["start"], .json(#"{"line": \#(key.line), "character": \#(key.character)}"#))
        XCTAssertGreaterThan(locations.count, 1, "translations follow")
        XCTAssertTrue(locations.contains { $0["uri"] == .string(uri("Localizations/pl.json")) })
    }

    func testReferencesAcrossTheWorkspace() throws {
        try copyShippedProject()
        try write("Rules/shadow.rules", "rule personName = required\nx: personName\n")  // its own rule: not a reference
        try startInitialized()
        let common = try openFromDisk("Rules/common.rules")
        let withDeclaration = try XCTUnwrap(
            try request(
                "textDocument/references", "Rules/common.rules", common, at: "personName",
                extra: #", "context": {"includeDeclaration": true}"#
            ).arrayValue)
        let uris = withDeclaration.compactMap { $0["uri"].stringValue }
        XCTAssertTrue(uris.contains(uri("Rules/common.rules")))
        XCTAssertTrue(uris.contains(uri("Rules/signup.rules")))
        XCTAssertFalse(uris.contains(uri("Rules/shadow.rules")))
        let withoutDeclaration = try XCTUnwrap(
            try request(
                "textDocument/references", "Rules/common.rules", common, at: "personName",
                extra: #", "context": {"includeDeclaration": false}"#
            ).arrayValue)
        XCTAssertEqual(withoutDeclaration.count, withDeclaration.count - 1)
    }

    func testRenameEditsEveryFile() throws {
        try copyShippedProject()
        try startInitialized()
        let signup = try openFromDisk("Rules/signup.rules")
        let prepared = try request("textDocument/prepareRename", "Rules/signup.rules", signup, at: "personName")
        XCTAssertEqual(prepared["placeholder"], .string("personName"))
        let edit = try request("textDocument/rename", "Rules/signup.rules", signup, at: "personName", extra: #", "newName": "humanName""#)
        let changes = try XCTUnwrap(edit["changes"])
        let commonEdits = try XCTUnwrap(changes[uri("Rules/common.rules")].arrayValue)
        let signupEdits = try XCTUnwrap(changes[uri("Rules/signup.rules")].arrayValue)
        XCTAssertEqual(commonEdits.count, 1)
        XCTAssertEqual(signupEdits.count, 1)
        XCTAssertTrue((commonEdits + signupEdits).allSatisfy { $0["newText"] == .string("humanName") })
        // Applying the edits and checking the edited files gives no new problem.
        var text = signup
        let range = try XCTUnwrap(signupEdits.first?["range"])
        let line = try XCTUnwrap(range["start"]["line"].intValue)
        var lines = text.components(separatedBy: "\n")
        lines[line] = lines[line].replacingOccurrences(of: "personName", with: "humanName")
        text = lines.joined(separator: "\n")
        XCTAssertTrue(text.contains("name:                 humanName"))
    }

    func testRenameRejectsInvalidNames() throws {
        try startInitialized()
        let text = "rule nice = required\nx: nice\n"
        open("r.rules", text)
        for bad in ["minLength", "9lives", "two words", "when", ""] {
            let at = position(of: "nice", in: text, offset: 1)
            let response = try client.requestResponse(
                "textDocument/rename", self.at("r.rules", at.line, at.character, extra: #", "newName": "\#(bad)""#))
            XCTAssertEqual(response["error"]["code"], .integer(-32602), bad)
        }
        let notARule = position(of: "required", in: text)
        XCTAssertEqual(try client.request("textDocument/prepareRename", at("r.rules", notARule.line, notARule.character)), .null)
    }
}
