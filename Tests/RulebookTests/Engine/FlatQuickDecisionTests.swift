import XCTest
@testable import Rulebook
import SeededRandom

/// A flat field whose rules other than `required` are length bounds, and at most one shape
/// rule (email, url, uuid, pattern), decides a text on its first bytes and its length when
/// it can (`FlatField.passesQuickly`, then the shape), without the text checks; one whose
/// rules are all number rules decides an integer on its bounds.
/// These tests hold the quick decisions to the general evaluator (`RecordEvaluator`) on
/// thousands of generated values around every boundary they read: the prefix's bytes
/// (white space, CR, DEL, control characters, non-ASCII, combining marks), the length
/// against each bound, texts shorter and longer than eight bytes (small and heap
/// strings), and integers at, inside and outside each bound (and beyond `Double`'s
/// exact range).
final class FlatQuickDecisionTests: XCTestCase {
    /// Bytes the quick test reacts to, and ordinary ones.
    private static let pieces: [String] = [
        "a", "b", "Z", "0", "!", "~", " ", "\t", "\n", "\r", "\r\n", "\u{7F}", "\u{01}", "\u{1F}", "é", "\u{301}",
        "\u{A0}", "\u{2003}", "日", "👍🏽", "e\u{301}", "-", "'", ".",
    ]

    /// A text of 0–24 pieces, mostly ASCII letters (so the quick path is often taken).
    private func text(_ rng: inout SeededGenerator) -> String {
        let length = rng.next(below: 25)
        var result = ""
        for _ in 0..<length {
            result += rng.next(below: 3) == 0 ? rng.pick(Self.pieces) : String(UnicodeScalar(UInt8(97 + rng.next(below: 26))))
        }
        return result
    }

    private static let source = """
        a: required, minLength 2
        b: minLength 1
        c: required, maxLength 5
        d: required, length 3
        e: length 2 9
        f: required, minLength 8
        g: required, minLength 9
        h: required
        i: minLength 4, maxLength 12, minLength 6
        j: required, maxLength 0
        k: required, minLength 2, email
        """

    private func reference(_ compiled: CompiledRuleSet, _ value: Value, _ settings: ValidationOptions) -> ValidationReport {
        let today = compiled.today(settings.context)
        let outcome = RecordEvaluator.outcome(program: compiled.program, access: ValueAccess(value), today: today,
                                              reportAllFailures: settings.reportAllFailures)
        return compiled.report(outcome, today: today, options: settings, changes: nil)
    }

    /// Which fields take the quick test, with what bounds.
    func testQuickBoundsPerField() {
        let compiled = rules(Self.source)
        XCTAssertTrue(compiled.program.isFlat)
        let fields = compiled.program.flatFields
        let bounds = fields.map { ($0.quickPrefix, $0.quickMaximum, $0.quickMask) }
        XCTAssertEqual(bounds[0].0, 2); XCTAssertEqual(bounds[0].1, Int.max); XCTAssertEqual(bounds[0].2, 0x8080)
        XCTAssertEqual(bounds[1].0, 1); XCTAssertEqual(bounds[1].2, 0x80)
        XCTAssertEqual(bounds[2].0, 1); XCTAssertEqual(bounds[2].1, 5)
        XCTAssertEqual(bounds[3].0, 3); XCTAssertEqual(bounds[3].1, 3)
        XCTAssertEqual(bounds[4].0, 2); XCTAssertEqual(bounds[4].1, 9)
        XCTAssertEqual(bounds[5].0, 8); XCTAssertEqual(bounds[5].2, 0x8080_8080_8080_8080)
        XCTAssertEqual(bounds[6].2, 0, "a minimum above eight: no quick test")
        XCTAssertEqual(bounds[7].0, 1, "required only: the text need only be non-blank")
        XCTAssertEqual(bounds[8].0, 6); XCTAssertEqual(bounds[8].1, 12)
        XCTAssertEqual(bounds[9].2, 0, "a maximum below the minimum: no quick test")
        XCTAssertEqual(bounds[10].0, 2, "length bounds and one shape rule")
        XCTAssertEqual(fields[10].quickShape, FlatField.shapeEmail)
        XCTAssertEqual(fields.prefix(10).map(\.quickShape), Array(repeating: FlatField.shapeNone, count: 10))
    }

    private static let shapeSource = """
        a: required, minLength 5, email
        b: url
        c: uuid, maxLength 40
        d: minLength 2, pattern /^[a-z]+$/
        e: email, url
        f: email, minLength 9
        g: required, pattern /^[A-Z]{3}-[0-9]{4}$/, length 8
        h: email, alpha
        """

    /// Which fields get a shape decided in the loop.
    func testShapeRules() {
        let compiled = rules(Self.shapeSource)
        XCTAssertTrue(compiled.program.isFlat)
        let fields = compiled.program.flatFields
        XCTAssertEqual(fields.map(\.quickShape), [FlatField.shapeEmail, FlatField.shapeURL, FlatField.shapeUUID,
                                                  FlatField.shapePattern, FlatField.shapeNone, FlatField.shapeNone,
                                                  FlatField.shapePattern, FlatField.shapeNone])
        XCTAssertEqual(fields.map { $0.quickMask != 0 }, [true, true, true, true, false, false, true, false],
                       "two shapes, a minimum above eight, or another rule: no quick test")
        XCTAssertNotEqual(fields[3].quickPattern, fields[6].quickPattern)
    }

