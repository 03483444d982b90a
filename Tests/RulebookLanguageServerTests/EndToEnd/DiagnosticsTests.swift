import Foundation
import Rulebook
import RulebookTooling
import XCTest

@testable import RulebookLanguageServer

/// Diagnostics are the checker's, through the same library call `rulebook check` makes:
/// imports across editor buffers and disk, catalogues, dependents re-checked.
final class DiagnosticsTests: LSPTestCase {
    private func codes(_ diagnostics: [Value]) -> [String] { diagnostics.compactMap { $0["code"].stringValue } }

    func testUnknownValidatorWithFixAsQuickFix() throws {
        try startInitialized()
        let text = "name: required, minLenght 2\n"
        open("a.rules", text)
        let diagnostics = try diagnostics("a.rules", version: 1)
        XCTAssertEqual(codes(diagnostics), ["unknown-validator"])
        let diagnostic = try XCTUnwrap(diagnostics.first)
        XCTAssertEqual(diagnostic["source"], .string("rulebook"))
        XCTAssertEqual(diagnostic["severity"], .integer(1))
        XCTAssertTrue(diagnostic["message"].stringValue?.contains("did you mean 'minLength'") ?? false)
        let start = position(of: "minLenght", in: text)
        XCTAssertEqual(diagnostic["range"]["start"], .json(#"{"line": \#(start.line), "character": \#(start.character)}"#))

        let actions = try client.request(
            "textDocument/codeAction",
            .json(
                """
                {"textDocument": {"uri": "\(uri("a.rules"))"}, "range": \(diagnostic["range"].map(json) ?? "null"),
                 "context": {"diagnostics": [], "only": ["quickfix"]}}
                """))
        let action = try XCTUnwrap(actions[0])
        XCTAssertEqual(action["title"], .string("Replace 'minLenght' with 'minLength'"))
        XCTAssertEqual(action["kind"], .string("quickfix"))
        XCTAssertEqual(action["isPreferred"], .bool(true))
        let edit = try XCTUnwrap(action["edit"]["changes"][uri("a.rules")][0])
        XCTAssertEqual(edit["newText"], .string("minLength"))
        XCTAssertEqual(edit["range"], diagnostic["range"])
        XCTAssertEqual(action["diagnostics"][0]["code"], .string("unknown-validator"))
    }

    func testDiagnosticsEqualWhatTheLibraryCheckReports() throws {
        try copyShippedProject()
        try startInitialized(encodings: ["utf-8"])
        var text = try read("Rules/signup.rules")
        text += "extra: minLenght 2, between 10 1, pattern /(a/, personNme\nrule dup = required\nrule dup = email\n"
        open("Rules/signup.rules", text)
        let published = try diagnostics("Rules/signup.rules", version: 1)

        // The same library call `rulebook check` makes, on the same text.
        let path = workspace.appendingPathComponent("Rules/signup.rules").path
        let catalogs = try MessageCatalogs(directory: workspace.appendingPathComponent("Localizations").path)
        var provider = OverlaySourceProvider(base: DiskSourceProvider())
        provider.setBuffer(text, for: path)
        let result = try Workspace(provider: provider, options: CheckOptions(knownMessageKeys: catalogs.baseKeys)).check(rootFile: path)
        let expected = result.diagnostics.filter { $0.file == path }
        XCTAssertFalse(expected.isEmpty)
        let source = SourceFile(path: path, text: text)
        XCTAssertEqual(published.count, expected.count)
        for (lsp, library) in zip(published, expected) {
            XCTAssertEqual(lsp["code"], .string(library.code.id))
            XCTAssertEqual(lsp["severity"], .integer(library.severity == .error ? 1 : library.severity == .warning ? 2 : 3))
            let start = source.lines.position(of: library.range.start, in: text, encoding: .utf8)
            XCTAssertEqual(lsp["range"]["start"]["line"], .integer(start.line))
            XCTAssertEqual(lsp["range"]["start"]["character"], .integer(start.character))
            XCTAssertTrue(lsp["message"].stringValue?.hasPrefix(library.message) ?? false)
        }
    }

    func testNotesBecomeRelatedInformation() throws {
        try startInitialized()
        open("d.rules", "rule twice = required\nrule twice = email\nx: twice\n")
        let diagnostics = try diagnostics("d.rules", version: 1)
        let duplicate = try XCTUnwrap(diagnostics.first { $0["code"] == .string("duplicate-rule") })
        let related = try XCTUnwrap(duplicate["relatedInformation"][0])
        XCTAssertEqual(related["location"]["uri"], .string(uri("d.rules")))
        XCTAssertNotNil(related["message"].stringValue)
    }

    func testImportFromAnUnsavedBufferAndDependentsRecheck() throws {
        try startInitialized()
        open("lib.rules", "rule personName = required, minLength 2\n")
        open("form.rules", "import \"lib.rules\"\nname: personName\n")
        XCTAssertEqual(try diagnostics("form.rules", version: 1), [], "the import resolves to the editor's buffer")
        // Renaming the rule in the imported buffer re-checks the importer.
        change("lib.rules", version: 2, text: "rule fullName = required, minLength 2\n")
        let after = try client.waitForNotification("textDocument/publishDiagnostics") {
            $0["uri"] == .string(self.uri("form.rules")) && !($0["diagnostics"].arrayValue ?? []).isEmpty
        }
        XCTAssertEqual(codes(after["diagnostics"].arrayValue ?? []), ["unknown-validator"])
    }

    func testImportFromDiskAndWatchedFileChanges() throws {
        try write("common.rules", "rule personName = required, minLength 2\n")
        try startInitialized()
        open("form.rules", "import \"common.rules\"\nname: personName\n")
        XCTAssertEqual(try diagnostics("form.rules", version: 1), [])
        try write("common.rules", "rule somethingElse = required\n")
        client.notify("workspace/didChangeWatchedFiles", .json(#"{"changes": [{"uri": "\#(uri("common.rules"))", "type": 2}]}"#))
        let after = try client.waitForNotification("textDocument/publishDiagnostics") {
            $0["uri"] == .string(self.uri("form.rules")) && !($0["diagnostics"].arrayValue ?? []).isEmpty
        }
        XCTAssertEqual(codes(after["diagnostics"].arrayValue ?? []), ["unknown-validator"])
    }

    func testSavingAnImportedFileRechecksDependents() throws {
        try write("common.rules", "rule personName = required\n")
        try startInitialized()
        open("form.rules", "import \"common.rules\"\nname: personName\n")
        XCTAssertEqual(try diagnostics("form.rules", version: 1), [])
        try write("common.rules", "rule other = required\n")
        open("common.rules", "rule other = required\n")
        client.notify("textDocument/didSave", document("common.rules"))
        let after = try client.waitForNotification("textDocument/publishDiagnostics") {
            $0["uri"] == .string(self.uri("form.rules")) && !($0["diagnostics"].arrayValue ?? []).isEmpty
        }
        XCTAssertEqual(codes(after["diagnostics"].arrayValue ?? []), ["unknown-validator"])
    }

    func testMissingImport() throws {
        try startInitialized()
        let text = "import \"nowhere.rules\"\nname: required\n"
        open("m.rules", text)
        let diagnostics = try diagnostics("m.rules", version: 1)
        XCTAssertEqual(codes(diagnostics), ["missing-import"])
    }

    func testUnknownMessageKeyAndAddKeyQuickFix() throws {
        try copyShippedProject()
        try startInitialized()
        let text = "firstName: required message profile.noSuchKey\n"
        open("Rules/new.rules", text)
        let diagnostics = try diagnostics("Rules/new.rules", version: 1)
        let diagnostic = try XCTUnwrap(diagnostics.first { $0["code"] == .string("unknown-message-key") })
        let actions = try client.request(
            "textDocument/codeAction",
            .json(
                """
                {"textDocument": {"uri": "\(uri("Rules/new.rules"))"}, "range": \(diagnostic["range"].map(json) ?? "null"),
                 "context": {"diagnostics": []}}
                """))
        let action = try XCTUnwrap(actions.arrayValue?.first { $0["title"].stringValue?.contains("profile.noSuchKey") ?? false })
        let edits = try XCTUnwrap(action["edit"]["changes"][uri("Localizations/en.json")].arrayValue)
        XCTAssertEqual(edits.count, 1)
        XCTAssertTrue(edits[0]["newText"].stringValue?.contains("\"profile.noSuchKey\"") ?? false)
    }

    func testCatalogueEditsRecheckRuleFiles() throws {
        try copyShippedProject()
        try startInitialized()
        open("Rules/new.rules", "firstName: required message profile.fresh\n")
        XCTAssertEqual(codes(try diagnostics("Rules/new.rules", version: 1)), ["unknown-message-key"])
        let english = try openFromDisk("Localizations/en.json")
        let insertion = position(of: "\"required\"", in: english)
        change(
            "Localizations/en.json", version: 2, range: (insertion.line, insertion.character, insertion.line, insertion.character),
            text: "\"profile.fresh\": \"{field} is fresh.\",\n  ")
        let after = try client.waitForNotification("textDocument/publishDiagnostics") {
            $0["uri"] == .string(self.uri("Rules/new.rules")) && $0["diagnostics"] == .array([])
        }
        XCTAssertNotNil(after)
    }

    func testCatalogueDocumentsGetCatalogueDiagnostics() throws {
        try copyShippedProject()
        try startInitialized()
        var german = try read("Localizations/de.json")
        german = german.replacingOccurrences(of: "{min", with: "{mni")
        open("Localizations/de.json", german, languageID: "json")
        let diagnostics = try diagnostics("Localizations/de.json", version: 1)
        XCTAssertFalse(diagnostics.isEmpty)
        XCTAssertTrue(diagnostics.allSatisfy { $0["source"] == .string("rulebook") })
        // A broken JSON catalogue is diagnosed, not a crash.
        change("Localizations/de.json", version: 2, text: "{ \"required\": ")
        XCTAssertFalse(try self.diagnostics("Localizations/de.json", version: 2).isEmpty)
    }

    func testPullDiagnostics() throws {
        let result = try startInitialized(capabilities: #""textDocument": {"diagnostic": {"dynamicRegistration": false}}"#)
        XCTAssertEqual(result["capabilities"]["diagnosticProvider"]["interFileDependencies"], .bool(true))
        open("p.rules", "a: minLenght 2\n")
        let report = try client.request("textDocument/diagnostic", document("p.rules"))
        XCTAssertEqual(report["kind"], .string("full"))
        XCTAssertEqual(report["items"][0]["code"], .string("unknown-validator"))
        let resultID = try XCTUnwrap(report["resultId"].stringValue)
        let again = try client.request("textDocument/diagnostic", document("p.rules", extra: #", "previousResultId": "\#(resultID)""#))
        XCTAssertEqual(again["kind"], .string("unchanged"))
        // A pull client gets no pushed diagnostics.
        _ = try client.request("shutdown", nil)
        XCTAssertFalse(client.drain().contains { $0["method"] == .string("textDocument/publishDiagnostics") })
    }

    private func json(_ value: Value) -> String {
        var bytes: [UInt8] = []
        JSONWriter().write(value, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension DiagnosticsTests {
    func testCreatingAMissingImportRechecksTheImporter() throws {
        try startInitialized()
        open("form.rules", "import \"later.rules\"\nname: personName\n")
        XCTAssertTrue(try diagnostics("form.rules", version: 1).contains { $0["code"] == .string("missing-import") })
        try write("later.rules", "rule personName = required\n")
        client.notify("workspace/didChangeWatchedFiles", .json(#"{"changes": [{"uri": "\#(uri("later.rules"))", "type": 1}]}"#))
        let after = try client.waitForNotification("textDocument/publishDiagnostics") {
            $0["uri"] == .string(self.uri("form.rules")) && $0["diagnostics"] == .array([])
        }
        XCTAssertNotNil(after)
    }
}

extension DiagnosticsTests {
    func testPullClientsAreAskedToRefreshOnlyWhenTheyCanBe() throws {
        try startInitialized(capabilities: #""textDocument": {"diagnostic": {}}, "workspace": {"diagnostics": {"refreshSupport": true}}"#)
        open("lib.rules", "rule personName = required\n")
        open("form.rules", "import \"lib.rules\"\nname: personName\n")
        XCTAssertEqual(try client.request("textDocument/diagnostic", document("form.rules"))["items"], .array([]))
        change("lib.rules", version: 2, text: "rule other = required\n")
        let refresh = try client.waitFor("refresh") { $0["method"] == .string("workspace/diagnostic/refresh") }
        XCTAssertNotNil(refresh["id"], "a server-to-client request")
        let report = try client.request("textDocument/diagnostic", document("form.rules"))
        XCTAssertEqual(report["items"][0]["code"], .string("unknown-validator"))

        try startInitialized(capabilities: #""textDocument": {"diagnostic": {}}"#)
        open("lib.rules", "rule personName = required\n")
        open("form.rules", "import \"lib.rules\"\nname: personName\n")
        _ = try client.request("textDocument/diagnostic", document("form.rules"))
        change("lib.rules", version: 2, text: "rule other = required\n")
        _ = try client.request("shutdown", nil)
        XCTAssertFalse(client.drain().contains { $0["method"] == .string("workspace/diagnostic/refresh") })
    }
}
