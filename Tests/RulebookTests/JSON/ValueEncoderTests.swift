import Foundation
import XCTest

@testable import Rulebook

final class ValueEncoderTests: XCTestCase {
    struct Profile: Codable, Equatable {
        var firstName: String
        var lastName: String
        var email: String
        var age: Int
        var nickname: String?
    }

    enum Role: String, Codable { case admin, member }
    enum Level: Int, Codable { case low = 1, high = 3 }

    struct Account: Codable {
        var profile: Profile
        var roles: [Role]
        var level: Level
        var scores: [Double]
        var matrix: [[Int]]
        var settings: [String: Bool]
        var note: String?
        var tiny: Float
        var counts: [UInt8]
        var big: UInt64
    }

    func testFlatStructKeepsOrderAndOmitsNilOptionals() throws {
        let value = try ValueEncoder().encode(Profile(firstName: "Ann", lastName: "Lee", email: "ann@example.com", age: 34))
        XCTAssertEqual(value.description, #"{"firstName":"Ann","lastName":"Lee","email":"ann@example.com","age":34}"#)
        let withNickname = try ValueEncoder().encode(Profile(firstName: "A", lastName: "B", email: "c", age: 1, nickname: "Annie"))
        XCTAssertEqual(withNickname["nickname"], "Annie")
    }

    func testNestedStructsEnumsArraysAndDictionaries() throws {
        let account = Account(
            profile: Profile(firstName: "Ann", lastName: "Lee", email: "e", age: 34),
            roles: [.admin, .member], level: .high, scores: [1.5, 2], matrix: [[1, 2], [], [3]],
            settings: ["dark": true], note: nil, tiny: 0.1, counts: [0, 255], big: UInt64.max)
        let value = try ValueEncoder().encode(account)
        XCTAssertEqual(value["profile"]?["age"], 34)
        XCTAssertNil(value["profile"]?["nickname"])
        XCTAssertEqual(value["roles"], ["admin", "member"])
        XCTAssertEqual(value["level"], 3)
        XCTAssertEqual(value["scores"], [.decimal(1.5), .decimal(2)])
        XCTAssertEqual(value["matrix"], [[1, 2], [], [3]])
        XCTAssertEqual(value["settings"], ["dark": true])
        XCTAssertNil(value["note"])
        XCTAssertEqual(value["tiny"], .decimal(0.1), "a Float's shortest text, as JSONEncoder writes it")
        XCTAssertEqual(value["counts"], [0, 255])
        XCTAssertEqual(value["big"], .decimal(Double(UInt64.max)))
        XCTAssertEqual(value.objectValue?.keys, ["profile", "roles", "level", "scores", "matrix", "settings", "tiny", "counts", "big"])
    }

    /// The encoder agrees with JSONEncoder followed by the JSON reader.
    func testAgreesWithJSONEncoder() throws {
        let account = Account(
            profile: Profile(firstName: "Zoë \"Z\"", lastName: "L\n", email: "😀", age: -1, nickname: ""),
            roles: [.member], level: .low, scores: [0.1, -2.5e-8, 1e300], matrix: [[Int.min, Int.max]],
            settings: ["a": false, "b": true], note: "n", tiny: 1.5, counts: [], big: 7)
        let direct = try ValueEncoder().encode(account)
        let viaText = try Value(json: JSONEncoder().encode(account))
        XCTAssertEqual(direct, viaText)
    }

    func testFoundationTypes() throws {
        struct Stamped: Encodable {
            var at = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01
            var blob = Data("hi".utf8)
            var link = URL(string: "https://example.com/x?y=1")!
            var amount = Decimal(string: "12.50")!
            var whole = Decimal(42)
            var raw: Value = ["k": [1, nil]]
        }
        let value = try ValueEncoder().encode(Stamped())
        XCTAssertEqual(
            value,
            [
                "at": "2026-01-01T00:00:00Z", "blob": "aGk=", "link": "https://example.com/x?y=1",
                "amount": 12.5, "whole": 42, "raw": ["k": [1, nil]],
            ])
        XCTAssertEqual(try ValueEncoder().encode(Date(timeIntervalSince1970: 0.5)), "1970-01-01T00:00:00.500Z")
    }

    func testTopLevelScalarsAndSingleValueTypes() throws {
        struct Wrapper: Encodable {
            var inner: String
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(inner)
            }
        }
        XCTAssertEqual(try ValueEncoder().encode(3), 3)
        XCTAssertEqual(try ValueEncoder().encode("x"), "x")
        XCTAssertEqual(try ValueEncoder().encode(Optional<Int>.none), nil)
        XCTAssertEqual(try ValueEncoder().encode([Wrapper(inner: "a")]), ["a"])
        XCTAssertEqual(try ValueEncoder().encode(Role.admin), "admin")
        XCTAssertEqual(try ValueEncoder().encode(["x": [1.5]]), ["x": [1.5]])
    }

