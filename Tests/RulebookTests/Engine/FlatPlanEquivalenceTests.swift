import XCTest
@testable import Rulebook
import RulebookRegex
import SeededRandom

/// Programs in the flat shape (plain key paths, unconditional statements, no rule that
/// reads another field) are evaluated by `FlatEvaluator` for `validate(Value)`,
/// `isValid(Value)` and the `Encodable` slot path; `RecordEvaluator` is the reference.
/// These tests run thousands of generated records through both, for the shipped rules,
/// the benchmark workloads and generated rule sets that use every validator, and require
/// the same reports: statuses, violations (path, validator, parameters, key, message,
/// location) in order, equality and hashes, with and without `reportAllFailures`.
final class FlatPlanEquivalenceTests: XCTestCase {
    // MARK: Records

    /// Values of every kind the validators tell apart.
    private static let values: [Value] = [
        .null, .bool(true), .bool(false), .integer(0), .integer(1), .integer(2), .integer(5), .integer(13), .integer(18),
        .integer(124), .integer(125), .integer(-1), .integer(Int.max), .integer(Int.min), .decimal(0.5), .decimal(2.5),
        .decimal(12.5), .decimal(13.0), .decimal(-0.0), .decimal(1e300), .decimal(10.5),
        .string(""), .string(" "), .string("\t\n"), .string("\u{A0}"), .string("\u{2003}\u{3000}"), .string("\u{2003}x"),
        .string("a"), .string("ab"), .string("abc"), .string("Ann"), .string("ANN"), .string("abc123"), .string("A1!"),
        .string("José"), .string("Zoë"), .string("Straße"), .string("e\u{301}e\u{301}"), .string("e\u{301}"),
        .string("👍🏽👍🏽"), .string("👍🏽"), .string("日本語テキスト"), .string("ＡＢＣ"), .string("١٢٣"), .string("ab\r\ncd"),
        .string("\r\n"), .string("ab\rcd"), .string("ab\u{301}"), .string("a\u{301}"), .string("abc\u{301}"),
        .string("abcd\u{301}"), .string("a\r\n"), .string("ab\r\n"), .string("\r\nab"), .string("aé"), .string("éa"), .string(String(repeating: "a", count: 300)),
        .string(String(repeating: "é", count: 120)), .string(String(repeating: "x", count: 7) + "\u{301}"),
        .string("27"), .string("-1.5e3"), .string("1e400"), .string("007"), .string("0"), .string("13"), .string("12.5"),
        .string(" 27"), .string("+1"), .string("NaN"), .string("0x1F"),
        .string("ann@example.com"), .string("a@b"), .string("a@b.c"), .string("x y@z.com"), .string("josé@exämple.com"),
        .string("a..b@c.com"), .string("https://example.com/a?b=c"), .string("ftp://x"), .string("example.com"),
        .string("123e4567-e89b-12d3-a456-426614174000"), .string("123e4567-e89b-12d3-a456-42661417400"),
        .string("12345"), .string("1234"), .string("yes"), .string("on"), .string("1"), .string("true"), .string("Yes"),
        .string("GB"), .string("FR"), .string("PL"), .string("2000-02-29"), .string("2026-01-15"), .string("2026-01-14"),
        .string("2026-02-30"), .string("2026-01-15T10:00:00Z"), .string("2008-01-15"), .string("1960-06-01"),
        .string("2999-01-01"), .string("ABC-1234"), .string("AB"), .string("ab cd"), .string("abc_def"),
        .array([]), .array([.integer(1)]), .array([.integer(1), .integer(1)]), .array([.integer(1), .decimal(1.0)]),
        .array([.string("a"), .string("b"), .string("c")]), .array([.null]),
        .object(ValueObject()), .object(ValueObject([("b", .string("x"))])),
    ]

