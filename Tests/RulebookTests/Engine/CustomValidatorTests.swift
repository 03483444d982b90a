import RulebookTooling
import XCTest

@testable import Rulebook

/// Validators an application registers: the checker knows their names and signatures,
/// evaluation runs them like built-ins, and asynchronous ones run only in
/// `validateAsync`.
final class CustomValidatorTests: XCTestCase {
    private static let isbn = CustomValidator("isbn", message: "{field} must be an ISBN-13.") { value, _ in
        guard case .string(let text) = value else { return false }
        let digits = text.filter { $0 != "-" }
        return digits.count == 13 && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static let startsWith = CustomValidator(
        "startsWith", parameters: [ParameterDefinition("prefix", .literal)], message: "{field} must start with {prefix}."
    ) { value, arguments in
        guard case .string(let text) = value, case .string(let prefix)? = arguments.first else { return false }
        return text.hasPrefix(prefix)
    }

    private func registry() throws -> ValidatorRegistry { try ValidatorRegistry([Self.isbn, Self.startsWith]) }

    func testRegisteredValidatorsRunLikeBuiltins() throws {
        let rules = try CompiledRuleSet(source: "code: required, isbn\nsku: startsWith \"SKU-\"", validators: registry())
        let valid: Value = try Value(json: #"{"code": "978-3-16-148410-0", "sku": "SKU-1"}"#)
        XCTAssertTrue(rules.isValid(valid))
        XCTAssertTrue(try rules.isValid(json: Array(#"{"code": "978-3-16-148410-0", "sku": "SKU-1"}"#.utf8)))
        let report = rules.validate(try Value(json: #"{"code": "12", "sku": "X"}"#))
        XCTAssertEqual(report.violations.map(\.message), ["Code must be an ISBN-13.", "Sku must start with SKU-."])
        XCTAssertEqual(report.violations.map(\.validator.rawValue), ["isbn", "startsWith"])
        XCTAssertEqual(report.violations.map(\.messageKey), ["isbn", "startsWith"])
        XCTAssertEqual(report.violations.last?.parameters.map(\.value), [.string("SKU-")])
        // Empty values meet only `required`: the custom validator does not see them.
        let empty = rules.validate(try Value(json: #"{"code": "", "sku": ""}"#))
        XCTAssertEqual(empty.violations.map(\.validator.rawValue), ["required"])
        XCTAssertFalse(try rules.isValid(json: Array(#"{"code": "12"}"#.utf8)))
    }

    func testTheCheckerKnowsRegisteredNamesAndSignatures() throws {
        XCTAssertThrowsError(try CompiledRuleSet(source: "sku: startsWith", validators: registry())) { error in
            let diagnostics = (error as? RuleFileError)?.errors ?? []
            XCTAssertEqual(diagnostics.map(\.code), [.wrongArgumentCount], "\(diagnostics)")
        }
        XCTAssertThrowsError(try CompiledRuleSet(source: "code: isbm", validators: registry())) { error in
            let diagnostics = (error as? RuleFileError)?.errors ?? []
            XCTAssertEqual(diagnostics.map(\.message), ["unknown validator or named rule 'isbm'; did you mean 'isbn'?"])
        }
        // Without the registry the name is unknown.
        XCTAssertThrowsError(try CompiledRuleSet(source: "code: isbn")) { error in
            XCTAssertEqual((error as? RuleFileError)?.errors.map(\.code), [.unknownValidator])
        }
    }

    func testRegistrationRejectsTakenAndInvalidNames() {
        let min = CustomValidator("min", message: "x") { _, _ in true }
        XCTAssertThrowsError(try ValidatorRegistry([min])) { XCTAssertEqual($0 as? ValidatorRegistrationError, .builtinName("min")) }
        XCTAssertThrowsError(try ValidatorRegistry([Self.isbn, Self.isbn])) {
            XCTAssertEqual($0 as? ValidatorRegistrationError, .duplicateName("isbn"))
        }
        let bad = CustomValidator("9lives", message: "x") { _, _ in true }
        XCTAssertThrowsError(try ValidatorRegistry([bad])) { XCTAssertEqual($0 as? ValidatorRegistrationError, .invalidName("9lives")) }
    }

    func testExplainTracesRegisteredValidators() throws {
        let rules = try CompiledRuleSet(source: "code: required, isbn", validators: registry())
        let explanation = rules.explain(try Value(json: #"{"code": "12"}"#))
        XCTAssertEqual(explanation.fields.first?.rules.map(\.text), ["required", "isbn"])
        guard case .failed(let violation)? = explanation.fields.first?.rules.last?.outcome else { return XCTFail("not failed") }
        XCTAssertEqual(violation.message, "Code must be an ISBN-13.")
    }

    func testAsyncValidatorsRunOnlyInValidateAsyncAfterTheFieldsRulesPass() async throws {
        let calls = Calls()
        let taken = AsyncValidator("available", message: "{field} is taken.") { value, _ in
            await calls.note(value)
            return value != .string("ann")
        }
        let rules = try CompiledRuleSet(
            source: "user: required, minLength 3, available\nother: available",
            validators: ValidatorRegistry(async: [taken]))
        let record = try Value(json: #"{"user": "ann", "other": "bob"}"#)
        // Synchronous evaluation passes the asynchronous rules without running them.
        XCTAssertTrue(rules.isValid(record))
        XCTAssertTrue(rules.validate(record).isValid)
        let countAfterSync = await calls.values.count
        XCTAssertEqual(countAfterSync, 0)
        let report = try await rules.validateAsync(record)
        XCTAssertEqual(report.violations.map(\.message), ["User is taken."])
        XCTAssertEqual(report.fields.map(\.status), [.invalid, .valid])
        // A field whose synchronous rules fail does not reach its asynchronous ones.
        let short = try await rules.validateAsync(try Value(json: #"{"user": "an"}"#))
        XCTAssertEqual(short.violations.map(\.validator.rawValue), ["minLength"])
        let seen = await calls.values
        XCTAssertEqual(seen, [.string("ann"), .string("bob")])
    }

    func testValidateAsyncStopsWhenCancelled() async throws {
        let rules = try CompiledRuleSet(
            source: "user: available",
            validators: ValidatorRegistry(async: [
                AsyncValidator("available", message: "{field} is taken.") { _, _ in true }
            ]))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await rules.validateAsync(try Value(json: #"{"user": "x"}"#))
        }
        do {
            _ = try await task.value
            XCTFail("a cancelled validation returned a report")
        } catch is CancellationError {}
    }

    func testValidateFieldAsyncRunsOnlyThatFieldsAsyncValidators() async throws {
        let calls = Calls()
        let taken = AsyncValidator("available", message: "{field} is taken.") { value, _ in
            await calls.note(value)
            return value != .string("ann")
        }
        let rules = try CompiledRuleSet(
            source: "user: required, minLength 3, available\nother: available\nage: min 18",
            validators: ValidatorRegistry(async: [taken]))
        let record = try Value(json: #"{"user": "ann", "other": "bob", "age": 3}"#)
        let results = try await rules.validateFieldAsync("user", in: record)
        XCTAssertEqual(results.map(\.field.description), ["user"])
        XCTAssertEqual(results.map(\.status), [.invalid])
        XCTAssertEqual(results.flatMap(\.violations).map(\.message), ["User is taken."])
        XCTAssertEqual(results.flatMap(\.violations).map(\.messageKey), ["available"])
        let seen = await calls.values
        XCTAssertEqual(seen, [.string("ann")], "neither `other`'s validator nor a second run")
        // A field whose synchronous rules fail does not reach its asynchronous ones.
        let short = try await rules.validateFieldAsync("user", in: try Value(json: #"{"user": "an"}"#))
        XCTAssertEqual(short.flatMap(\.violations).map(\.validator.rawValue), ["minLength"])
        // A field without asynchronous rules: what `validateField` says.
        let age = try await rules.validateFieldAsync("age", in: record)
        XCTAssertEqual(age, rules.validateField("age", in: record))
        XCTAssertEqual(age.map(\.status), [.invalid])
        let seenAfter = await calls.values
        XCTAssertEqual(seenAfter.count, 1)
        let unknown = try await rules.validateFieldAsync("nickname", in: record)
        XCTAssertEqual(unknown, [])
        XCTAssertEqual(["user", "other", "age", "nickname"].map(rules.hasAsyncRules), [true, true, false, false])
    }

    func testValidateFieldAsyncStopsWhenCancelled() async throws {
        let rules = try CompiledRuleSet(
            source: "user: available",
            validators: ValidatorRegistry(async: [
                AsyncValidator("available", message: "{field} is taken.") { _, _ in true }
            ]))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await rules.validateFieldAsync("user", in: try Value(json: #"{"user": "x"}"#))
        }
        do {
            _ = try await task.value
            XCTFail("a cancelled validation returned results")
        } catch is CancellationError {}
    }
}

private actor Calls {
    private(set) var values: [Value] = []
    func note(_ value: Value) { values.append(value) }
}

/// Validators a rule file declares in a `#validator` comment.
final class DeclaredValidatorTests: XCTestCase {
    func testDeclaredValidatorsAreKnownAndPassWithoutAnImplementation() throws {
        let rules = try CompiledRuleSet(
            source: "#validator isbn\n#validator startsWith prefix:literal\ncode: required, isbn\nsku: startsWith \"A\"")
        XCTAssertEqual(rules.declaredOnlyValidators, ["isbn", "startsWith"])
        XCTAssertTrue(rules.isValid(try Value(json: #"{"code": "x", "sku": "B"}"#)))
        XCTAssertFalse(rules.isValid(try Value(json: #"{"sku": "B"}"#)))
    }

    func testAnApplicationsRegistrationRunsInsteadOfTheDeclaration() throws {
        let isbn = CustomValidator("isbn", message: "{field} must be an ISBN.") { value, _ in value == .string("ok") }
        let rules = try CompiledRuleSet(source: "#validator isbn\ncode: isbn", validators: ValidatorRegistry([isbn]))
        XCTAssertEqual(rules.declaredOnlyValidators, [])
        XCTAssertEqual(rules.validate(try Value(json: #"{"code": "no"}"#)).violations.map(\.message), ["Code must be an ISBN."])
    }

    func testMalformedDeclarationsAreErrors() {
        for (source, message) in [
            ("#validator min\n", "'min' is a built-in validator; a declaration cannot redefine it"),
            (
                "#validator isbn code:text\n",
                "'code:text' is not a parameter: write NAME:KIND, KIND one of count, number, regex, literal, date, field"
            ),
            ("#validator \n", "'#validator' needs a validator name"),
        ] {
            XCTAssertThrowsError(try CompiledRuleSet(source: source)) { error in
                XCTAssertEqual((error as? RuleFileError)?.errors.map(\.message), [message], source)
            }
        }
    }
}
