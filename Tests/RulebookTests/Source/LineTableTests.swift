import RulebookTooling
import SeededRandom
import XCTest

@testable import Rulebook

/// `LineTable.position` counts columns over raw bytes on contiguous text (the checker's
/// fast path); it must agree with counting through the string's own views.
final class LineTableTests: XCTestCase {
    /// The column of `offset` by the definition: whole scalars (or their UTF-16 lengths)
    /// between the line start and `offset`, a scalar cut by `offset` not counted.
    private func referencePosition(of offset: Int, in text: String, encoding: PositionEncoding) -> LinePosition {
        let bytes = Array(text.utf8)
        let offset = max(0, min(offset, bytes.count))
        var line = 0, lineStart = 0
        var index = 0
        while index < offset {
            if bytes[index] == UInt8(ascii: "\n")
                || (bytes[index] == UInt8(ascii: "\r") && (index + 1 >= bytes.count || bytes[index + 1] != UInt8(ascii: "\n")))
            {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        if encoding == .utf8 { return LinePosition(line: line, character: offset - lineStart) }
        var column = 0
        var position = 0
        for scalar in text.unicodeScalars {
            let width = String(scalar).utf8.count
            defer { position += width }
            guard position >= lineStart else { continue }
            guard position + width <= offset else { break }
            column += encoding == .utf16 ? scalar.utf16.count : 1
        }
        return LinePosition(line: line, character: column)
    }

    func testColumnsAgreeWithTheScalarViewsAtEveryOffset() {
        let text = "a: é, 日本\r\nx\u{1F512}y\rz\n\"naïve\": oneOf \"🇬🇧\"\n"
        let table = LineTable(text)
        for offset in 0...(text.utf8.count + 2) {
            for encoding in PositionEncoding.allCases {
                XCTAssertEqual(
                    table.position(of: offset, in: text, encoding: encoding),
                    referencePosition(of: offset, in: text, encoding: encoding), "offset \(offset) \(encoding)")
            }
        }
    }

    /// Line starts by the definition, one scalar at a time: `\n`, `\r\n` and a lone `\r` end a line.
    private func referenceLineStarts(_ text: String) -> [Int] {
        var starts = [0]
        var offset = 0
        var previousWasCR = false
        for byte in Array(text.utf8) {
            offset += 1
            if byte == UInt8(ascii: "\n") {
                if previousWasCR { starts[starts.count - 1] = offset } else { starts.append(offset) }
            } else if byte == UInt8(ascii: "\r") {
                starts.append(offset)
            }
            previousWasCR = byte == UInt8(ascii: "\r")
        }
        return starts
    }

    func testLineStartsOfMixedBreaksAgreeWithTheDefinition() {
        var random = SeededGenerator(seed: 5)
        let pieces = ["a", "é", "\n", "\r", "\r\n", "\t", "日"]
        for _ in 0..<500 {
            let text = (0..<Int(random.next() % 12)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            let table = LineTable(text)
            XCTAssertEqual(table.lineStarts, referenceLineStarts(text), text.debugDescription)
            XCTAssertEqual(table.byteCount, text.utf8.count)
        }
        XCTAssertEqual(LineTable("").lineStarts, [0])
        XCTAssertEqual(LineTable("x\r\r\ny\r").lineStarts, [0, 2, 4, 6])
    }

    /// Long texts, so that the eight-bytes-at-a-time scan meets breaks, bytes just above
    /// and below 14, and non-ASCII bytes at every position of a word.
    func testLineStartsOfLongTextsAgreeWithTheDefinition() {
        var random = SeededGenerator(seed: 6)
        let pieces = ["abcdefgh", "a", "\n", "\r", "\r\n", "\t", "\u{0E}", "\u{0C}", "\u{0D}x", "\u{7F}", "ÿ", "\u{8D}", "é", "日本", " "]
        for _ in 0..<2_000 {
            let text = (0..<Int(random.next() % 60)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            XCTAssertEqual(LineTable(text).lineStarts, referenceLineStarts(text), text.debugDescription)
        }
    }

    /// The lowest marked byte of a word is its first byte below 14, whatever the others.
    func testTheFirstByteBelow14IsFoundExactly() {
        for filler: UInt8 in [14, 15, 0x80, 0xFF, UInt8(ascii: "a")] {
            for position in 0..<8 {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[position] = UInt8(value)
                    if position < 7 { bytes[7] = 0 }  // a later byte below 14 must not hide this one
                    let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
                    let flags = LineTable.bytesBelow14(word)
                    let expected = value < 14 ? position : (position < 7 ? 7 : nil)
                    XCTAssertEqual(
                        flags == 0 ? nil : flags.trailingZeroBitCount >> 3, expected, "filler \(filler), byte \(value) at \(position)")
                }
            }
        }
    }

    func testSurrogatePairsCountTwiceInUTF16() {
        let text = "\u{1F512}x"
        let table = LineTable(text)
        XCTAssertEqual(table.position(of: 4, in: text, encoding: .utf16), LinePosition(line: 0, character: 2))
        XCTAssertEqual(table.position(of: 4, in: text, encoding: .unicodeScalars), LinePosition(line: 0, character: 1))
        XCTAssertEqual(
            table.position(of: 2, in: text, encoding: .unicodeScalars), LinePosition(line: 0, character: 0),
            "an offset inside a scalar has not reached it")
    }

    func testSourceLocationsAreOneBasedScalarColumns() {
        let source = SourceFile(path: "x.rules", text: "é: required\n日本: email")
        XCTAssertEqual(source.location(of: 4), SourceLocation(file: "x.rules", line: 1, column: 4))
        XCTAssertEqual(source.location(of: 20), SourceLocation(file: "x.rules", line: 2, column: 4))
    }
}
