import RulebookRegex
import XCTest

@testable import Rulebook

/// A ``PatternCache`` shared between checks only saves compiling: every check's
/// diagnostics and rule set are what a check without it gives, invalid patterns are still
/// reported at each occurrence, and the cache stays within its capacity.
final class PatternCacheTests: XCTestCase {
    private let text = """
        zip: pattern /^[0-9]{5}$/
        code: pattern /^[A-Z]{3}-[0-9]{4}$/i
        other: pattern /^[0-9]{5}$/
        broken: pattern /(ab/
        again: pattern /(ab/
        flags: pattern /x/q

        """

    func testChecksWithASharedCacheMatchChecksWithout() throws {
        let plain = checkSource(text)
        let cache = PatternCache()
        let first = checkSource(text, options: CheckOptions(patternCache: cache))
        let second = checkSource(text, options: CheckOptions(patternCache: cache))
        XCTAssertFalse(plain.diagnostics.isEmpty)
        XCTAssertEqual(first.diagnostics, plain.diagnostics)
        XCTAssertEqual(second.diagnostics, plain.diagnostics)
        // `/(ab/` is reported at both occurrences, from the cached failure too.
        XCTAssertEqual(second.diagnostics.filter { $0.code == .invalidRegex && $0.message.hasPrefix("invalid regular") }.count, 2)
        // Three distinct compiled sources (`/x/q` is refused for its flag before compiling).
        XCTAssertEqual(cache.count, 3)
    }

    func testRuleSetsCompiledFromCachedPatternsValidateAlike() throws {
        let rules = "zip: pattern /^[0-9]{5}$/\ncode: pattern /^[a-z]{2}$/i\n"
        let cache = PatternCache()
        _ = checkSource(rules, options: CheckOptions(patternCache: cache))
        let cached = try XCTUnwrap(checkSource(rules, options: CheckOptions(patternCache: cache)).ruleSet)
        let plain = try XCTUnwrap(checkSource(rules).ruleSet)
        for record: Value in [["zip": "12345", "code": "Ab"], ["zip": "1234", "code": "abc"], ["zip": 5, "code": "zz"]] {
            let expected = CompiledRuleSet(plain).validate(record)
            XCTAssertEqual(CompiledRuleSet(cached).validate(record), expected)
        }
    }

    func testACompilationIsMadeOnceAndFailuresAreKept() throws {
        let cache = PatternCache()
        var compiled = 0
        let key = PatternKey(source: "[a-", flags: "")
        let compile = { () -> Result<Pattern, PatternError> in
            compiled += 1
            return Result { () throws(PatternError) in try Pattern("[a-") }
        }
        let first = cache.compilation(of: key, compile: compile)
        let second = cache.compilation(of: key, compile: compile)
        XCTAssertEqual(compiled, 1)
        XCTAssertThrowsError(try first.get())
        XCTAssertThrowsError(try second.get())
    }

    func testTheCacheIsEmptiedWhenFull() {
        let cache = PatternCache(capacity: 2)
        let many = (0..<5).map { "f\($0): pattern /^x{\($0 + 1)}$/" }.joined(separator: "\n") + "\n"
        let result = checkSource(many, options: CheckOptions(patternCache: cache))
        XCTAssertEqual(result.diagnostics, checkSource(many).diagnostics)
        XCTAssertLessThanOrEqual(cache.count, 2)
        XCTAssertGreaterThan(cache.count, 0)
    }
}
