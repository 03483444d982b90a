import SeededRandom
import XCTest

@testable import Rulebook

/// `TextFormats.isEmail` (two passes: the whole text for white space and the `@`, then
/// the domain for its dots, eight bytes at a time) against the scan it
/// replaced (kept below as `LegacyEmailScan`, verbatim but for its helpers' names) and a
/// plain reading of the rule, on generated texts around everything the scan reacts to:
/// `@`s and dots at every byte of a word and across words, white space (ASCII, and
/// U+0085, U+00A0, U+1680, U+2003, U+3000, which lead with the bytes the scan singles
/// out), control characters, DEL, non-ASCII letters, at every length up to 40 bytes and
/// sliced from buffers whose neighbouring bytes would change the answer if read.
final class EmailScanEquivalenceTests: XCTestCase {
    private static let pieces: [String] = [
        "a", "b", "z", "0", "@", "@", ".", ".", ".", "-", "_", "+", " ", "\t", "\r", "\n", "\u{7F}", "\u{01}", "é", "ü",
        "\u{85}", "\u{A0}", "\u{1680}", "\u{2003}", "\u{3000}", "\u{2028}", "日", "👍", "\u{E000}", "ā",
    ]

    /// A text of 0–30 pieces, mostly letters, often built around one `@` and a domain.
    private func text(_ rng: inout SeededGenerator) -> String {
        func run(_ count: Int) -> String {
            var result = ""
            for _ in 0..<count {
                result += rng.next(below: 4) == 0 ? rng.pick(Self.pieces) : String(UnicodeScalar(UInt8(97 + rng.next(below: 26))))
            }
            return result
        }
        switch rng.next(below: 3) {
        case 0: return run(rng.next(below: 31))
        case 1:
            var domain = run(1 + rng.next(below: 6))
            for _ in 0..<(1 + rng.next(below: 3)) { domain += "." + run(rng.next(below: 8)) }
            return run(rng.next(below: 20)) + "@" + domain
        default:
            let letters = (0..<rng.next(below: 20)).map { _ in String(UnicodeScalar(UInt8(97 + rng.next(below: 26)))) }
            return letters.joined() + "@" + letters.shuffledPrefix(&rng).joined(separator: rng.next(below: 2) == 0 ? "." : "..")
        }
    }

