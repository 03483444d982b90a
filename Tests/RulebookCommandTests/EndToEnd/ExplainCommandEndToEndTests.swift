import Foundation
import XCTest

final class ExplainCommandEndToEndTests: XCTestCase {
    func testTextShowsEveryRuleAndWhySkipped() throws {
        let project = try TemporaryProject()
        let result = try project.run(["explain", "Rules/hotspot.rules", #"{"isEnabled": false, "password": "x"}"#])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            """
            isEnabled: valid (false)
              passed   boolean       Rules/hotspot.rules:2:12
            password: skipped ("x")
              skipped  required      Rules/hotspot.rules:6:16 when isEnabled: false
              skipped  minLength 8   Rules/hotspot.rules:6:26 when isEnabled: false
            networkName: skipped (absent)
              skipped  required      Rules/hotspot.rules:7:16 when isEnabled: false
              skipped  maxLength 32  Rules/hotspot.rules:7:26 when isEnabled: false

            valid

            """)
    }

    func testFailuresCarryMessagesAndTheStatusIsOne() throws {
        let project = try TemporaryProject()
        try project.write(#"{"firstName": "A", "lastName": "", "email": "ada@example.com", "age": 36}"#, to: "one.json")
        let result = try project.run(["explain", "Rules/profile.rules", "one.json"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stdout.contains(
                """
                firstName: invalid ("A")
                  passed   required        Rules/profile.rules:2:12
                  FAILED   minLength 2     Rules/profile.rules:2:22
                           First name must be at least 2 characters long.
                lastName: invalid ("")
                  FAILED   required        Rules/profile.rules:3:12
                           Last name is required.
                  skipped  minLength 2     Rules/profile.rules:3:22
                           skipped: the value is empty, which 'required' reports
                """), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("\ninvalid: 2 fields of 4 failed\n"), result.stdout)
    }

    func testJSONFromStandardInput() throws {
        let project = try TemporaryProject()
        let result = try project.run(
            ["explain", "Rules/payment.rules", "-", "--format", "json"],
            stdin: Data(#"{"items": [{"sku": "ABC-1234", "quantity": 0}]}"#.utf8))
        XCTAssertEqual(result.status, 1)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        XCTAssertEqual(document["valid"] as? Bool, false)
        let fields = try XCTUnwrap(document["fields"] as? [[String: Any]])
        let quantity = try XCTUnwrap(fields.first { $0["field"] as? String == "items[0].quantity" })
        let outcomes = (quantity["rules"] as? [[String: Any]])?.map { $0["outcome"] as? String }
        XCTAssertEqual(outcomes, ["passed", "passed", "failed"])
    }

    func testErrors() throws {
        let project = try TemporaryProject()
        XCTAssertEqual(try project.run(["explain", "Rules/profile.rules"]).status, 2, "RECORD is required")
        XCTAssertEqual(try project.run(["explain", "Rules/profile.rules", "[1]"]).status, 2)
        let notJSON = try project.run(["explain", "Rules/profile.rules", "{oops"])
        XCTAssertEqual(notJSON.status, 2)
        XCTAssertTrue(notJSON.stderr.hasPrefix("rulebook: error: the record:1:2: "), notJSON.stderr)
        XCTAssertEqual(try project.run(["explain", "Rules/nope.rules", "{}"]).status, 2)
    }
}
