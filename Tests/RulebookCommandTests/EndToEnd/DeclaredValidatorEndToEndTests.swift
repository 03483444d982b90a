import Foundation
import XCTest

/// A rule file declares a validator the application implements (`#validator`): `check`
/// knows it, and `validate` says that it cannot run it rather than call its rules valid
/// in silence.
final class DeclaredValidatorEndToEndTests: XCTestCase {
    private static let rules = """
        #validator isbn
        #validator startsWith prefix:literal
        code: required, isbn
        sku: startsWith "SKU-"

        """

    func testCheckKnowsDeclaredValidatorsAndTheirSignatures() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        try project.write(Self.rules, to: "book.rules")
        let ok = try project.run(["check", "book.rules"])
        XCTAssertEqual(ok.status, 0, ok.stdout + ok.stderr)
        try project.write(Self.rules + "title: isbm\nname: startsWith\n", to: "bad.rules")
        let bad = try project.run(["check", "bad.rules"])
        XCTAssertEqual(bad.status, 1, bad.stdout + bad.stderr)
        let output = bad.stdout + bad.stderr
        XCTAssertTrue(output.contains("unknown validator or named rule 'isbm'; did you mean 'isbn'?"), output)
        XCTAssertTrue(output.contains("wrong-argument-count"), output)
        try project.write("#validator startsWith prefix:strng\n", to: "malformed.rules")
        let malformed = try project.run(["check", "malformed.rules"])
        XCTAssertEqual(malformed.status, 1)
        XCTAssertTrue(
            (malformed.stdout + malformed.stderr).contains("'prefix:strng' is not a parameter"), malformed.stdout + malformed.stderr)
    }

    func testValidateSaysItSkipsDeclaredValidators() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        try project.write(Self.rules, to: "book.rules")
        try project.write(#"{"code": "123", "sku": "X"}"# + "\n" + #"{"sku": "SKU-1"}"# + "\n", to: "in.ndjson")
        let result = try project.run(["validate", "--rules", "book.rules", "--format", "ndjson", "in.ndjson"])
        XCTAssertTrue(
            result.stderr.contains(
                "note: validator 'isbn' is only declared in the rules (#validator); the command cannot run it, so its rules are skipped and count as passed"
            ),
            result.stderr)
        XCTAssertTrue(result.stderr.contains("note: validator 'startsWith' is only declared"), result.stderr)
        // The rules the command can run still run: the second record lacks `code`.
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains(#""rule":"required""#), result.stdout)
    }
}