    func testExplicitNilIsNull() throws {
        struct Explicit: Encodable {
            enum CodingKeys: String, CodingKey { case a, b }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encodeNil(forKey: .a)
                try container.encodeIfPresent(Optional<Int>.none, forKey: .b)
            }
        }
        XCTAssertEqual(try ValueEncoder().encode(Explicit()).description, #"{"a":null}"#)
    }

    func testNestedContainersAndSuperEncoders() throws {
        class Base: Encodable {
            var id = 1
            enum CodingKeys: String, CodingKey { case id }
        }
        final class Derived: Base {
            var name = "d"
            enum DerivedKeys: String, CodingKey { case name, parent }
            override func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: DerivedKeys.self)
                try container.encode(name, forKey: .name)
                try super.encode(to: container.superEncoder())
                try super.encode(to: container.superEncoder(forKey: .parent))
            }
        }
        XCTAssertEqual(try ValueEncoder().encode(Derived()), ["name": "d", "super": ["id": 1], "parent": ["id": 1]])

        struct Manual: Encodable {
            enum Keys: String, CodingKey { case point, list, x, y }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var point = container.nestedContainer(keyedBy: Keys.self, forKey: .point)
                var list = container.nestedUnkeyedContainer(forKey: .list)
                // Written after both nested containers were handed out.
                try point.encode(1, forKey: .x)
                try list.encode("a")
                var inner = list.nestedContainer(keyedBy: Keys.self)
                try inner.encode(true, forKey: .y)
                var deeper = list.nestedUnkeyedContainer()
                try deeper.encodeNil()
                try point.encode(2, forKey: .y)
                try Base().encode(to: list.superEncoder())
                XCTAssertEqual(list.count, 4)
                XCTAssertEqual(inner.codingPath.map(\.stringValue), ["list", "1"])
            }
        }
        XCTAssertEqual(try ValueEncoder().encode(Manual()), ["point": ["x": 1, "y": 2], "list": ["a", ["y": true], [nil], ["id": 1]]])
    }

    func testNonFiniteNumbersAreErrorsWithTheirPath() {
        struct Holder: Encodable { var values: [String: [Double]] }
        XCTAssertThrowsError(try ValueEncoder().encode(Holder(values: ["v": [1, .nan]]))) { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["values", "v", "1"])
        }
        XCTAssertThrowsError(try ValueEncoder().encode(Float.infinity))
    }

    func testEncodingNothingAtTheTopIsAnError() {
        struct Silent: Encodable { func encode(to encoder: any Encoder) throws {} }
        XCTAssertThrowsError(try ValueEncoder().encode(Silent()))
        XCTAssertEqual(try ValueEncoder().encode(["s": Silent()]), ["s": .object(ValueObject())])
    }

    func testUserInfoReachesCustomEncoders() throws {
        let key = CodingUserInfoKey(rawValue: "mode")!
        struct Moody: Encodable {
            let key: CodingUserInfoKey
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(encoder.userInfo[key] as? String ?? "none")
            }
        }
        XCTAssertEqual(try ValueEncoder(userInfo: [key: "loud"]).encode([Moody(key: key)]), ["loud"])
    }

    func testValueIsCodable() throws {
        let value: Value = ["a": [1, 2.5, "x", nil, true], "b": ["c": .object(ValueObject())]]
        XCTAssertEqual(try Value(json: JSONEncoder().encode(value)), value)
        XCTAssertEqual(try JSONDecoder().decode(Value.self, from: Data(value.json.utf8)), value)
        XCTAssertEqual(try ValueEncoder().encode(value), value)
    }
}
