import Foundation
import RulebookRegex
import XCTest

@testable import Rulebook

/// The repository root (for the shipped `Rules/`).
let engineRepositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// Compiles rule text, failing the test with the diagnostics when it does not check.
func rules(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> CompiledRuleSet {
    do {
        return try CompiledRuleSet(source: text, path: "test.rules")
    } catch {
        XCTFail("rules do not check:\n\(error)", file: file, line: line)
        return compile()
    }
}

/// A record from JSON text.
func json(_ text: String) -> Value {
    (try? Value(json: text)) ?? .null
}

/// End-to-end: rule text through the parser, checker and compiler, then evaluation.
final class RuleTextEvaluationTests: XCTestCase {
    private let today = options(today: "2026-01-15")

    func testProfileFromText() {
        let profile = rules(
            """
            # Rules/profile.rules — edit profile
            firstName: required, minLength 2
            lastName:  required, minLength 2
            email:     required, minLength 5, email
            age:       required, integer, between 13 124
            """)
        XCTAssertTrue(profile.validate(json(#"{"firstName":"Ann","lastName":"Lee","email":"ann@example.com","age":34}"#)).isValid)
        let report = profile.validate(json(#"{"firstName":"A","lastName":"Lee","email":"ann@example.com","age":"12"}"#))
        XCTAssertEqual(report.violations.map { "\($0.field) \($0.validator)" }, ["firstName minLength", "age between"])
        let first = report.violations[0]
        XCTAssertEqual(first.location, SourceLocation(file: "test.rules", line: 2, column: 22))
        XCTAssertEqual(first.parameters, [.init(name: "min", value: .integer(2))])
        XCTAssertEqual(first.message, "First name must be at least 2 characters long.")
        XCTAssertEqual(
            report.violations[1].parameters, [.init(name: "min", value: .integer(13)), .init(name: "max", value: .integer(124))])
    }

    func testNamedRulesNameTheUnderlyingValidatorAndItsLocation() {
        let signup = rules(
            """
            rule personName = required, minLength 2, noDigits, noSpecialChars
            name: personName
            """)
        let violation = signup.validate(json(#"{"name":"R2-D2"}"#)).violations.first
        XCTAssertEqual(violation?.validator, .noDigits)
        XCTAssertEqual(violation?.location.line, 1)
        XCTAssertEqual(violation?.location.column, 42)
    }

    func testConditionalBlocksFromText() {
        let hotspot = rules(
            """
            isEnabled: boolean
            when isEnabled {
              password:    required, minLength 8
              networkName: required, maxLength 32
            }
            when mode == "pro" and not isEnabled {
              licence: required
            }
            """)
        XCTAssertEqual(hotspot.validate(json(#"{"isEnabled":false}"#)).fields.map(\.status), [.valid, .skipped, .skipped, .skipped])
        XCTAssertEqual(
            hotspot.validate(json(#"{"isEnabled":true,"password":"short"}"#)).violations.map(\.validator),
            [.minLength, .required])
        XCTAssertEqual(hotspot.validate(json(#"{"mode":"pro"}"#)).violations.map(\.field.description), ["licence"])
    }

    func testArrayPathsFromText() {
        let order = rules(
            """
            items:             required, array, minItems 1, maxItems 3
            items[*].quantity: required, integer, between 1 99
            "customer-id":     required, uuid
            """)
        let report = order.validate(json(#"{"items":[{"quantity":1},{"quantity":"100"},{}],"customer-id":"x"}"#))
        XCTAssertEqual(report.violations.map(\.field.description), ["items[1].quantity", "items[2].quantity", "\"customer-id\""])
        XCTAssertEqual(report.violations.map(\.field.jsonPointer), ["/items/1/quantity", "/items/2/quantity", "/customer-id"])
    }

    func testSameAndDatesFromText() {
        let account = rules(
            """
            password:     required, minLength 8
            confirmation: required, same password message "The passwords differ."
            birthday:     required, date, before today, minAge 18
            start:        date
            end:          date, after start
            """)
        let report = account.validate(
            json(
                """
                {"password":"longenough","confirmation":"longenougH","birthday":"2010-02-03","start":"2026-03-01","end":"2026-02-01"}
                """), options: today)
        XCTAssertEqual(report.violations.map(\.validator), [.same, .minAge, .after])
        XCTAssertEqual(report.violations[0].message, "The passwords differ.")
        XCTAssertEqual(report.violations[0].parameters, [.init(name: "other", value: .string("password"))])
        XCTAssertEqual(report.violations[1].parameters, [.init(name: "age", value: .integer(18))])
    }

    func testOneOfFromText() {
        let country = rules(#"country: required, oneOf "GB" "FR" 2"#)
        XCTAssertTrue(country.validate(json(#"{"country":"FR"}"#)).isValid)
        XCTAssertTrue(country.validate(json(#"{"country":2.0}"#)).isValid)
        let violation = country.validate(json(#"{"country":"gb"}"#)).violations.first
        XCTAssertEqual(violation?.parameters, [.init(name: "values", value: .array([.string("GB"), .string("FR"), .integer(2)]))])
    }

    func testRuleTextWithErrorsThrowsItsDiagnostics() {
        XCTAssertThrowsError(try CompiledRuleSet(source: "name: required, minLenght 2\nage: between 10 1", path: "bad.rules")) { error in
            guard let error = error as? RuleFileError else { return XCTFail("\(error)") }
            XCTAssertEqual(Set(error.errors.map(\.code.id)), ["unknown-validator", "contradictory-rules"])
            XCTAssertTrue(error.description.contains("bad.rules:1:17: error:"), error.description)
        }
        XCTAssertThrowsError(try CompiledRuleSet(contentsOfFile: "/nonexistent/rules.rules")) { error in
            XCTAssertNotNil((error as? RuleFileError)?.readError)
        }
    }

    func testPatternsMatchTheWholeText() throws {
        let zip = rules("postcode: pattern /[0-9]{5}/\ncode: pattern /^[A-Z]{2}$/i")
        XCTAssertTrue(zip.validate(json(#"{"postcode":"12345"}"#)).isValid)
        for bad in ["1234", "123456", "12345\n", " 12345", "a12345", "12345a"] {
            XCTAssertEqual(zip.validate(.object(ValueObject([("postcode", .string(bad))]))).violations.map(\.validator), [.pattern], bad)
        }
        XCTAssertTrue(zip.validate(json(#"{"code":"gb"}"#)).isValid)
        XCTAssertEqual(zip.validate(json(#"{"postcode":12345}"#)).violations.map(\.validator), [.pattern])
        let unicode = rules(#"name: pattern /\p{L}+/"#)
        XCTAssertTrue(unicode.validate(json(#"{"name":"Zoë日本"}"#)).isValid)
        XCTAssertFalse(unicode.validate(json(#"{"name":"Zoë 日本"}"#)).isValid)
    }
}
