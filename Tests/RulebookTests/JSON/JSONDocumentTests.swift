import RulebookTooling
import SeededRandom
import XCTest

@testable import Rulebook

final class JSONDocumentTests: XCTestCase {
    /// The byte range of the `occurrence`-th `needle` in `text`, for marking positions
    /// instead of counting them by hand.
    func range(of needle: String, in text: String, occurrence: Int = 0) -> SourceRange {
        let bytes = Array(text.utf8), pattern = Array(needle.utf8)
        var found = 0
        for start in 0...(bytes.count - pattern.count) where Array(bytes[start..<start + pattern.count]) == pattern {
            if found == occurrence { return SourceRange(start: start, end: start + pattern.count) }
            found += 1
        }
        XCTFail("\(needle) not found")
        return .empty(at: 0)
    }

    let catalogue = """
        {
          "profile.nameTooShort": "Name must be at least {min} characters.",
          "nested": {"a\\u00e9": [1, 2.5, true, null]},
          "profile.nameTooShort": "Duplicate"
        }
        """

    func testRangesOfKeysAndValues() throws {
        let document = try JSONDocument(parsing: catalogue)
        XCTAssertEqual(document.root.range, SourceRange(start: 0, end: catalogue.utf8.count))
        let members = document.root.members
        XCTAssertEqual(members.map(\.key), ["profile.nameTooShort", "nested", "profile.nameTooShort"], "duplicates kept")
        XCTAssertEqual(members[0].keyRange, range(of: "\"profile.nameTooShort\"", in: catalogue))
        XCTAssertEqual(members[0].value.range, range(of: "\"Name must be at least {min} characters.\"", in: catalogue))
        XCTAssertEqual(members[0].value.string, "Name must be at least {min} characters.")
        XCTAssertEqual(members[2].keyRange, range(of: "\"profile.nameTooShort\"", in: catalogue, occurrence: 1))
        let nested = members[1].value
        XCTAssertEqual(nested.range, range(of: #"{"a\u00e9": [1, 2.5, true, null]}"#, in: catalogue))
        XCTAssertEqual(nested.members[0].key, "aé")
        XCTAssertEqual(nested.members[0].keyRange, range(of: #""a\u00e9""#, in: catalogue))
        let array = nested.members[0].value
        XCTAssertEqual(array.range, range(of: "[1, 2.5, true, null]", in: catalogue))
        XCTAssertEqual(
            array.elements.map(\.range),
            [
                range(of: "1,", in: catalogue), range(of: "2.5", in: catalogue),
                range(of: "true", in: catalogue), range(of: "null", in: catalogue),
            ]
            .enumerated().map { $0.offset == 0 ? SourceRange(start: $0.element.start, end: $0.element.start + 1) : $0.element })
        XCTAssertEqual(array.value, [1, 2.5, true, nil])
        // Last wins in `value` and in the subscript, as in `Value`.
        XCTAssertEqual(document.root.value["profile.nameTooShort"], "Duplicate")
        XCTAssertEqual(document.root["profile.nameTooShort"]?.keyRange, members[2].keyRange)
    }

    func testErrorsMatchTheReader() {
        for (input, kind, offset, _) in JSONReaderTests.malformed {
            XCTAssertThrowsError(try JSONDocument(parsing: input)) { error in
                XCTAssertEqual((error as? JSONError)?.kind, kind)
                XCTAssertEqual((error as? JSONError)?.offset, offset)
            }
        }
    }

    func testDecodedOffsetsMapBackThroughEscapes() throws {
        // Decoded: a \n b é c 😀 d " e → UTF-8 offsets 0 1 2 3(2 bytes) 5 6(4 bytes) 10 11 12, length 13.
        let text = #"{"m": "a\nb\u00e9c\ud83d\ude00d\"e"}"#
        let document = try JSONDocument(parsing: text)
        let string = document.root.members[0].value
        XCTAssertEqual(string.string, "a\nbéc😀d\"e")
        let open = range(of: #""a\n"#, in: text).start
        let expected: [(decoded: Int, source: String)] = [
            (0, "a\\n"), (1, "\\nb"), (2, "b\\u00e9"), (3, "\\u00e9"), (4, "\\u00e9"), (5, "c\\ud83d"),
            (6, "\\ud83d"), (8, "\\ud83d"), (9, "\\ud83d"), (10, "d\\\""), (11, "\\\"e"), (12, "e\"}"), (13, "\"}"),
        ]
        for (decoded, marker) in expected {
            XCTAssertEqual(
                document.sourceOffset(forDecodedOffset: decoded, inStringAt: string.range),
                range(of: marker, in: text).start, "decoded \(decoded)")
        }
        XCTAssertEqual(document.sourceOffset(forDecodedOffset: 99, inStringAt: string.range), range(of: "\"}", in: text).start)
        XCTAssertEqual(document.sourceOffset(forDecodedOffset: 0, inStringAt: string.range), open + 1)
        // Ranges round their end up to cover a partly covered escape.
        XCTAssertEqual(document.sourceRange(forDecoded: 3..<5, inStringAt: string.range), range(of: "\\u00e9", in: text))
        XCTAssertEqual(document.sourceRange(forDecoded: 4..<5, inStringAt: string.range), range(of: "\\u00e9", in: text))
        XCTAssertEqual(document.sourceRange(forDecoded: 6..<8, inStringAt: string.range), range(of: "\\ud83d\\ude00", in: text))
        XCTAssertEqual(document.sourceRange(forDecoded: 0..<1, inStringAt: string.range), SourceRange(start: open + 1, end: open + 2))
        // Keys map too.
        let keyed = try JSONDocument(parsing: #"{"x\ty{": 1}"#)
        XCTAssertEqual(keyed.sourceOffset(forDecodedOffset: 3, inStringAt: keyed.root.members[0].keyRange), 6)  // the {
    }

    func testUnescapedTextMapsOneToOneIncludingMultibyte() throws {
        let text = #"["héllo {name"]"#
        let document = try JSONDocument(parsing: text)
        let node = document.root.elements[0]
        let decodedBrace = Array("héllo ".utf8).count
        XCTAssertEqual(document.sourceOffset(forDecodedOffset: decodedBrace, inStringAt: node.range), range(of: "{name", in: text).start)
    }

    /// On generated documents, every node's range re-reads as that node's value, every
    /// key range as its key, and the whole tree agrees with the `Value` reader.
    func testEveryRangeReparsesToItsValue() throws {
        var rng = SeededGenerator(seed: 0x5EED_0005)
        var checked = 0
        for round in 0..<800 {
            let text = JSONWriter(pretty: round % 2 == 0).string(from: RandomJSON.value(&rng))
            let document = try JSONDocument(parsing: text)
            XCTAssertEqual(document.root.value, try JSONReader().parse(text))
            var pending = [document.root]
            while let node = pending.popLast() {
                checked += 1
                let slice = Array(document.source[node.range.start..<node.range.end])
                XCTAssertEqual(try JSONReader().parse(slice), node.value, text)
                for member in node.members {
                    let key = Array(document.source[member.keyRange.start..<member.keyRange.end])
                    XCTAssertEqual(try JSONReader().parse(key), .string(member.key))
                    pending.append(member.value)
                }
                pending.append(contentsOf: node.elements)
            }
        }
        XCTAssertGreaterThan(checked, 1_000)
    }

    func testMappingNeverLeavesTheSource() throws {
        let document = try JSONDocument(parsing: #"["a\u00e9"]"#)
        for range in [SourceRange(start: -5, end: -1), SourceRange(start: 0, end: 99), SourceRange(start: 50, end: 60)] {
            for decoded in [-1, 0, 3, 100] {
                let offset = document.sourceOffset(forDecodedOffset: decoded, inStringAt: range)
                XCTAssertTrue((0...document.source.count).contains(offset))
            }
        }
    }
}
