import Foundation
import XCTest

@testable import Rulebook

/// Each shipped rule file (`Rules/`), loaded through the facade, against realistic valid
/// and invalid records.
final class ShippedRulesEvaluationTests: XCTestCase {
    private let today = options(today: "2026-01-15", all: true)

    private func load(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> CompiledRuleSet {
        let path = engineRepositoryRoot.appendingPathComponent("Rules/\(name).rules").path
        do {
            return try CompiledRuleSet(contentsOfFile: path)
        } catch {
            XCTFail("\(name).rules does not check:\n\(error)", file: file, line: line)
            throw error
        }
    }

    private func failures(_ rules: CompiledRuleSet, _ text: String) -> [String] {
        rules.validate(json(text), options: today).violations.map { "\($0.field): \($0.validator.rawValue)" }
    }

    func testProfile() throws {
        let profile = try load("profile")
        XCTAssertEqual(failures(profile, #"{"firstName":"Zoë","lastName":"Ng","email":"zoe.ng@example.com","age":13}"#), [])
        XCTAssertEqual(failures(profile, #"{"firstName":"Chloé","lastName":"Dubois","email":"c@d.fr","age":"124"}"#), [])
        XCTAssertEqual(
            failures(profile, #"{"firstName":"A","lastName":"  ","email":"a@b","age":12.5}"#),
            ["firstName: minLength", "lastName: required", "email: minLength", "email: email", "age: integer", "age: between"])
        XCTAssertEqual(
            failures(profile, #"{"firstName":42,"lastName":null,"age":true}"#),
            ["firstName: minLength", "lastName: required", "email: required", "age: integer", "age: between"])
        XCTAssertEqual(
            failures(profile, #"{"firstName":"👍🏽👍🏽","lastName":"e\u0301e\u0301","email":"x y@z.com","age":"NaN"}"#),
            ["email: email", "age: integer", "age: between"])
    }

    func testHotspot() throws {
        let hotspot = try load("hotspot")
        XCTAssertEqual(hotspot.validate(json(#"{"isEnabled":false}"#)).fields.map(\.status), [.valid, .skipped, .skipped])
        XCTAssertEqual(failures(hotspot, #"{"isEnabled":true,"password":"12345678","networkName":"Home"}"#), [])
        XCTAssertEqual(failures(hotspot, #"{"isEnabled":true,"password":"1234567"}"#), ["password: minLength", "networkName: required"])
        XCTAssertEqual(
            failures(hotspot, #"{"isEnabled":"yes","networkName":"\#(String(repeating: "n", count: 33))"}"#),
            ["isEnabled: boolean", "password: required", "networkName: maxLength"])
    }

    func testSignup() throws {
        let signup = try load("signup")
        let good =
            #"{"name":"José Álvarez","email":"jose@example.es","password":"s3cretpass","passwordConfirmation":"s3cretpass","terms":"yes"}"#
        XCTAssertEqual(failures(signup, good), [])
        XCTAssertEqual(
            failures(signup, #"{"name":"R2-D2","email":"r2@d2","password":"password","passwordConfirmation":"Password","terms":false}"#),
            [
                "name: noDigits", "name: noSpecialChars", "email: email", "password: containsDigit",
                "passwordConfirmation: same", "terms: accepted",
            ])
        let violation = signup.validate(json(#"{"passwordConfirmation":"x","password":"y"}"#)).violations.first { $0.validator == .same }
        XCTAssertEqual(violation?.messageKey, "signup.passwordsDiffer")
        XCTAssertEqual(violation?.location.file.hasSuffix("signup.rules"), true)
        let named = signup.validate(json(#"{"name":"A"}"#)).violations.first
        XCTAssertEqual(named?.validator, .minLength)
        XCTAssertEqual(named?.location.file.hasSuffix("common.rules"), true, "named rules report where the rule is written")
    }

    func testAddressWithoutPatterns() throws {
        let address = try load("address")
        let french = #"{"house":"12","line1":"Rue de la Paix","city":"Paris","postcode":"75002","country":"FR","birthday":"1990-04-01"}"#
        XCTAssertEqual(failures(address, french), [])
        XCTAssertEqual(
            failures(address, #"{"house":"12","line1":"Rue","city":"P","postcode":"7500","country":"FR","birthday":"2026-01-15"}"#),
            ["city: minLength", "postcode: digits", "birthday: before"])
        XCTAssertEqual(
            failures(address, #"{"line1":"ab","postcode":"75002","country":"US","birthday":"1990-02-30"}"#),
            ["house: required", "line1: minLength", "city: required", "country: oneOf", "birthday: date", "birthday: before"])
        let report = address.validate(json(#"{"postcode":"75002","country":"DE"}"#), options: today)
        XCTAssertEqual(report.fields.first { $0.field.description == "postcode" }?.status, .valid)
    }

    func testAddressPatterns() throws {
        let address = try load("address")
        let base = #""house":"10","line1":"Downing Street","city":"London","birthday":"1990-04-01""#
        XCTAssertEqual(failures(address, "{\(base),\"country\":\"GB\",\"postcode\":\"SW1A 2AA\"}"), [])
        XCTAssertEqual(failures(address, "{\(base),\"country\":\"GB\",\"postcode\":\"sw1a2aa\"}"), [])
        XCTAssertEqual(failures(address, "{\(base),\"country\":\"GB\",\"postcode\":\"SW1A 2AA \"}"), ["postcode: pattern"])
        XCTAssertEqual(failures(address, "{\(base),\"country\":\"PL\",\"postcode\":\"00-950\"}"), [])
        let violation = address.validate(json("{\(base),\"country\":\"PL\",\"postcode\":\"00950\"}"), options: today).violations.first
        XCTAssertEqual(violation?.messageKey, "address.postcodeFormat")
    }

    func testPayment() throws {
        let payment = try load("payment")
        let good = """
            {"email":"pat@example.com","phone":"5551234567","zip":"94105","state":"CA","cvc":"123",
             "items":[{"sku":"ABC-1234","quantity":1},{"sku":"XYZ-0001","quantity":"99"}]}
            """
        XCTAssertEqual(failures(payment, good), [])
        let bad = """
            {"email":"pat@example.com","phone":"555-123-4567","zip":"9410","state":"ca","cvc":"12345",
             "items":[{"sku":"ABC-123","quantity":0},{"sku":"abc-1234"},{"quantity":100}]}
            """
        XCTAssertEqual(
            failures(payment, bad),
            [
                "phone: digits", "zip: digits", "state: pattern", "cvc: length",
                "items[0].sku: pattern", "items[1].sku: pattern", "items[2].sku: required",
                "items[0].quantity: between", "items[1].quantity: required", "items[2].quantity: between",
            ])
        XCTAssertEqual(
            failures(payment, #"{"email":"pat@example.com","phone":"5551234567","zip":"94105","state":"CA","cvc":"123","items":[]}"#),
            ["items: required"])
    }
}
