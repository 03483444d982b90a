import SeededRandom
import XCTest

@testable import Rulebook

/// The byte-level fast paths against straightforward references on a deterministic
/// randomized corpus (word-at-a-time loops are where off-by-one bugs hide).
final class TextScanTests: XCTestCase {
    private let alphabet: [String] = [
        "a", "b", "Z", "0", "9", "@", ".", "-", " ", "\t", "\r", "\n", "\r\n", "é", "e\u{301}",
        "ż", "Ł", "ß", "ɐ", "\u{A0}", "\u{85}", "\u{3000}", "\u{2003}", "\u{202F}", "日", "👍🏽",
        "🇬🇧", "\u{7F}", "\u{1F}", "_", "!", "ー", "\u{200B}", "\u{2028}",
        "Ж", "Ω", "Ἀ", "ệ",
    ]

    private func corpus(_ count: Int, seed: UInt64, noise: UInt64 = 3) -> [String] {
        var rng = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            let length = Int(rng.next() % 40)
            // Mostly plain ASCII runs, so the word-at-a-time loops get exercised at every offset.
            return (0..<length).map { _ in rng.next() % noise == 0 ? alphabet[Int(rng.next() % UInt64(alphabet.count))] : "x" }.joined()
        }
    }

    private func bytes<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var copy = text
        return copy.withUTF8(body)
    }

    func testSimpleCharacterCountAgreesWithStringCount() {
        var counted = 0
        // The second corpus is mostly clean ASCII, so the whole-tail fast path decides most texts.
        for text in corpus(20_000, seed: 1) + corpus(5_000, seed: 7, noise: 25) {
            if let count = bytes(text, TextScan.simpleCharacterCount) {
                XCTAssertEqual(count, text.count, text.debugDescription)
                counted += 1
            } else {
                XCTAssertTrue(
                    text.unicodeScalars.contains { $0.value > 0x2FF && !(0x380...0x47F).contains($0.value) },
                    text.debugDescription)
            }
        }
        XCTAssertGreaterThan(counted, 1_000)
    }

    /// Every tier of `characterCount` (words, scalars, segmentation) against `String.count`,
    /// on the corpus and on Greek, Cyrillic and precomposed text beside combining marks.
    func testCharacterCountAgreesWithStringCount() {
        let scripts = [
            "Ἀλέξανδρος", "Юлия", "Ελλάδα", "Tiếng Việt", "Çelik", "e\u{301}", "Ἀ\u{301}", "\u{483}Ж", "Ж\u{483}",
            "Ω\u{342}", "\r\nЖ", "ѳ\r\n", "🇫🇷Ж", "Ἀ👍🏽", "ЖЖЖЖЖЖЖЖЖ\u{300}", "ΩΩΩΩΩΩΩΩ\r\n", "Ж\u{36F}x", "xxxxxxxЖ\u{36F}",
        ]
        for text in corpus(5_000, seed: 3) + scripts {
            XCTAssertEqual(bytes(text, TextScan.characterCount), text.count, text.debugDescription)
            if let count = bytes(text, TextScan.simpleScalarCount) { XCTAssertEqual(count, text.count, text.debugDescription) }
        }
    }

    func testCharacterCountWithinBoundsAgreesWithStringCount() {
        // Texts whose first bytes decide a lower bound, and texts where CR LF, a mark or
        // a joiner right after them must not be miscounted.
        let edges = [
            "ab", "a\r\n", "ab\u{301}", "abc\u{301}", "\r\nab", "a\u{200D}b", "12345678\u{301}", "a👍🏽", "\u{301}ab",
        ]
        let bounds: [CountBounds] = [
            .atLeast(0), .atLeast(1), .atLeast(2), .atLeast(3), .atLeast(5), .atLeast(8), .atLeast(9), .atMost(2),
            .atMost(8), .exactly(3), .between(2, 3), .between(3, 9),
        ]
        for text in corpus(5_000, seed: 11) + corpus(2_000, seed: 12, noise: 25) + edges {
            for bound in bounds {
                XCTAssertEqual(
                    bytes(text) { TextScan.characterCount($0, isWithin: bound) }, bound.contains(text.count),
                    "\(text.debugDescription) \(bound.low)...\(bound.high)")
            }
        }
    }

    func testBlankAndNonASCIIWhitespaceAgreeWithScalarProperties() {
        for text in corpus(20_000, seed: 2) + ["", " ", "\u{A0}\u{3000}", "\r\n\t"] {
            XCTAssertEqual(bytes(text, TextScan.isBlank), text.unicodeScalars.allSatisfy(\.properties.isWhitespace), text.debugDescription)
            XCTAssertEqual(
                bytes(text, TextScan.containsNonASCIIWhitespace),
                text.unicodeScalars.contains { !$0.isASCII && $0.properties.isWhitespace }, text.debugDescription)
        }
    }

    func testEmailAgreesWithAReferenceReading() {
        func reference(_ text: String) -> Bool {
            let parts = text.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty else { return false }
            guard !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F })
            else { return false }
            let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
            return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
        }
        var valid = 0
        let pieces = corpus(30_000, seed: 4, noise: 40)
        let shaped: [String] = (0..<10_000).map { (index: Int) -> String in
            let local: String = pieces[3 * index], domain: String = pieces[3 * index + 1], top: String = pieces[3 * index + 2]
            return local + "@" + domain + "." + top
        }
        for text in corpus(20_000, seed: 3) + shaped + ["a@b.c", "x@y", "xxxxxxxxxx@yyyyyyyy.zzzzzzzz", "xxxxxxxx@xxxxxxx@xx.xx"] {
            let expected = reference(text)
            XCTAssertEqual(bytes(text, TextFormats.isEmail), expected, text.debugDescription)
            if expected { valid += 1 }
        }
        XCTAssertGreaterThan(valid, 1_000)
    }

    func testEmailDotsAtEveryAlignment() {
        for local in 1..<18 {
            for domain in 1..<18 {
                let head = String(repeating: "x", count: local) + "@" + String(repeating: "y", count: domain)
                XCTAssertTrue(bytes(head + ".zz", TextFormats.isEmail), head)
                XCTAssertFalse(bytes(head + "..zz", TextFormats.isEmail), head)
                XCTAssertFalse(bytes(head + ".", TextFormats.isEmail), head)
                XCTAssertFalse(bytes(head, TextFormats.isEmail), head)
                XCTAssertTrue(
                    bytes(
                        String(repeating: "a.", count: local) + "@y.z" + String(repeating: ".w", count: domain),
                        TextFormats.isEmail), head)
                XCTAssertFalse(bytes(head + ".z@z", TextFormats.isEmail), head)
            }
        }
    }

    /// Every text of up to seven bytes over the bytes the scan reacts to (the shortest
    /// are gathered into one word), and texts sliced from a buffer whose neighbouring
    /// bytes would change the answer if read.
    func testEmailOnShortAndSlicedTexts() {
        let pieces: [[UInt8]] = [[0x61], [0x40], [0x2E], [0x20], [0x7F], [0xC3, 0xA9], [0xC2, 0xA0]]
        var texts: [[UInt8]] = [[]]
        var frontier: [[UInt8]] = [[]]
        for _ in 0..<7 {
            frontier = frontier.flatMap { text in pieces.map { text + $0 } }.filter { $0.count <= 7 }
            texts += frontier
        }
        var valid = 0
        for text in texts + [Array("ab@cd.e".utf8), Array("a@b.cd".utf8), Array("ab@c.de".utf8)] {
            let expected = plainEmailReading(text)
            if expected { valid += 1 }
            XCTAssertEqual(text.withUnsafeBufferPointer(TextFormats.isEmail), expected, "\(text)")
            // The same bytes inside a larger buffer: `@`, dots and spaces on both sides.
            let padded = Array("@. @.".utf8) + text + Array(".@ .@. @".utf8)
            XCTAssertEqual(
                padded.withUnsafeBufferPointer { TextFormats.isEmail(UnsafeBufferPointer(rebasing: $0[5..<5 + text.count])) },
                expected, "\(text)")
        }
        XCTAssertGreaterThan(valid, 50)
    }

    func testSpaceOrControlMaskAtEveryBytePosition() {
        for position in 0..<8 {
            for byte in 0...255 {
                var word = SWAR.ones &* 0x61  // "aaaaaaaa"
                word = word & ~(UInt64(0xFF) << (8 * position)) | UInt64(byte) << (8 * position)
                XCTAssertEqual(
                    TextFormats.spaceOrControlBits(word) & SWAR.high != 0, byte <= 0x20 || byte == 0x7F, "\(byte) at \(position)")
            }
        }
    }

    func testSWARPrimitivesAtEveryBytePosition() {
        for position in 0..<8 {
            for byte: UInt8 in [0x00, 0x0D, 0x20, 0x40, 0x7F] {
                var word = SWAR.ones &* 0x61  // "aaaaaaaa"
                word = word & ~(UInt64(0xFF) << (8 * position)) | UInt64(byte) << (8 * position)
                XCTAssertTrue(SWAR.contains(word, byte))
                XCTAssertFalse(SWAR.contains(SWAR.ones &* 0x61, byte))
                XCTAssertEqual(SWAR.equalMask(word, byte), 0x80 << UInt64(8 * position))
            }
        }
    }

    /// The counting primitives of `simpleCharacterCount`, and the white-space lead test
    /// of the email and blank scans, against byte-by-byte answers, on random words and on
    /// every byte value at every position.
    func testContinuationAndComplexLeadAgreeWithBytes() {
        func bytes(of word: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: word >> UInt64(8 * $0)) } }
        var rng = SeededGenerator(seed: 0xC0_47)
        var words: [UInt64] = (0..<20_000).map { _ in rng.next() }
        for position in 0..<8 {
            for byte in 0...255 { words.append(SWAR.ones &* 0x61 & ~(UInt64(0xFF) << (8 * position)) | UInt64(byte) << (8 * position)) }
        }
        for word in words {
            let values = bytes(of: word)
            XCTAssertEqual(SWAR.continuationCount(word), values.filter { $0 & 0xC0 == 0x80 }.count, String(word, radix: 16))
            XCTAssertEqual(
                SWAR.hasComplexLead(word), values.contains { $0 == 0xCC || $0 == 0xCD || $0 >= 0xD2 },
                String(word, radix: 16))
            XCTAssertEqual(
                SWAR.mayLeadNonASCIIWhitespace(word), values.contains { $0 == 0xC2 || (0xE1...0xE3).contains($0) },
                String(word, radix: 16))
        }
    }
}
