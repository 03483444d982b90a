import XCTest
@testable import Rulebook
import SeededRandom

/// `JSONRootScan` reads a flat record's root members without a tape, for counting. It
/// must never accept a document the tape's parse rejects (then the parse's error is
/// what the caller reports), and when it answers, the members it hands over must be the
/// ones the tape would give. These tests hold it to both, on hand-written cases and on
/// thousands of damaged records.
final class JSONRootScanTests: XCTestCase {
    private static let keys = ["house", "line1", "city", "postcode", "country", "birthday", "a"]

    /// Runs the scan over `text` with `keys`; nil when it gives up, else each key's value
    /// as its raw text (nil when absent).
    private func scan(_ text: String, keys: [String] = keys, limits: JSONLimits = .default) -> [String?]? {
        scan(bytes: Array(text.utf8), keys: keys, limits: limits)
    }

    private func scan(bytes: [UInt8], keys: [String] = keys, limits: JSONLimits = .default) -> [String?]? {
        let keyBuffers = keys.map { key -> UnsafeRawBufferPointer in
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: key.utf8.count, alignment: 1)
            buffer.copyBytes(from: key.utf8)
            return UnsafeRawBufferPointer(buffer)
        }
        defer { keyBuffers.forEach { $0.deallocate() } }
        let lengths = keys.reduce(UInt64(0)) { $0 | 1 << UInt64(min($1.utf8.count, 63)) }
        var words = [UInt64](repeating: JSONRootScan.absent, count: 2 * keys.count)
        var slots = [Int](repeating: 7, count: keys.count)
        return bytes.withUnsafeBufferPointer { buffer -> [String?]? in
            guard let base = buffer.baseAddress else { return nil }
            let found = words.withUnsafeMutableBufferPointer { entries in
                slots.withUnsafeMutableBufferPointer { slots in
                    JSONRootScan.keyTable(keyBuffers).withUnsafeBufferPointer { table in
                        JSONRootScan.scan(base, buffer.count, keys: keyBuffers, table: table.baseAddress!, lengths: lengths,
                                          limits: limits, words: entries.baseAddress!, slots: slots)
                    }
                }
            }
            guard found else { return nil }
            return words.withUnsafeBufferPointer { entries in
                let view = JSONTape.View(words: entries.baseAddress, entryCount: keys.count, bytes: base)
                return slots.enumerated().map { slot, node in
                    guard node >= 0 else { return nil }
                    XCTAssertEqual(node, slot)
                    let range = view.range(of: JSONTape.Node(node))
                    return String(decoding: bytes[range.start..<range.end], as: UTF8.self)
                }
            }
        }
    }

    /// The same members read from the tape of the whole document.
    private func viaTape(_ text: String, keys: [String] = keys) throws -> [String?] {
        let bytes = Array(text.utf8)
        var tape = JSONTape()
        try tape.parse(bytes)
        return tape.withView(over: bytes) { view in
            keys.map { key in
                guard let root = view.root, let node = view.member(of: root, key: key) else { return nil }
                let range = view.range(of: node)
                return String(decoding: bytes[range.start..<range.end], as: UTF8.self)
            }
        }
    }

    func testReadsScalarMembersAsTheTapeDoes() throws {
        let cases = [
            #"{"house":"39","line1":"166 ulica Długa","city":"München","postcode":"07366","country":"DE","birthday":"1952-04-20"}"#,
            #"{}"#, #"  { }  "#, "{\"a\":1}\n", #"{"a":null,"a":true}"#, #"{"birthday":false,"house":-0.5e3,"zzz":"x"}"#,
            #"{ "city" : "P\u0061ris" , "a" : "x\"y" }"#, #"{"country":"DE","house":"1","country":"FR"}"#,
            #"{"housex":"1","hous":"2","house":"3"}"#, #"{"":1,"a":""}"#, "\t{\r\n\"a\"\t:\n12 }",
        ]
        for text in cases {
            let scanned = scan(text)
            XCTAssertNotNil(scanned, text)
            XCTAssertEqual(scanned, try viaTape(text), text)
        }
    }

    func testGivesUpOnContainersAndEscapedKeys() {
        for text in [#"{"a":[]}"#, #"{"a":{}}"#, #"{"house":"1","items":[1,2]}"#, #"{"\u0061":1}"#, #"{"x\n":1}"#,
                     "[]", "5", "\"x\"", "null", ""] {
            XCTAssertNil(scan(text), text)
        }
    }

    func testGivesUpOnEveryDocumentTheTapeRejects() {
        for text in ["{", "{\"a\"", "{\"a\":", "{\"a\":1", "{\"a\":1,", "{\"a\":1,}", "{,}", "{\"a\" 1}", "{\"a\":01}",
                     "{\"a\":1} x", "{\"a\":tru}", "{\"a\":\"\u{01}\"}", "{\"a\":\"\\x\"}", "{a:1}", "{\"a\":1}}", "{\"a\":-}",
                     "{\"a\":1.}", "{\"a\":\"\\ud800\"}", "{\"a\":.5}", "{\"a\":+1}", "{'a':1}", "{\"a\":1 \"b\":2}"] {
            XCTAssertThrowsError(try viaTape(text), text)
            XCTAssertNil(scan(text), text)
        }
        // Invalid UTF-8 in a key and in a value.
        for bytes in [[0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D], [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xC3, 0x22, 0x7D]] as [[UInt8]] {
            var tape = JSONTape()
            XCTAssertThrowsError(try tape.parse(bytes))
            XCTAssertNil(scan(bytes: bytes), "\(bytes)")
        }
    }

    /// A key that is not plain string content (a control character, a quote, a
    /// backslash) is never taken as matched from its bytes: the record's raw bytes would
    /// not be a valid string.
    func testKeysWithBytesAStringCannotHoldRawAreScanned() {
        for key in ["a\tb", "a\"b", "a\\b", "\u{1}"] {
            let text = "{\"" + key + "\":1,\"zzzzzzzz\":2}"
            // (Invalid JSON, or a string with an escape: either way not this key's bytes.)
            XCTAssertNil(scan(text, keys: [key]), key)
        }
        // The same keys spelt as JSON escapes: escaped keys are left to the tape.
        XCTAssertNil(scan(#"{"a\tb":1,"zzzzzzzz":2}"#, keys: ["a\tb"]))
    }

    func testAppliesTheTapesLimits() {
        let text = #"{"a":"abcdef","house":12345}"#
        XCTAssertNil(scan(text, limits: JSONLimits(maxStringBytes: 5)))
        XCTAssertNil(scan(#"{"house":1,"a":2}"#, limits: JSONLimits(maxStringBytes: 4)))
        XCTAssertNil(scan(text, limits: JSONLimits(maxNumberLength: 4)))
        XCTAssertNil(scan(text, limits: JSONLimits(maxDepth: 0)))
        XCTAssertNil(scan(text, limits: JSONLimits(maxDocumentBytes: text.utf8.count - 1)))
        XCTAssertNotNil(scan(text, limits: JSONLimits(maxDepth: 1, maxStringBytes: 6, maxNumberLength: 5,
                                                       maxDocumentBytes: text.utf8.count)))
    }

    /// Damaged records (bytes deleted, inserted or replaced, cut short): whenever the
    /// tape rejects one, the validator throws the tape's error; whenever it accepts one,
    /// the validator's answer is the reference's.
    func testDamagedRecordsGiveTheTapesErrorOrTheReferenceAnswer() throws {
        let compiled = try CompiledRuleSet(contentsOfFile: engineRepositoryRoot
            .appendingPathComponent("Benchmarks/workloads/address.rules").path)
        let settings = options(today: "2026-01-15")
        let today = compiled.today(settings.context)
        var validator = JSONRecordValidator(rules: compiled, options: settings)
        var rng = SeededGenerator(seed: 0x5CA7_0001)
        let base = Array(#"{"house":"39","line1":"166 ulica Długa","line2":"Flat 2","city":"München","postcode":"07366","country":"DE","birthday":"1952-04-20"}"#.utf8)
        let noise: [UInt8] = Array(#"{}[]",:\ 0129.eE-+tfnul"#.utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xFF, 0x0A]
        var rejected = 0, accepted = 0
        for _ in 0..<6_000 {
            var bytes = base
            for _ in 0..<(1 + rng.next(below: 3)) {
                let at = rng.next(below: bytes.count)
                switch rng.next(below: 4) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(rng.pick(noise), at: at)
                case 2: bytes[at] = rng.pick(noise)
                default: bytes.removeSubrange(at...)
                }
                if bytes.isEmpty { break }
            }
            var tape = JSONTape()
            let expected: Result<Bool, JSONError>
            do {
                try tape.parse(bytes)
                expected = .success(tape.withView(over: bytes) { view in
                    guard let root = view.root else { return true }
                    return RecordEvaluator.passesAll(program: compiled.program, access: TapeAccess(view: view, root: root),
                                                     today: today)
                })
            } catch {
                expected = .failure(error)
            }
            let got: Result<Bool, JSONError>
            do { got = .success(try validator.isValid(bytes)) } catch { got = .failure(error) }
            XCTAssertEqual(got, expected, String(decoding: bytes, as: UTF8.self))
            if case .failure = expected { rejected += 1 } else { accepted += 1 }
        }
        XCTAssertGreaterThan(rejected, 2_000)
        XCTAssertGreaterThan(accepted, 500)
    }
}
