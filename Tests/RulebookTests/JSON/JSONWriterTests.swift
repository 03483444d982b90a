import SeededRandom
import XCTest

@testable import Rulebook

final class JSONWriterTests: XCTestCase {
    func testCompactOutputKeepsMemberOrder() {
        let value: Value = ["z": 1, "a": [true, false, nil], "m": ["k": "v"], "e": [], "o": .object(ValueObject())]
        XCTAssertEqual(JSONWriter().string(from: value), #"{"z":1,"a":[true,false,null],"m":{"k":"v"},"e":[],"o":{}}"#)
        XCTAssertEqual(value.description, value.json)
    }

    func testPretty() {
        let value: Value = ["name": "Ann", "tags": ["a", 2], "empty": [], "none": .object(ValueObject())]
        XCTAssertEqual(
            JSONWriter(pretty: true).string(from: value),
            """
            {
              "name": "Ann",
              "tags": [
                "a",
                2
              ],
              "empty": [],
              "none": {}
            }
            """)
    }

    func testStringEscaping() {
        var all = ""
        for scalar in 0..<0x20 { all.unicodeScalars.append(UnicodeScalar(UInt8(scalar))) }
        let written = JSONWriter().string(from: .string("q\"b\\s/é😀\u{7F}" + all))
        XCTAssertEqual(
            written,
            #""q\"b\\s/é😀"# + "\u{7F}"
                + #"\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r\u000e\u000f\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f""#
        )
        var buffer: [UInt8] = Array("x".utf8)
        JSONWriter.appendJSONString("a\"b", into: &buffer)
        XCTAssertEqual(String(decoding: buffer, as: UTF8.self), #"x"a\"b""#)
        buffer = []
        JSONWriter.appendJSONString("", into: &buffer)
        XCTAssertEqual(buffer, Array(#""""#.utf8))
    }

    /// Escapes land right at every alignment of the eight-byte scan.
    func testEscapingAtEveryAlignment() throws {
        for length in 0..<20 {
            for special in ["\"", "\\", "\n", "\u{1}", "é", "😀"] {
                for position in 0...length {
                    var text = String(repeating: "a", count: length)
                    text.insert(contentsOf: special, at: text.index(text.startIndex, offsetBy: position))
                    let written = JSONWriter().string(from: .string(text))
                    XCTAssertEqual(try JSONReader().parse(written), .string(text), written)
                    XCTAssertEqual(
                        written.utf8.count,
                        text.utf8.count + 2 + (special.utf8.first! < 0x20 ? (special == "\n" ? 1 : 5) : special.utf8.count == 1 ? 1 : 0))
                }
            }
        }
    }

    func testNumbers() {
        func text(_ value: Value) -> String { JSONWriter().string(from: value) }
        XCTAssertEqual(text(.integer(Int.min)), "-9223372036854775808")
        XCTAssertEqual(text(.integer(Int.max)), "9223372036854775807")
        XCTAssertEqual(text(.integer(0)), "0")
        XCTAssertEqual(text(.integer(-7)), "-7")
        XCTAssertEqual(text(.decimal(0.1)), "0.1")
        XCTAssertEqual(text(.decimal(2)), "2.0")
        XCTAssertEqual(text(.decimal(1e-7)), "1e-07")
        XCTAssertEqual(text(.decimal(-0.0)), "-0.0")
        XCTAssertEqual(text(.decimal(.infinity)), "null")
        XCTAssertEqual(text(.decimal(-.infinity)), "null")
        XCTAssertEqual(text(.decimal(.nan)), "null")
        XCTAssertEqual(text([.decimal(.nan), 1]), "[null,1]")
    }

    func testStaticAppendersForTheNDJSONPath() {
        for integer in [0, 9, 10, -1, -10, 12_345, Int.min, Int.max] {
            var buffer: [UInt8] = Array("x".utf8)
            JSONWriter.appendInteger(integer, into: &buffer)
            XCTAssertEqual(String(decoding: buffer, as: UTF8.self), "x\(integer)")
        }
        var buffer: [UInt8] = []
        let long = String(repeating: "é\"", count: 1_000)  // forces the output off the stack
        JSONWriter.appendJSONString(long, into: &buffer)
        XCTAssertEqual(try Value(json: buffer), .string(long))
        XCTAssertEqual(
            JSONWriter().string(from: .array(Array(repeating: .string(long), count: 3))).utf8.count, 3 * (long.utf8.count + 1_000 + 2) + 4)
    }

    func testWriteAppendsIntoBuffers() {
        var buffer: [UInt8] = Array("{\"record\":0,\"value\":".utf8)
        JSONWriter().write(["a": 1], into: &buffer)
        buffer.append(UInt8(ascii: "}"))
        XCTAssertEqual(try Value(json: buffer), ["record": 0, "value": ["a": 1]])
    }

    /// Writing then reading gives back the same value, numbers bit for bit (decimals
    /// stay decimals, integers stay integers), compact and pretty.
    func testRoundTrips() throws {
        var rng = SeededGenerator(seed: 0x5EED_0003)
        for round in 0..<3_000 {
            let value = RandomJSON.value(&rng)
            let text = JSONWriter(pretty: round % 2 == 0).string(from: value)
            let back = try JSONReader().parse(text)
            assertIdentical(back, value)
            XCTAssertEqual(JSONWriter(pretty: round % 2 == 0).string(from: back), text)
        }
        for double in [
            Double.leastNonzeroMagnitude, 1.7976931348623157e308, 0.30000000000000004, 123456789012345680.0, 1e21, 1e22, 1e23, 4.35, 2.675,
        ] {
            guard case .decimal(let back) = try Value(json: JSONWriter().string(from: .decimal(double))) else {
                return XCTFail("\(double) did not read back as a decimal")
            }
            XCTAssertEqual(back.bitPattern, double.bitPattern)
        }
    }
}