    /// Texts of every shape, right and nearly right, through both evaluators.
    func testShapesMatchTheReference() throws {
        let compiled = rules(Self.shapeSource)
        let keys = (0..<8).map { String(UnicodeScalar(UInt8(97 + $0))) }
        let texts = [
            "ann@example.com", "ann.lee42@example.co.uk", "a@b.c", "a@b", "ann@@example.com", "ann lee@example.com",
            "josé@exämple.com", "a..b@c.com", "ann@example.", "@example.com", "https://example.com/a?b=c", "http://x",
            "ftp://x", "https://", "HTTPS://EXAMPLE.COM", "123e4567-e89b-12d3-a456-426614174000",
            "123e4567-e89b-12d3-a456-42661417400", "123E4567-E89B-12D3-A456-426614174000", "abc", "abcdef", "ab1",
            "ABC-1234", "ABC-12345", "abc-1234", "", " ", "  ann@example.com", "ann@example.com ", "\tabc", "é@é.é",
        ]
        var rng = SeededGenerator(seed: 0x0C1C_0004)
        var valid = 0, invalid = 0
        for index in 0..<3_000 {
            var members: [(key: String, value: Value)] = []
            for key in keys where rng.next(below: 6) != 0 {
                members.append((key, .string(rng.next(below: 4) == 0 ? text(&rng) : rng.pick(texts))))
            }
            if rng.next(below: 3) == 0 { members.reverse() }
            try assertMatchesReference(compiled, Value.object(ValueObject(members)), index: index, valid: &valid, invalid: &invalid)
        }
        XCTAssertGreaterThan(valid, 10_000)
        XCTAssertGreaterThan(invalid, 10_000)
    }

    /// The quick test passes only texts the full checks pass, and is exact per byte.
    func testQuickTestImpliesThePassOfEveryRule() {
        let compiled = rules(Self.source)
        let program = compiled.program
        var rng = SeededGenerator(seed: 0x0C1C_0001)
        var quick = 0, quickShort = 0, quickLong = 0
        for _ in 0..<6_000 {
            let candidate = text(&rng)
            for index in program.flatFields.indices {
                var copy = candidate
                let field = UnsafePointer(program.flatFieldTable.baseAddress! + index)
                let passes = copy.withUTF8 { FlatEvaluator.passesQuickly(field, $0, program: program) }
                guard passes else { continue }
                quick += 1
                if candidate.utf8.count < 8 { quickShort += 1 } else { quickLong += 1 }
                let key = String(UnicodeScalar(UInt8(97 + index)))
                let value = Value.object(ValueObject([(key: key, value: .string(candidate))]))
                let report = reference(compiled, value, options(all: true))
                XCTAssertEqual(report.fields[index].status, .valid, "\(key): \(candidate.debugDescription)")
            }
        }
        // Both branches (a word, and the byte loop for texts under eight bytes) were taken.
        XCTAssertGreaterThan(quickShort, 1_000)
        XCTAssertGreaterThan(quickLong, 1_000)
        XCTAssertGreaterThan(quick, 5_000)
    }

    /// `notPrintable` marks exactly the bytes outside 0x21–0x7E, at every position.
    func testNotPrintableIsExactPerByte() {
        for byte in 0...255 {
            for position in 0..<8 {
                let word = 0x6161_6161_6161_6161 & ~(UInt64(0xFF) << UInt64(position * 8)) | UInt64(byte) << UInt64(position * 8)
                let expected: UInt64 = (0x21...0x7E).contains(byte) ? 0 : 0x80 << UInt64(position * 8)
                XCTAssertEqual(FlatField.notPrintable(word), expected, "byte \(byte) at \(position)")
            }
        }
    }

    /// Whole reports through `validate`, `isValid` and the `Encodable` path match the
    /// reference, with and without `reportAllFailures`.
    func testReportsMatchTheReference() throws {
        let compiled = rules(Self.source)
        let keys = (0..<11).map { String(UnicodeScalar(UInt8(97 + $0))) }
        var rng = SeededGenerator(seed: 0x0C1C_0002)
        var invalid = 0, valid = 0
        for index in 0..<3_000 {
            var members: [(key: String, value: Value)] = []
            for key in keys where rng.next(below: 8) != 0 { members.append((key, .string(text(&rng)))) }
            if rng.next(below: 3) == 0 { members.reverse() }
            try assertMatchesReference(compiled, Value.object(ValueObject(members)), index: index, valid: &valid, invalid: &invalid)
        }
        // Fields of both outcomes (every record fails `j`, which no present text passes).
        XCTAssertGreaterThan(valid, 10_000)
        XCTAssertGreaterThan(invalid, 10_000)
    }

