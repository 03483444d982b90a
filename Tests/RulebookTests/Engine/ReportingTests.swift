import XCTest

@testable import Rulebook

final class ReportingTests: XCTestCase {
    private let profile = compile(
        field("firstName", rule(.required, line: 2, column: 12), rule(.minLength, .count(2), line: 2, column: 22)),
        field("email", rule(.required), rule(.minLength, .count(5)), rule(.email)),
        field("age", rule(.required), rule(.integer), rule(.between, num("13"), num("124"))))

    func testFirstFailurePerFieldByDefault() {
        let report = profile.validate(record(["firstName": "A", "email": "a@b", "age": "x"]), options: options())
        XCTAssertEqual(
            report.violations.map { "\($0.field):\($0.validator)" },
            ["firstName:minLength", "email:minLength", "age:integer"])
        XCTAssertFalse(report.isValid)
    }

    func testEveryFailureWithTheOption() {
        let report = profile.validate(record(["firstName": "A", "email": "a@b", "age": "x"]), options: options(all: true))
        XCTAssertEqual(
            report.violations.map { "\($0.field):\($0.validator)" },
            ["firstName:minLength", "email:minLength", "email:email", "age:integer", "age:between"])
    }

    func testStatusesAndOrder() {
        let report = profile.validate(record(["firstName": "Ann", "email": "ann@example.com", "age": 200]))
        XCTAssertEqual(report.fields.map(\.field.description), ["firstName", "email", "age"])
        XCTAssertEqual(report.fields.map(\.status), [.valid, .valid, .invalid])
        XCTAssertEqual(report.fields.map(\.violations.count), [0, 0, 1])
    }

    func testViolationCarriesEverything() {
        let recorder = RecordingMessages()
        var settings = options()
        settings.messages = recorder
        let violation = profile.validate(record(["firstName": "A", "email": "ann@example.com", "age": 20]), options: settings)
            .violations.first
        XCTAssertEqual(violation?.field, ConcretePath([.key("firstName")]))
        XCTAssertEqual(violation?.validator, .minLength)
        XCTAssertEqual(violation?.parameters, [.init(name: "min", value: .integer(2))])
        XCTAssertEqual(violation?.messageKey, "minLength")
        XCTAssertEqual(violation?.location, SourceLocation(file: "test.rules", line: 2, column: 22))
        XCTAssertEqual(violation?.message, "<firstName|minLength>")
        XCTAssertEqual(recorder.requests.count, 1)
        XCTAssertEqual(recorder.requests.first?.field, path("firstName"))
        XCTAssertEqual(recorder.requests.first?.arguments.map(\.name), ["min"])
        XCTAssertEqual(recorder.requests.first?.arguments.first?.value, .number(2))
    }

    func testDefaultMessagesRenderTheValidatorsDefault() {
        let violation = compile(field("nickname", rule(.required))).validate(record()).violations.first
        XCTAssertEqual(
            violation?.message,
            DefaultMessages().render(
                MessageRequest(
                    messageOverride: nil, field: path("nickname"),
                    messageKey: "required", arguments: [])))
        XCTAssertFalse(violation?.message.isEmpty ?? true)
    }

    func testMessageOverrides() {
        let recorder = RecordingMessages()
        var settings = options()
        settings.messages = recorder
        let rules = compile(
            field("postcode", rule(.digits, .count(5), message: .key("address.postcodeFormat"))),
            field("confirm", rule(.required, message: .literal("Please confirm."))))
        let violations = rules.validate(record(["postcode": "1234"]), options: settings).violations
        XCTAssertEqual(violations.map(\.messageKey), ["address.postcodeFormat", "required"])
        XCTAssertEqual(recorder.requests.map(\.messageKey), ["digitsCount", "required"])
        XCTAssertEqual(recorder.requests.map(\.messageOverride), [.key("address.postcodeFormat"), .literal("Please confirm.")])
        XCTAssertEqual(rules.validate(record(["postcode": "1234"])).violations.last?.message, "Please confirm.")
    }

    func testNamedRuleExpansionNamesTheUnderlyingValidator() {
        let expanded = [
            rule(.required, line: 4, expandedFrom: ["personName"]),
            rule(.minLength, .count(2), line: 4, column: 30, expandedFrom: ["personName"]),
            rule(.noDigits, line: 4, column: 43, expandedFrom: ["personName"]),
        ]
        let rules = compile(
            CheckedStatement(
                path: path("name"), condition: nil, rules: expanded,
                location: SourceLocation(file: "signup.rules", line: 4, column: 1)))
        let violation = rules.validate(record(["name": "R2D2"])).violations.first
        XCTAssertEqual(violation?.validator, .noDigits)
        XCTAssertEqual(violation?.location.column, 43)
    }

    func testIsValidAgreesWithValidate() {
        for value in [
            record(["firstName": "Ann", "email": "ann@example.com", "age": 20]), record(["firstName": "Ann"]),
            record(["firstName": "Ann", "email": "ann@example.com", "age": "20"]), record(),
        ] {
            XCTAssertEqual(profile.isValid(value), profile.validate(value).isValid)
        }
    }

    func testMalformedHandBuiltRuleFailsClosed() {
        let broken = CheckedRule(
            validator: .minLength, messageKey: "minLength", arguments: [("min", .date(CalendarDate(iso: "2026-01-01")!))],
            messageOverride: nil, location: SourceLocation(file: "t", line: 1, column: 1), expandedFrom: [])
        let rules = compile(field("v", broken))
        XCTAssertFalse(rules.validate(record(["v": "anything"])).isValid)
    }

    func testCompiledRuleSetIsSendableAcrossThreads() {
        let rules = profile
        let good = record(["firstName": "Ann", "email": "ann@example.com", "age": 20])
        let passes = RecordingMessages()  // used as a thread-safe tally via its lock
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if (0..<200).allSatisfy({ _ in rules.validate(good).isValid }) {
                _ = passes.render(MessageRequest(messageOverride: nil, field: path("ok"), messageKey: "ok", arguments: []))
            }
        }
        XCTAssertEqual(passes.requests.count, 8)
    }
}
