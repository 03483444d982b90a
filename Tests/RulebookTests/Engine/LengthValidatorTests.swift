import XCTest

@testable import Rulebook

final class LengthValidatorTests: XCTestCase {
    func testMinLengthBoundaries() {
        assertRule(rule(.minLength, .count(3)), passes: ["abc", "abcd"], fails: ["ab", "a"])
    }

    func testMaxLengthBoundaries() {
        assertRule(rule(.maxLength, .count(3)), passes: ["a", "ab", "abc"], fails: ["abcd", "abcde"])
    }

    func testExactLength() {
        assertRule(rule(.length, .count(2)), passes: ["GB", "é1"], fails: ["G", "GBR"])
    }

    func testLengthRangeBoundaries() {
        assertRule(rule(.length, .count(3), .count(4)), passes: ["123", "1234"], fails: ["12", "12345"])
    }

    func testLengthRangeUsesTheBetweenForm() {
        let violation = compile(field("cvc", rule(.length, .count(3), .count(4)))).validate(record(["cvc": "12"])).violations
        XCTAssertEqual(violation.first?.messageKey, "lengthBetween")
        XCTAssertEqual(violation.first?.parameters, [.init(name: "min", value: .integer(3)), .init(name: "max", value: .integer(4))])
    }

    func testEmojiWithSkinToneIsOneCharacter() {
        assertRule(rule(.maxLength, .count(1)), passes: ["👍🏽", "👍"], fails: ["👍🏽👍🏽", "a👍🏽"])
        assertRule(rule(.minLength, .count(2)), passes: ["👍🏽👍🏽", "a👍🏽"], fails: ["👍🏽"])
    }

    func testComposedAndDecomposedAccentsAreOneCharacter() {
        assertRule(rule(.length, .count(1)), passes: ["\u{E9}", "e\u{301}", "e\u{301}\u{302}"], fails: ["ee\u{301}"])
        assertRule(rule(.length, .count(4)), passes: ["Jose\u{301}", "Jos\u{E9}"], fails: ["Jos"])
    }

    func testFlagsAndFamiliesAreOneCharacter() {
        assertRule(
            rule(.length, .count(1)),
            passes: ["🇬🇧", "👨‍👩‍👧‍👦", "🏳️‍🌈", "한"], fails: ["🇬🇧🇫🇷", "👨‍👩‍👧‍👦x"])
    }

    func testCarriageReturnLineFeedIsOneCharacterOnTheASCIIPath() {
        assertRule(
            rule(.length, .count(3)), passes: ["a\r\nb", "a\rb", "ab\n", "\r\nx\r\n"],
            fails: ["a\r\nbc", "a\n\rb", "x\r\r\n\n"])
        XCTAssertEqual("a\n\rb".count, 4)
    }

    func testTextIsNotTrimmed() {
        assertRule(rule(.minLength, .count(4)), passes: [" ab ", "ab  "], fails: [" ab"])
    }

    func testLongNonASCIIText() {
        let long = J(.string(String(repeating: "é", count: 10_000) + "a"))
        assertRule(rule(.maxLength, .count(10_001)), passes: [long], fails: [])
        assertRule(rule(.maxLength, .count(10_000)), passes: [], fails: [long])
    }

    func testWrongKindsAreViolations() {
        for checked in [
            rule(.minLength, .count(1)), rule(.maxLength, .count(100)), rule(.length, .count(1)),
            rule(.length, .count(1), .count(10)),
        ] {
            assertRule(checked, passes: [], fails: [5, 12345, 1.5, true, false, ["a", "b"], ["a": "b"]])
        }
    }
}