    /// `validate`, `isValid` and the `Encodable` path on `value` against the reference, with
    /// and without `reportAllFailures`; counts the reference's valid and invalid fields.
    private func assertMatchesReference(_ compiled: CompiledRuleSet, _ value: Value, index: Int, valid: inout Int,
                                        invalid: inout Int, file: StaticString = #filePath, line: UInt = #line) throws {
        for all in [false, true] {
            let settings = options(all: all)
            let got = compiled.validate(value, options: settings)
            let expected = reference(compiled, value, settings)
            XCTAssertEqual(got, expected, "record \(index) all=\(all): \(value)", file: file, line: line)
            XCTAssertEqual(got.fields.map(\.status), expected.fields.map(\.status), "record \(index)", file: file, line: line)
            XCTAssertEqual(got.violations.map(\.message), expected.violations.map(\.message), "record \(index)",
                           file: file, line: line)
            let encoded = try compiled.validate(EncodedRecord(value: value), options: settings)
            XCTAssertEqual(encoded, expected, "encodable record \(index)", file: file, line: line)
            for field in expected.fields { if field.status == .valid { valid += 1 } else { invalid += 1 } }
        }
        XCTAssertEqual(compiled.isValid(value), expected(compiled, value), "isValid record \(index)", file: file, line: line)
    }

    private static let numberSource = """
        a: required, integer, between 13 124
        b: min 0, max 10.5
        c: number
        d: required
        e: integer, oneOf 1 2
        f: min -5, between -10 3, max 2.5, integer
        g: max -1
        h: min 9007199254740993
        """

    /// Which fields take the number test, with what bounds.
    func testNumberBoundsPerField() {
        let compiled = rules(Self.numberSource)
        XCTAssertTrue(compiled.program.isFlat)
        let fields = compiled.program.flatFields
        XCTAssertEqual(fields.map(\.numberQuick), [true, true, true, true, false, true, true, true])
        XCTAssertEqual(fields[0].numberLow, 13); XCTAssertEqual(fields[0].numberHigh, 124)
        XCTAssertEqual(fields[1].numberLow, 0); XCTAssertEqual(fields[1].numberHigh, 10.5)
        XCTAssertEqual(fields[2].numberLow, -.infinity); XCTAssertEqual(fields[2].numberHigh, .infinity)
        XCTAssertEqual(fields[5].numberLow, -5); XCTAssertEqual(fields[5].numberHigh, 2.5)
        // A text field has no number test, a number field no text test.
        XCTAssertFalse(rules("x: minLength 2").program.flatFields[0].numberQuick)
        XCTAssertEqual(fields[0].quickMask, 0)
    }

    /// Integers (and other values) through both evaluators: the same reports.
    func testIntegersMatchTheReference() throws {
        let compiled = rules(Self.numberSource)
        let keys = (0..<8).map { String(UnicodeScalar(UInt8(97 + $0))) }
        let edges: [Int] = [
            0, 1, 2, 3, -1, -5, -6, -10, -11, 10, 11, 12, 13, 14, 123, 124, 125, Int.max, Int.min, Int.max - 1,
            9_007_199_254_740_992, 9_007_199_254_740_993, 9_007_199_254_740_994, -9_007_199_254_740_993,
        ]
        let others: [Value] = [.decimal(13.5), .decimal(2.0), .decimal(-0.0), .decimal(.infinity), .string("27"), .null,
                               .bool(true), .string(""), .array([])]
        var rng = SeededGenerator(seed: 0x0C1C_0003)
        var quick = 0
        for index in 0..<4_000 {
            var members: [(key: String, value: Value)] = []
            for key in keys where rng.next(below: 8) != 0 {
                let value: Value = switch rng.next(below: 6) {
                case 0: rng.pick(others)
                case 1: .integer(rng.pick(edges))
                default: .integer(Int(rng.next(below: 300)) - 150)
                }
                members.append((key, value))
            }
            if rng.next(below: 3) == 0 { members.reverse() }
            let value = Value.object(ValueObject(members))
            for all in [false, true] {
                let settings = options(all: all)
                let got = compiled.validate(value, options: settings)
                let expected = reference(compiled, value, settings)
                XCTAssertEqual(got, expected, "record \(index) all=\(all): \(value)")
                XCTAssertEqual(got.violations.map(\.message), expected.violations.map(\.message), "record \(index)")
                let encoded = try compiled.validate(EncodedRecord(value: value), options: settings)
                XCTAssertEqual(encoded, expected, "encodable record \(index)")
            }
            XCTAssertEqual(compiled.isValid(value), expected(compiled, value), "isValid record \(index)")
            for (position, field) in compiled.program.flatFields.enumerated() {
                guard case .integer(let number)? = value.objectValue?[keys[position]], field.passesQuickly(number) else { continue }
                quick += 1
            }
        }
        XCTAssertGreaterThan(quick, 3_000)
    }

    private func expected(_ compiled: CompiledRuleSet, _ value: Value) -> Bool {
        RecordEvaluator.passesAll(program: compiled.program, access: ValueAccess(value), today: compiled.today(options().context))
    }
}

/// A `Value` encoded as itself, for the `Encodable` entry point.
private struct EncodedRecord: Encodable {
    let value: Value
    func encode(to encoder: Encoder) throws { try value.encode(to: encoder) }
}