    /// A record over `keys`: each member absent one time in five, nested objects for
    /// dotted paths, members sometimes in reverse order (the root hint wraps around).
    private func record(_ rng: inout SeededGenerator, keys: [String]) -> Value {
        var members: [(key: String, value: Value)] = []
        for key in keys where rng.next(below: 5) != 0 {
            if rng.next(below: 4) == 0 {
                // An object, for nested paths (`a.b`), with some of the same keys inside.
                let inner = keys.filter { _ in rng.next(below: 2) == 0 }.map { (key: $0, value: rng.pick(Self.values)) }
                members.append((key, .object(ValueObject(inner))))
            } else {
                members.append((key, rng.pick(Self.values)))
            }
        }
        if rng.next(below: 10) == 0 { members.append(("unrelated", rng.pick(Self.values))) }
        if rng.next(below: 3) == 0 { members.reverse() }
        return .object(ValueObject(members))
    }

    // MARK: Comparison

    /// The reference report: `RecordEvaluator`'s outcome, made into a report the same way.
    private func referenceReport(_ compiled: CompiledRuleSet, _ value: Value, _ settings: ValidationOptions) -> ValidationReport {
        let today = compiled.today(settings.context)
        let outcome = RecordEvaluator.outcome(program: compiled.program, access: ValueAccess(value), today: today,
                                              reportAllFailures: settings.reportAllFailures)
        return compiled.report(outcome, today: today, options: settings, changes: nil)
    }

    /// Requires `got` to equal `expected` field by field and violation by violation.
    private func assertSameReport(_ got: ValidationReport, _ expected: ValidationReport, _ label: String,
                                  file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(got.isValid, expected.isValid, label, file: file, line: line)
        let fields = got.fields, wanted = expected.fields
        XCTAssertEqual(fields.count, wanted.count, label, file: file, line: line)
        for (field, want) in zip(fields, wanted) {
            XCTAssertEqual(field.field, want.field, label, file: file, line: line)
            XCTAssertEqual(field.field.description, want.field.description, label, file: file, line: line)
            XCTAssertEqual(field.status, want.status, "\(label) \(field.field)", file: file, line: line)
            XCTAssertEqual(field.violations.count, want.violations.count, "\(label) \(field.field)", file: file, line: line)
            for (violation, other) in zip(field.violations, want.violations) {
                XCTAssertEqual(violation.field, other.field, label, file: file, line: line)
                XCTAssertEqual(violation.validator, other.validator, "\(label) \(field.field)", file: file, line: line)
                XCTAssertEqual(violation.parameters, other.parameters, label, file: file, line: line)
                XCTAssertEqual(violation.messageKey, other.messageKey, label, file: file, line: line)
                XCTAssertEqual(violation.message, other.message, label, file: file, line: line)
                XCTAssertEqual(violation.location, other.location, label, file: file, line: line)
            }
        }
        XCTAssertEqual(got, expected, label, file: file, line: line)
        XCTAssertEqual(got.hashValue, expected.hashValue, label, file: file, line: line)
        XCTAssertEqual(got.violations, expected.violations, label, file: file, line: line)
    }

    /// Runs `count` records through both paths with and without `reportAllFailures`, and
    /// through `isValid` and the `Encodable` path; returns how many reports were invalid
    /// and how many violations they held.
    @discardableResult
    private func compare(_ compiled: CompiledRuleSet, keys: [String], seed: UInt64, count: Int = 1_500,
                         file: StaticString = #filePath, line: UInt = #line) throws -> (invalid: Int, violations: Int) {
        var rng = SeededGenerator(seed: seed)
        var invalid = 0, violations = 0
        for index in 0..<count {
            let value = record(&rng, keys: keys)
            for all in [false, true] {
                let settings = options(today: "2026-01-15", all: all)
                let got = compiled.validate(value, options: settings)
                let expected = referenceReport(compiled, value, settings)
                // Read in a different order per record (violations first, or fields first).
                if index % 2 == 0 { _ = got.violations }
                assertSameReport(got, expected, "record \(index) all=\(all): \(value)", file: file, line: line)
                if !expected.isValid { invalid += 1 }
                violations += expected.violations.count
                // The `Encodable` path (slots), against the reference on the encoded record.
                let encoded = try ValueEncoder().encode(value)
                assertSameReport(try viaEncodable(compiled, value, settings), referenceReport(compiled, encoded, settings),
                                 "encodable record \(index) all=\(all)", file: file, line: line)
            }
            let today = compiled.today(options().context)
            XCTAssertEqual(compiled.isValid(value, context: options().context),
                           RecordEvaluator.passesAll(program: compiled.program, access: ValueAccess(value), today: today),
                           "isValid record \(index): \(value)", file: file, line: line)
            XCTAssertEqual(try isValidViaEncodable(compiled, value),
                           compiled.isValid(try ValueEncoder().encode(value), context: options().context),
                           "encodable isValid record \(index)", file: file, line: line)
        }
        return (invalid, violations)
    }

