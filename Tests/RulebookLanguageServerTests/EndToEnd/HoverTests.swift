import Foundation
import Rulebook
import RulebookTooling
import XCTest

@testable import RulebookLanguageServer

final class HoverTests: LSPTestCase {
    private func hover(_ path: String, _ text: String, at needle: String, offset: Int = 1, encoding: PositionEncoding = .utf16) throws
        -> Value
    {
        let at = position(of: needle, in: text, offset: offset, encoding: encoding)
        return try client.request("textDocument/hover", self.at(path, at.line, at.character))
    }

    func testValidatorHoverShowsSignatureDocsAndTheRenderedMessage() throws {
        try copyShippedProject()
        try startInitialized()
        let text = try openFromDisk("Rules/profile.rules")
        let result = try hover("Rules/profile.rules", text, at: "minLength 2")
        let markdown = try XCTUnwrap(result["contents"]["value"].stringValue)
        XCTAssertEqual(result["contents"]["kind"], .string("markdown"))
        XCTAssertTrue(markdown.contains("minLength min"), markdown)
        XCTAssertTrue(markdown.contains(BuiltinValidator.minLength.definition.summary), markdown)
        XCTAssertTrue(markdown.contains("**Message:** First name must be at least 2 characters long."), markdown)
        XCTAssertTrue(markdown.contains("**Example:**"), markdown)
        let start = position(of: "minLength 2", in: text)
        XCTAssertEqual(result["range"]["start"]["line"], .integer(start.line))
        XCTAssertEqual(result["range"]["start"]["character"], .integer(start.character))
        XCTAssertEqual(result["range"]["end"]["character"], .integer(start.character + 9))
    }

    func testMessageRendersPluralsAndParameters() throws {
        try copyShippedProject()
        try startInitialized()
        let text = "firstName: minLength 1\nage: between 13 124\n"
        open("Rules/x.rules", text)
        let one = try XCTUnwrap(try hover("Rules/x.rules", text, at: "minLength")["contents"]["value"].stringValue)
        XCTAssertTrue(one.contains("First name must be at least 1 character long."), one)
        let between = try XCTUnwrap(try hover("Rules/x.rules", text, at: "between")["contents"]["value"].stringValue)
        XCTAssertTrue(between.contains("Age must be between 13 and 124."), between)
    }

    func testHoverUsesTheExampleInsideNamedRules() throws {
        try startInitialized()
        let text = "rule name = required, minLength 3\n"
        open("n.rules", text)
        let markdown = try XCTUnwrap(try hover("n.rules", text, at: "minLength")["contents"]["value"].stringValue)
        // No catalogue in this workspace: the built-in English default, with the example's arguments.
        XCTAssertTrue(markdown.contains("**Message:**"), markdown)
        XCTAssertTrue(markdown.contains("2 characters"), markdown)
    }

    func testNamedRuleHoverShowsDefinitionAndExpansion() throws {
        try copyShippedProject()
        try startInitialized()
        let text = try openFromDisk("Rules/signup.rules")
        let markdown = try XCTUnwrap(try hover("Rules/signup.rules", text, at: "personName")["contents"]["value"].stringValue)
        XCTAssertTrue(markdown.contains("rule personName"), markdown)
        XCTAssertTrue(markdown.contains("common.rules"), markdown)
        XCTAssertTrue(markdown.contains("Expands to: `required`, `minLength 2`, `noDigits`, `noSpecialChars`"), markdown)
    }

    func testNestedNamedRulesExpandFully() throws {
        try startInitialized()
        let text = "rule inner = required, minLength 2\nrule outer = inner, email\nx: outer\n"
        open("e.rules", text)
        let markdown = try XCTUnwrap(try hover("e.rules", text, at: "x: outer", offset: 4)["contents"]["value"].stringValue)
        XCTAssertTrue(markdown.contains("Expands to: `required`, `minLength 2`, `email`"), markdown)
    }

    func testMessageKeyHoverShowsTheBaseText() throws {
        try copyShippedProject()
        try startInitialized()
        let text = try openFromDisk("Rules/signup.rules")
        let markdown = try XCTUnwrap(try hover("Rules/signup.rules", text, at: "signup.passwordsDiffer")["contents"]["value"].stringValue)
        XCTAssertTrue(markdown.contains("The passwords do not match."), markdown)
    }

    func testHoverAfterEmojiAndCJKInBothEncodings() throws {
        for encoding in [PositionEncoding.utf8, .utf16] {
            try startInitialized(encodings: [encoding.rawValue])
            let text = "# 👋🏽 名前\n名前: oneOf \"😀\" \"日本\", required\n"
            open("u.rules", text)
            let result = try hover("u.rules", text, at: "required", encoding: encoding)
            XCTAssertTrue(result["contents"]["value"].stringValue?.contains("The value is not empty") ?? false, "\(encoding)")
            let start = position(of: "required", in: text, encoding: encoding)
            XCTAssertEqual(result["range"]["start"]["character"], .integer(start.character), "\(encoding)")
            XCTAssertEqual(result["range"]["end"]["character"], .integer(start.character + 8), "\(encoding)")
        }
    }

    func testNoHoverInCommentsAndPlainTextClients() throws {
        try startInitialized(capabilities: #""textDocument": {"hover": {"contentFormat": ["plaintext"]}}"#)
        let text = "# a comment about minLength\nname: email\n"
        open("c.rules", text)
        XCTAssertEqual(try hover("c.rules", text, at: "about"), .null)
        let plain = try hover("c.rules", text, at: "email")
        XCTAssertEqual(plain["contents"]["kind"], .string("plaintext"))
        XCTAssertFalse(plain["contents"]["value"].stringValue?.contains("```") ?? true)
    }
}
