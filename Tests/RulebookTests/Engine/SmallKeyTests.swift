import XCTest
@testable import Rulebook
import SeededRandom

/// The flat loop compares a record's member keys with a field's small ASCII key by the
/// two words of their `String`s first (`SmallKey`), and falls back to the byte comparison
/// when the words cannot decide. These tests hold the shortcut to `CompiledKey.matches` on
/// keys and member keys of every form: small and long, ASCII and not, near misses, and
/// member keys whose text is short but whose storage is not a small string.
final class SmallKeyTests: XCTestCase {
    /// `text` with the same characters in a heap string (not a small string).
    private func large(_ text: String) -> String {
        var copy = text
        copy.reserveCapacity(64)
        return copy
    }

    private static let keyTexts = [
        "firstName", "lastName", "email", "age", "a", "", "id", "x_y", "fifteen_chars_k", "sixteen_chars_ke",
        "a_much_longer_field_name", "é", "straße", "日本", "e\u{301}", "K", "Ka", ";", "`",
    ]

    private static let candidates = keyTexts + [
        "firstname", "firstName ", "FirstName", "firstNam", "lastName\u{0}", "emai", "email2", "b", "fifteen_chars_K",
        "sixteen_chars_kf", "\u{E9}", "strasse", "e", "ag", "agé",
        // Canonically equal to ASCII keys as Swift `String`s, but other bytes: records are
        // matched by bytes, so the words must say "another text" (KELVIN SIGN, GREEK
        // QUESTION MARK, GREEK VARIA).
        "\u{212A}", "\u{212A}a", "\u{037E}", "\u{1FEF}",
    ]

    func testTheLayoutHoldsAndSmallASCIIKeysAreRecognised() {
        XCTAssertTrue(SmallKey.layoutHolds)
        let storage = KeyStorage()
        XCTAssertNotEqual(SmallKey(storage.key("firstName")).high, 0)
        XCTAssertNotEqual(SmallKey(storage.key("fifteen_chars_k")).high, 0)
        XCTAssertNotEqual(SmallKey(storage.key("")).high, 0)
        for text in ["sixteen_chars_ke", "é", "straße", "e\u{301}"] {
            let bits = SmallKey(storage.key(text))
            XCTAssertEqual([bits.low, bits.high], [0, 0], "\(text): long and non-ASCII keys compare as before")
        }
    }

    /// The words decide only when they can, and then as `matches` does.
    func testComparisonAgreesWithMatching() {
        let storage = KeyStorage()
        var decided = 0, undecided = 0
        for keyText in Self.keyTexts {
            let key = storage.key(keyText)
            let bits = SmallKey(key)
            for candidate in Self.candidates + Self.candidates.map(large) {
                let words = unsafeBitCast(candidate, to: (UInt64, UInt64).self)
                let expected = key.matches(candidate)
                if let verdict = bits.compare(words) {
                    decided += 1
                    XCTAssertEqual(verdict, expected, "\(keyText.debugDescription) vs \(candidate.debugDescription)")
                } else {
                    undecided += 1
                }
                XCTAssertEqual(bits.compare(words) ?? key.matches(candidate), expected,
                               "\(keyText.debugDescription) vs \(candidate.debugDescription)")
            }
        }
        XCTAssertGreaterThan(decided, 200)
        XCTAssertGreaterThan(undecided, 200)
    }

    /// Whole records whose member keys are small, long, or short texts in heap strings,
    /// through `validate` and `isValid`, against `RecordEvaluator`.
    func testRecordsMatchTheReference() {
        let compiled = rules("""
            firstName: required, minLength 2
            a_much_longer_field_name: required
            "é": required
            id: integer
            "": minLength 1
            K: required, minLength 2
            """)
        XCTAssertTrue(compiled.program.isFlat)
        let keys = ["firstName", "a_much_longer_field_name", "é", "id", "", "firstname", "e\u{301}", "other", "K", "\u{212A}"]
        let values: [Value] = [.string("Ann"), .string("A"), .string(""), .integer(3), .null, .string("x y z")]
        var rng = SeededGenerator(seed: 0x5A11_0001)
        var invalid = 0
        for index in 0..<3_000 {
            var members: [(key: String, value: Value)] = []
            for key in keys where rng.next(below: 3) != 0 {
                members.append((rng.next(below: 2) == 0 ? key : large(key), rng.pick(values)))
            }
            if rng.next(below: 2) == 0 { members.reverse() }
            let value = Value.object(ValueObject(members))
            for all in [false, true] {
                let settings = options(all: all)
                let today = compiled.today(settings.context)
                let outcome = RecordEvaluator.outcome(program: compiled.program, access: ValueAccess(value), today: today,
                                                      reportAllFailures: all)
                let expected = compiled.report(outcome, today: today, options: settings, changes: nil)
                let got = compiled.validate(value, options: settings)
                XCTAssertEqual(got, expected, "record \(index): \(members.map(\.key))")
                XCTAssertEqual(got.fields.map(\.status), expected.fields.map(\.status), "record \(index)")
                if !expected.isValid { invalid += 1 }
            }
            XCTAssertEqual(compiled.isValid(value),
                           RecordEvaluator.passesAll(program: compiled.program, access: ValueAccess(value),
                                                     today: compiled.today(options().context)), "record \(index)")
        }
        XCTAssertGreaterThan(invalid, 1_000)
    }
}
