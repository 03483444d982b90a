import Foundation
import SeededRandom
import XCTest

@testable import Rulebook

final class JSONTapeTests: XCTestCase {
    let record = Array(
        #"{"firstName":"Ann","lastName":"Lee","email":"ann@example.com","age":34,"tags":["a","b\n"],"x":null,"ok":true}"#.utf8)

    func testNavigation() throws {
        var tape = JSONTape()
        try tape.parse(record)
        XCTAssertEqual(tape.entryCount, 19)  // {, 7 keys, 6 scalars, [ a b ], }
        tape.withView(over: record) { view in
            guard let root = view.root else { return XCTFail("no root") }
            XCTAssertEqual(view.kind(of: root), .object)
            XCTAssertEqual(view.count(of: root), 7)
            XCTAssertEqual(view.range(of: root), SourceRange(start: 0, end: record.count))
            guard let age = view.member(of: root, key: "age") else { return XCTFail("no age") }
            XCTAssertEqual(view.kind(of: age), .number)
            XCTAssertEqual(view.number(of: age)?.integerValue, 34)
            XCTAssertEqual(Array(view.numberText(of: age)), Array("34".utf8))
            XCTAssertEqual(view.string(of: view.member(of: root, key: "email")!), "ann@example.com")
            XCTAssertNil(view.member(of: root, key: "missing"))
            XCTAssertNil(view.member(of: age, key: "age"), "a number has no members")
            XCTAssertEqual(view.kind(of: view.member(of: root, key: "x")!), .null)
            XCTAssertEqual(view.bool(of: view.member(of: root, key: "ok")!), true)
            let tags = view.member(of: root, key: "tags")!
            XCTAssertEqual(view.count(of: tags), 2)
            XCTAssertEqual(view.elements(of: tags).map { view.string(of: $0) }, ["a", "b\n"])
            XCTAssertEqual(
                view.members(of: root).map { view.string(of: $0.key) },
                ["firstName", "lastName", "email", "age", "tags", "x", "ok"])
            // Skipping a subtree is O(1) and lands on the next key.
            XCTAssertEqual(view.string(of: view.next(after: tags)), "x")
            XCTAssertEqual(view.value(of: tags), ["a", "b\n"])
            let tagsStart = String(decoding: record, as: UTF8.self).utf8.firstRange(of: #"["a""#.utf8)!.lowerBound
            let start = String(decoding: record, as: UTF8.self).utf8.distance(
                from: String(decoding: record, as: UTF8.self).utf8.startIndex, to: tagsStart)
            XCTAssertEqual(view.range(of: tags), SourceRange(start: start, end: start + #"["a","b\n"]"#.utf8.count))
        }
    }

    func testStringsWithEscapesDecodeIntoScratch() throws {
        let bytes = Array(#"{"k\u0065y":"caf\u00e9 \"x\"","plain":"caf\u00e9"}"#.utf8)
        var tape = JSONTape()
        try tape.parse(bytes)
        tape.withView(over: bytes) { view in
            let root = view.root!
            let members = Array(view.members(of: root))
            XCTAssertTrue(view.hasEscapes(members[0].key))
            XCTAssertEqual(view.string(of: members[0].key), "key")
            XCTAssertNotNil(view.member(of: root, key: "key"), "lookup compares decoded keys")
            var scratch: [UInt8] = []
            let text = view.withUTF8(of: members[0].value, scratch: &scratch) { $0.map { String(decoding: $0, as: UTF8.self) } }
            XCTAssertEqual(text, "café \"x\"")
            XCTAssertEqual(Array(view.rawUTF8(of: members[0].value)), Array(#"caf\u00e9 \"x\""#.utf8))
            XCTAssertFalse(view.hasEscapes(members[1].key))
            var cafe = "café"
            XCTAssertTrue(cafe.withUTF8 { view.stringEquals(members[1].value, UnsafeRawBufferPointer($0)) })
            XCTAssertNil(view.withUTF8(of: root, scratch: &scratch) { $0 }, "not a string")
        }
    }

    func testDuplicateKeysLastWinsLikeTheReader() throws {
        let bytes = Array(#"{"a":1,"b":[1,{"a":5}],"a":3}"#.utf8)
        var tape = JSONTape()
        try tape.parse(bytes)
        tape.withView(over: bytes) { view in
            let a = view.member(of: view.root!, key: "a")!
            XCTAssertEqual(view.number(of: a)?.integerValue, 3)
            XCTAssertEqual(view.members(of: view.root!).map { $0.key }.count, 3, "iteration shows every member")
        }
    }

    func testReuseKeepsCapacityAndReplacesContents() throws {
        var tape = JSONTape()
        try tape.parse(record)
        let capacity = tape.storage.capacity
        let small = Array("[1]".utf8)
        try tape.parse(small)
        XCTAssertEqual(tape.entryCount, 3)
        XCTAssertGreaterThanOrEqual(tape.storage.capacity, capacity)
        tape.withView(over: small) { view in XCTAssertEqual(view.value(of: view.root!), [1]) }
        XCTAssertThrowsError(try tape.parse(Array("[1,".utf8)))
        XCTAssertEqual(tape.entryCount, 0, "a failed parse leaves an empty tape")
        tape.withView(over: small) { view in XCTAssertNil(view.root) }
        try tape.parse(small)
        tape.reset()
        XCTAssertEqual(tape.entryCount, 0)
    }

    func testCopiesKeepTheirOwnContents() throws {
        var first = JSONTape()
        let a = Array(#"{"a":1}"#.utf8), b = Array("[true,false]".utf8)
        try first.parse(a)
        var second = first  // shares storage until one of them parses
        try second.parse(b)
        first.withView(over: a) { view in XCTAssertEqual(view.value(of: view.root!), ["a": 1]) }
        second.withView(over: b) { view in XCTAssertEqual(view.value(of: view.root!), [true, false]) }
    }

    func testStorageGrowsForLargeDocumentsAndKeepsGrowing() throws {
        var tape = JSONTape()
        let large = Array(("[" + (0..<5_000).map { "{\"k\":\($0)}" }.joined(separator: ",") + "]").utf8)
        try tape.parse(large)
        XCTAssertEqual(tape.entryCount, 2 + 5_000 * 4)
        tape.withView(over: large) { view in
            XCTAssertEqual(view.count(of: view.root!), 5_000)
            let last = Array(view.elements(of: view.root!)).last!
            XCTAssertEqual(view.number(of: view.member(of: last, key: "k")!)?.integerValue, 4_999)
        }
        let grownCapacity = tape.storage.capacity
        XCTAssertThrowsError(try tape.parse(large.dropLast() + [0x2C]))
        try tape.parse(Array("1".utf8))
        XCTAssertEqual(tape.storage.capacity, grownCapacity, "capacity is kept for the next record")
    }

    func testMismatchedBytesGiveAnEmptyView() throws {
        var tape = JSONTape()
        try tape.parse(record)
        tape.withView(over: Array("[1]".utf8)) { view in XCTAssertNil(view.root) }
    }

    func testScalarDocumentsAndRanges() throws {
        for (text, range) in [("  true ", 2..<6), ("\"x\\n\"", 0..<5), ("-1.5e3", 0..<6), ("null", 0..<4), (" [ ] ", 1..<4)] {
            let bytes = Array(text.utf8)
            var tape = JSONTape()
            try tape.parse(bytes)
            tape.withView(over: bytes) { view in
                XCTAssertEqual(view.range(of: view.root!), SourceRange(start: range.lowerBound, end: range.upperBound), text)
            }
        }
    }

    func testSameErrorsAsTheReader() {
        for (input, kind, offset, message) in JSONReaderTests.malformed {
            guard case .failure(let error) = tapeValue(input) else {
                XCTFail("tape accepted \(String(decoding: input, as: UTF8.self))")
                continue
            }
            XCTAssertEqual(error.kind, kind)
            XCTAssertEqual(error.offset, offset)
            if let message { XCTAssertEqual(error.message, message) }
        }
        for (input, offset) in JSONReaderTests.invalidUTF8 {
            guard case .failure(let error) = tapeValue(input) else { XCTFail("\(input)"); continue }
            XCTAssertEqual(error, JSONError(.invalidUTF8, at: offset, "invalid UTF-8"))
        }
    }

    func testDepthLimitAndDeepDocumentsWithoutRecursion() throws {
        var tape = JSONTape()
        let deep = [UInt8](repeating: 0x5B, count: 100_000)
        XCTAssertThrowsError(try tape.parse(deep)) { error in
            XCTAssertEqual(error as? JSONError, JSONError(.depthLimitExceeded, at: 512, "nesting deeper than 512 levels"))
        }
        // With the limit raised, 100,000 levels parse: the tape keeps an explicit stack.
        let balanced = deep + [UInt8](repeating: 0x5D, count: 100_000)
        var permissive = JSONTape(limits: JSONLimits(maxDepth: 200_000))
        try permissive.parse(balanced)
        XCTAssertEqual(permissive.entryCount, 200_000)
        permissive.withView(over: balanced) { view in
            XCTAssertEqual(view.next(after: view.root!).index, 200_000)
            XCTAssertEqual(view.count(of: view.root!), 1)
        }
    }

    /// The tape and the `Value` reader agree on thousands of generated documents and on
    /// mutations of them: the same values, or the same error at the same offset.
    func testDifferentialAgainstTheReader() {
        var rng = SeededGenerator(seed: 0x5EED_0001)
        var accepted = 0, rejected = 0
        for round in 0..<4_000 {
            let value = RandomJSON.value(&rng)
            let text = Array(JSONWriter(pretty: round % 3 == 0).string(from: value).utf8)
            guard case .success(let fromTape) = tapeValue(text), case .success(let fromReader) = readerValue(text) else {
                XCTFail("generated JSON rejected: \(String(decoding: text, as: UTF8.self))")
                continue
            }
            XCTAssertEqual(fromTape, value)
            XCTAssertEqual(fromReader, value)
            XCTAssertEqual(fromTape.json, fromReader.json)
            for _ in 0..<3 {
                let mutated = RandomJSON.mutate(text, &rng)
                let (a, b) = (tapeValue(mutated), readerValue(mutated))
                switch (a, b) {
                case (.success(let x), .success(let y)):
                    accepted += 1
                    XCTAssertEqual(x.json, y.json, String(decoding: mutated, as: UTF8.self))
                case (.failure(let x), .failure(let y)):
                    rejected += 1
                    XCTAssertEqual(x, y, String(decoding: mutated, as: UTF8.self))
                default:
                    XCTFail("disagreement on \(String(decoding: mutated, as: UTF8.self)): \(a) vs \(b)")
                }
            }
        }
        XCTAssertGreaterThan(accepted, 100, "the mutations exercise acceptance too")
        XCTAssertGreaterThan(rejected, 1_000)
    }

    /// Member lookup agrees with `Value`'s subscript on objects with duplicate keys and
    /// nested containers as values (the backwards walk steps over them).
    func testMemberLookupAgreesWithValueIncludingDuplicates() throws {
        var rng = SeededGenerator(seed: 0x5EED_0006)
        for _ in 0..<1_500 {
            var members: [(key: String, value: Value)] = []
            for _ in 0..<Int(rng.next() % 8) {
                members.append((RandomJSON.keyPool[Int(rng.next() % 5)], RandomJSON.value(&rng, depth: 2)))
            }
            var text: [UInt8] = Array("{".utf8)
            for (position, member) in members.enumerated() {
                if position > 0 { text.append(UInt8(ascii: ",")) }
                JSONWriter.appendJSONString(member.key, into: &text)
                text.append(UInt8(ascii: ":"))
                JSONWriter().write(member.value, into: &text)
            }
            text.append(UInt8(ascii: "}"))
            let expected = ValueObject(members)
            var tape = JSONTape()
            try tape.parse(text)
            tape.withView(over: text) { view in
                for key in RandomJSON.keyPool {
                    let found = view.member(of: view.root!, key: key).map { view.value(of: $0) }
                    XCTAssertEqual(found, expected[key], "\(key) in \(String(decoding: text, as: UTF8.self))")
                }
            }
        }
    }

    /// Generated documents read the same through Foundation's `JSONSerialization`, an
    /// independent reader.
    func testDifferentialAgainstFoundation() throws {
        var rng = SeededGenerator(seed: 0x5EED_0002)
        for _ in 0..<1_500 {
            let value = RandomJSON.value(&rng)
            guard case .array = value else { continue }
            let text = JSONWriter().string(from: value)
            let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
            XCTAssertTrue(Self.closelyEqual(try Value(any: foundation), try JSONReader().parse(text)), text)
        }
    }

    /// Equality with numbers compared to 12 significant digits: Foundation's reader on
    /// Linux does not round decimals correctly and reads some large integers as doubles
    /// (our exact reading is checked by the round-trip tests).
    static func closelyEqual(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { closelyEqual($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.members.allSatisfy { member in y[member.key].map { closelyEqual(member.value, $0) } ?? false }
        default:
            if let x = a.doubleValue, let y = b.doubleValue {
                return x == y || abs(x - y) <= 1e-12 * max(abs(x), abs(y))
            }
            return a == b
        }
    }
}
