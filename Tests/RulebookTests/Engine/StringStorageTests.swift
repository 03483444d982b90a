import XCTest

@testable import Rulebook

/// A `Value` record's keys and texts give the same answers however each `String` is
/// stored: inline (at most 15 bytes), in storage of its own, or in storage with spare
/// capacity though short enough to be inline. Keys match byte for byte.
final class StringStorageTests: XCTestCase {
    private static let ruleText = """
        firstName: required, minLength 2
        aVeryLongFieldNameIndeed: required, maxLength 5
        café: required
        """

    /// `text` as a string with storage of its own, whatever its length.
    private func stored(_ text: String) -> String {
        var built = String()
        built.reserveCapacity(64)
        built += text
        return built
    }

    private func record(_ members: [(String, String)], storing: Bool) -> Value {
        .object(ValueObject(members.map { (key: storing ? stored($0.0) : $0.0, value: .string(storing ? stored($0.1) : $0.1)) }))
    }

    func testKeysAndTextsMatchInEveryStorage() {
        let compiled = rules(Self.ruleText)
        let cases: [([(String, String)], Bool)] = [
            ([("firstName", "Ann"), ("aVeryLongFieldNameIndeed", "abc"), ("café", "x")], true),
            ([("firstName", "A"), ("aVeryLongFieldNameIndeed", "abc"), ("café", "x")], false),
            ([("firstName", "Ann"), ("aVeryLongFieldNameIndeed", "abcdef"), ("café", "x")], false),
            ([("firstName", "Ann"), ("aVeryLongFieldNameIndeed", "a\r\nbcd"), ("café", "x")], true),
            // The key spelled with a combining accent is another key.
            ([("firstName", "Ann"), ("aVeryLongFieldNameIndeed", "abc"), ("cafe\u{301}", "x")], false),
            // Keys of the same length as a rule's key, one byte apart.
            (
                [
                    ("firstNamf", "Ann"), ("firstName", "Jo"), ("aVeryLongFieldNameIndeeD", ""), ("aVeryLongFieldNameIndeed", "ab"),
                    ("café", "x"),
                ], true
            ),
            ([("firstName", "  "), ("aVeryLongFieldNameIndeed", "abc"), ("café", "x")], false),
        ]
        for (members, expected) in cases {
            let inline = record(members, storing: false)
            let stored = record(members, storing: true)
            XCTAssertEqual(compiled.isValid(inline), expected, "\(members)")
            XCTAssertEqual(compiled.isValid(stored), expected, "\(members)")
            XCTAssertEqual(
                compiled.validate(stored, options: options(all: true)), compiled.validate(inline, options: options(all: true)),
                "\(members)")
        }
    }

    func testSmallStringWordsMatchTheirBytes() {
        let texts = ["", "a", "firstName", "café", "cafe\u{301}", "fifteen bytes!!", "sixteen bytes!!!", "Ж👍🏽"]
        let storage = KeyStorage()
        for text in texts {
            let key = storage.key(text)
            for candidate in texts + texts.map(stored) {
                XCTAssertEqual(
                    withUnsafePointer(to: candidate) { key.matches($0) }, Array(candidate.utf8) == Array(text.utf8),
                    "\(text.debugDescription) \(candidate.debugDescription)")
            }
        }
        withExtendedLifetime(storage) {}
    }
}
