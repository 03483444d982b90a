import Dispatch
import Foundation
import XCTest

@testable import Rulebook

/// `CompiledRuleSet.independentCopy()` (one rule set per worker of `rulebook validate`):
/// the copy shares no buffer evaluation reads with the original and judges every record
/// exactly as the original does.
final class IndependentCopyTests: XCTestCase {
    /// Long keys and long literals (past Swift's 15-byte inline strings), every pattern
    /// strategy the rules can reach (literal, DFA), `oneOf`, conditions and `[*]`.
    private static let ruleText = """
        aVeryLongFieldNameIndeed: required, minLength 2
        zip:     required, pattern /^[0-9]{5}$/
        code:    pattern /ABC-literal/
        word:    pattern /\\p{L}+/i
        country: oneOf "GB" "a country name longer than fifteen bytes"
        items[*].sku: required, pattern /^[A-Z]{3}-[0-9]{4}$/
        when country == "a country name longer than fifteen bytes" { post: required, digits 5 }
        """

    private static let records = [
        #"{"aVeryLongFieldNameIndeed":"ok","zip":"12345","code":"ABC-literal","word":"Straße","country":"GB","items":[{"sku":"ABC-1234"}]}"#,
        #"{"aVeryLongFieldNameIndeed":"x","zip":"1234","code":"abc-literal","word":"12","country":"FR","items":[{"sku":"AB-1"},{}]}"#,
        #"{"zip":"12345","country":"a country name longer than fifteen bytes","post":"1234"}"#,
        #"{"aVeryLongFieldNameIndeed":"ok","zip":"12345","country":"a country name longer than fifteen bytes","post":"12345","items":[]}"#,
        #"{"aVeryLongFieldName\u0049ndeed":"ok","zip":"1234\u0035","items":[{"sku":"XYZ-0000"}]}"#,
    ]

    func testTheCopyGivesTheSameReports() throws {
        let original = rules(Self.ruleText)
        let copy = original.independentCopy()
        XCTAssertEqual(copy.fieldPaths, original.fieldPaths)
        for text in Self.records {
            let bytes = Array(text.utf8)
            for all in [false, true] {
                let settings = options(all: all)
                XCTAssertEqual(
                    try copy.validate(json: bytes, options: settings),
                    try original.validate(json: bytes, options: settings), text)
                XCTAssertEqual(
                    copy.validate(try Value(json: bytes), options: settings),
                    original.validate(try Value(json: bytes), options: settings), text)
            }
            XCTAssertEqual(try copy.isValid(json: bytes), try original.isValid(json: bytes), text)
        }
        // The corpus has both outcomes.
        let outcomes = Set(try Self.records.map { try original.isValid(json: Array($0.utf8)) })
        XCTAssertEqual(outcomes, [true, false])
    }

    func testTheCopySharesNoTableWithTheOriginal() {
        let original = rules(Self.ruleText)
        let copy = original.independentCopy()
        XCTAssertFalse(original.program === copy.program)
        XCTAssertNotEqual(UnsafeRawPointer(original.program.checks), UnsafeRawPointer(copy.program.checks))
        XCTAssertNotEqual(original.program.keys.baseAddress, copy.program.keys.baseAddress)
        // A long key's bytes are the copy's own.
        let longKey = { (set: CompiledRuleSet) in set.program.keys.first { $0.bytes.count > 15 } }
        XCTAssertEqual(longKey(original)?.text, "aVeryLongFieldNameIndeed")
        XCTAssertEqual(longKey(copy)?.text, "aVeryLongFieldNameIndeed")
        XCTAssertNotEqual(longKey(original)?.bytes.baseAddress, longKey(copy)?.bytes.baseAddress)
    }

    func testCopiesValidateConcurrently() throws {
        let original = rules(Self.ruleText)
        let copies = [original, original.independentCopy(), original.independentCopy()]
        let expected = try Self.records.map { try original.isValid(json: Array($0.utf8)) }
        let results = Results(count: copies.count)
        DispatchQueue.concurrentPerform(iterations: copies.count) { worker in
            var validator = JSONRecordValidator(rules: copies[worker])
            var same = true
            for _ in 0..<200 {
                for (index, text) in Self.records.enumerated() {
                    same = same && (try? validator.isValid(Array(text.utf8))) == expected[index]
                }
            }
            results.set(worker, same)
        }
        XCTAssertEqual(results.values, [true, true, true])
    }
}

/// One flag per worker, written under a lock.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var flags: [Bool]

    init(count: Int) { flags = Array(repeating: false, count: count) }

    func set(_ index: Int, _ value: Bool) {
        lock.lock()
        flags[index] = value
        lock.unlock()
    }

    var values: [Bool] {
        lock.lock()
        defer { lock.unlock() }
        return flags
    }
}
