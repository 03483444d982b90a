import XCTest
@testable import Rulebook
import SeededRandom

/// `JSONRecordValidator.isValid` counts a program that is not flat but has no `when`
/// condition and no rule reading another field (`[*]` paths, say) with
/// `TapeCountingEvaluator`; `RecordEvaluator` over the same tape is the reference. These
/// tests run generated records — arrays of objects, arrays of arrays, missing and empty
/// levels, every kind of value, escapes — through both for the payment workload and for
/// generated rule sets, and require the same answer, and the report path's.
final class TapeCountingEquivalenceTests: XCTestCase {
    private static let scalars: [String] = [
        "null", "true", "false", "0", "1", "2", "13", "99", "100", "124", "125", "-1", "-0", "1.5", "1e2", "1e400",
        "9223372036854775808", #""""#, #"" ""#, #""a""#, #""ab""#, #""abc""#, #""ABC-1234""#, #""AB\u0043-1234""#,
        #""abc-1234""#, #""12345""#, #""1234""#, #""07366""#, #""GB""#, #""FR""#, #""27""#, #""1.5""#,
        #""ann@example.com""#, #""a@b""#, #""José""#, #""Jose\u0301""#, #""\u00e9\u00e9""#, #""2026-01-14""#,
        #""2000-02-30""#, #""yes""#, #""x\ny""#, "[]", "{}", "[1,1]", #"["a"]"#,
    ]

    /// A JSON value: a scalar, or (up to `depth`) an array or an object over `keys`.
    private func value(_ rng: inout SeededGenerator, keys: [String], depth: Int) -> String {
        switch depth > 0 ? rng.next(below: 6) : 0 {
        case 1, 2:
            let count = rng.next(below: 4)
            return "[" + (0..<count).map { _ in value(&rng, keys: keys, depth: depth - 1) }.joined(separator: ",") + "]"
        case 3, 4:
            let members = keys.filter { _ in rng.next(below: 3) != 0 }
                .map { "\"\($0)\":" + value(&rng, keys: keys, depth: depth - 1) }
            return "{" + members.joined(separator: ",") + "}"
        default:
            return rng.pick(Self.scalars)
        }
    }

    @discardableResult
    private func compare(_ compiled: CompiledRuleSet, records: [String], file: StaticString = #filePath,
                         line: UInt = #line) throws -> (valid: Int, invalid: Int) {
        XCTAssertFalse(compiled.program.isFlat, file: file, line: line)
        XCTAssertTrue(TapeCountingEvaluator.accepts(compiled.program), file: file, line: line)
        let settings = options(today: "2026-01-15")
        let today = compiled.today(settings.context)
        var validator = JSONRecordValidator(rules: compiled, options: settings)
        var valid = 0, invalid = 0
        for (index, text) in records.enumerated() {
            let bytes = Array(text.utf8)
            let expected = try referencePasses(compiled, bytes, today: today)
            XCTAssertEqual(try validator.isValid(bytes), expected, "record \(index): \(text)", file: file, line: line)
            XCTAssertEqual(try compiled.validate(json: bytes, options: settings).isValid, expected,
                           "report, record \(index): \(text)", file: file, line: line)
            if expected { valid += 1 } else { invalid += 1 }
        }
        return (valid, invalid)
    }