    /// `validate` through the generic `Encodable` entry point.
    private func viaEncodable<T: Encodable>(_ compiled: CompiledRuleSet, _ value: T,
                                            _ settings: ValidationOptions) throws -> ValidationReport {
        try compiled.validate(value, options: settings)
    }

    /// `isValid` through the generic `Encodable` entry point.
    private func isValidViaEncodable<T: Encodable>(_ compiled: CompiledRuleSet, _ value: T) throws -> Bool {
        try compiled.isValid(value, context: options().context)
    }

    // MARK: Rule sets

    private func load(_ relativePath: String) throws -> CompiledRuleSet {
        try CompiledRuleSet(contentsOfFile: engineRepositoryRoot.appendingPathComponent(relativePath).path)
    }

    func testShippedAndBenchmarkRulesMatchTheReference() throws {
        let cases: [(file: String, flat: Bool)] = [
            ("Rules/profile.rules", true), ("Rules/signup.rules", false), ("Rules/hotspot.rules", false),
            ("Rules/address.rules", false), ("Rules/payment.rules", false), ("Rules/common.rules", true),
            ("Benchmarks/workloads/profile.rules", true), ("Benchmarks/workloads/address.rules", true),
            ("Benchmarks/workloads/payment.rules", false),
        ]
        var seed: UInt64 = 0xF1A7_0001
        for (file, flat) in cases {
            let compiled = try load(file)
            XCTAssertEqual(compiled.program.isFlat, flat, file)
            let keys = Array(Set(compiled.fieldPaths.compactMap { path -> String? in
                if case .key(let key)? = path.segments.first { key } else { nil }
            })).sorted()
            let found = try compare(compiled, keys: keys + ["password"], seed: seed, count: 800)
            if !keys.isEmpty {
                XCTAssertGreaterThan(found.invalid, 300, file)
                XCTAssertGreaterThan(found.violations, 400, file)
            }
            seed += 1
        }
    }

    /// Every validator the flat plan runs, with constants the generated values sit on both
    /// sides of.
    private static func validatorRules() throws -> [CheckedRule] {
        let lower = try Pattern("^[a-z]+$")
        let code = try Pattern("^[A-Z]{3}-[0-9]{4}$")
        return [
            rule(.required), rule(.minLength, .count(2)), rule(.maxLength, .count(5)), rule(.length, .count(2), .count(4)),
            rule(.length, .count(3)), rule(.pattern, .regex(lower, source: "^[a-z]+$")),
            rule(.pattern, .regex(code, source: "^[A-Z]{3}-[0-9]{4}$")), rule(.email), rule(.url), rule(.uuid), rule(.alpha),
            rule(.alphanumeric), rule(.digits), rule(.digits, .count(5)), rule(.noDigits), rule(.noSpecialChars),
            rule(.containsDigit), rule(.containsLetter), rule(.containsUppercase), rule(.containsLowercase),
            rule(.containsSymbol), rule(.oneOf, lit("GB"), lit("FR"), lit(1), lit(true), lit(nil), lit(2.5)),
            rule(.string), rule(.object), rule(.array), rule(.integer), rule(.number), rule(.min, num("0")),
            rule(.max, num("10.5")), rule(.between, num("13"), num("124")), rule(.boolean), rule(.accepted), rule(.date),
            rule(.before, .date(CalendarDate(iso: "2026-01-15")!)), rule(.after, .today), rule(.before, .today),
            rule(.minAge, .count(18)), rule(.maxAge, .count(65)), rule(.minItems, .count(1)), rule(.maxItems, .count(2)),
            rule(.unique),
            rule(.minLength, .count(3), message: .literal("{field}: at least {min}")), rule(.minLength, .count(4)),
            rule(.minLength, .count(20)), rule(.maxLength, .count(2)), rule(.length, .count(1), .count(2)),
            rule(.maxLength, .count(4), message: .key("custom.key")),
            // Malformed (arguments that do not fit): always fails.
            rule(.minLength, lit("x")), rule(.required, .count(1)),
        ]
    }

