import XCTest

@testable import Rulebook

final class CharacterClassValidatorTests: XCTestCase {
    private let wrongKinds: [J] = [5, 1.5, true, ["a"], ["k": "v"]]

    func testAlphaAcceptsLettersOfAnyScript() {
        assertRule(
            rule(.alpha), passes: ["abc", "Zoë", "Jose\u{301}", "日本語", "Ελληνικά", "Łódź", "عربي", "हिन्दी"],
            fails: ["abc1", "a b", "a-b", "O'Brien", "ab!", "👍"] + wrongKinds)
    }

    func testAlphanumericAcceptsLettersAndDigitsOfAnyScript() {
        assertRule(
            rule(.alphanumeric), passes: ["abc123", "A1", "٣٤٥", "日本2"],
            fails: ["abc 123", "abc_1", "a.b", "½"] + wrongKinds)
    }

    func testDigitsIsASCIIOnly() {
        assertRule(rule(.digits), passes: ["0", "0123456789"], fails: ["١٢٣", "12a", "1 2", "-1", "1.5", "１２"] + wrongKinds)
    }

    func testDigitsWithCountBoundaries() {
        assertRule(rule(.digits, .count(5)), passes: ["12345", "00000"], fails: ["1234", "123456", "1234a", 12345])
    }

    func testNoDigits() {
        assertRule(rule(.noDigits), passes: ["Anne", "Jean-Luc", "José"], fails: ["Anne2", "٣ab", "x9"] + wrongKinds)
    }

    func testNoSpecialCharsAllowsLettersDigitsAndSpaces() {
        assertRule(
            rule(.noSpecialChars), passes: ["Jean Luc", "José 2", "山田 太郎", "山田\u{3000}太郎", "a\u{A0}b"],
            fails: ["Jean-Luc", "O'Brien", "a\tb", "a\nb", "a_b", "👍"] + wrongKinds)
    }

    func testContainsDigit() {
        assertRule(rule(.containsDigit), passes: ["abc1", "9", "ab٣"], fails: ["abc", "a b"] + wrongKinds)
    }

    func testContainsLetter() {
        assertRule(rule(.containsLetter), passes: ["123a", "1é", "1日"], fails: ["123", "1-2", "👍"] + wrongKinds)
    }

    func testContainsUppercase() {
        assertRule(rule(.containsUppercase), passes: ["aB", "É", "e\u{301}Ω"], fails: ["ab", "é", "123", "日本"] + wrongKinds)
    }

    func testContainsLowercase() {
        assertRule(rule(.containsLowercase), passes: ["Ab", "É é", "ω"], fails: ["AB", "É", "123"] + wrongKinds)
    }

    func testContainsSymbolMeansNotLetterDigitOrWhiteSpace() {
        assertRule(
            rule(.containsSymbol), passes: ["abc!", "a_b", "a-b", "pass👍", "€5", "a\u{301}#"],
            fails: ["abc", "a b 1", "é\t日", "Ab12"] + wrongKinds)
    }
}
