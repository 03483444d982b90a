import SeededRandom
import XCTest

@testable import Rulebook

final class JSONNumberTests: XCTestCase {
    func testNumericTextFollowsTheJSONGrammar() {
        XCTAssertEqual(JSONNumber("27")?.integerValue, 27)
        XCTAssertEqual(JSONNumber("27")?.value, .integer(27))
        XCTAssertEqual(JSONNumber("-1.5e3")?.doubleValue, -1500)
        XCTAssertEqual(JSONNumber("-1.5e3")?.integerValue, -1500)
        XCTAssertEqual(JSONNumber("-1.5e3")?.hasIntegerSyntax, false)
        XCTAssertEqual(JSONNumber("0.25")?.doubleValue, 0.25)
        XCTAssertNil(JSONNumber("0.25")?.integerValue)
        XCTAssertEqual(JSONNumber("2.0")?.integerValue, 2)
        XCTAssertEqual(JSONNumber("2.0")?.value, .decimal(2))
        XCTAssertEqual(JSONNumber("1E2")?.integerValue, 100)
        for invalid in [
            "", " 27", "27 ", "+1", ".5", "5.", "01", "-", "--1", "1e", "1e+", "0x1A", "NaN", "nan", "Infinity",
            "-Infinity", "inf", "1_000", "1,5", "١٢", "27\n", "1.2.3", "e5", "１",
        ] {
            XCTAssertNil(JSONNumber(invalid), invalid)
        }
        XCTAssertEqual(JSONNumber("9223372036854775807")?.integerValue, Int.max)
        XCTAssertEqual(JSONNumber("-9223372036854775808")?.integerValue, Int.min)
        XCTAssertNil(JSONNumber("9223372036854775808")?.integerValue)
        XCTAssertEqual(JSONNumber("9223372036854775808")?.value, .decimal(9223372036854775808.0))
        XCTAssertEqual(JSONNumber("-0")?.doubleValue.sign, .minus)
        XCTAssertEqual(JSONNumber("-0")?.value, .integer(0), "integer syntax reads as the integer 0")
        XCTAssertEqual(JSONNumber("-0.0")?.doubleValue.sign, .minus)
        XCTAssertEqual(JSONNumber("1e400")?.doubleValue, .infinity)
        XCTAssertEqual(JSONNumber("-1e400")?.doubleValue, -.infinity)
        XCTAssertNil(JSONNumber("1e400")?.integerValue)
        XCTAssertEqual(JSONNumber(Substring("x12").dropFirst())?.integerValue, 12)
        let long = "0." + String(repeating: "1", count: 5_000)
        XCTAssertEqual(JSONNumber(long)?.doubleValue, Double(long), "numeric text has no length limit of its own")
    }

    /// The fast path agrees bit for bit with the standard library's correctly rounded
    /// conversion on random texts of every shape.
    func testFastPathAgreesWithCorrectRounding() {
        var rng = SeededGenerator(seed: 0x5EED_0004)
        for _ in 0..<20_000 {
            var text = rng.next() % 2 == 0 ? "-" : ""
            let integerDigits = Int(rng.next() % 12)
            text +=
                integerDigits == 0 ? "0" : String(1 + rng.next() % 9) + (0..<integerDigits).map { _ in String(rng.next() % 10) }.joined()
            if rng.next() % 2 == 0 {
                text += "." + (0...(rng.next() % 10)).map { _ in String(rng.next() % 10) }.joined()
            }
            if rng.next() % 3 == 0 {
                text += ["e", "E", "e+", "e-"][Int(rng.next() % 4)] + String(rng.next() % 40)
            }
            guard let number = JSONNumber(text), let expected = Double(text) else {
                XCTFail("\(text) rejected")
                continue
            }
            XCTAssertEqual(number.doubleValue.bitPattern, expected.bitPattern, text)
        }
    }
}
