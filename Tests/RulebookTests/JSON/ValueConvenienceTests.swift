import Foundation
import XCTest

@testable import Rulebook

final class ValueConvenienceTests: XCTestCase {
    func testLiterals() {
        let record: Value = ["name": "Ann", "age": 34, "score": 1.5, "ok": true, "none": nil, "tags": ["a", 1]]
        XCTAssertEqual(
            record,
            .object(
                ValueObject([
                    ("name", .string("Ann")), ("age", .integer(34)), ("score", .decimal(1.5)), ("ok", .bool(true)),
                    ("none", .null), ("tags", .array([.string("a"), .integer(1)])),
                ])))
        XCTAssertEqual(record.objectValue?.keys, ["name", "age", "score", "ok", "none", "tags"], "literal order kept")
        let object: ValueObject = ["a": 1, "a": 2]
        XCTAssertEqual(object.count, 1)
        XCTAssertEqual(object["a"], 2)
    }

    func testAccessors() {
        let record: Value = ["name": "Ann", "items": [["sku": "A1"], 2], "age": 34, "ratio": 2.0]
        XCTAssertEqual(record["name"], "Ann")
        XCTAssertNil(record["missing"])
        XCTAssertEqual(record["items"]?[0]?["sku"], "A1")
        XCTAssertNil(record["items"]?[2])
        XCTAssertNil(record["items"]?[-1])
        XCTAssertNil(record[0], "an object has no elements")
        XCTAssertNil(record["name"]?["x"], "a string has no members")
        XCTAssertEqual(record["age"]?.integerValue, 34)
        XCTAssertEqual(record["ratio"]?.integerValue, 2)
        XCTAssertEqual(record["age"]?.doubleValue, 34)
        XCTAssertNil(record["name"]?.integerValue)
        XCTAssertEqual(record["name"]?.stringValue, "Ann")
        XCTAssertEqual(Value.bool(true).boolValue, true)
        XCTAssertEqual(record["items"]?.arrayValue?.count, 2)
        XCTAssertEqual(record.kind, .object)
        XCTAssertEqual(Value.decimal(1).kind, .number)
        XCTAssertTrue(Value.null.isNull)
    }

    func testEmptinessFollowsTheSpec() {
        let empty: [Value] = [nil, "", " ", "\t\n\r ", "\u{00A0}\u{2003}\u{3000}", []]
        for value in empty { XCTAssertTrue(value.isEmpty, "\(value)") }
        let notEmpty: [Value] = [.object(ValueObject()), false, 0, 0.0, "a", " a ", "\u{200B}", [nil], [""]]
        for value in notEmpty { XCTAssertFalse(value.isEmpty, "\(value)") }
        let absent: Value? = nil
        XCTAssertTrue(absent.isEmpty)
        let present: Value? = "x"
        XCTAssertFalse(present.isEmpty)
    }