    func testGeneratedFlatRuleSetsMatchTheReference() throws {
        let validators = try Self.validatorRules()
        let paths = ["a", "b", "c", "name", "a.b", "a.c", "d.e.f", "é"]
        var rng = SeededGenerator(seed: 0xF1A7_5E75)
        var used = Set<String>()
        for set in 0..<24 {
            // 1–8 statements over a few paths (a path may get several, not adjacent), each
            // with 1–6 rules.
            var statements: [CheckedStatement] = []
            for _ in 0..<(1 + rng.next(below: 8)) {
                let rules = (0..<(1 + rng.next(below: 6))).map { _ in rng.pick(validators) }
                used.formUnion(rules.map(\.messageKey))
                statements.append(CheckedStatement(path: path(rng.pick(paths)), condition: nil, rules: rules,
                                                   location: SourceLocation(file: "test.rules", line: 1, column: 1)))
            }
            let compiled = CompiledRuleSet(RuleSet(statements: statements, files: ["test.rules"]))
            XCTAssertTrue(compiled.program.isFlat, "set \(set)")
            try compare(compiled, keys: ["a", "b", "c", "name", "d", "e", "f", "é"], seed: 0xF1A7_1000 + UInt64(set), count: 300)
        }
        // Every validator form of the list was drawn.
        XCTAssertEqual(used, Set(validators.map(\.messageKey)))
    }

    /// One rule set with every validator on its own field, so each meets every value.
    func testEveryValidatorOnEveryValue() throws {
        let validators = try Self.validatorRules()
        let statements = validators.enumerated().map { index, rule in
            CheckedStatement(path: path("f\(index)"), condition: nil, rules: [rule],
                             location: SourceLocation(file: "test.rules", line: index + 1, column: 1))
        }
        let compiled = CompiledRuleSet(RuleSet(statements: statements, files: ["test.rules"]))
        XCTAssertTrue(compiled.program.isFlat)
        for value in Self.values {
            let record = Value.object(ValueObject(validators.indices.map { (key: "f\($0)", value: value) }))
            for all in [false, true] {
                let settings = options(all: all)
                assertSameReport(compiled.validate(record, options: settings), referenceReport(compiled, record, settings),
                                 "\(value)")
            }
        }
    }

    // MARK: Fallback

    func testProgramsOutsideTheFlatShapeFallBack() throws {
        let outside: [(String, CompiledRuleSet)] = [
            ("[*]", compile(field("items[*].sku", rule(.required)))),
            ("condition", compile(field("a", rule(.required)), field("b", when: .present(path("a")), rule(.required)))),
            ("same", compile(field("a", rule(.required)), field("b", rule(.same, .field(path("a")))))),
            ("different", compile(field("b", rule(.different, .field(path("a")))))),
            ("before a field", compile(field("b", rule(.before, .field(path("a")))))),
            ("after a field", compile(field("b", rule(.after, .field(path("a")))))),
            ("65 rules", CompiledRuleSet(RuleSet(statements: (0..<65).map { field("f\($0)", rule(.required)) },
                                                 files: ["test.rules"]))),
        ]
        for (name, compiled) in outside {
            XCTAssertFalse(compiled.program.isFlat, name)
            XCTAssertTrue(compiled.program.flatFields.isEmpty, name)
            try compare(compiled, keys: ["a", "b", "items", "f0", "f64"], seed: 0xFA11, count: 100)
        }
        // At the limit: 64 fields of one rule each is flat.
        let wide = CompiledRuleSet(RuleSet(statements: (0..<64).map { field("f\($0)", rule(.required)) }, files: ["test.rules"]))
        XCTAssertTrue(wide.program.isFlat)
        try compare(wide, keys: (0..<64).map { "f\($0)" }, seed: 0xFA12, count: 200)
    }

