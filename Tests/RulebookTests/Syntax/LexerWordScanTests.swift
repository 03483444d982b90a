import SeededRandom
import XCTest

@testable import Rulebook

/// The lexer's eight-bytes-at-a-time identifier scan against the byte-by-byte definition
/// (`isASCIIIdentifierContinue`): every byte value at every position of a word, random
/// words weighted to the class boundaries, and whole buffers of every length.
final class LexerWordScanTests: XCTestCase {
    /// The definition: how many bytes from the first are ASCII identifier bytes.
    private func expectedPrefix(_ bytes: [UInt8]) -> Int {
        bytes.firstIndex { !isASCIIIdentifierContinue($0) } ?? bytes.count
    }

    private func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    func testEveryByteValueAtEveryPositionOfAWord() {
        // Fillers: all identifier bytes, so the tested byte decides the count.
        for filler in Array("a_Z9".utf8) {
            for position in 0..<8 {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[position] = UInt8(value)
                    XCTAssertEqual(
                        asciiIdentifierPrefixLength(word(bytes)), expectedPrefix(bytes),
                        "byte \(value) at \(position) among '\(UnicodeScalar(filler))'")
                }
            }
        }
    }

    func testRandomWordsAgreeWithTheDefinition() {
        var generator = SeededGenerator(seed: 66)
        // The bytes at and next to every class boundary, and non-ASCII bytes.
        let boundaries: [UInt8] = [
            0, 0x2F, 0x30, 0x39, 0x3A, 0x40, 0x41, 0x5A, 0x5B, 0x5E, 0x5F, 0x60, 0x61,
            0x7A, 0x7B, 0x7F, 0x80, 0x9F, 0xC3, 0xDF, 0xE0, 0xFF, 0x20, 0x2C, 0x2E, 0x10, 0x50, 0x70,
        ]
        for _ in 0..<200_000 {
            let bytes = (0..<8).map { _ in
                Bool.random(using: &generator)
                    ? (boundaries.randomElement(using: &generator) ?? 0) : UInt8.random(in: 0...255, using: &generator)
            }
            XCTAssertEqual(asciiIdentifierPrefixLength(word(bytes)), expectedPrefix(bytes), "\(bytes)")
        }
    }

    func testScanEndsWhereTheByteLoopEnds() {
        var generator = SeededGenerator(seed: 67)
        let alphabet: [UInt8] = Array("abcXYZ_0189 ,.:-\"/#\t\n".utf8) + [0xC3, 0xA9, 0xE6, 0x97, 0xA5, 0xFF, 0x7F, 0x40, 0x60, 0x5B, 0x7B]
        for length in 0..<40 {
            for _ in 0..<300 {
                // Mostly identifier bytes, so runs cross word boundaries.
                let bytes = (0..<length).map { _ in
                    Int.random(in: 0..<5, using: &generator) == 0
                        ? (alphabet.randomElement(using: &generator) ?? 0)
                        : (Array("abz_09QA".utf8).randomElement(using: &generator) ?? 0)
                }
                bytes.withUnsafeBufferPointer { buffer in
                    for start in 0...length {
                        let expected = start + expectedPrefix(Array(bytes[start...]))
                        XCTAssertEqual(LexerState.asciiIdentifierEnd(buffer, from: start), expected, "\(bytes) from \(start)")
                    }
                }
            }
        }
    }
}