    func testDescriptionIsCompactJSON() {
        let value: Value = ["a": [1, "x\n"], "b": nil]
        XCTAssertEqual(value.description, #"{"a":[1,"x\n"],"b":null}"#)
        XCTAssertEqual("\(value)", value.description)
        XCTAssertEqual(value.objectValue?.description, value.description)
    }

    func testFromFoundationObjects() throws {
        let any: [String: Any] = [
            "name": "Ann", "age": 34, "ratio": 0.5, "ok": true, "no": false, "nothing": NSNull(),
            "tags": ["a", 1, NSNumber(value: true)], "nested": ["x": NSNumber(value: 7)] as NSDictionary,
            "nsstring": NSString(string: "s"), "int8": Int8(-3), "uint64": UInt64.max,
            "optionalNone": Optional<Int>.none as Any, "optionalSome": Optional<Int>.some(5) as Any,
        ]
        let value = try Value(any: any)
        XCTAssertEqual(value["name"], "Ann")
        XCTAssertEqual(value["age"], .integer(34))
        XCTAssertEqual(value["ratio"], .decimal(0.5))
        XCTAssertEqual(value["ok"], .bool(true))
        XCTAssertEqual(value["no"], .bool(false))
        XCTAssertEqual(value["nothing"], .null)
        XCTAssertEqual(value["tags"], ["a", 1, true])
        XCTAssertEqual(value["nested"], ["x": 7])
        XCTAssertEqual(value["nsstring"], "s")
        XCTAssertEqual(value["int8"], -3)
        XCTAssertEqual(value["uint64"], .decimal(Double(UInt64.max)))
        XCTAssertEqual(value["optionalNone"], .null)
        XCTAssertEqual(value["optionalSome"], 5)
        XCTAssertEqual(value.objectValue?.keys, value.objectValue?.keys.sorted(), "dictionary members sorted by key")
    }

    /// The classic trap: `NSNumber(1) as? Bool` succeeds through bridging. Booleans and
    /// numbers must stay apart whatever their origin.
    func testBooleanNumbersAreToldApart() throws {
        let cases: [(Any, Value)] = [
            (NSNumber(value: true), .bool(true)), (NSNumber(value: false), .bool(false)),
            (true as NSNumber, .bool(true)), (NSNumber(booleanLiteral: false), .bool(false)),
            (NSNumber(value: 1), .integer(1)), (NSNumber(value: 0), .integer(0)),
            (NSNumber(value: Int8(1)), .integer(1)), (NSNumber(value: UInt8(0)), .integer(0)),
            (NSNumber(value: 1.0), .decimal(1.0)), (NSNumber(value: Float(0.5)), .decimal(0.5)),
            (NSNumber(value: Int64.min), .integer(Int.min)), (1 as NSNumber, .integer(1)),
            (true, .bool(true)), (1, .integer(1)), (1.0, .decimal(1.0)),
        ]
        for (input, expected) in cases {
            let value = try Value(any: input)
            XCTAssertEqual(value, expected, "\(input)")
            XCTAssertEqual(value.kind, expected.kind, "\(input) kept its kind")
        }
        // Through JSONSerialization, the usual source of such objects.
        let parsed = try JSONSerialization.jsonObject(with: Data(#"[true, 1, 0, false, 1.5, null, {"k": true}]"#.utf8))
        let value = try Value(any: parsed)
        XCTAssertEqual(value.description, #"[true,1,0,false,1.5,null,{"k":true}]"#)
    }

    func testFoundationScalarsAndErrors() throws {
        XCTAssertEqual(try Value(any: Date(timeIntervalSince1970: 0)), "1970-01-01T00:00:00Z")
        XCTAssertEqual(try Value(any: Date(timeIntervalSince1970: 1_790_000_000.25)), "2026-09-21T14:13:20.250Z")
        XCTAssertEqual(try Value(any: Date(timeIntervalSince1970: -1)), "1969-12-31T23:59:59Z")
        XCTAssertEqual(try Value(any: Data([0, 1, 2, 255])), "AAEC/w==")
        XCTAssertEqual(try Value(any: URL(string: "https://example.com/a?b=1")!), "https://example.com/a?b=1")
        XCTAssertEqual(try Value(any: Decimal(string: "12")!), 12)
        XCTAssertEqual(try Value(any: Decimal(string: "1.25")!), 1.25)
        XCTAssertEqual(try Value(any: Value.string("v")), "v")
        struct Opaque {}
        XCTAssertThrowsError(try Value(any: ["a": ["b": [1, Opaque()]]])) { error in
            XCTAssertEqual((error as? ValueConversionError)?.path, "/a/b/1")
            XCTAssertEqual((error as? ValueConversionError)?.typeName, "Opaque")
        }
        // Other Encodable values go through ValueEncoder (integer keys become text, as in JSONEncoder).
        XCTAssertEqual(try Value(any: [1: "integer key"]), ["1": "integer key"])
        struct Point: Encodable { var x = 1, y = 2 }
        XCTAssertEqual(try Value(any: ["p": Point()]), ["p": ["x": 1, "y": 2]])
    }
}
