import XCTest

@testable import Rulebook

/// `oneOf` compares text values with the set's texts byte for byte (the fast path),
/// and everything else with JSON equality, on both record storages alike.
final class OneOfTextTests: XCTestCase {
    private static let ruleText = """
        country: oneOf "GB" "FR" "Zürich" "a text value longer than fifteen bytes" 2 true ""
        code:    oneOf 1 2.5 false
        """

    func testTextAndOtherValuesOnBothPaths() throws {
        let compiled = rules(Self.ruleText)
        let cases: [(String, Bool)] = [
            (#"{"country":"GB"}"#, true), (#"{"country":"G\u0042"}"#, true), (#"{"country":"gb"}"#, false),
            (#"{"country":"GB "}"#, false), (#"{"country":"Z\u00fcrich"}"#, true), (#"{"country":"Zu\u0308rich"}"#, false),
            (#"{"country":"a text value longer than fifteen bytes"}"#, true),
            (#"{"country":"a text value longer than fifteen byte"}"#, false),
            (#"{"country":2}"#, true), (#"{"country":2.0}"#, true), (#"{"country":"2"}"#, false), (#"{"country":true}"#, true),
            (#"{"country":"true"}"#, false), (#"{"country":[]}"#, true), (#"{"country":{}}"#, false),
            (#"{"code":1}"#, true), (#"{"code":"1"}"#, false), (#"{"code":false}"#, true), (#"{"code":"false"}"#, false),
            (#"{"code":2.50}"#, true),
        ]
        for (text, expected) in cases {
            let bytes = Array(text.utf8)
            XCTAssertEqual(try compiled.isValid(json: bytes), expected, text)
            XCTAssertEqual(compiled.isValid(try Value(json: bytes)), expected, text)
            XCTAssertEqual(
                try compiled.validate(json: bytes, options: options(all: true)),
                compiled.validate(try Value(json: bytes), options: options(all: true)), text)
        }
    }
}