    /// A record that is not an object has no members: every field is absent, on both paths.
    func testRecordsThatAreNotObjects() throws {
        let compiled = try load("Benchmarks/workloads/profile.rules")
        let nested = compile(field("a.b", rule(.required), rule(.minLength, .count(2))), field("c", rule(.integer)))
        XCTAssertTrue(nested.program.isFlat)
        for rules in [compiled, nested] {
            for value in [Value.null, .string("x"), .integer(3), .array([]), .array([.object(ValueObject([("a", .string("x"))]))]),
                          .object(ValueObject([("a", .string("not an object"))])),
                          .object(ValueObject([("a", .object(ValueObject([("b", .string("ok"))])))]))] {
                for all in [false, true] {
                    let settings = options(all: all)
                    assertSameReport(rules.validate(value, options: settings), referenceReport(rules, value, settings), "\(value)")
                }
                XCTAssertEqual(rules.isValid(value),
                               RecordEvaluator.passesAll(program: rules.program, access: ValueAccess(value),
                                                         today: rules.today(options().context)), "\(value)")
            }
        }
    }

    /// A flat program's invalid report: fields in order, the first failure only, or all.
    func testFlatReportsKnownRecord() {
        let compiled = rules("""
            firstName: required, minLength 2
            lastName:  required, minLength 2
            email:     required, minLength 5, email
            age:       required, integer, between 13 124
            """)
        XCTAssertTrue(compiled.program.isFlat)
        let value = json(#"{"firstName":"A","lastName":"  ","email":"a@b","age":12.5}"#)
        XCTAssertEqual(compiled.failures(value), ["firstName: minLength", "lastName: required", "email: minLength", "age: integer"])
        XCTAssertEqual(compiled.failures(value, options(all: true)),
                       ["firstName: minLength", "lastName: required", "email: minLength", "email: email", "age: integer",
                        "age: between"])
        XCTAssertEqual(compiled.validate(value).fields.map(\.status), [.invalid, .invalid, .invalid, .invalid])
        XCTAssertFalse(compiled.isValid(value))
        let valid = json(#"{"age":"27","email":"ann@example.com","lastName":"Ng","firstName":"Zoë"}"#)
        XCTAssertTrue(compiled.isValid(valid))
        XCTAssertTrue(compiled.validate(valid).isValid)
        XCTAssertEqual(compiled.validate(valid).fields.map(\.status), [.valid, .valid, .valid, .valid])
    }

    /// `minLength` decided on the first eight bytes (a text of eight or more bytes, a
    /// minimum of at most eight) and the email's last partial word: a CR, CR LF, a Latin
    /// letter, a combining mark or non-ASCII white space at every position, against the
    /// reference.
    func testLengthShortcutAndEmailWordsAtEveryPosition() {
        let compiled = rules((1...9).map { "f\($0): minLength \($0)" }.joined(separator: "\n") + "\nmail: email")
        XCTAssertTrue(compiled.program.isFlat)
        let inserts = ["\r", "\r\n", "é", "e\u{301}", "\u{A0}", "\u{2003}", "@", "."]
        var texts: [String] = []
        for length in 6...12 {
            for position in 0..<length {
                for insert in inserts {
                    var text = String(repeating: "a", count: length)
                    text.insert(contentsOf: insert, at: text.index(text.startIndex, offsetBy: position))
                    texts.append(text)
                    texts.append("x@" + text + ".io")
                    texts.append(text + "@b.c")
                }
            }
        }
        // Fewer characters than bytes: combining marks joining the last ASCII letter.
        for letters in 1...8 {
            for marks in 1...4 { texts.append(String(repeating: "a", count: letters) + String(repeating: "\u{301}", count: marks)) }
        }
        for (index, text) in texts.enumerated() {
            var members: [(key: String, value: Value)] = (1...9).map { (key: "f\($0)", value: .string(text)) }
            members.append((key: "mail", value: .string(text)))
            let value = Value.object(ValueObject(members))
            for all in [false, true] {
                let settings = options(all: all)
                assertSameReport(compiled.validate(value, options: settings), referenceReport(compiled, value, settings),
                                 "\(index) \(text.debugDescription) all: \(all)")
            }
        }
    }
}
