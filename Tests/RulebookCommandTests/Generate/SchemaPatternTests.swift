import XCTest

@testable import RulebookCommand

/// Rulebook patterns as JSON Schema `pattern`s: the shared subset translates, the rest is refused.
final class SchemaPatternTests: XCTestCase {
    private let end = #"(?![\s\S])"#

    func testWholeTextMatchWithAnchorsAsLookArounds() {
        XCTAssertEqual(SchemaPattern.wholeText("^[A-Z]{2}$", flags: ""), #"^(?:(?<![\s\S])[A-Z]{2}(?![\s\S]))(?![\s\S])"#)
    }

    func testShorthandClassesAreSpelledOutInASCII() {
        XCTAssertEqual(SchemaPattern.wholeText(#"\d+-\w"#, flags: ""), "^(?:[0-9]+-[A-Za-z0-9_])\(end)")
        XCTAssertEqual(SchemaPattern.wholeText(#"[\d.]"#, flags: ""), "^(?:[0-9.])\(end)")
        XCTAssertEqual(SchemaPattern.wholeText(".", flags: ""), #"^(?:[^\n])"# + end)
    }

    func testGroupsQuantifiersAndEscapes() {
        XCTAssertEqual(
            SchemaPattern.wholeText(#"(?<year>\d{4})-(a|b){,2}\.x"#, flags: ""),
            #"^(?:(?:[0-9]{4})-(?:a|b){0,2}\.x)"# + end)
        XCTAssertEqual(SchemaPattern.wholeText("[]a-]", flags: ""), #"^(?:[\]a-])"# + end)
    }

    func testWhatDialectsDoNotShareIsRefused() {
        XCTAssertNil(SchemaPattern.wholeText("abc", flags: "i"))
        XCTAssertNil(SchemaPattern.wholeText(#"\p{L}+"#, flags: ""))
        XCTAssertNil(SchemaPattern.wholeText("[[:alpha:]]", flags: ""))
        XCTAssertNil(SchemaPattern.wholeText("é", flags: ""))
        XCTAssertNil(SchemaPattern.wholeText("(?i)a", flags: ""))
        XCTAssertNil(SchemaPattern.wholeText(#"\Qa.b\E"#, flags: ""))
    }

    func testIdentifiersFromKeys() {
        XCTAssertEqual(SwiftIdentifier.lower(SwiftIdentifier.words("first-name")), "firstName")
        XCTAssertEqual(SwiftIdentifier.upper(SwiftIdentifier.words("line_items")), "LineItems")
        XCTAssertEqual(SwiftIdentifier.lower(SwiftIdentifier.words("default")), "`default`")
        XCTAssertEqual(SwiftIdentifier.lower(SwiftIdentifier.words("2fa code")), "_2faCode")
        XCTAssertEqual(SwiftIdentifier.lower(SwiftIdentifier.words("---")), "field")
    }
}
