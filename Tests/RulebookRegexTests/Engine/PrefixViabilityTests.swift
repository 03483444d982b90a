import XCTest

@testable import RulebookRegex

/// `Pattern.canStillMatch(prefix:)`: whether typing more can still make a text match.
final class PrefixViabilityTests: XCTestCase {
    func testFixedLengthDigits() throws {
        let zip = try Pattern("^[0-9]{5}$")
        for prefix in ["", "1", "123", "12345"] { XCTAssertTrue(zip.canStillMatch(prefix: prefix), prefix) }
        for prefix in ["12a", "123456", "a", " 1"] { XCTAssertFalse(zip.canStillMatch(prefix: prefix), prefix) }
    }

    func testAlternativesOptionalPartsAndCaseFolding() throws {
        let postcode = try Pattern("^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$", flags: "i")
        for prefix in ["s", "SW1", "sw1a 1", "SW1A 1AA"] { XCTAssertTrue(postcode.canStillMatch(prefix: prefix), prefix) }
        for prefix in ["1", "SW1A 1AAA", "SWX"] { XCTAssertFalse(postcode.canStillMatch(prefix: prefix), prefix) }
        let polish = try Pattern("^[0-9]{2}-[0-9]{3}$")
        XCTAssertTrue(polish.canStillMatch(prefix: "12-"))
        XCTAssertFalse(polish.canStillMatch(prefix: "123"))
    }

    func testAnchorsAndNonASCII() throws {
        XCTAssertFalse(try Pattern("a^b").canStillMatch(prefix: "a"), "a start anchor past the start never passes")
        XCTAssertTrue(try Pattern("é+x").canStillMatch(prefix: "éé"))
        XCTAssertFalse(try Pattern("é+x").canStillMatch(prefix: "xé"))
        XCTAssertFalse(try Pattern("[^\\s\\S]").canStillMatch(prefix: ""), "an empty class leads nowhere")
    }

    /// Agrees with matching: a prefix some extension matches is viable, and a text that
    /// matches is viable as its own prefix.
    func testAgreesWithMatchesOnExtensions() throws {
        let pattern = try Pattern("^[A-Z]{3}-[0-9]{4}$")
        let full = "ABC-1234"
        XCTAssertTrue(pattern.matches(full))
        for end in full.indices { XCTAssertTrue(pattern.canStillMatch(prefix: String(full[..<end]))) }
        XCTAssertTrue(pattern.canStillMatch(prefix: full))
    }
}
