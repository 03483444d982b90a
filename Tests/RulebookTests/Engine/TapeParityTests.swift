import SeededRandom
import XCTest

@testable import Rulebook

/// The streaming path (rules over a JSON tape) and the `Value` path give identical
/// reports, on a deterministic randomized corpus that reaches every validator with every
/// kind of value, escapes included.
final class TapeParityTests: XCTestCase {
    private static let ruleText = """
        name:    required, minLength 2, maxLength 20, noDigits, noSpecialChars
        nick:    alpha
        code:    alphanumeric, length 2 6
        pin:     digits 4
        zip:     pattern /[0-9]{5}/
        word:    pattern /\\p{L}+\\n?/i
        email:   email
        site:    url
        id:      uuid
        pw:      containsDigit, containsLetter, containsUppercase, containsLowercase, containsSymbol
        country: oneOf "GB" "FR" 2 true
        note:    string
        meta:    object
        tags:    array, minItems 1, maxItems 3, unique
        tags[*]: minLength 1
        age:     integer, between 13 124
        score:   number, min 0, max 1.5
        flag:    boolean
        terms:   accepted
        born:    date, before today, minAge 18, maxAge 120
        start:   date
        end:     after start
        confirm: same pw
        newpw:   different pw
        items[*].q:   required, integer
        items[*].sku: required, minLength 3
        when flag { extra: required }
        when country != "GB" { post: digits 5 }
        items[*].gift: boolean
        """

    private static let strings = [
        #""""#, #"" ""#, #""Ann""#, #""A""#, #""Jos\u00e9""#, #""Jose\u0301""#, #""a\"b""#, #""line\nbreak""#, #""x\\y""#,
        #""ann@example.com""#, #""a@b""#, #""http://example.com/x""#, #""123e4567-e89b-12d3-a456-426614174000""#,
        #""GB""#, #""FR""#, #""gb""#, #""27""#, #""-1.5e3""#, #""0x1A""#, #""NaN""#, #"" 27""#, #""1.0""#, #""2000-02-29""#,
        #""2026-01-14T23:00:00Z""#, #""2026-02-30""#, #""yes""#, #""on""#, #""Pa55word!""#, #""1234""#, #""12345""#,
        #""\ud83d\udc4d\ud83c\udffd""#, #""日本語""#, #""\u3000""#, #""abc1""#, #""1""#, #""true""#,
    ]
    private static let scalars = [
        "null", "true", "false", "0", "1", "2", "2.0", "-0", "13", "124", "125", "12.5", "1e2", "0.5",
        "1.5", "1.50001", "-1", "99", "1e400",
    ]

    private func value(_ rng: inout SeededGenerator, depth: Int = 0) -> String {
        switch rng.next() % 10 {
        case 0...3: return rng.pick(Self.strings)
        case 4...6: return rng.pick(Self.scalars)
        case 7 where depth < 2:
            return "[" + (0..<Int(rng.next() % 4)).map { _ in value(&rng, depth: depth + 1) }.joined(separator: ",") + "]"
        case 8 where depth < 2:
            let keys = ["q", "sku", "gift", "a"]
            return "{"
                + (0..<Int(rng.next() % 4)).map { _ in "\"\(rng.pick(keys))\":" + value(&rng, depth: depth + 1) }
                .joined(separator: ",") + "}"
        default: return rng.pick(Self.strings)
        }
    }

    private func record(_ rng: inout SeededGenerator) -> String {
        let fields = [
            "zip", "word", "name", "nick", "code", "pin", "email", "site", "id", "pw", "country", "note", "meta", "tags", "age", "score",
            "flag", "terms", "born", "start", "end", "confirm", "newpw", "items", "extra", "post",
        ]
        var members: [String] = []
        for field in fields where rng.next() % 4 != 0 {
            if field == "items", rng.next() % 2 == 0 {
                let items = (0..<Int(rng.next() % 4)).map { _ in
                    "{\"q\":\(rng.pick(["1", "2", "1.5", "\"1\"", "null"])),\"sku\":\(rng.pick(Self.strings)),\"gift\":\(rng.pick(["true", "1"]))}"
                }
                members.append("\"items\":[\(items.joined(separator: ","))]")
            } else {
                members.append("\"\(field)\":\(value(&rng))")
            }
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    func testTapeAndValueReportsAreIdentical() throws {
        let compiled = rules(Self.ruleText)
        var rng = SeededGenerator(seed: 42)
        var statuses: [FieldStatus: Int] = [:]
        var validator = JSONRecordValidator(rules: compiled, options: options(today: "2026-01-15", all: true))
        for index in 0..<1_500 {
            let text = record(&rng)
            let bytes = Array(text.utf8)
            let value = try Value(json: bytes)
            for all in [false, true] {
                let settings = options(today: "2026-01-15", all: all)
                let viaValue = compiled.validate(value, options: settings)
                let viaTape = try compiled.validate(json: bytes, options: settings)
                XCTAssertEqual(viaTape, viaValue, "record \(index): \(text)")
                if viaTape != viaValue { return }
            }
            let viaValue = compiled.validate(value, options: options(today: "2026-01-15", all: true))
            XCTAssertEqual(try validator.validate(bytes), viaValue, "reused validator, record \(index)")
            let context = EvaluationContext(today: CalendarDate(iso: "2026-01-15")!)
            XCTAssertEqual(try compiled.isValid(json: bytes, context: context), viaValue.isValid, "record \(index): \(text)")
            XCTAssertEqual(compiled.isValid(value, context: context), viaValue.isValid, "record \(index): \(text)")
            for field in viaValue.fields { statuses[field.status, default: 0] += 1 }
        }
        // The corpus reaches every outcome, many times.
        XCTAssertGreaterThan(statuses[.valid] ?? 0, 1_000)
        XCTAssertGreaterThan(statuses[.invalid] ?? 0, 1_000)
        XCTAssertGreaterThan(statuses[.skipped] ?? 0, 100)
    }

    func testMalformedJSONIsAnError() {
        let compiled = rules("name: required")
        for text in ["", "{", #"{"name":}"#, "[1,]", #"{"name":"x"} trailing"#] {
            XCTAssertThrowsError(try compiled.validate(json: Array(text.utf8)), text)
            XCTAssertThrowsError(try compiled.isValid(json: Array(text.utf8)), text)
        }
    }

    func testNonObjectRoots() throws {
        let compiled = rules("name: required\nitems[*]: integer")
        for text in ["[]", "5", "\"x\"", "null"] {
            let viaTape = try compiled.validate(json: Array(text.utf8), options: options())
            XCTAssertEqual(viaTape, compiled.validate(try Value(json: text), options: options()), text)
            XCTAssertEqual(viaTape.violations.map(\.validator), [.required], text)
        }
    }
}
