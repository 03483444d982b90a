import Rulebook
import XCTest

@testable import RulebookForms

/// Incomplete versus invalid while the user types.
final class TypingTests: XCTestCase {
    func form(_ source: String) throws -> FormModel {
        FormModel(rules: try CompiledRuleSet(source: source), display: .immediately)
    }

    func state(_ form: FormModel, _ path: String) -> String {
        switch form.field(path)?.state {
        case .incomplete?: "incomplete"
        case .invalid?: "invalid"
        case .valid?: "valid"
        case let other: String(describing: other)
        }
    }

    func testDigitsCount() throws {
        var form = try form("zip: required, digits 5")
        var seen: [String] = []
        for text in ["1", "123", "12345", "123456", "12a"] {
            try form.setValue(.string(text), at: "zip", typing: true)
            seen.append(state(form, "zip"))
        }
        XCTAssertEqual(seen, ["incomplete", "incomplete", "valid", "invalid", "invalid"])
        try form.setValue("123", at: "zip", typing: true)
        try form.leave("zip")
        XCTAssertEqual(state(form, "zip"), "invalid", "leaving the field makes an incomplete text invalid")
    }

    func testPatternLengthAndMinLength() throws {
        var form = try form(
            """
            postcode: required, pattern /^[0-9]{2}-[0-9]{3}$/
            cvc:      required, digits, length 3 4
            name:     required, minLength 3, noDigits
            """)
        try form.setValue("12-", at: "postcode", typing: true)
        XCTAssertEqual(state(form, "postcode"), "incomplete")
        try form.setValue("123", at: "postcode", typing: true)
        XCTAssertEqual(state(form, "postcode"), "invalid")
        try form.setValue("12", at: "cvc", typing: true)
        XCTAssertEqual(state(form, "cvc"), "incomplete")
        try form.setValue("12345", at: "cvc", typing: true)
        XCTAssertEqual(state(form, "cvc"), "invalid")
        try form.setValue("A1", at: "name", typing: true)
        XCTAssertEqual(state(form, "name"), "invalid", "a digit no continuation removes is invalid at once")
        try form.setValue("An", at: "name", typing: true)
        XCTAssertEqual(state(form, "name"), "incomplete")
    }
}
