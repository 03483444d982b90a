import XCTest
@testable import Rulebook
import SeededRandom

/// `JSONRecordValidator.isValid` (what `rulebook validate --quiet` runs per record)
/// counts a flat program with `TapeFlatEvaluator`; `RecordEvaluator` over the same tape is
/// the reference. These tests run thousands of generated JSON records — escaped keys and
/// texts, repeated keys, nested objects, every kind of value, members in any order,
/// non-object roots — through both, for the benchmark workloads, the shipped flat rules
/// and generated flat rule sets that use every validator the flat plan runs, and require
/// the same answer, and the same as the report path's `isValid`.
final class TapeFlatEquivalenceTests: XCTestCase {
    /// JSON texts of values of every kind the validators tell apart.
    private static let values: [String] = [
        "null", "true", "false", "0", "1", "2", "5", "13", "18", "124", "125", "-1", "-0", "9223372036854775807",
        "9223372036854775808", "-9223372036854775809", "0.5", "2.5", "12.5", "13.0", "1e2", "-0.0", "1e300", "1e400",
        "10.5", "99", "100",
        #""""#, #"" ""#, #""\t\n""#, #""\u00a0""#, #""\u2003x""#, #""a""#, #""ab""#, #""abc""#, #""Ann""#, #""ANN""#,
        #""abc123""#, #""A1!""#, #""José""#, #""Jos\u00e9""#, #""Jose\u0301""#, #""Zoë""#, #""Straße""#,
        #""e\u0301e\u0301""#, #""👍🏽👍🏽""#, #""\ud83d\udc4d""#, #""日本語テキスト""#, #""ab\r\ncd""#, #""\r\n""#,
        #""a\"b""#, #""x\\y""#, #""line\nbreak""#, #""\u0041\u0042""#, #""ab\u0301""#, #""166 ulica Długa""#,
        "\"" + String(repeating: "a", count: 120) + "\"", "\"" + String(repeating: "é", count: 60) + "\"",
        #""27""#, #""-1.5e3""#, #""007""#, #""13""#, #""12.5""#, #"" 27""#, #""NaN""#, #""1e400""#,
        #""ann@example.com""#, #""a@b""#, #""a@b.c""#, #""x y@z.com""#, #""ann\u0040example.com""#,
        #""https://example.com/a?b=c""#, #""ftp://x""#, #""123e4567-e89b-12d3-a456-426614174000""#,
        #""12345""#, #""1234""#, #""07366""#, #""0736a""#, #""1234\u0035""#, #""yes""#, #""on""#, #""1""#, #""true""#,
        #""GB""#, #""FR""#, #""PL""#, #""G\u0042""#, #""gb""#, #""2000-02-29""#, #""2026-01-15""#, #""2026-01-14""#,
        #""2026-02-30""#, #""2026-01-15T10:00:00Z""#, #""2008-01-15""#, #""1960-06-01""#, #""2999-01-01""#,
        #""2026-01-1\u0034""#, #""ABC-1234""#, #""AB""#, #""ab cd""#, #""2026-01-16""#, #""0000-02-29""#,
        #""2000-02-29""#, #""1900-02-29""#, #""2026-13-01""#, #""2026-00-10""#, #""2026/01/15""#, #""+026-01-15""#,
        #""2026-1-15x""#, #""2026-01-15 ""#, #""9999-12-31""#, #""2026-01-15T00:00:00+01:00""#,
        "[]", "[1]", "[1,1]", "[1,1.0]", #"["a","b","c"]"#, "[null]", "{}", #"{"b":"x"}"#, #"{"a":{"b":1}}"#,
    ]

