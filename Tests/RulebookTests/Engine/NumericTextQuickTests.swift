import XCTest
@testable import Rulebook
import SeededRandom

/// A number field's text that spells a plain integer (`"27"`) is decided as that integer
/// (`FlatEvaluator.plainInteger`, then `FlatField.passesQuickly(_:)`), without the text
/// checks. These tests hold that to the general evaluator on texts around every edge of
/// the JSON number grammar the shortcut leans on: leading zeros, signs, fractions,
/// exponents, white space, 15 and 16 digits, non-ASCII digits, against fields of every
/// number rule and bound.
final class NumericTextQuickTests: XCTestCase {
    private static let source = """
        a: required, integer, between 13 124
        b: min 0, max 10.5
        c: number
        d: integer, min 100000000000000
        e: max -1
        f: between 0 0
        g: required, integer, max 999999999999999
        """

    private static let texts: [String] = [
        "0", "00", "01", "1", "9", "10", "12", "13", "27", "124", "125", "-1", "-0", "+1", "1.0", "12.5", "1e2", "1E2",
        " 27", "27 ", "\t27", "27\n", "2 7", "", "a", "٢٧", "２７", "123456789012345", "999999999999999",
        "1000000000000000", "1234567890123456", "100000000000000", "99999999999999", "0x10", "NaN", "Infinity",
        // Past `Int`: wrapped in `Int` arithmetic these would read as small numbers
        // (2^64 + 27 as 27), so the digit limit must hold.
        "9223372036854775807", "9223372036854775808", "18446744073709551643", "4294967323", "123456789012345678901",
    ]

    /// Which texts the shortcut reads, and as what.
    func testPlainIntegers() {
        func read(_ text: String) -> Int? {
            var copy = text
            return copy.withUTF8 { FlatEvaluator.plainInteger($0) }
        }
        XCTAssertEqual(read("0"), 0)
        XCTAssertEqual(read("27"), 27)
        XCTAssertEqual(read("999999999999999"), 999_999_999_999_999)
        for text in ["", "00", "01", "-1", "+1", "1.0", "1e2", " 27", "27 ", "٢٧", "1000000000000000", "a",
                     "18446744073709551643", "9223372036854775808", "123456789012345678901"] {
            XCTAssertNil(read(text), text)
        }
        // Every plain integer read is the value `NumericText` gives the same text.
        for text in Self.texts {
            var copy = text
            guard let value = read(text) else { continue }
            XCTAssertEqual(copy.withUTF8 { NumericText.parse($0) }, Double(value), text)
        }
    }

    /// Records of such texts through `validate` (both modes) and `isValid` against the
    /// reference.
    func testRecordsMatchTheReference() {
        let compiled = rules(Self.source)
        XCTAssertTrue(compiled.program.isFlat)
        XCTAssertTrue(compiled.program.flatFields.allSatisfy(\.numberQuick))
        let keys = (0..<7).map { String(UnicodeScalar(UInt8(97 + $0))) }
        var rng = SeededGenerator(seed: 0x2727_0001)
        var valid = 0, invalid = 0
        for index in 0..<4_000 {
            var members: [(key: String, value: Value)] = []
            for key in keys where rng.next(below: 6) != 0 {
                let text = rng.next(below: 3) == 0 ? rng.pick(Self.texts) : String(rng.next(below: 200) - 20)
                members.append((key, .string(text)))
            }
            let value = Value.object(ValueObject(members))
            let counts = assertMatchesReference(compiled, value, "record \(index)")
            valid += counts.valid
            invalid += counts.invalid
        }
        XCTAssertGreaterThan(valid, 10_000)
        XCTAssertGreaterThan(invalid, 10_000)
    }
}