    func testNewScanMatchesTheOldAndThePlainRule() {
        var rng = SeededGenerator(seed: 0xE3A1_0001)
        var valid = 0, checked = 0
        for _ in 0..<40_000 {
            let bytes = Array(text(&rng).utf8)
            let new = bytes.withUnsafeBufferPointer(TextFormats.isEmail)
            let old = bytes.withUnsafeBufferPointer(LegacyEmailScan.isEmail)
            XCTAssertEqual(new, old, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
            XCTAssertEqual(new, plainEmailReading(bytes), "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
            if new { valid += 1 }
            checked += 1
        }
        XCTAssertGreaterThan(valid, 5_000)
        XCTAssertGreaterThan(checked - valid, 8_000)
    }

    /// `@` and dots placed at every position of texts of 5–40 bytes (every alignment of
    /// the last partial word, an `@` as a word's last byte, dots across word boundaries).
    func testEveryPositionOfTheMarks() {
        var count = 0
        for length in 5...40 {
            for at in 0..<length {
                for dot in 0..<length where dot != at {
                    for second in [-1, dot + 1, dot - 1, length - 1] where second != at && second != dot && second < length {
                        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length)
                        bytes[at] = UInt8(ascii: "@")
                        bytes[dot] = UInt8(ascii: ".")
                        if second >= 0 { bytes[second] = UInt8(ascii: ".") }
                        let new = bytes.withUnsafeBufferPointer(TextFormats.isEmail)
                        XCTAssertEqual(new, bytes.withUnsafeBufferPointer(LegacyEmailScan.isEmail), "\(bytes)")
                        XCTAssertEqual(new, plainEmailReading(bytes), "\(String(decoding: bytes, as: UTF8.self))")
                        count += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(count, 50_000)
    }

    /// The same texts inside larger buffers: what lies around them is never read.
    func testSlicesReadOnlyTheirBytes() {
        var rng = SeededGenerator(seed: 0xE3A1_0002)
        for _ in 0..<10_000 {
            let bytes = Array(text(&rng).utf8)
            let padded = Array("@. @.\u{A0}".utf8) + bytes + Array(".@ .@. @\u{7F}".utf8)
            let start = padded.count - bytes.count - Array(".@ .@. @\u{7F}".utf8).count
            let new = padded.withUnsafeBufferPointer {
                TextFormats.isEmail(UnsafeBufferPointer(rebasing: $0[start..<start + bytes.count]))
            }
            XCTAssertEqual(
                new, bytes.withUnsafeBufferPointer(LegacyEmailScan.isEmail),
                "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
    }
}

extension Array {
    /// A random non-empty prefix of a shuffle (for domains made of the local part's letters).
    fileprivate func shuffledPrefix(_ rng: inout SeededGenerator) -> [Element] {
        guard !isEmpty else { return [] }
        var copy = self
        for index in copy.indices.reversed() where index > 0 { copy.swapAt(index, rng.next(below: index + 1)) }
        return Array(copy.prefix(1 + rng.next(below: count)))
    }
}

/// The scan `TextFormats.isEmail` used until the ninth session, kept as the reference
/// the new one must equal.
private enum LegacyEmailScan {
    private static let at = UInt8(ascii: "@")
    private static let dot = UInt8(ascii: ".")

    /// `local@domain.tld`: exactly one `@` with text before it; no white space or control
    /// characters anywhere; the domain has at least one dot and no empty label (so no
    /// leading, trailing or doubled dot). Non-ASCII letters are allowed (internationalised
    /// addresses).
    static func isEmail(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // The shortest address is `a@b.c`; below that nothing passes.
        guard let base = bytes.baseAddress, bytes.count >= 5 else { return false }
        let end = bytes.count
        var atIndex = -1
        var mayHaveSpace = false  // some byte could lead a non-ASCII white-space scalar
        var previousDot = false
        var sawDot = false
        var index = 0
        // Performance: one pass, eight bytes at a time, the last (partial) word loaded
        // from the text's last eight bytes (or gathered, for a text of fewer than eight)
        // and shifted down, its top filled with `a`s, which no test here reacts to (was
        // a byte loop for the last 0–7 bytes). Control characters and spaces rule the
        // text out; the `@` is located by its mask; dots after the `@` are checked for
        // doubles with an exact per-byte mask; and the exact non-ASCII white-space scan
        // runs only when some word holds a byte that could lead such a scalar
        // (`SWAR.mayLeadNonASCIIWhitespace`), not for every non-ASCII address.
        while index < end {
            let word = Self.word(base, at: index, end: end)
            if Self.hasSpaceOrControl(word) { return false }
            if SWAR.mayLeadNonASCIIWhitespace(word) { mayHaveSpace = true }
            let ats = SWAR.equalMask(word, at)
            if ats != 0 {
                // The `@`'s position from its exact mask; a second `@` rules the text out.
                guard atIndex < 0, ats & (ats &- 1) == 0 else { return false }
                atIndex = index &+ ats.trailingZeroBitCount &>> 3
            }
            if atIndex >= 0 {
                // Dots of this word, keeping only those after the `@`.
                var dots = SWAR.equalMask(word, dot)
                if atIndex >= index { dots &= ~0 << UInt64((atIndex - index + 1) * 8) }
                if dots != 0 {
                    if dots & (dots << 8) != 0 || (previousDot && dots & 0x80 != 0) { return false }
                    sawDot = true
                }
                previousDot = dots &>> 56 != 0
            }
            index &+= 8
        }
        guard atIndex > 0, atIndex + 1 < end, sawDot, base[atIndex + 1] != dot, base[end - 1] != dot else { return false }
        return !mayHaveSpace || !TextScan.containsNonASCIIWhitespace(bytes)
    }

    /// Whether some byte of `word` is an ASCII control character, a space or DEL: an
    /// ASCII byte whose low seven bits are below 0x21 (adding 0x5F leaves bit 7 clear) or
    /// 0x7F (adding 1 sets it); exact per byte (no carry: at most 0x7F + 0x5F). One test
    /// for both.
    @inline(__always)
    static func hasSpaceOrControl(_ word: UInt64) -> Bool {
        let seven = word & 0x7F7F_7F7F_7F7F_7F7F
        let printable = seven &+ 0x5F5F_5F5F_5F5F_5F5F
        let delete = seven &+ SWAR.ones
        return (~printable | delete) & ~word & SWAR.high != 0
    }

    private static func word(_ base: UnsafePointer<UInt8>, at index: Int, end: Int) -> UInt64 {
        let raw = UnsafeRawPointer(base)
        let remaining = end &- index
        if remaining >= 8 { return raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) }
        let filler: UInt64 = 0x6161_6161_6161_6161 &<< UInt64(truncatingIfNeeded: remaining &* 8)
        if end >= 8 {
            return raw.loadUnaligned(fromByteOffset: end &- 8, as: UInt64.self)
                &>> UInt64(truncatingIfNeeded: (8 &- remaining) &* 8) | filler
        }
        let low = UInt64(raw.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
        let high = UInt64(raw.loadUnaligned(fromByteOffset: end &- 4, as: UInt32.self))
        return low | high &<< UInt64(truncatingIfNeeded: (end &- 4) &* 8) | filler
    }
}