    /// A JSON object over `keys`: each member absent one time in five, a nested object
    /// one time in four (for dotted paths), a key spelt with an escape or repeated now and
    /// then, members sometimes reversed, an unrelated member sometimes.
    private func record(_ rng: inout SeededGenerator, keys: [String]) -> String {
        var members: [String] = []
        for key in keys where rng.next(below: 5) != 0 {
            let value: String
            if rng.next(below: 4) == 0 {
                let inner = keys.filter { _ in rng.next(below: 2) == 0 }
                    .map { "\(spelt($0, &rng)):\(rng.pick(Self.values))" }
                value = "{" + inner.joined(separator: ",") + "}"
            } else {
                value = rng.pick(Self.values)
            }
            members.append("\(spelt(key, &rng)):\(value)")
            // A repeated key: the last one counts (as the JSON reader decides).
            if rng.next(below: 12) == 0 { members.append("\(spelt(key, &rng)):\(rng.pick(Self.values))") }
        }
        if rng.next(below: 8) == 0 { members.append("\"unrelated\":\(rng.pick(Self.values))") }
        if rng.next(below: 3) == 0 { members.reverse() }
        let space = rng.next(below: 6) == 0 ? " " : ""
        return "{" + space + members.joined(separator: "," + space) + space + "}"
    }

    /// A key as JSON text, its first ASCII letter escaped one time in eight.
    private func spelt(_ key: String, _ rng: inout SeededGenerator) -> String {
        guard rng.next(below: 8) == 0, let first = key.unicodeScalars.first, first.isASCII else { return "\"\(key)\"" }
        let escaped = String(format: "\\u%04x", first.value)
        return "\"" + escaped + String(key.unicodeScalars.dropFirst()) + "\""
    }

    /// Runs `count` records through the validator and the reference; returns how many
    /// were valid and invalid.
    @discardableResult
    private func compare(_ compiled: CompiledRuleSet, keys: [String], seed: UInt64, count: Int = 1_500,
                         file: StaticString = #filePath, line: UInt = #line) throws -> (valid: Int, invalid: Int) {
        XCTAssertTrue(compiled.program.isFlat, "the rules must take the flat path", file: file, line: line)
        var rng = SeededGenerator(seed: seed)
        let settings = options(today: "2026-01-15")
        let today = compiled.today(settings.context)
        var validator = JSONRecordValidator(rules: compiled, options: settings)
        var valid = 0, invalid = 0
        for index in 0..<count {
            let text = record(&rng, keys: keys)
            let bytes = Array(text.utf8)
            let expected = try referencePasses(compiled, bytes, today: today)
            let got = try validator.isValid(bytes)
            XCTAssertEqual(got, expected, "record \(index): \(text)", file: file, line: line)
            XCTAssertEqual(try compiled.validate(json: bytes, options: settings).isValid, expected,
                           "report, record \(index): \(text)", file: file, line: line)
            if got != expected { return (valid, invalid) }
            if expected { valid += 1 } else { invalid += 1 }
        }
        return (valid, invalid)
    }

    private func load(_ relativePath: String) throws -> CompiledRuleSet {
        try CompiledRuleSet(contentsOfFile: engineRepositoryRoot.appendingPathComponent(relativePath).path)
    }

    func testBenchmarkAndShippedFlatRulesMatchTheReference() throws {
        var seed: UInt64 = 0x7A9E_0001
        for file in ["Benchmarks/workloads/address.rules", "Benchmarks/workloads/profile.rules", "Rules/profile.rules"] {
            let compiled = try load(file)
            let keys = Array(Set(compiled.fieldPaths.compactMap { path -> String? in
                if case .key(let key)? = path.segments.first { key } else { nil }
            })).sorted()
            let found = try compare(compiled, keys: keys, seed: seed, count: 1_200)
            XCTAssertGreaterThan(found.invalid, 300, file)
            seed += 1
        }
    }

