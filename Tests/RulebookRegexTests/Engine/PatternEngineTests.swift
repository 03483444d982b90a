import Dispatch
import XCTest

@testable import RulebookRegex

/// The public API around matching: strategies, entry points, hostile input, concurrency.
final class PatternEngineTests: XCTestCase {
    func testStrategySelection() throws {
        XCTAssertEqual(try Pattern("abc").engine, .literal)
        XCTAssertTrue(try Pattern("^GB-\\d$".replacingOccurrences(of: "\\d", with: "1")).isLiteral)
        XCTAssertTrue(try Pattern("").isLiteral)
        XCTAssertTrue(try Pattern("(?:ab)c").isLiteral)
        XCTAssertFalse(try Pattern("abc", flags: "i").isLiteral)
        XCTAssertTrue(try Pattern("123", flags: "i").isLiteral, "digits have no case")
        XCTAssertFalse(try Pattern("a^b").isLiteral)
        XCTAssertEqual(try Pattern("[0-9]{5}").engine, .dfa)
        XCTAssertEqual(try Pattern("[0-9]{5}").dfaStateCount, 7)
        XCTAssertEqual(try Pattern("[0-9]{5}", limits: .init(maxDFAStates: 0)).engine, .nfaSimulation)
        XCTAssertNil(try Pattern("[0-9]{5}", limits: .init(maxDFAStates: 0)).dfaStateCount)
        // Scalar classes keep Unicode-heavy patterns small: 52 states, not thousands.
        XCTAssertEqual(try Pattern(#"[\p{L} '-]{2,50}"#).dfaStateCount, 52)
    }

    func testDFAOverLimitFallsBackToSimulationWithTheSameAnswers() throws {
        let source = "(a|b)*a(a|b){12}"  // the classic DFA blow-up: 2^13 states
        let fallback = try Pattern(source, limits: .init(maxDFAStates: 1_000))
        XCTAssertEqual(fallback.engine, .nfaSimulation)
        let matching = "bbbba" + String(repeating: "b", count: 12)
        XCTAssertTrue(fallback.matches(matching))
        XCTAssertFalse(fallback.matches("bbbbb" + String(repeating: "b", count: 12)))
        XCTAssertEqual(try Pattern("(a|b)*a(a|b){3}", limits: .init(maxDFAStates: 1_000)).engine, .dfa)
        XCTAssertEqual(try Pattern("(a|b)*a(a|b){3}", limits: .init(maxDFAStates: 1_000)).dfaStateCount, 17)
    }

    func testLiteralFastPathComparesEveryByte() throws {
        let literal = try Pattern("0123456789abcdefXYZ")
        XCTAssertTrue(literal.matches("0123456789abcdefXYZ"))
        for index in 0..<19 {
            var bytes = Array("0123456789abcdefXYZ".utf8)
            bytes[index] ^= 1
            XCTAssertFalse(literal.matches(String(decoding: bytes, as: UTF8.self)), "byte \(index)")
        }
        XCTAssertFalse(literal.matches("0123456789abcdefXY"))
        XCTAssertFalse(literal.matches("0123456789abcdefXYZ\n"))
        XCTAssertTrue(try Pattern("^😀é$").matches("😀é"))
        XCTAssertTrue(try Pattern("").matches(""))
        XCTAssertFalse(try Pattern("").matches("\n"))
    }

    func testTrailingNewlineIsPartOfTheText() throws {
        for source in ["[0-9]{5}", "^[0-9]{5}$", "12345", "^12345$", "\\d+$", ".*"] {
            XCTAssertFalse(try Pattern(source).matches("12345\n"), source)
        }
        XCTAssertTrue(try Pattern("[0-9]{5}\\n").matches("12345\n"))
        XCTAssertTrue(try Pattern("[0-9]{5}\\s").matches("12345\n"))
        XCTAssertTrue(try Pattern(".*", flags: "s").matches("12345\n"))
    }

    func testInvalidUTF8NeverMatchesAndNeverCrashes() throws {
        let patterns = try [Pattern(".*", flags: "s"), Pattern("[^a]+"), Pattern("\\P{L}*"), Pattern("a.b"), Pattern("x")]
        let hostile: [[UInt8]] = [
            [0xFF], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80],
            [0x61, 0xC3], [0x61, 0xE2, 0x82], [0x80], [0x61, 0xF0, 0x9F, 0x98], [0xC3, 0x28],
        ]
        for pattern in patterns {
            for bytes in hostile {
                let viaDFA = bytes.withUnsafeBufferPointer { pattern.matches(utf8: $0) }
                let viaNFA = bytes.withUnsafeBufferPointer { pattern.matchesBySimulation(utf8: $0) }
                XCTAssertFalse(viaDFA, "/\(pattern.source)/ on \(bytes)")
                XCTAssertFalse(viaNFA, "/\(pattern.source)/ on \(bytes) (simulation)")
            }
        }
        // A valid prefix still matches as usual.
        XCTAssertTrue([0x61, 0xC3, 0xA9, 0x62].withUnsafeBufferPointer { try! Pattern("a.b").matches(utf8: $0) })
    }

    func testCatastrophicPatternsAnswerOnLargeInputs() throws {
        let aaa = String(repeating: "a", count: 50_000)
        XCTAssertFalse(try Pattern("^(a+)+$").matches(aaa + "!"))
        XCTAssertTrue(try Pattern("^(a+)+$").matches(aaa))
        XCTAssertFalse(try Pattern("^(a|a)*$").matches(aaa + "!"))
        XCTAssertFalse(try Pattern("^(a|aa)+$").matches(aaa + "!"))
        XCTAssertTrue(try Pattern("^(a|aa)+$").matches(aaa))
        XCTAssertFalse(try Pattern("(x+x+)+y").matches(String(repeating: "x", count: 50_000)))
        XCTAssertFalse(try Pattern(#"^(\w+\s?)*$"#).matches(String(repeating: "word ", count: 10_000) + "!"))
        XCTAssertTrue(try Pattern(#"^(\w+\s?)*$"#).matches(String(repeating: "word ", count: 10_000)))
        // The simulation is linear too (slower per character, so a smaller input here).
        let simulated = try Pattern("^(a+)+$", limits: .init(maxDFAStates: 0))
        XCTAssertFalse(simulated.matches(String(repeating: "a", count: 5_000) + "!"))
        XCTAssertTrue(simulated.matches(String(repeating: "a", count: 5_000)))
    }

    func testStringEntryPointHandlesEveryStringRepresentation() throws {
        let pattern = try Pattern("[a-zé]+ [0-9]+")
        let small = "é 1"  // a small (inline) string
        let large = String(repeating: "é", count: 100) + " 123"  // a heap string
        let sliced = String(("xx" + large).dropFirst(2))
        XCTAssertTrue(pattern.matches(small))
        XCTAssertTrue(pattern.matches(large))
        XCTAssertTrue(pattern.matches(sliced))
        XCTAssertFalse(pattern.matches(large + "x"))
    }

    func testOneCompiledPatternMatchesFromManyThreads() throws {
        let pattern = try Pattern(#"[\p{L} '-]{2,50}"#)
        let inputs = ["José Martín", "O'Brien", "R2D2", "Ωμέγα", "", "x", "Mary-Jane Smith"]
        let expected = inputs.map { pattern.matches($0) }
        let mismatches = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for round in 0..<2_000 {
                let index = (round + worker) % inputs.count
                if pattern.matches(inputs[index]) != expected[index] { mismatches.increment() }
            }
        }
        XCTAssertEqual(mismatches.value, 0)
        XCTAssertEqual(expected, [true, true, false, true, false, false, true])
    }

    func testSourceAndFlagsAreKept() throws {
        let pattern = try Pattern("ab+", flags: "i")
        XCTAssertEqual(pattern.source, "ab+")
        XCTAssertEqual(pattern.flags, "i")
        XCTAssertTrue(pattern.matches("ABBB"))
        XCTAssertTrue(try Pattern("a.b", flags: "us").matches("a\nb"))
    }
}

/// A thread-safe counter for the concurrency test.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}

/// `Pattern.independentCopy()`: the same answers from tables of its own.
final class PatternCopyTests: XCTestCase {
    func testCopiesMatchLikeTheOriginalForEveryStrategy() throws {
        let cases: [(Pattern, [String])] = [
            (try Pattern("literal-text"), ["literal-text", "literal-tex", "", "literal-textx"]),
            (try Pattern("^[0-9]{5}$"), ["12345", "1234", "123456", "1234x", "١٢٣٤٥"]),
            (try Pattern(#"[\p{L} '-]{2,50}"#), ["José Martín-García", "J", "Jo3", "日本語"]),
            (try Pattern("visa", flags: "i"), ["VISA", "Visa", "vis"]),
            (try Pattern("[0-9]{5}", limits: .init(maxDFAStates: 0)), ["12345", "1234"]),
        ]
        for (pattern, inputs) in cases {
            let copy = pattern.independentCopy()
            XCTAssertEqual(copy.source, pattern.source)
            XCTAssertEqual(copy.flags, pattern.flags)
            XCTAssertEqual(copy.engine, pattern.engine)
            XCTAssertEqual(copy.dfaStateCount, pattern.dfaStateCount)
            for input in inputs {
                XCTAssertEqual(copy.matches(input), pattern.matches(input), "/\(pattern.source)/ on \(input)")
            }
        }
    }

    func testTheCopysTablesAreItsOwn() throws {
        let pattern = try Pattern("^[0-9]{5}$")
        let copy = pattern.independentCopy()
        guard case .dfa(let original) = pattern.programForTesting.strategy,
            case .dfa(let copied) = copy.programForTesting.strategy
        else { return XCTFail("expected DFAs") }
        XCTAssertFalse(pattern.programForTesting === copy.programForTesting)
        XCTAssertEqual(original.table, copied.table)
        XCTAssertEqual(original.alphabet.asciiClasses, copied.alphabet.asciiClasses)
        original.table.withUnsafeBufferPointer { left in
            copied.table.withUnsafeBufferPointer { right in XCTAssertNotEqual(left.baseAddress, right.baseAddress) }
        }
        original.alphabet.asciiClasses.withUnsafeBufferPointer { left in
            copied.alphabet.asciiClasses.withUnsafeBufferPointer { right in XCTAssertNotEqual(left.baseAddress, right.baseAddress) }
        }
    }
}

/// `PatternMatcher` (the rule engine's pointer-only matcher) answers as `Pattern` does.
final class PatternMatcherTests: XCTestCase {
    func testMatchersAgreeWithTheirPatterns() throws {
        let inputs = [
            "", "12345", "1234", "1234x", "١٢٣٤٥", "José Martín-García", "J", "日本語", "VISA", "visa", "vis",
            "literal-text", "literal-tex", "GB82WEST12345698765432", "a\u{301}", "\u{10FFFF}", "x\n",
        ]
        let patterns = [
            try Pattern("literal-text"), try Pattern(""), try Pattern("^[0-9]{5}$"), try Pattern(#"[\p{L} '-]{2,50}"#),
            try Pattern("visa", flags: "i"), try Pattern("[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}"), try Pattern(#"\P{L}*"#),
            try Pattern("[0-9]{5}", limits: .init(maxDFAStates: 0)), try Pattern(".*", flags: "s"), try Pattern("a*"),
        ]
        for pattern in patterns {
            for candidate in [pattern, pattern.independentCopy()] {
                let matcher = candidate.matcher
                for input in inputs {
                    var text = input
                    let viaMatcher = text.withUTF8 { matcher.matches(utf8: $0) }
                    XCTAssertEqual(viaMatcher, pattern.matches(input), "/\(pattern.source)/ on \(input.debugDescription)")
                }
            }
        }
        // Invalid UTF-8 never matches, never crashes.
        let invalid: [UInt8] = [0x31, 0xC3, 0x28, 0xFF]
        for pattern in patterns {
            XCTAssertEqual(
                invalid.withUnsafeBufferPointer { pattern.matcher.matches(utf8: $0) },
                invalid.withUnsafeBufferPointer { pattern.matches(utf8: $0) })
        }
    }
}
