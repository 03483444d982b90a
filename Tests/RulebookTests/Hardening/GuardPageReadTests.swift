import RulebookRegex
import SeededRandom
import XCTest

@testable import Rulebook
@testable import RulebookTooling

/// Every reader that loads several bytes at a time, run over inputs that end (or start) at
/// an unreadable page (``GuardedBytes``): a read one byte outside its buffer stops the test
/// process with a memory fault. Each result is also compared with the same reader's on an
/// ordinary array, or with the byte-by-byte definition, so a reader that avoided the fault
/// by giving up early would fail too.
///
/// Checked to catch an over-read: with `TextScan.isASCII`'s tail made to load one whole
/// word past the last full one, `testTextScansStayInsideTheirBytes` died with SIGSEGV.
final class GuardPageReadTests: XCTestCase {
    /// Lengths around every word and double-word boundary, and a few long ones.
    private static let lengths = Array(0...40) + [47, 48, 49, 63, 64, 65, 127, 128, 129, 300]

    /// Seeded inputs of every length in ``lengths``: ASCII letters and digits, the bytes
    /// the scanners stop at, and UTF-8 sequences (whole and cut).
    private func inputs(seed: UInt64, perLength: Int = 6) -> [[UInt8]] {
        var generator = SeededGenerator(seed: seed)
        let common = Array("abcxyzABCXYZ019_".utf8)
        let rare = Array(" \t\r\n@.:/-\"\\#,{}[]".utf8) + [0x00, 0x7F, 0x80, 0xC3, 0xA9, 0xE2, 0x80, 0xA8, 0xE3, 0x80, 0x80, 0xFF]
        var result: [[UInt8]] = []
        for length in Self.lengths {
            for sample in 0..<perLength {
                // The first sample of each length is all ASCII letters: the long-run paths.
                result.append(
                    (0..<length).map { _ in
                        sample == 0 || Int.random(in: 0..<4, using: &generator) != 0
                            ? (common.randomElement(using: &generator) ?? 0x61)
                            : (rare.randomElement(using: &generator) ?? 0x20)
                    })
            }
        }
        return result
    }

