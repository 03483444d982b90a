import RulebookRegex
import XCTest

@testable import Rulebook

final class PatternValidatorTests: XCTestCase {
    private func pattern(_ source: String, flags: String = "") throws -> CheckedRule {
        return rule(.pattern, .regex(try Pattern(source, flags: flags), source: source))
    }

    func testWholeTextMatches() throws {
        assertRule(
            try pattern("[0-9]{5}"), passes: ["12345", "00000"],
            fails: ["1234", "123456", "12345\n", "\n12345", " 12345", "12345 ", "a12345", "1234a"])
        assertRule(try pattern("^[0-9]{5}$"), passes: ["12345"], fails: ["12345\n", "123456"])
    }

    func testCaseInsensitiveFlag() throws {
        assertRule(try pattern("[A-Z]{2}", flags: "i"), passes: ["GB", "gb", "Gb"], fails: ["G", "GBR", "G1"])
    }

    func testUnicodeText() throws {
        // Patterns read scalars: a combining accent is a mark (\p{M}), not a letter.
        assertRule(try pattern("\\p{L}+"), passes: ["Zoë", "日本語"], fails: ["Zoë 2", "a-b", "Jose\u{301}"])
        assertRule(try pattern("."), passes: ["é", "日"], fails: ["ab"])
    }

    func testWrongKindsAreViolations() throws {
        assertRule(try pattern("[0-9]+"), passes: ["123"], fails: [123, 1.5, true, ["123"], ["v": "123"]])
    }

    func testEscapedTextOnTheTapeMatchesItsDecodedForm() throws {
        let compiled = compile(field("v", try pattern("a\"b\\n?")))
        XCTAssertTrue(try compiled.validate(json: Array(#"{"v":"a\"b"}"#.utf8)).isValid)
        XCTAssertTrue(try compiled.validate(json: Array(#"{"v":"a\u0022b\n"}"#.utf8)).isValid)
        XCTAssertFalse(try compiled.validate(json: Array(#"{"v":"a\\\"b"}"#.utf8)).isValid)
    }

    func testCatastrophicPatternOnLongInputTerminates() throws {
        let hostile = J(.string(String(repeating: "a", count: 50_000) + "!"))
        assertRule(try pattern("(a+)+"), passes: [J(.string(String(repeating: "a", count: 50_000)))], fails: [hostile])
    }
}
