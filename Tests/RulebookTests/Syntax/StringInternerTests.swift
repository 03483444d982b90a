import XCTest
@testable import Rulebook
import SeededRandom

/// The interner's short keys (at most 16 bytes, held and compared as two words) against
/// `String(decoding:as:)` of the same bytes: at every distance from the buffer's end
/// (where the words are read byte by byte), with zero bytes inside a key (which the
/// words' zero padding must not confuse with a shorter key), and across the table's
/// growth, which re-hashes short and long keys differently.
final class StringInternerTests: XCTestCase {
    private func decoded(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
    }

    func testShortKeysAtEveryDistanceFromTheEndEqualDecodedBytes() {
        var generator = SeededGenerator(seed: 1607)
        let alphabet: [UInt8] = Array("ab_0".utf8) + [0x00, 0x80, 0xC3, 0xFF]
        for size in 1...40 {
            let bytes = (0..<size).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
            bytes.withUnsafeBufferPointer { buffer in
                let interner = StringInterner(bytes: buffer)
                // Every range of up to 18 bytes, twice: the second lookup finds the first's slot.
                for _ in 0..<2 {
                    for start in 0..<size {
                        for end in start...min(size, start + 18) {
                            XCTAssertEqual(interner.string(from: start, to: end), decoded(buffer, start, end),
                                           "bytes \(start)..<\(end) of \(bytes)")
                        }
                    }
                }
            }
        }
    }

    func testKeysThatDifferOnlyInTrailingZeroBytesOrInTheirLastByteStayApart() {
        // "a", "a\0", "a\0\0", … and keys of 8 and 16 bytes that differ in their last byte:
        // the words of "a" and "a\0" are equal, only the length tells them apart.
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for zeros in 0..<17 {
            let start = bytes.count
            bytes += [UInt8(ascii: "a")] + Array(repeating: 0, count: zeros)
            ranges.append(start..<bytes.count)
        }
        for length in [7, 8, 9, 15, 16] {
            for last: UInt8 in [0x00, 0x01, 0x80, 0xFF] {
                let start = bytes.count
                bytes += Array(repeating: UInt8(ascii: "k"), count: length - 1) + [last]
                ranges.append(start..<bytes.count)
            }
        }
        bytes += Array(repeating: UInt8(ascii: " "), count: 20)  // every key also read as whole words
        bytes.withUnsafeBufferPointer { buffer in
            let interner = StringInterner(bytes: buffer)
            for _ in 0..<2 {
                for range in ranges {
                    let string = interner.string(from: range.lowerBound, to: range.upperBound)
                    // Each key's own bytes (a key taken for another of the same words would
                    // give that key's string, of another length).
                    XCTAssertEqual(string, decoded(buffer, range.lowerBound, range.upperBound), "bytes \(range)")
                }
            }
        }
    }

    func testAKeyFollowedByDifferentBytesIsStoredOnce() {
        // Each key of 1–40 bytes written five times, followed by different bytes each time
        // (which the words of a short key read past its end and must mask off): one slot
        // per key, and a key of 16 bytes or more (a heap string) shares the first one's storage.
        let followers = ["x", "\u{0}", " ", "Z9", ".é"]
        for length in 1...40 {
            let key = String((0..<length).map { Character(UnicodeScalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
            let text = followers.map { key + $0 + String(repeating: "q", count: 20) }.joined()
            var starts: [Int] = []
            var offset = 0
            for follower in followers {
                starts.append(offset)
                offset += length + follower.utf8.count + 20
            }
            Array(text.utf8).withUnsafeBufferPointer { buffer in
                let interner = StringInterner(bytes: buffer)
                let strings = starts.map { interner.string(from: $0, to: $0 + length) }
                XCTAssertEqual(Set(strings), [key], "length \(length)")
                XCTAssertEqual(interner.count, 1, "length \(length)")
                if length >= 16 {
                    let storages = strings.map { string in string.utf8.withContiguousStorageIfAvailable { $0.baseAddress } ?? nil }
                    XCTAssertEqual(Set(storages).count, 1, "length \(length)")
                }
            }
        }
    }

    func testShortAndLongKeysSurviveGrowth() {
        // 3,000 distinct keys of 1–40 bytes (short and long) grow the table from 256
        // slots several times; each is looked up again after all were added.
        var generator = SeededGenerator(seed: 33)
        let words = (0..<3_000).map { index -> String in
            let length = Int.random(in: 1...40, using: &generator)
            let stem = "k\(index)_"
            return String((stem + String(repeating: "x", count: 40)).prefix(max(length, stem.count)))
        }
        let text = words.joined(separator: " ")
        var offsets: [Int] = []
        var offset = 0
        for word in words {
            offsets.append(offset)
            offset += word.utf8.count + 1
        }
        Array(text.utf8).withUnsafeBufferPointer { buffer in
            let interner = StringInterner(bytes: buffer)
            for round in 0..<2 {
                for (index, word) in words.enumerated() {
                    XCTAssertEqual(interner.string(from: offsets[index], to: offsets[index] + word.utf8.count), word,
                                   "word \(index), round \(round)")
                }
            }
        }
    }

    /// Names crowding one stretch of the table (their hashes' low 15 bits below 64, so in
    /// every table size the interner uses) stop being interned once a lookup walks
    /// `maxProbes` slots: every string is still right, and the table stops growing
    /// (without the bound all 600 would be stored, each lookup walking the whole run).
    func testCrowdingNamesAreMadeDirectlyPastTheProbeBound() {
        var crowd: [UInt8] = []
        var found = 0
        var candidate = 0
        while found < 600 {
            let name = Array(String(format: "n%07d", candidate).utf8)
            candidate += 1
            let hash = name.withUnsafeBytes { raw -> UInt64 in
                let (first, second) = StringInterner.words(raw.baseAddress!, 8, readable: 8)
                return StringInterner.shortHash(first, second, 8)
            }
            guard hash & 0x7FFF < 64 else { continue }
            crowd += name + [0x20]
            found += 1
        }
        crowd.withUnsafeBufferPointer { buffer in
            let interner = StringInterner(bytes: buffer)
            for _ in 0..<2 {
                for index in 0..<600 {
                    XCTAssertEqual(interner.string(from: index * 9, to: index * 9 + 8), decoded(buffer, index * 9, index * 9 + 8))
                }
            }
            // (Stored names sit within 256 slots of the 64 homes: at most 320 of the 600.)
            XCTAssertLessThanOrEqual(interner.count, 320, "crowding names are not all interned")
            XCTAssertGreaterThan(interner.count, 0)
        }
    }
}
