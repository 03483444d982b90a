import Foundation
import Rulebook
import RulebookTooling
import XCTest

@testable import RulebookLanguageServer

final class CompletionTests: LSPTestCase {
    /// Completes at `‸` in `markedText` (opened as `path`).
    private func complete(_ path: String, _ markedText: String, encoding: PositionEncoding = .utf16) throws -> [Value] {
        let (text, line, character) = marked(markedText, encoding: encoding)
        open(path, text)
        let result = try client.request("textDocument/completion", at(path, line, character))
        XCTAssertEqual(result["isIncomplete"], .bool(false))
        return result["items"].arrayValue ?? []
    }

    private func labels(_ items: [Value]) -> [String] { items.compactMap { $0["label"].stringValue } }

    func testValidatorsWithSnippetsAndNamedRulesInScope() throws {
        try copyShippedProject()
        try startInitialized()
        let items = try complete("Rules/new.rules", "import \"common.rules\"\nname: required, ‸\n")
        XCTAssertTrue(labels(items).contains("personName"), "named rules from the import")
        XCTAssertTrue(labels(items).contains("email"))
        let minLength = try XCTUnwrap(items.first { $0["label"] == .string("minLength") })
        XCTAssertEqual(minLength["insertTextFormat"], .integer(2))
        XCTAssertEqual(minLength["textEdit"]["newText"], .string("minLength ${1:min}"))
        XCTAssertEqual(minLength["kind"], .integer(3))
        let lengths = items.filter { $0["label"] == .string("length") }.compactMap { $0["textEdit"]["newText"].stringValue }
        XCTAssertEqual(lengths, ["length ${1:length}", "length ${1:min} ${2:max}"])
        let pattern = try XCTUnwrap(items.first { $0["label"] == .string("pattern") })
        XCTAssertEqual(pattern["textEdit"]["newText"], .string("pattern /${1:regex}/"))
        let oneOf = try XCTUnwrap(items.first { $0["label"] == .string("oneOf") })
        XCTAssertEqual(oneOf["textEdit"]["newText"], .string("oneOf \"${1:value}\""))
        XCTAssertEqual(Set(ValidatorDefinition.all.map(\.name)).subtracting(labels(items)), [])
    }

    func testPlainTextWithoutSnippetSupportAndTheReplacedRange() throws {
        try startInitialized(capabilities: #""textDocument": {}"#)
        let items = try complete("p.rules", "名前: required, minL‸")
        let minLength = try XCTUnwrap(items.first { $0["label"] == .string("minLength") })
        XCTAssertEqual(minLength["insertTextFormat"], .integer(1))
        XCTAssertEqual(minLength["textEdit"]["newText"], .string("minLength "))
        // The typed prefix `minL` is replaced: UTF-16 columns 14..<18.
        XCTAssertEqual(
            minLength["textEdit"]["range"], .json(#"{"start": {"line": 0, "character": 14}, "end": {"line": 0, "character": 18}}"#))
    }

    func testReplacedRangeInUTF8() throws {
        try startInitialized(encodings: ["utf-8"])
        let items = try complete("p.rules", "名前: required, minL‸", encoding: .utf8)
        let minLength = try XCTUnwrap(items.first { $0["label"] == .string("minLength") })
        XCTAssertEqual(
            minLength["textEdit"]["range"], .json(#"{"start": {"line": 0, "character": 18}, "end": {"line": 0, "character": 22}}"#))
    }

    func testMessageKeysAfterMessage() throws {
        try copyShippedProject()
        try startInitialized()
        let items = try complete("Rules/new.rules", "password: same other message sign‸\n")
        XCTAssertTrue(labels(items).contains("signup.passwordsDiffer"))
        let item = try XCTUnwrap(items.first { $0["label"] == .string("signup.passwordsDiffer") })
        XCTAssertEqual(item["detail"], .string("The passwords do not match."))
    }

    func testImportPaths() throws {
        try copyShippedProject()
        try write("Rules/forms/extra.rules", "x: required\n")
        try startInitialized()
        let items = try complete("Rules/new.rules", "import \"‸")
        let found = Set(labels(items))
        XCTAssertTrue(found.isSuperset(of: ["common.rules", "profile.rules", "forms/extra.rules"]), "\(found)")
        XCTAssertFalse(found.contains("new.rules"))
        let nested = try complete("Rules/forms/b.rules", "import \"‸")
        XCTAssertTrue(labels(nested).contains("../common.rules"), "\(labels(nested))")
    }

    func testFieldPathsUsedElsewhereAtStatementStartAndInArguments() throws {
        try copyShippedProject()
        try startInitialized()
        let start = try complete("Rules/new.rules", "‸")
        XCTAssertTrue(Set(labels(start)).isSuperset(of: ["firstName", "items[*].sku", "rule", "import", "when"]), "\(labels(start))")
        let firstName = try XCTUnwrap(start.first { $0["label"] == .string("firstName") })
        XCTAssertEqual(firstName["textEdit"]["newText"], .string("firstName: "))
        let same = try complete("Rules/other.rules", "confirm: same pass‸")
        XCTAssertTrue(labels(same).contains("password"))
        let before = try complete("Rules/third.rules", "start: before ‸")
        XCTAssertTrue(labels(before).contains("today"))
        let condition = try complete("Rules/fourth.rules", "when is‸")
        XCTAssertTrue(labels(condition).contains("isEnabled"))
    }

    func testNothingInsideComments() throws {
        try startInitialized()
        XCTAssertEqual(try complete("c.rules", "# name: ‸"), [])
    }
}

extension CompletionTests {
    func testASpaceTriggerOnlyCompletesWhereASpaceLeadsSomewhere() throws {
        try startInitialized()
        let (text, line, character) = marked("a: required\n  ‸")
        open("s.rules", text)
        let indentation = try client.request(
            "textDocument/completion",
            at("s.rules", line, character, extra: #", "context": {"triggerKind": 2, "triggerCharacter": " "}"#))
        XCTAssertEqual(indentation["items"], .array([]))
        let (after, line2, character2) = marked("a: required\nb: same ‸")
        open("t.rules", after)
        let field = try client.request(
            "textDocument/completion",
            at("t.rules", line2, character2, extra: #", "context": {"triggerKind": 2, "triggerCharacter": " "}"#))
        XCTAssertTrue(field["items"].arrayValue?.contains { $0["label"] == .string("a") } ?? false)
    }
}