    /// Records that pass every rule often: the workload's own shape, so that the valid
    /// side (every field's checks run to the end) is compared as much as the invalid.
    func testAddressRecordsOfTheWorkloadsShapeMatchTheReference() throws {
        let compiled = try load("Benchmarks/workloads/address.rules")
        var rng = SeededGenerator(seed: 0x7A9E_AD05)
        var validator = JSONRecordValidator(rules: compiled, options: options(today: "2026-01-15"))
        let today = compiled.today(options(today: "2026-01-15").context)
        var valid = 0, invalid = 0
        for index in 0..<3_000 {
            let house = mostlyFirst(&rng, [#""39""#, #""Rose Cottage""#, #""""#, #"" ""#, "7", String(repeating: "h", count: 51).quoted])
            let line1 = mostlyFirst(&rng, [#""166 ulica Długa""#, #""12""#, #""ab""#, #""Ab\u0301""#, "null"])
            let line2 = mostlyFirst(&rng, [#""Flat 28""#, "null", String(repeating: "é", count: 101).quoted, "[]"])
            let city = mostlyFirst(&rng, [#""München""#, #""Paris""#, #""P""#, #""P\u0061""#, "true"])
            let postcode = mostlyFirst(&rng, [#""07366""#, #""0736""#, #""07366 ""#, #""0736\u0036""#, "7366"])
            let country = mostlyFirst(&rng, [#""DE""#, #""GB""#, #""XX""#, #""D\u0045""#, #""de""#])
            let birthday = mostlyFirst(&rng, [#""1952-04-20""#, #""2026-01-15""#, #""2026-01-14""#, #""2026-02-30""#, #""later""#,
                                                         #""2026-01-16""#, #""2026-01-14T23:59:59Z""#,
                                                         #""1999-02-29""#, #""2001-04-31""#, #""1980-00-10""#])
            var members = [("house", house), ("line1", line1), ("line2", line2), ("city", city), ("postcode", postcode),
                           ("country", country), ("birthday", birthday)]
                .filter { _ in rng.next(below: 30) != 0 }
                .map { "\"\($0.0)\":\($0.1)" }
            if rng.next(below: 10) == 0 { members.shuffle(using: &rng) }
            let bytes = Array(("{" + members.joined(separator: ",") + "}").utf8)
            let expected = try referencePasses(compiled, bytes, today: today)
            XCTAssertEqual(try validator.isValid(bytes), expected, "record \(index): \(String(decoding: bytes, as: UTF8.self))")
            if expected { valid += 1 } else { invalid += 1 }
        }
        XCTAssertGreaterThan(valid, 100)
        XCTAssertGreaterThan(invalid, 1_000)
    }

    /// The first of `options` four times in five (the valid value), else any of them.
    private func mostlyFirst(_ rng: inout SeededGenerator, _ options: [String]) -> String {
        rng.next(below: 5) == 0 ? rng.pick(options) : options[0]
    }

    /// Every validator of the flat plan, as rule text in groups the checker accepts
    /// together (text, number, list, any kind), with constants the generated values sit on
    /// both sides of.
    private static let validatorGroups: [[String]] = [
        ["minLength 2", "maxLength 5", "length 2 4", "length 3", "pattern /^[a-z]+$/", "pattern /^[0-9]{5}$/", "email",
         "url", "uuid", "alpha", "alphanumeric", "digits", "digits 5", "noDigits", "noSpecialChars", "containsDigit",
         "containsLetter", "containsUppercase", "containsLowercase", "containsSymbol", "string", "date", "before today",
         "after today", "before 2026-01-15", "minAge 18", "maxAge 65", "minLength 20", "maxLength 2"],
        ["integer", "number", "min 0", "max 10.5", "between 13 124", "max 100"],
        ["array", "minItems 1", "maxItems 2", "unique"],
        [#"oneOf "GB" "FR" 1 true 2.5"#, "boolean", "accepted", "object"],
    ]

    func testGeneratedFlatRuleSetsMatchTheReference() throws {
        let paths = ["a", "b", "c", "name", "a.b", "a.c", "d.e.f", "é"]
        var rng = SeededGenerator(seed: 0x7A9E_5E75)
        var totals = (valid: 0, invalid: 0)
        var compiledSets = 0
        for set in 0..<120 {
            var lines: [String] = []
            var keys = Set<String>()
            for path in paths where rng.next(below: 3) != 0 {
                let group = rng.pick(Self.validatorGroups)
                var chosen = (0..<(1 + rng.next(below: 3))).map { _ in rng.pick(group) }
                if rng.next(below: 2) == 0 { chosen.insert("required", at: 0) }
                lines.append("\(path): " + chosen.joined(separator: ", "))
                keys.insert(String(path.split(separator: ".")[0]))
            }
            // Sets the checker rejects (contradictory bounds, repeated rules) are skipped.
            guard !lines.isEmpty, let compiled = try? CompiledRuleSet(source: lines.joined(separator: "\n"), path: "t.rules")
            else { continue }
            compiledSets += 1
            let found = try compare(compiled, keys: keys.sorted() + ["b", "e"], seed: 0x7A9E_0100 + UInt64(set), count: 400)
            totals.valid += found.valid
            totals.invalid += found.invalid
        }
        XCTAssertGreaterThan(compiledSets, 30)
        XCTAssertGreaterThan(totals.valid, 500)
        XCTAssertGreaterThan(totals.invalid, 5_000)
    }

    /// `before today` and `after today` without `date` before them: every kind of date
    /// text, real and not, on both sides of today, decided alone.
    func testTodayBoundsWithoutDateMatchTheReference() throws {
        let compiled = rules("d: before today\ne: after today\nf: required, before today, after 1990-01-01")
        let dates = ["2026-01-14", "2026-01-15", "2026-01-16", "1999-02-29", "2001-04-31", "1980-00-10", "2030-02-30",
                     "2000-02-29", "1900-02-29", "0000-01-01", "9999-12-31", "2026-1-15x", "2026/01/14", "1990-01-01",
                     "2026-01-14T23:59:59Z", "2026-01-16T00:00:00+05:00", "2026-01-15T12:00:00Z", "abc", "", "1e3"]
        var records: [String] = []
        for first in dates { for second in dates.prefix(6) { records.append(#"{"d":"\#(first)","e":"\#(second)","f":"2000-01-01"}"#) } }
        for first in dates { records.append(#"{"d":"2000-01-01","e":"2030-01-01","f":"\#(first)"}"#) }
        let today = compiled.today(options().context)
        var validator = JSONRecordValidator(rules: compiled, options: options())
        var valid = 0
        for text in records {
            let bytes = Array(text.utf8)
            let expected = try referencePasses(compiled, bytes, today: today)
            XCTAssertEqual(try validator.isValid(bytes), expected, text)
            if expected { valid += 1 }
        }
        XCTAssertGreaterThan(valid, 0)
        XCTAssertLessThan(valid, records.count - 50)
    }

    /// A library caller may give any today within `CalendarDate.years`: at its ends both
    /// paths answer alike (nothing overflows); beyond them there is no such date.
    func testTodaysAtTheEndsOfTheCalendar() throws {
        let compiled = rules("d: date, before today\ne: after today")
        for year in [Int.max / 100, 1_000_000_000, -1_000_000_000, Int.min] {
            XCTAssertNil(CalendarDate(year: year, month: 6, day: 15), "\(year)")
        }
        for year in [999_999_999, -999_999_999, 10_000, -1] {
            let today = try XCTUnwrap(CalendarDate(year: year, month: 12, day: 31))
            let options = ValidationOptions(context: EvaluationContext(today: today))
            var validator = JSONRecordValidator(rules: compiled, options: options)
            for text in [#"{"d":"2000-01-01","e":"2000-01-01"}"#, #"{"d":"9999-12-31","e":"0000-01-01"}"#, #"{"d":"2000-02-30"}"#] {
                let bytes = Array(text.utf8)
                let report = try compiled.validate(json: bytes, options: options)
                XCTAssertEqual(try validator.isValid(bytes), report.isValid, "\(year): \(text)")
            }
        }
    }

    func testNonObjectRootsAndEmptyObjects() throws {
        for ruleText in ["name: required", "name: minLength 2", "a.b: required, integer", "name: maxLength 3\nage: min 1"] {
            let compiled = rules(ruleText)
            XCTAssertTrue(compiled.program.isFlat, ruleText)
            let today = compiled.today(options().context)
            var validator = JSONRecordValidator(rules: compiled, options: options())
            for text in ["[]", "5", "\"x\"", "null", "true", "{}", "[{\"name\":\"x\"}]", #"{"a":[]}"#, #"{"a":"b"}"#,
                         #"{"a":{"b":null}}"#, #"{"a":{"b":1}}"#, #"{"name":null}"#, #"{"name":"  "}"#] {
                let bytes = Array(text.utf8)
                XCTAssertEqual(try validator.isValid(bytes), try referencePasses(compiled, bytes, today: today),
                               "\(ruleText) on \(text)")
            }
        }
    }
}

private extension String {
    /// The text as a JSON string literal (no characters that need escaping).
    var quoted: String { "\"" + self + "\"" }
}