    func testPaymentWorkloadMatchesTheReference() throws {
        let compiled = try CompiledRuleSet(contentsOfFile: engineRepositoryRoot
            .appendingPathComponent("Benchmarks/workloads/payment.rules").path)
        var rng = SeededGenerator(seed: 0xC0_0001)
        func often(_ good: String, _ others: [String]) -> String { rng.next(below: 4) == 0 ? rng.pick(others) : good }
        var records: [String] = []
        for _ in 0..<3_000 {
            let items = (0..<rng.next(below: 4)).map { _ -> String in
                var members = ["\"sku\":" + often(#""ABC-1234""#, Self.scalars), "\"quantity\":" + often("38", Self.scalars)]
                if rng.next(below: 10) == 0 { members.removeFirst() }
                return "{" + members.joined(separator: ",") + "}"
            }
            var members = ["\"email\":" + often(#""buyer1@shop.example""#, Self.scalars),
                           "\"phone\":" + often(#""1563431734""#, Self.scalars), "\"zip\":" + often(#""92293""#, Self.scalars),
                           "\"state\":" + often(#""HY""#, Self.scalars), "\"cvc\":" + often(#""590""#, Self.scalars),
                           "\"items\":" + (rng.next(below: 8) == 0 ? rng.pick(Self.scalars) : "[" + items.joined(separator: ",") + "]")]
            members = members.filter { _ in rng.next(below: 25) != 0 }
            records.append("{" + members.joined(separator: ",") + "}")
        }
        let found = try compare(compiled, records: records)
        XCTAssertGreaterThan(found.valid, 100)
        XCTAssertGreaterThan(found.invalid, 1_000)
    }

    /// Validators grouped so that the checker accepts any few of one group together.
    private static let validatorGroups: [[String]] = [
        ["minLength 2", "maxLength 5", "length 2 4", "pattern /^[A-Z]{3}-[0-9]{4}$/", "email", "alpha", "digits 5",
         "containsDigit", "string", "date", "before today", "minAge 18"],
        ["integer", "number", "min 0", "between 1 99", "max 100"],
        ["array", "minItems 1", "maxItems 2", "unique"],
        [#"oneOf "GB" "FR" 1 true"#, "boolean", "accepted", "object"],
    ]

    func testGeneratedWildcardRuleSetsMatchTheReference() throws {
        let paths = ["items[*].sku", "items[*].q", "items", "tags[*]", "a.b[*].c", "m[*][*]", "m[*]", "name", "a.d",
                     "items[*].sub[*].q"]
        var rng = SeededGenerator(seed: 0xC0_5E75)
        var totals = (valid: 0, invalid: 0)
        var sets = 0
        for set in 0..<100 {
            var lines: [String] = []
            for path in paths where rng.next(below: 2) == 0 {
                let group = rng.pick(Self.validatorGroups)
                var chosen = (0..<(1 + rng.next(below: 2))).map { _ in rng.pick(group) }
                if rng.next(below: 2) == 0 { chosen.insert("required", at: 0) }
                lines.append("\(path): " + chosen.joined(separator: ", "))
                // A second statement for the same field now and then.
                if rng.next(below: 6) == 0 { lines.append("\(path): " + rng.pick(group)) }
            }
            // Only sets that are not flat (a nested key alone, `a.d`, is flat: the flat
            // evaluators count those, `TapeFlatEquivalenceTests`).
            guard lines.contains(where: { $0.contains("[*]") }),
                  let compiled = try? CompiledRuleSet(source: lines.joined(separator: "\n"), path: "t.rules")
            else { continue }
            sets += 1
            var records: [String] = []
            for _ in 0..<300 {
                let keys = ["items", "tags", "a", "b", "m", "name", "sku", "q", "c", "d", "sub"]
                let members = keys.filter { _ in rng.next(below: 4) != 0 }
                    .map { "\"\($0)\":" + value(&rng, keys: ["sku", "q", "b", "c", "d", "sub"], depth: 3) }
                records.append("{" + members.joined(separator: ",") + "}")
            }
            let found = try compare(compiled, records: records)
            totals.valid += found.valid
            totals.invalid += found.invalid
        }
        XCTAssertGreaterThan(sets, 30)
        XCTAssertGreaterThan(totals.valid, 1_000)
        XCTAssertGreaterThan(totals.invalid, 3_000)
    }

    func testProgramsWithConditionsOrFieldReferencesAreLeftToTheReference() throws {
        for text in ["items[*].q: integer\nwhen flag { name: required }", "a: required\nb: same a",
                     "start: date\nend: after start", "items[*].a: different b"] {
            let compiled = try CompiledRuleSet(source: text, path: "t.rules")
            XCTAssertFalse(TapeCountingEvaluator.accepts(compiled.program), text)
        }
    }
}
