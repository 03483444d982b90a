import XCTest
@testable import Rulebook
import SeededRandom

/// The quick length test's second chance (`FlatField.passesQuickly(_:)`): a text of eight
/// bytes or more whose first bytes are not all printable ASCII passes when its *last*
/// `quickPrefix` bytes are (its first character, and one from each of those bytes after
/// the first). These tests hold that to the general evaluator on texts built to break it:
/// heads of characters that join what follows (a Prepend mark, a virama, a ZWJ, regional
/// indicators, combining marks), white space, CR LF and control characters, followed by
/// ASCII tails of every length around each field's minimum.
final class FlatQuickTailTests: XCTestCase {
    /// Pieces that make the first-bytes test fail, or join their neighbours.
    private static let heads: [String] = [
        "é", "\u{301}", " ", "\t", "\r", "\n", "\r\n", "\u{600}", "\u{600}\u{600}", "\u{915}\u{94D}", "\u{200D}", "👍",
        "👍🏽", "🇬🇧", "\u{1F1EC}", "\u{A0}", "\u{2003}", "\u{7F}", "\u{01}", "日", "e\u{301}", "\u{1100}", "\u{AC00}",
    ]

    private static let source = """
        a: required, minLength 2
        b: minLength 1
        c: required, maxLength 12
        d: required, length 3
        e: length 2 9
        f: required, minLength 8
        g: required, minLength 5, email
        h: required
        i: minLength 4, maxLength 14, minLength 6
        j: minLength 7
        """

    /// A head of 1–4 joining or blank pieces, then 0–10 printable ASCII bytes (sometimes
    /// with one more piece among them), sometimes an address.
    private func text(_ rng: inout SeededGenerator) -> String {
        var result = ""
        for _ in 0..<(1 + rng.next(below: 4)) { result += rng.pick(Self.heads) }
        let tail = rng.next(below: 11)
        let odd = rng.next(below: 4) == 0 ? rng.next(below: max(tail, 1)) : -1
        for position in 0..<tail {
            if position == odd { result += rng.pick(Self.heads) }
            result += String(UnicodeScalar(UInt8(0x21 + rng.next(below: 94))))
        }
        if rng.next(below: 5) == 0 { result += "@example.com" }
        return result
    }

    /// Whether the first `prefix` bytes are printable ASCII (the first test).
    private func firstBytesPrintable(_ text: String, _ prefix: Int) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count >= prefix && bytes.prefix(prefix).allSatisfy { (0x21...0x7E).contains($0) }
    }

    /// Every quick pass is a pass of every rule of the general evaluator; the tail is
    /// what passes texts whose first bytes are not ASCII, and it is taken exactly when
    /// the last bytes are printable.
    func testTailPassesOnlyWhatTheChecksPass() {
        let compiled = rules(Self.source)
        let program = compiled.program
        XCTAssertTrue(program.isFlat)
        var rng = SeededGenerator(seed: 0x7A11_0001)
        var tailPasses = 0, tailRefusals = 0
        for _ in 0..<8_000 {
            let candidate = text(&rng)
            for index in program.flatFields.indices {
                var copy = candidate
                let field = UnsafePointer(program.flatFieldTable.baseAddress! + index)
                let prefix = Int(field.pointee.quickPrefix)
                let passes = copy.withUTF8 { FlatEvaluator.passesQuickly(field, $0, program: program) }
                let bytes = Array(candidate.utf8)
                let tailOnly = field.pointee.quickMask != 0 && bytes.count >= 8 && !firstBytesPrintable(candidate, prefix)
                    && bytes.count <= field.pointee.quickMaximum && field.pointee.quickShape == FlatField.shapeNone
                if tailOnly {
                    // Exact: the tail test passes when the last `prefix` bytes are printable.
                    let expected = bytes.suffix(prefix).allSatisfy { (0x21...0x7E).contains($0) }
                    XCTAssertEqual(passes, expected, "field \(index): \(candidate.debugDescription)")
                    if passes { tailPasses += 1 } else { tailRefusals += 1 }
                }
                guard passes else { continue }
                let key = String(UnicodeScalar(UInt8(97 + index)))
                let value = Value.object(ValueObject([(key: key, value: .string(candidate))]))
                let report = referenceReport(compiled, value, all: true)
                XCTAssertEqual(report.fields[index].status, .valid, "\(key): \(candidate.debugDescription)")
            }
        }
        XCTAssertGreaterThan(tailPasses, 5_000)
        XCTAssertGreaterThan(tailRefusals, 5_000)
    }

    /// The texts no prefix of bytes can count: a Prepend mark joins the next character,
    /// so `؀؀؀؀a` is one character though its last byte is printable; with one more
    /// ASCII byte it is two.
    func testJoiningHeadsAreCountedByTheTail() {
        let compiled = rules(Self.source)
        let program = compiled.program
        let cases: [(text: String, field: Int, passes: Bool)] = [
            ("\u{600}\u{600}\u{600}\u{600}a", 0, false),
            ("\u{600}\u{600}\u{600}\u{600}ab", 0, true),
            ("\u{915}\u{94D}\u{915}\u{94D}a", 0, false),
            ("\u{1F1EC}\u{1F1E7}\u{1F1EC}a", 0, false),
            ("\u{1F1EC}\u{1F1E7}\u{1F1EC}ab", 0, true),
            ("josé.lee@example.com", 6, true),
            ("élan\u{301}\u{301}\u{301}\u{301}", 0, false),
            ("        ab", 0, true),
            ("\r\n\r\n\r\n\r\n!", 1, true),
            ("\r\n\r\n\r\n\r\n ", 7, false),
        ]
        for (text, index, passes) in cases {
            var copy = text
            let field = UnsafePointer(program.flatFieldTable.baseAddress! + index)
            XCTAssertEqual(copy.withUTF8 { FlatEvaluator.passesQuickly(field, $0, program: program) }, passes,
                           text.debugDescription)
            let key = String(UnicodeScalar(UInt8(97 + index)))
            let report = referenceReport(compiled, Value.object(ValueObject([(key: key, value: .string(text))])), all: true)
            if passes { XCTAssertEqual(report.fields[index].status, .valid, text.debugDescription) }
        }
    }

    /// Whole records of such texts through `validate` (both modes) and `isValid` match
    /// the reference.
    func testRecordsMatchTheReference() {
        let compiled = rules(Self.source)
        let keys = (0..<10).map { String(UnicodeScalar(UInt8(97 + $0))) }
        var rng = SeededGenerator(seed: 0x7A11_0002)
        var valid = 0, invalid = 0
        for index in 0..<3_000 {
            var members: [(key: String, value: Value)] = []
            for key in keys where rng.next(below: 8) != 0 { members.append((key, .string(text(&rng)))) }
            let value = Value.object(ValueObject(members))
            let counts = assertMatchesReference(compiled, value, "record \(index)")
            valid += counts.valid
            invalid += counts.invalid
        }
        XCTAssertGreaterThan(valid, 10_000)
        XCTAssertGreaterThan(invalid, 10_000)
    }
}
