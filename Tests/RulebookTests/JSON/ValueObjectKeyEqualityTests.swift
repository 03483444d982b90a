import Rulebook
import XCTest

/// Object keys compare exactly, scalar by scalar, in a `Value` as in JSON text: keys that
/// Swift's `String ==` calls equal (canonically equivalent) but that are spelt with other
/// scalars stay two members, and a record validates alike read either way.
final class ValueObjectKeyEqualityTests: XCTestCase {
    private let precomposed = "\u{E9}", decomposed = "e\u{301}"

    func testCanonicallyEquivalentKeysAreTwoMembers() throws {
        XCTAssertEqual(precomposed, decomposed, "the premise: Swift's String == folds them")
        let value = try Value(json: Array("{\"\(precomposed)\": 1, \"\(decomposed)\": 2}".utf8))
        guard case .object(let object) = value else { return XCTFail("not an object: \(value)") }
        XCTAssertEqual(object.count, 2)
        XCTAssertEqual(object[precomposed], .integer(1))
        XCTAssertEqual(object[decomposed], .integer(2))
        XCTAssertNil(ValueObject([(precomposed, .integer(1))])[decomposed])
    }

    func testLargeObjectsWithAnIndexCompareKeysExactly() {
        // More members than the linear-search threshold, so lookups go through the index.
        var members: [(key: String, value: Value)] = (0..<40).map { ("k\($0)", .integer($0)) }
        members.append((precomposed, .string("pre")))
        members.append((decomposed, .string("de")))
        let object = ValueObject(members)
        XCTAssertEqual(object.count, 42)
        XCTAssertEqual(object[precomposed], .string("pre"))
        XCTAssertEqual(object[decomposed], .string("de"))
        var edited = object
        edited[decomposed] = nil
        XCTAssertEqual(edited.count, 41)
        XCTAssertEqual(edited[precomposed], .string("pre"))
        XCTAssertNil(edited[decomposed])
        XCTAssertEqual(edited["k39"], .integer(39))
    }

    func testADuplicateSpeltTheSameWayStillReplacesTheEarlierValue() throws {
        let value = try Value(json: Array("{\"\(decomposed)\": 1, \"a\": 0, \"\(decomposed)\": 2}".utf8))
        guard case .object(let object) = value else { return XCTFail("not an object: \(value)") }
        XCTAssertEqual(object.count, 2)
        XCTAssertEqual(object[decomposed], .integer(2))
    }

    func testHashingTellsTheSpellingsApartAndIgnoresOrder() {
        let spellings: Set<Value> = [
            .object(ValueObject([(precomposed, .integer(1))])), .object(ValueObject([(decomposed, .integer(1))])),
            .object(ValueObject([("x\u{316}\u{301}", .integer(1))])), .object(ValueObject([("x\u{301}\u{316}", .integer(1))])),
        ]
        XCTAssertEqual(spellings.count, 4)
        let forward = Value.object(ValueObject([(decomposed, .integer(1)), ("a", .null), ("b", .string("x"))]))
        let backward = Value.object(ValueObject([("b", .string("x")), ("a", .null), (decomposed, .integer(1))]))
        XCTAssertEqual(forward.hashValue, backward.hashValue)
        XCTAssertEqual(Set([forward, backward]).count, 1)
    }

    /// Two combining marks in either order: canonically equivalent, the same length in
    /// bytes, different bytes.
    func testSameLengthSpellingsAreTwoMembers() {
        let object = ValueObject([("x\u{316}\u{301}", .integer(1)), ("x\u{301}\u{316}", .integer(2))])
        XCTAssertEqual(object.count, 2)
        XCTAssertEqual(object["x\u{301}\u{316}"], .integer(2))
    }

    func testEqualityTellsTheSpellingsApart() {
        XCTAssertNotEqual(Value.object(ValueObject([(precomposed, .integer(1))])), .object(ValueObject([(decomposed, .integer(1))])))
        XCTAssertEqual(
            Value.object(ValueObject([(decomposed, .integer(1)), ("a", .null)])),
            .object(ValueObject([("a", .null), (decomposed, .integer(1))])))
    }

    /// Two members whose keys differ only in Unicode normalisation stay two members, so a
    /// record validates alike as JSON text and as a `Value`.
    func testARecordValidatesAlikeAsJSONTextAndAsAValue() throws {
        let rules = try CompiledRuleSet(source: "\"\(precomposed)\": required, minLength 3\n")
        let records = [
            "{\"\(precomposed)\": \"abcd\", \"\(decomposed)\": \"ab\"}",
            "{\"\(decomposed)\": \"ab\", \"\(precomposed)\": \"abcd\"}",
            "{\"\(precomposed)\": \"ab\", \"\(decomposed)\": \"abcd\"}",
            "{\"\(decomposed)\": \"abcd\"}",
            "{\"\(precomposed)\": \"abcd\"}",
        ]
        var outcomes: [Bool] = []
        for record in records {
            let bytes = Array(record.utf8)
            let asText = try rules.validate(json: bytes)
            let asValue = rules.validate(try Value(json: bytes))
            XCTAssertEqual(asText.violations.map(\.validator), asValue.violations.map(\.validator), record)
            XCTAssertEqual(asText.violations.map(\.field.description), asValue.violations.map(\.field.description), record)
            outcomes.append(asText.isValid)
        }
        XCTAssertEqual(outcomes, [true, true, false, false, true])
    }
}
