import Foundation
import RulebookTooling
import XCTest

@testable import Rulebook

/// Limits instead of crashes: each limit on hostile input is an error for that
/// input (JSON) or a `limit-exceeded` diagnostic (rule files), never a stack overflow, a
/// trap or a pathological run time. The owners' unit tests pin the exact messages; these
/// push each limit with inputs far beyond it, through every reader and the checker.
final class JSONInputLimitsTests: XCTestCase {
    /// One million `[` fail at the depth limit in every reader, with the same error.
    func testMillionNestedBracketsFailAtTheDepthLimit() {
        let brackets = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        let objects = Array(String(repeating: #"{"a":"#, count: 200_000).utf8)
        for input in [brackets, objects] {
            let expected = JSONError(
                .depthLimitExceeded, at: JSONLimits.default.maxDepth * (input == brackets ? 1 : 5),
                "nesting deeper than 512 levels")
            XCTAssertThrowsError(try JSONReader().parse(input)) { XCTAssertEqual($0 as? JSONError, expected) }
            var tape = JSONTape()
            XCTAssertThrowsError(try tape.parse(input)) { XCTAssertEqual($0 as? JSONError, expected) }
            XCTAssertThrowsError(try JSONDocument(parsing: input)) { XCTAssertEqual($0 as? JSONError, expected) }
        }
    }

    /// Balanced nesting right at the default limit reads into a `Value` that can be
    /// compared, written and released on a secondary thread's small stack (1 MiB; 8 MiB
    /// under scripts/sanitize, whose instrumentation makes every frame several times larger).
    func testDeepestAllowedValueIsUsableOnASmallStack() throws {
        let depth = JSONLimits.default.maxDepth
        let text = String(repeating: #"{"a":["#, count: depth / 2) + "1" + String(repeating: "]}", count: depth / 2)
        let done = expectation(description: "walked")
        nonisolated(unsafe) var written = ""
        let thread = Thread {
            if let value = try? JSONReader().parse(text) {
                written = value.json
                XCTAssertEqual(value, value)
            }
            done.fulfill()
        }
        let environment = ProcessInfo.processInfo.environment
        let sanitized = environment["ASAN_OPTIONS"] != nil || environment["TSAN_OPTIONS"] != nil
        thread.stackSize = sanitized ? 8 << 20 : 1 << 20
        thread.start()
        wait(for: [done], timeout: 60)
        XCTAssertEqual(written, text)
    }

    /// Strings, numbers and documents over their limits are typed errors at the
    /// offending offset, with the default limits and with configured ones.
    func testOversizedStringNumberAndDocument() {
        let limits = JSONLimits.default
        let hugeString = Array(("[\"" + String(repeating: "x", count: limits.maxStringBytes + 1) + "\"]").utf8)
        XCTAssertThrowsError(try JSONReader().parse(hugeString)) {
            XCTAssertEqual(($0 as? JSONError)?.kind, .stringTooLong)
            XCTAssertEqual(($0 as? JSONError)?.offset, 1)
        }
        let hugeNumber = Array(("[" + String(repeating: "9", count: limits.maxNumberLength + 1) + "]").utf8)
        var tape = JSONTape()
        XCTAssertThrowsError(try tape.parse(hugeNumber)) { XCTAssertEqual(($0 as? JSONError)?.kind, .numberTooLong) }
        let small = JSONLimits(maxDocumentBytes: 1_000)
        let document = Array(("[" + String(repeating: "1,", count: 600) + "1]").utf8)
        XCTAssertThrowsError(try JSONReader(limits: small).parse(document)) { XCTAssertEqual(($0 as? JSONError)?.kind, .documentTooLarge) }
        var smallTape = JSONTape(limits: small)
        XCTAssertThrowsError(try smallTape.parse(document)) { XCTAssertEqual(($0 as? JSONError)?.kind, .documentTooLarge) }
        // After an error the tape is reusable: the next record reads normally.
        XCTAssertNoThrow(try tape.parse(Array(#"{"ok":true}"#.utf8)))
    }
}

/// Rule files far beyond every parser limit, through the parser and the checker.
final class RuleFileLimitsTests: XCTestCase {
    private func check(_ text: String) throws -> CheckResult {
        try Workspace(provider: InMemorySourceProvider(files: ["limits.rules": text])).check(rootFile: "limits.rules")
    }

    func testHundredThousandNestedWhenBlocksAreOneDiagnostic() throws {
        let depth = 100_000
        let text = String(repeating: "when a {\n", count: depth) + "x: required\n" + String(repeating: "}\n", count: depth)
        let result = try check(text)
        XCTAssertEqual(result.diagnostics.filter { $0.code == .limitExceeded }.count, 1)
        XCTAssertNil(result.ruleSet)
    }

    func testDeepConditionsAreOneDiagnosticEach() throws {
        let parens =
            "when " + String(repeating: "(", count: 100_000) + "a" + String(repeating: ")", count: 100_000) + " {\n  x: required\n}\n"
        let nots = "when " + String(repeating: "not ", count: 100_000) + "a {\n  y: required\n}\n"
        let chain = "when a" + String(repeating: " and a", count: 100_000) + " {\n  z: required\n}\n"
        let result = try check(parens + nots + chain)
        // One depth diagnostic per condition (each line is also over the line-length limit).
        let messages = result.diagnostics.filter { $0.code == .limitExceeded }.map(\.message)
        XCTAssertEqual(messages.filter { $0.hasPrefix("condition is nested deeper") }.count, 3, "\(messages)")
        XCTAssertEqual(messages.filter { $0.hasPrefix("line is") }.count, 3, "\(messages)")
        XCTAssertEqual(result.diagnostics.count, 6)
    }

    func testMegabyteLineIsDiagnosedAndTheRestStillChecked() throws {
        let long = "note: oneOf \"" + String(repeating: "x", count: 1_000_000) + "\"\n"
        let result = try check(long + "email: required, emial\n")
        let codes = result.diagnostics.map(\.code)
        XCTAssertTrue(codes.contains(.limitExceeded), "\(codes)")
        XCTAssertTrue(codes.contains(.unknownValidator), "the line after the long one is still checked: \(codes)")
    }

    func testFileOverTheDefaultSizeIsNotParsed() throws {
        let limit = ParserLimits.default.maxFileBytes
        let text = String(repeating: "# padding comment line\n", count: limit / 23 + 2)
        XCTAssertGreaterThan(text.utf8.count, limit)
        let result = try check(text)
        XCTAssertEqual(result.diagnostics.map(\.code), [.limitExceeded])
        XCTAssertEqual(result.diagnostics.first?.range.start, 0)
    }
}