    /// Calls `body` with `bytes` guarded on each side and with the same bytes in an array.
    private func compare(_ bytes: [UInt8], _ body: (_ guarded: UnsafeBufferPointer<UInt8>, _ plain: UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer { plain in
            let mapped = GuardedBytes.withEachSide(bytes) { guarded in body(guarded, plain) }
            XCTAssertTrue(mapped, "could not map a guarded page")
        }
    }

    func testTextScansStayInsideTheirBytes() {
        for bytes in inputs(seed: 81) {
            compare(bytes) { guarded, plain in
                let isASCII = bytes.allSatisfy { $0 < 0x80 }
                XCTAssertEqual(TextScan.isASCII(guarded), isASCII, "\(bytes)")
                XCTAssertEqual(TextScan.isBlank(guarded), TextScan.isBlank(plain))
                XCTAssertEqual(TextScan.containsNonASCIIWhitespace(guarded), TextScan.containsNonASCIIWhitespace(plain))
                XCTAssertEqual(TextScan.simpleCharacterCount(guarded), TextScan.simpleCharacterCount(plain))
                if isASCII {
                    XCTAssertEqual(TextScan.asciiCharacterCount(guarded), String(decoding: bytes, as: UTF8.self).count)
                    for traits in [TextTraits.letter, .digit, [.letter, .digit], .whitespace, .uppercase] {
                        XCTAssertEqual(TextScan.all(traits, ascii: guarded), TextScan.all(traits, ascii: plain))
                        XCTAssertEqual(TextScan.any(traits, ascii: guarded), TextScan.any(traits, ascii: plain))
                    }
                }
                XCTAssertEqual(TextFormats.isEmail(guarded), TextFormats.isEmail(plain), "\(bytes)")
                XCTAssertEqual(TextFormats.isURL(guarded), TextFormats.isURL(plain))
                XCTAssertEqual(TextFormats.isUUID(guarded), TextFormats.isUUID(plain))
                XCTAssertEqual(TextFormats.isDigits(guarded, count: nil), TextFormats.isDigits(plain, count: nil))
                XCTAssertEqual(TextFormats.isDigits(guarded, count: bytes.count), TextFormats.isDigits(plain, count: bytes.count))
            }
        }
    }

    func testFormatsOnNearlyValidTextsStayInside() {
        // The email, URL and UUID scans read furthest on texts that almost pass.
        let texts = [
            "a@b.c", "ada@example.org", "ada.lovelace+tag@mail.example.co.uk", "a@b", "@b.cd", "ab@c.d ",
            "https://example.org", "http://a.b:8080/path?q=1#f", "ftp://x", "https:/x",
            "123e4567-e89b-12d3-a456-426614174000", "123e4567-e89b-12d3-a456-42661417400", "00000000000000000000000000000000",
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            for cut in 0...bytes.count {
                compare(Array(bytes[..<cut])) { guarded, plain in
                    XCTAssertEqual(TextFormats.isEmail(guarded), TextFormats.isEmail(plain), text)
                    XCTAssertEqual(TextFormats.isURL(guarded), TextFormats.isURL(plain), text)
                    XCTAssertEqual(TextFormats.isUUID(guarded), TextFormats.isUUID(plain), text)
                }
            }
        }
    }

    func testByteComparisonsAndHashesStayInside() {
        for bytes in inputs(seed: 82) {
            compare(bytes) { guarded, plain in
                XCTAssertTrue(UTF8Bytes.equal(guarded, UnsafeRawBufferPointer(plain)))
                if let base = guarded.baseAddress, let plainBase = plain.baseAddress {
                    XCTAssertTrue(UTF8Bytes.equal(UnsafeRawPointer(base), UnsafeRawPointer(plainBase), count: bytes.count))
                    XCTAssertTrue(JSONTape.View.bytesEqual(base, UnsafeRawBufferPointer(plain)))
                }
                XCTAssertEqual(LineTable.lineStarts(in: guarded), LineTable.lineStarts(in: plain))
                XCTAssertEqual(
                    JSONOutput.firstByteToEscape(UnsafeRawBufferPointer(guarded)),
                    JSONOutput.firstByteToEscape(UnsafeRawBufferPointer(plain)))
                var fromGuarded: [UInt8] = [], fromPlain: [UInt8] = []
                JSONWriter.appendJSONString(utf8: UnsafeRawBufferPointer(guarded), into: &fromGuarded)
                JSONWriter.appendJSONString(utf8: UnsafeRawBufferPointer(plain), into: &fromPlain)
                XCTAssertEqual(fromGuarded, fromPlain)
            }
        }
    }

    func testIncrementalComparisonsStayInsideBothTexts() {
        var generator = SeededGenerator(seed: 83)
        for old in inputs(seed: 84, perLength: 2) {
            // The new text: the old one with one byte changed, inserted or removed.
            var new = old
            let position = Int.random(in: 0...old.count, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0 where position < old.count: new[position] ^= 0x01
            case 1: new.insert(0x2E, at: position)
            default: if position < old.count { new.remove(at: position) }
            }
            for oldSide in GuardedBytes.Side.allCases {
                for newSide in GuardedBytes.Side.allCases {
                    guard let guardedOld = GuardedBytes(old, guardedOn: oldSide),
                        let guardedNew = GuardedBytes(new, guardedOn: newSide)
                    else { return XCTFail("could not map a guarded page") }
                    let first = IncrementalParse.firstDifference(guardedOld.buffer, guardedNew.buffer)
                    let expectedFirst = zip(old, new).prefix { $0 == $1 }.count
                    XCTAssertEqual(first, expectedFirst, "\(old) → \(new)")
                    let limit = min(old.count, new.count) - first
                    let suffix = IncrementalParse.commonSuffixLength(guardedOld.buffer, guardedNew.buffer, atMost: limit)
                    let expectedSuffix = min(limit, zip(old.reversed(), new.reversed()).prefix { $0 == $1 }.count)
                    XCTAssertEqual(suffix, expectedSuffix, "\(old) → \(new)")
                }
            }
        }
    }

    func testLexerWordReadsStayInside() {
        for bytes in inputs(seed: 85) {
            compare(bytes) { guarded, plain in
                for start in 0...bytes.count {
                    let expected = start + (bytes[start...].firstIndex { !isASCIIIdentifierContinue($0) } ?? bytes.count) - start
                    XCTAssertEqual(LexerState.asciiIdentifierEnd(guarded, from: start), expected)
                }
            }
        }
    }

    func testWholeLexerStaysInsideEveryPrefixOfAFile() {
        let source = """
            import "common.rules"
            rule name = required, minLength 2, maxLength 80 # comment
            "quoted key".ключ[*].b: oneOf "GB" "日本" "a\\"b\\u{1F512}", between -5 1.5e3
            when country == "GB" and not (flag or x.y != "n/a") {
              postcode: pattern /^[A-Z]{3}-[0-9]{4}$/i message address.postcodeFormat
              date: after today, before 2030-12-31,
                    after 1999-02-30
            }
            identifierRunningPastEightBytes_0123456789
            """
        let bytes = Array(source.utf8)
        for cut in 0...bytes.count {
            let prefix = Array(bytes[..<cut])
            compare(prefix) { guarded, plain in
                let lexed = Lexer.lex(bytes: guarded, file: "t.rules", limits: .default)
                let expected = Lexer.lex(bytes: plain, file: "t.rules", limits: .default)
                XCTAssertEqual(lexed.tokens, expected.tokens, "cut at \(cut)")
                XCTAssertEqual(lexed.diagnostics, expected.diagnostics, "cut at \(cut)")
            }
        }
    }

    func testJSONReadersStayInsideEveryPrefixOfADocument() throws {
        let document =
            #"{"name":"Ada Lovelace","age":36,"tags":["a","b\u00e9\n"],"n":null,"t":true,"f":false,"x":-1.5e3,"esc":"\"\\\/\b\f\n\r\t","ключ":"日本"}"#
        let bytes = Array(document.utf8)
        for cut in 0...bytes.count {
            compare(Array(bytes[..<cut])) { guarded, plain in
                var tape = JSONTape()
                let tapeResult = Result { () throws(JSONError) in try tape.parse(UnsafeRawBufferPointer(guarded)) }
                var plainTape = JSONTape()
                let plainResult = Result { () throws(JSONError) in try plainTape.parse(UnsafeRawBufferPointer(plain)) }
                XCTAssertEqual(tapeResult.isSuccess, plainResult.isSuccess, "cut at \(cut)")
                let value = Result { () throws(JSONError) in try JSONReader().parse(UnsafeRawBufferPointer(guarded)) }
                let plainValue = Result { () throws(JSONError) in try JSONReader().parse(UnsafeRawBufferPointer(plain)) }
                XCTAssertEqual(try? value.get(), try? plainValue.get(), "cut at \(cut)")
                XCTAssertEqual(cut == bytes.count, value.isSuccess, "cut at \(cut)")
            }
        }
    }

    func testRecordValidationStaysInsideTheRecord() throws {
        let rules = try CompiledRuleSet(
            source: """
                name: required, minLength 2, maxLength 40, noDigits
                email: required, email
                website: url
                id: uuid
                zip: digits 5
                code: pattern /^[A-Z]{3}-[0-9]{4}$/
                note: noSpecialChars, maxLength 12
                """)
        var generator = SeededGenerator(seed: 86)
        let values = [
            "", "A", "Ada", "Ada Lovelace", "ada@example.org", "a@b.c", "https://example.org/x",
            "123e4567-e89b-12d3-a456-426614174000", "12345", "1234", "ABC-1234", "ABC-123", "é", "日本語",
            "x\u{2028}y", "abcdefghijklmnop",
        ]
        let keys = ["name", "email", "website", "id", "zip", "code", "note"]
        for _ in 0..<400 {
            // The last member's text ends two bytes before the unreadable page.
            let members = keys.shuffled(using: &generator).prefix(Int.random(in: 1...keys.count, using: &generator)).map {
                "\"\($0)\":\"\(values.randomElement(using: &generator) ?? "")\""
            }
            let record = Array("{\(members.joined(separator: ","))}".utf8)
            compare(record) { guarded, plain in
                var validator = JSONRecordValidator(rules: rules)
                var plainValidator = JSONRecordValidator(rules: rules)
                let report = try? validator.validate(UnsafeRawBufferPointer(guarded))
                let plainReport = try? plainValidator.validate(UnsafeRawBufferPointer(plain))
                XCTAssertNotNil(report)
                XCTAssertEqual(report?.fields, plainReport?.fields, String(decoding: record, as: UTF8.self))
            }
        }
    }

    /// The counting path (`rulebook validate --quiet`): the root scan's masked key loads,
    /// the flat evaluators' quick length and shape tests, dates against today, and the
    /// tape counting of `[*]` programs, over records whose last bytes touch an unreadable
    /// page; the answer is the plain buffer's, and the report's.
    func testCountingStaysInsideTheRecord() throws {
        let flat = try CompiledRuleSet(
            source: """
                a: minLength 8
                zip: digits 5
                name: required, minLength 2, maxLength 40
                email: email
                born: date, before today
                n: integer, between 1 99
                """)
        let nested = try CompiledRuleSet(source: "a.b: required, minLength 8\nzip: digits 5\n")
        let wildcard = try CompiledRuleSet(source: "items[*].sku: required, minLength 3\nitems: maxItems 3\nzip: digits 5\n")
        var generator = SeededGenerator(seed: 88)
        let texts = [
            "", "1234", "12345", "abcdefgh", "abcdefghi", "Ada", "a@b.co", "2001-02-03", "2999-12-31", "2001-02-30",
            "é", "日本語テキスト", "x\\u0041y",
        ]
        let keys = ["a", "zip", "name", "email", "born", "n", "nam", "zipp", "\\u0061"]
        var records: [[UInt8]] = [
            "{\"zip\":\"12345\"}", "{\"a\":\"abcdefgh\"}", "{\"a\":{\"b\":\"abcdefgh\"}}",
            "{\"items\":[{\"sku\":\"abc\"}],\"zip\":\"1\"}", "{}", "{\"n\":42}", "{\"n\":042}",
        ].map { Array($0.utf8) }
        for _ in 0..<400 {
            let members = (0..<Int.random(in: 1...5, using: &generator)).map { _ -> String in
                let key = keys.randomElement(using: &generator) ?? "a"
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: return "\"\(key)\":\(Int.random(in: -5...120, using: &generator))"
                case 1: return "\"items\":[{\"sku\":\"\(texts.randomElement(using: &generator) ?? "")\"}]"
                default: return "\"\(key)\":\"\(texts.randomElement(using: &generator) ?? "")\""
                }
            }
            records.append(Array("{\(members.joined(separator: ","))}".utf8))
        }
        let today = try XCTUnwrap(CalendarDate(year: 2026, month: 1, day: 1))
        let options = ValidationOptions(context: EvaluationContext(today: today))
        for rules in [flat, nested, wildcard] {
            for record in records {
                compare(record) { guarded, plain in
                    var validator = JSONRecordValidator(rules: rules, options: options)
                    var plainValidator = JSONRecordValidator(rules: rules, options: options)
                    let counted = Result { () throws(JSONError) in try validator.isValid(UnsafeRawBufferPointer(guarded)) }
                    let plainCounted = Result { () throws(JSONError) in try plainValidator.isValid(UnsafeRawBufferPointer(plain)) }
                    let report = try? plainValidator.validate(UnsafeRawBufferPointer(plain))
                    let text = String(decoding: record, as: UTF8.self)
                    XCTAssertEqual(try? counted.get(), try? plainCounted.get(), text)
                    XCTAssertEqual(try? counted.get(), report?.isValid, text)
                }
            }
        }
    }

    func testPatternMatchingStaysInside() throws {
        let patterns =
            try ["abc", "^[A-Z]{3}-[0-9]{4}$", "[0-9]{5}", "foo.*bar", "^a", "z$", "(ab|cd)+x", "é+"].map {
                try Pattern($0)
            } + [try Pattern("hello", flags: "i")]
        for bytes in inputs(seed: 87, perLength: 3) + ["ABC-1234", "foo bar", "xxabcxx", "12345", "abcdx", "HeLLo"].map({ Array($0.utf8) })
        {
            compare(bytes) { guarded, plain in
                for pattern in patterns {
                    XCTAssertEqual(pattern.matches(utf8: guarded), pattern.matches(utf8: plain), "\(bytes)")
                }
            }
        }
    }
}

extension Result {
    fileprivate var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
