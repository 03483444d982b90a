import Rulebook
import XCTest

@testable import RulebookForms

/// Field states, display policies, visibility, dependents and submit.
final class FormModelTests: XCTestCase {
    func rules(_ source: String) throws -> CompiledRuleSet { try CompiledRuleSet(source: source) }

    let profileSource = """
        firstName: required, minLength 2
        lastName:  required, minLength 2
        age:       required, integer, between 13 124
        """

    func testStatesFollowTheDisplayPolicyAfterLeaving() throws {
        var form = FormModel(rules: try rules(profileSource), original: ["firstName": "Ann", "lastName": "Lee", "age": 30])
        XCTAssertEqual(form.field("firstName")?.state, .idle)
        try form.setValue("A", at: "firstName")
        XCTAssertEqual(form.field("firstName")?.state, .idle, "no error before the user leaves the field")
        XCTAssertTrue(form.field("firstName")?.isDirty ?? false)
        XCTAssertFalse(form.canSubmit)
        try form.leave("firstName")
        XCTAssertEqual(form.field("firstName")?.state.message, "First name must be at least 2 characters long.")
        XCTAssertTrue(form.field("firstName")?.isTouched ?? false)
        try form.setValue("Anna", at: "firstName")
        XCTAssertEqual(form.field("firstName")?.state, .valid)
        XCTAssertTrue(form.canSubmit)
        XCTAssertEqual(form.field("lastName")?.state, .idle)
    }

    func testImmediateAndAfterSubmitPolicies() throws {
        let compiled = try rules(profileSource)
        var now = FormModel(rules: compiled, display: .immediately)
        try now.setValue("A", at: "firstName")
        XCTAssertEqual(now.field("firstName")?.state.message, "First name must be at least 2 characters long.")
        var later = FormModel(rules: compiled, display: .afterSubmit)
        try later.setValue("A", at: "firstName")
        try later.leave("firstName")
        XCTAssertEqual(later.field("firstName")?.state, .idle)
        guard case .invalid(let failures) = later.submit() else { return XCTFail("expected invalid") }
        XCTAssertEqual(Set(failures.keys.map(\.description)), ["firstName", "lastName", "age"])
        XCTAssertEqual(later.field("lastName")?.state.message, "Last name is required.", "errors show everywhere after submit")
    }

    func testSubmitUnchangedThenReadyWithTheMergePatch() throws {
        var form = FormModel(rules: try rules(profileSource), original: ["firstName": "Ann", "lastName": "Lee", "age": 30])
        XCTAssertEqual(form.submit(), .unchanged)
        try form.setValue("Anna", at: "firstName")
        try form.setValue("Ann", at: "firstName")
        XCTAssertFalse(form.hasChanges, "typing back the original is no change")
        try form.setValue(31, at: "age")
        XCTAssertEqual(form.submit(), .ready(patch: ["age": 31], record: ["firstName": "Ann", "lastName": "Lee", "age": 31]))
        form.markSaved()
        XCTAssertEqual(form.submit(), .unchanged)
    }

    func testUnknownFieldIsAnError() throws {
        var form = FormModel(rules: try rules(profileSource))
        XCTAssertThrowsError(try form.setValue("x", at: "nickname")) { error in
            XCTAssertEqual(error as? FormError, .unknownField("nickname"))
        }
    }

    let hotspotSource = """
        isEnabled: boolean
        when isEnabled {
          password:    required, minLength 8
          networkName: required, maxLength 32
        }
        """

    func testConditionalSectionIsInactiveNotValidatedNorSubmitted() throws {
        var form = FormModel(rules: try rules(hotspotSource), original: ["isEnabled": false, "password": "old"])
        XCTAssertEqual(form.field("password")?.state, .inactive)
        XCTAssertFalse(form.isActive(anyOf: ["password", "networkName"]))
        XCTAssertTrue(form.canSubmit)
        try form.setValue(true, at: "isEnabled")
        XCTAssertTrue(form.isActive("password"), "editing the toggle re-evaluates the fields its block governs")
        XCTAssertFalse(form.canSubmit)
        try form.setValue("hunter22", at: "password")
        try form.setValue("Home", at: "networkName")
        XCTAssertEqual(
            form.submit(),
            .ready(
                patch: ["isEnabled": true, "password": "hunter22", "networkName": "Home"],
                record: ["isEnabled": true, "password": "hunter22", "networkName": "Home"]))
        form.markSaved()
        try form.setValue(false, at: "isEnabled")
        XCTAssertEqual(form.field("networkName")?.state, .inactive)
        XCTAssertEqual(
            form.submit(), .ready(patch: ["isEnabled": false], record: ["isEnabled": false]),
            "hidden fields are neither sent in the patch nor kept in the record")
    }

    func testSameFieldIsRevalidatedWhenTheOtherFieldChanges() throws {
        var form = FormModel(
            rules: try rules(
                """
                password:             required, minLength 8
                passwordConfirmation: required, same password
                """), display: .immediately)
        try form.setValue("secret123", at: "password")
        try form.setValue("secret123", at: "passwordConfirmation")
        XCTAssertEqual(form.field("passwordConfirmation")?.state, .valid)
        try form.setValue("secret1234", at: "password")
        XCTAssertEqual(
            form.field("passwordConfirmation")?.validation.blocksSubmit, true,
            "editing password re-checks its confirmation")
    }

    struct Profile: Codable, Equatable {
        var firstName: String
        var lastName: String
        var age: Int
    }

    func testEditingByKeyPathOfACodableModel() throws {
        var form = try FormModel(
            rules: try rules(profileSource), model: Profile(firstName: "Ann", lastName: "Lee", age: 30),
            display: .immediately)
        try form.set(\Profile.lastName, to: "L")
        XCTAssertEqual(form.field("lastName")?.state.message, "Last name must be at least 2 characters long.")
        XCTAssertEqual(form.field("firstName")?.state, .idle)
        try form.set(\Profile.lastName, to: "Lim")
        XCTAssertEqual(try form.model(as: Profile.self), Profile(firstName: "Ann", lastName: "Lim", age: 30))
        XCTAssertEqual(form.submit(), .ready(patch: ["lastName": "Lim"], record: ["firstName": "Ann", "lastName": "Lim", "age": 30]))
    }
}
