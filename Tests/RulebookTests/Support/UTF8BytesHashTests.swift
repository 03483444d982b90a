import XCTest
@testable import Rulebook
import SeededRandom

/// The checker's tables (rule heads, first path segments) find text by a word-at-a-time
/// hash and comparison of its bytes (`UTF8Bytes`); equal bytes must hash equally wherever
/// they sit in the file (any alignment), and the comparison must be byte equality.
final class UTF8BytesHashTests: XCTestCase {
    func testEqualBytesHashEquallyAtAnyOffsetAndCompareAsBytes() {
        var random = SeededGenerator(seed: 0x10CA)
        var collisions = 0
        for _ in 0..<2_000 {
            let count = random.next(below: 41)
            let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.pick([0x61, 0x62, 0x20, 0x32, 0xC3, 0xA9])) }
            let offset = random.next(below: 9)
            let padded = [UInt8](repeating: 0x7A, count: offset) + bytes + [0x7A, 0x7A]
            var other = bytes
            if !other.isEmpty, random.next(below: 2) == 0 { other[random.next(below: other.count)] ^= 0x01 }
            let hash = bytes.withUnsafeBufferPointer(UTF8Bytes.hash)
            padded.withUnsafeBufferPointer { all in
                let inside = UnsafeBufferPointer(rebasing: all[offset..<(offset + count)])
                XCTAssertEqual(UTF8Bytes.hash(inside), hash, "\(bytes) at offset \(offset)")
                other.withUnsafeBufferPointer { other in
                    XCTAssertEqual(LoweringCache.equal(inside, other), bytes == Array(other), "\(bytes) \(Array(other))")
                    if bytes != Array(other), UTF8Bytes.hash(other) == hash { collisions += 1 }
                }
            }
        }
        XCTAssertLessThan(collisions, 5, "different heads should rarely collide")
        // Different lengths differ even when one is a prefix of the other padded with zeros.
        XCTAssertNotEqual([UInt8]([0x61]).withUnsafeBufferPointer(UTF8Bytes.hash),
                          [UInt8]([0x61, 0]).withUnsafeBufferPointer(UTF8Bytes.hash))
    }

    /// `hashIfASCII` answers `nil` exactly when some byte is not ASCII, wherever it sits
    /// (any length, any position: the words, the overlapping tail, the short tail), and
    /// the hash otherwise.
    func testHashIfASCIISeesEveryNonASCIIByte() {
        for count in 0...40 {
            let ascii = (0..<count).map { UInt8(0x61 + $0 % 26) }
            ascii.withUnsafeBufferPointer { bytes in
                XCTAssertEqual(UTF8Bytes.hashIfASCII(bytes), UTF8Bytes.hash(bytes), "length \(count)")
            }
            for position in 0..<count {
                var bytes = ascii
                bytes[position] = 0xC3
                XCTAssertNil(bytes.withUnsafeBufferPointer(UTF8Bytes.hashIfASCII), "length \(count), byte \(position)")
            }
        }
    }
}
