import XCTest
@testable import Rulebook
import SeededRandom

/// The flat field loop's member search over built records: an empty object is decided
/// apart (before the loop), a field's first key is compared by its words and only when
/// they do not decide by the key itself (out of line), and `FlatField.isRootKey` tells a
/// root member from a nested path. Records of every such shape against the general
/// evaluator.
final class FlatLoopShapeTests: XCTestCase {
    private static let source = """
        name: required, minLength 2
        address.city: required, minLength 2
        address.postcode: digits 5
        a_rather_long_field_name_indeed: required, integer
        "é": minLength 1
        age: integer, between 13 124
        """

    /// `FlatField` is read through a pointer per field of every record; its flag sits in
    /// padding, so that it stays 112 bytes on 64-bit platforms (the size its comments and
    /// docs/performance.md measure against).
    func testFlatFieldLayout() {
        #if _pointerBitWidth(_64)
        XCTAssertEqual(MemoryLayout<FlatField>.size, 112)
        XCTAssertEqual(MemoryLayout<FlatField>.stride, 112)
        #endif
    }

    func testRootKeysAreMarked() {
        let compiled = rules(Self.source)
        XCTAssertTrue(compiled.program.isFlat)
        XCTAssertEqual(compiled.program.flatFields.map(\.isRootKey), [true, false, false, true, true, true])
    }

    func testRecordsOfEveryShapeMatchTheReference() {
        let compiled = rules(Self.source)
        let keys = ["name", "address", "a_rather_long_field_name_indeed", "é", "e\u{301}", "age", "other", "nam", "names"]
        var rng = SeededGenerator(seed: 0x100B_0001)
        var records: [Value] = [.object(ValueObject()), .object(ValueObject([(key: "other", value: .integer(1))])),
                                .array([]), .null, .string("x")]
        for _ in 0..<3_000 {
            var members: [(key: String, value: Value)] = []
            for key in keys where rng.next(below: 3) != 0 {
                let value: Value
                switch key {
                case "address":
                    value = rng.next(below: 4) == 0 ? .object(ValueObject())
                        : .object(ValueObject([(key: "city", value: .string(rng.pick(["", "A", "Kraków", "Lyon"]))),
                                               (key: "postcode", value: .string(rng.pick(["12345", "1234", "x"])))]))
                case "age", "a_rather_long_field_name_indeed":
                    value = rng.pick([.integer(12), .integer(27), .string("27"), .null, .decimal(30.5)])
                default:
                    value = .string(rng.pick(["", "A", "Ann", "  ", "José"]))
                }
                members.append((key, value))
            }
            if rng.next(below: 2) == 0 { members.reverse() }
            records.append(.object(ValueObject(members)))
        }
        var valid = 0, invalid = 0
        for (index, value) in records.enumerated() {
            let counts = assertMatchesReference(compiled, value, "record \(index)")
            valid += counts.valid
            invalid += counts.invalid
        }
        XCTAssertGreaterThan(valid, 5_000)
        XCTAssertGreaterThan(invalid, 5_000)
    }
}
