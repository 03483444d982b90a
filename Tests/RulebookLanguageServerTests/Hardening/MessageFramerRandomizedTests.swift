import Foundation
import SeededRandom
import XCTest

@testable import RulebookLanguageServer

/// Deterministic randomized framing (the in-`swift test` twin of the `jsonrpc` fuzz
/// target): streams of well-formed messages interleaved with corrupted ones — garbage,
/// understated and overstated lengths, unusable headers — fed whole and in random pieces.
final class MessageFramerRandomizedTests: XCTestCase {
    /// Every intact message is delivered, byte for byte and in order, whatever came
    /// before it; and how the stream is cut into reads changes nothing.
    func testIntactMessagesSurviveCorruptionAndAnyChunking() {
        var generator = SeededGenerator(seed: 0x5EED_F4A3)
        var corruptions = 0
        for round in 0..<1_500 {
            var stream: [UInt8] = []
            var intact: [[UInt8]] = []
            for index in 0..<Int.random(in: 1...6, using: &generator) {
                let body = Self.body(round: round, index: index, using: &generator)
                switch Int.random(in: 0..<8, using: &generator) {
                case 0:
                    stream += Self.garbage(using: &generator) + Self.frame(body)
                    intact.append(body)
                case 1:
                    // Understated: the body is cut short; its tail is garbage.
                    stream += Array("Content-Length: \(max(0, body.count - Int.random(in: 1...5, using: &generator)))\r\n\r\n".utf8) + body
                    corruptions += 1
                case 2:
                    // Overstated: cut at the next header, which must not be swallowed.
                    stream += Array("Content-Length: \(body.count + Int.random(in: 1...400, using: &generator))\r\n\r\n".utf8) + body
                    corruptions += 1
                case 3:
                    // A header block without a usable length: the body that follows is
                    // garbage, so it must not itself look like a header.
                    let body = Array(String(decoding: body, as: UTF8.self).replacingOccurrences(of: "Content-Length", with: "x").utf8)
                    stream +=
                        Array(
                            "Content-Length: \(["banana", "-3", "", "1e3", "99999999999999999999"].randomElement(using: &generator)!)\r\n\r\n"
                                .utf8) + body
                    corruptions += 1
                default:
                    stream += Self.frame(body)
                    intact.append(body)
                }
            }
            let whole = Self.messages(stream, pieces: [stream.count])
            let sizes = (0..<8).map { _ in Int.random(in: 1...64, using: &generator) }
            let chunked = Self.messages(stream, pieces: sizes)
            XCTAssertEqual(whole, chunked, "round \(round): chunking changed the messages")
            XCTAssertTrue(
                Self.isSubsequence(intact, of: whole),
                "round \(round): an intact message was lost\n\(String(decoding: stream, as: UTF8.self))")
        }
        XCTAssertGreaterThan(corruptions, 1_000)
    }

    /// Random bytes never trap the framer and are never buffered without bound.
    func testRandomBytesAreNeverBufferedWithoutBound() {
        var generator = SeededGenerator(seed: 7)
        let alphabet = Array("Content-Length: 12\r\n{}\"\\ab:".utf8) + [0, 0xFF, 0xC3]
        for _ in 0..<500 {
            var framer = MessageFramer(maximumBodySize: 1_024, maximumHeaderSize: 128)
            for _ in 0..<50 {
                let chunk = (0..<Int.random(in: 1...100, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
                framer.append(chunk)
                while framer.next() != nil {}
            }
            XCTAssertLessThanOrEqual(framer.pendingByteCount, 1_024 + 128 + 100)
        }
    }

    static func frame(_ body: [UInt8]) -> [UInt8] { Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body }

    static func body(round: Int, index: Int, using generator: inout SeededGenerator) -> [UInt8] {
        let texts = ["plain", "with \\\"quotes\\\"", "Content-Length: 3", "é😀名", "\\r\\n\\r\\n", "{[]}"]
        let text = texts.randomElement(using: &generator)!
        return Array(#"{"jsonrpc":"2.0","id":\#(round * 10 + index),"method":"m","params":{"text":"\#(text)"}}"#.utf8)
    }

    /// Bytes between messages: no quote (an overstated body before them would read a
    /// quote as the start of a string) and no header name.
    static func garbage(using generator: inout SeededGenerator) -> [UInt8] {
        let alphabet = Array("garbage \r\n\r\n:{}[]0123456789".utf8) + [0x00, 0xFF, 0xC3, 0x7F]
        return (0..<Int.random(in: 1...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
    }

    static func messages(_ stream: [UInt8], pieces: [Int]) -> [[UInt8]] {
        var framer = MessageFramer()
        var result: [[UInt8]] = []
        var offset = 0, piece = 0
        while offset < stream.count {
            let end = min(stream.count, offset + max(1, pieces[piece % pieces.count]))
            framer.append(stream[offset..<end])
            offset = end
            piece += 1
            while let event = framer.next() {
                if case .message(let body) = event { result.append(body) }
            }
        }
        return result
    }

    static func isSubsequence(_ needles: [[UInt8]], of haystack: [[UInt8]]) -> Bool {
        var index = haystack.startIndex
        for needle in needles {
            guard let found = haystack[index...].firstIndex(of: needle) else { return false }
            index = found + 1
        }
        return true
    }
}
