import Foundation
import Rulebook
import XCTest

/// Rules loaded as apps load them: from a bundle's resources and from text in memory,
/// imports resolved in the same place, errors naming the file and position.
final class RuleResourceLoadingTests: XCTestCase {
    private let signupRecord: Value = [
        "name": "Ada", "email": "ada@example.com", "password": "s3cretpass",
        "passwordConfirmation": "s3cretpass", "terms": true,
    ]

    func testCompilesABundleResourceWithItsImport() throws {
        let rules = try CompiledRuleSet(resource: "signup", bundle: .module, subdirectory: "Rules")
        XCTAssertTrue(rules.isValid(signupRecord))
        // personName comes from the imported common.rules: a digit breaks it.
        let record: Value = [
            "name": "Ad4", "email": "ada@example.com", "password": "s3cretpass",
            "passwordConfirmation": "s3cretpass", "terms": true,
        ]
        XCTAssertEqual(rules.validateField("name", in: record).map(\.status), [.invalid])
    }

    func testAcceptsTheNameWithItsExtension() throws {
        XCTAssertNoThrow(try CompiledRuleSet(resource: "signup.rules", bundle: .module, subdirectory: "Rules"))
    }

    func testABundleResourceWithAnErrorNamesTheFileAndPosition() {
        XCTAssertThrowsError(try CompiledRuleSet(resource: "broken", bundle: .module, subdirectory: "Rules")) { error in
            XCTAssertEqual(
                "\(error)",
                "Rules/broken.rules:4:42: error: unknown validator or named rule 'minLenght'; did you mean 'minLength'? [unknown-validator]"
            )
        }
    }

    func testAMissingResourceIsAReadError() {
        XCTAssertThrowsError(try CompiledRuleSet(resource: "nothing", bundle: .module, subdirectory: "Rules")) { error in
            XCTAssertEqual("\(error)", "no such file 'Rules/nothing.rules'")
        }
    }

    func testCompilesFilesInMemoryWithAnImport() throws {
        let files = [
            "forms/signup.rules": "import \"../shared/names.rules\"\nname: personName\n",
            "shared/names.rules": "rule personName = required, minLength 2, noDigits\n",
        ]
        let rules = try CompiledRuleSet(files: files, entry: "forms/signup.rules")
        let valid: Value = ["name": "Ada"], tooShort: Value = ["name": "A"]
        XCTAssertTrue(rules.isValid(valid))
        XCTAssertFalse(rules.isValid(tooShort))
    }

    func testAnErrorInAnImportedFileInMemoryNamesThatFile() {
        let files = [
            "main.rules": "import \"names.rules\"\nname: personName\n",
            "names.rules": "rule personName = required,\n  minLength two\n",
        ]
        XCTAssertThrowsError(try CompiledRuleSet(files: files, entry: "main.rules")) { error in
            XCTAssertTrue("\(error)".hasPrefix("names.rules:2:13: error: "), "\(error)")
        }
    }

    func testAMissingImportInMemoryIsAnErrorAtTheImport() {
        XCTAssertThrowsError(
            try CompiledRuleSet(
                files: ["main.rules": "\nimport \"gone.rules\"\nname: required\n"],
                entry: "main.rules")
        ) { error in
            XCTAssertTrue("\(error)".hasPrefix("main.rules:2:8: error: "), "\(error)")
        }
    }

    func testAMissingEntryInMemoryIsAReadError() {
        XCTAssertThrowsError(try CompiledRuleSet(files: ["a.rules": "name: required\n"], entry: "b.rules")) { error in
            XCTAssertEqual("\(error)", "no such file 'b.rules'")
        }
    }
}
