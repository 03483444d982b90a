import Rulebook
import XCTest

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

    /// Identifier keys are spelt bare, others quoted, whatever the key's storage (small,
    /// native, non-ASCII).
    func testIdentifierKeysOnEveryStorage() {
        let cases: [(String, Bool)] = [
            ("email", true), ("_x9", true), ("a_very_long_identifier_key_name", true),
            ("9lives", false), ("", false), ("first-name", false), ("a b", false),
            ("a_very_long_key_with-a-dash_in_it", false), ("café", true), ("日本", true),
            ("é9", true), ("a.b", false), ("_", true),
        ]
        for (key, identifier) in cases {
            XCTAssertEqual(FieldPath.isIdentifier(key), identifier, key)
            XCTAssertEqual(ConcretePath([.key(key)]).description == key, identifier, key)
        }
    }

    /// The ASCII identifier rule (a letter or `_`, then letters, digits and `_`) on every
    /// pair of ASCII bytes and each byte alone, against the rule written with
    /// `Character` properties; and a non-identifier is quoted with `\` and `"` escaped.
    func testEveryASCIIByteInBothPositions() {
        func model(_ key: String) -> Bool {
            guard let first = key.first, first == "_" || (first.isASCII && first.isLetter) else { return false }
            return key.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
        }
        for first in 0..<128 {
            let one = String(UnicodeScalar(UInt8(first)))
            XCTAssertEqual(FieldPath.isIdentifier(one), model(one), "\(first)")
            for second in 0..<128 {
                let key = one + String(UnicodeScalar(UInt8(second)))
                XCTAssertEqual(FieldPath.isIdentifier(key), model(key), "\(first) \(second)")
            }
        }
        XCTAssertEqual(FieldPath([.key("a\\b\"c")]).description, #""a\\b\"c""#)
    }
}
