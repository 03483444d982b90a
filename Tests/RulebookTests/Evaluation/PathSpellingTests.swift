import XCTest
import Rulebook

/// Field and concrete paths spell keys the same way: identifiers bare, anything else
/// quoted with `\` and `"` escaped (the spelling catalogue keys and messages use).
final class PathSpellingTests: XCTestCase {
    func testFieldPathSpellsQuotedKeysWithEscapes() {
        let path = FieldPath([.key("items"), .wildcard, .key("first-name"), .key(#"a"b\c"#), .key("Zoë")])
        XCTAssertEqual(path.description, #"items[*]."first-name"."a\"b\\c".Zoë"#)
    }

    func testConcretePathSpellsKeysLikeFieldPath() {
        let concrete = ConcretePath([.key("items"), .index(2), .key("first-name"), .key(#"a"b\c"#)])
        XCTAssertEqual(concrete.description, #"items[2]."first-name"."a\"b\\c""#)
        XCTAssertEqual(concrete.pattern.description, #"items[*]."first-name"."a\"b\\c""#)
        XCTAssertEqual(concrete.jsonPointer, #"/items/2/first-name/a"b\c"#)
    }

    func testALeadingQuotedKeyHasNoDot() {
        XCTAssertEqual(FieldPath([.key("1st")]).description, #""1st""#)
    }
}
