import Foundation
import Rulebook
import XCTest

@testable import RulebookLanguageServer

final class SignatureHelpTests: LSPTestCase {
    private var opened = 0

    private func help(_ markedText: String) throws -> Value {
        let (text, line, character) = marked(markedText)
        opened += 1
        open("s\(opened).rules", text)
        return try client.request("textDocument/signatureHelp", at("s\(opened).rules", line, character))
    }

    func testActiveSignatureAndParameter() throws {
        try startInitialized()
        let first = try help("a: length ‸")
        XCTAssertEqual(first["signatures"].arrayValue?.compactMap { $0["label"].stringValue }, ["length length", "length min max"])
        XCTAssertEqual(first["activeSignature"], .integer(0))
        XCTAssertEqual(first["activeParameter"], .integer(0))
        let second = try help("a: length 3 ‸")
        XCTAssertEqual(second["activeSignature"], .integer(1))
        XCTAssertEqual(second["activeParameter"], .integer(1))
        let between = try help("a: required, between 1 ‸")
        XCTAssertEqual(between["signatures"][0]["parameters"].arrayValue?.compactMap { $0["label"].stringValue }, ["min", "max"])
        XCTAssertEqual(between["activeParameter"], .integer(1))
        let oneOf = try help("a: oneOf \"x\" \"y\" ‸")
        XCTAssertEqual(oneOf["activeParameter"], .integer(0), "the variadic parameter stays active")
    }

    func testNoSignatureHelpWhereNoArgumentsAreTyped() throws {
        try startInitialized()
        XCTAssertEqual(try help("a: email ‸"), .null)
        XCTAssertEqual(try help("a: ‸"), .null)
        XCTAssertEqual(try help("a: unknownThing ‸"), .null)
    }
}
