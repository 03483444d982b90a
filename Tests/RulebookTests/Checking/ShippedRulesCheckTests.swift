import RulebookTooling
import XCTest

@testable import Rulebook

/// The shipped `Rules/` files check clean, one by one and all together.
final class ShippedRulesCheckTests: XCTestCase {
    private var rulesDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Rules").path
    }

    func testEveryShippedRuleFileChecksClean() throws {
        let provider = DiskSourceProvider(baseDirectory: rulesDirectory)
        let files = try provider.ruleFiles(under: ".")
        XCTAssertEqual(files, ["address.rules", "common.rules", "hotspot.rules", "payment.rules", "profile.rules", "signup.rules"])
        for file in files {
            let result = try Workspace(provider: provider).check(rootFile: file)
            XCTAssertEqual(result.diagnostics.map(CheckedDiagnostic.init).map(\.description), [], file)
            XCTAssertNotNil(result.ruleSet, file)
        }
    }

    func testCheckingTheWholeFolderAtOnceIsClean() throws {
        let provider = DiskSourceProvider(baseDirectory: rulesDirectory)
        let result = Workspace(provider: provider).checkAll(paths: try provider.ruleFiles(under: "."))
        XCTAssertFalse(result.hasErrors)
        XCTAssertEqual(result.allDiagnostics, [])
        XCTAssertEqual(result.ruleSets.count, 6)
    }

    func testShippedRuleSetsHaveTheExpectedShape() throws {
        let provider = DiskSourceProvider(baseDirectory: rulesDirectory)
        let signup = try XCTUnwrap(try Workspace(provider: provider).check(rootFile: "signup.rules").ruleSet)
        XCTAssertEqual(signup.files, ["signup.rules", "common.rules"])
        XCTAssertEqual(
            summary(signup),
            [
                "name: required, minLength min=2, noDigits, noSpecialChars",
                "email: required, minLength min=5, maxLength max=254, email",
                "password: required, minLength min=8, maxLength max=128, containsDigit, containsLetter",
                "passwordConfirmation: required, same other=field:password",
                "terms: required, accepted",
            ])
        XCTAssertEqual(signup.statements[0].rules.map(\.expandedFrom), Array(repeating: ["personName"], count: 4))
        let address = try XCTUnwrap(try Workspace(provider: provider).check(rootFile: "address.rules").ruleSet)
        XCTAssertEqual(address.statements.compactMap(\.condition).count, 3)
        XCTAssertEqual(address.statements.last?.rules.first?.messageOverride, .key("address.postcodeFormat"))
        let payment = try XCTUnwrap(try Workspace(provider: provider).check(rootFile: "payment.rules").ruleSet)
        XCTAssertEqual(payment.statements.first { $0.path.description == "state" }?.rules.last?.messageOverride, .key("address.stateCode"))
        XCTAssertTrue(payment.statements.contains { $0.path.hasWildcard })
    }
}
