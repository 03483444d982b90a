import XCTest

@testable import Rulebook

/// Checked rules and statements keep a byte offset and resolve it to a location when read
/// (``SourcePlace``). The resolved location must be where the rule's validator name (or
/// the statement's path) is written, in the file that writes it: for rules expanded from
/// named rules, imported ones included, and after non-ASCII text on the line.
final class CheckerLocationTests: XCTestCase {
    private let common = """
        # shared
        rule personName = required, minLength 2, noDigits
        rule contact    = personName, maxLength 80 message "too long"

        """

    private let form = """
        import "common.rules"
        rule local = contact, email
        first: personName, maxLength 40
        "日本語": required, minLength 3   # non-ASCII key before the rules
        when country == "GB" {
          postcode: required,
                    pattern /^[A-Z0-9 ]+$/
          when nested { inner: local message "x" }
        }
        items[*].sku: required, pattern /^[A-Z]{3}$/i
        last: local, contact, required
        """

    /// The text of `location`'s line from its column on.
    private func written(at location: SourceLocation, in files: [String: String]) -> Substring? {
        guard let text = files[location.file] else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.indices.contains(location.line - 1) else { return nil }
        let line = lines[location.line - 1]
        let scalars = line.unicodeScalars
        guard let start = scalars.index(scalars.startIndex, offsetBy: location.column - 1, limitedBy: scalars.endIndex) else { return nil }
        return Substring(scalars[start...])
    }

    func testEveryRuleLocationPointsAtItsValidatorName() throws {
        let files = ["common.rules": common, "test.rules": form]
        let result = checkSource(form, files: ["common.rules": common])
        XCTAssertFalse(result.diagnostics.containsErrors)
        let statements = try XCTUnwrap(result.ruleSet).statements
        XCTAssertEqual(statements.count, 6)
        var seenCommon = false
        for statement in statements {
            for rule in statement.rules {
                let found = try XCTUnwrap(written(at: rule.location, in: files), "\(rule.location)")
                XCTAssertTrue(found.hasPrefix(rule.validator.rawValue), "\(rule.location): \(found)")
                if rule.location.file == "common.rules" { seenCommon = true }
            }
        }
        XCTAssertTrue(seenCommon)
    }

    func testStatementLocationsPointAtTheirPaths() throws {
        let result = checkSource(form, files: ["common.rules": common])
        let statements = try XCTUnwrap(result.ruleSet).statements
        XCTAssertEqual(
            statements.map(\.location.description),
            [
                "test.rules:3:1", "test.rules:4:1", "test.rules:6:3", "test.rules:8:17", "test.rules:10:1", "test.rules:11:1",
            ])
        // The rule after the non-ASCII key counts its column in Unicode scalars.
        XCTAssertEqual(statements[1].rules.map(\.location.description), ["test.rules:4:8", "test.rules:4:18"])
        // A rule continued on the next line.
        XCTAssertEqual(statements[2].rules.map(\.location.description), ["test.rules:6:13", "test.rules:7:13"])
    }

    func testLocationsOfAGeneratedFileMatchTheSourceFile() throws {
        // Many statements and repeated heads (shared lowering) across two files: each
        // rule's location is the one `SourceFile.location(of:)` gives for its name.
        var text = "import \"common.rules\"\n"
        for index in 0..<300 {
            switch index % 3 {
            case 0: text += "f\(index): required, minLength 2, personName\n"
            case 1: text += "  \"ü\(index)\": contact, maxLength 9\n"
            default: text += "when c\(index) { g\(index): required, pattern /^a+$/ }\n"
            }
        }
        let files = ["common.rules": common, "test.rules": text]
        let result = checkSource(text, files: ["common.rules": common])
        XCTAssertFalse(result.diagnostics.containsErrors)
        let statements = try XCTUnwrap(result.ruleSet).statements
        XCTAssertEqual(statements.count, 300)
        for statement in statements {
            let first: Character? = written(at: statement.location, in: files)?.first
            XCTAssertTrue(first == "f" || first == "\"" || first == "g", "\(statement.location)")
            for rule in statement.rules {
                XCTAssertTrue(written(at: rule.location, in: files)?.hasPrefix(rule.validator.rawValue) ?? false, "\(rule.location)")
            }
        }
    }

    func testPublicInitialiserKeepsTheGivenLocation() {
        let location = SourceLocation(file: "x.rules", line: 7, column: 3)
        let rule = CheckedRule(
            validator: .required, messageKey: "required", arguments: [], messageOverride: nil,
            location: location, expandedFrom: [])
        XCTAssertEqual(rule.location, location)
        let statement = CheckedStatement(path: FieldPath([.key("a")]), condition: nil, rules: [rule], location: location)
        XCTAssertEqual(statement.location, location)
    }
}
