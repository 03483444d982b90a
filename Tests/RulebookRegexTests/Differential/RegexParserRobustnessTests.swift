import SeededRandom
import XCTest

@testable import RulebookRegex

/// Deterministic randomized robustness: thousands of random strings built from the
/// characters that matter to the syntax (fixed seed). Each must either compile — and then
/// the DFA and the NFA simulation must agree on random inputs — or throw an error whose
/// range lies inside the source. Nothing may crash.
final class RegexParserRobustnessTests: XCTestCase {
    static let pieces = [
        "(", ")", "[", "]", "{", "}", "\\", "^", "$", "|", "?", "*", "+", "-", ",", ":", "=", "!",
        "<", ">", "'", "#", "P", "p", "k", "u", "x", "d", "w", "s", "b", "Q", "E", "i", "0", "1", "2",
        "9", "a", "é", "😀", "{2}", "{1,3}", "(?", "(?:", "(?<n>", "\\p{L}", "\\u{1F600}", "[^", "[:alpha:]", ".",
    ]

    func testRandomSyntaxNeverCrashesAndErrorsPointInsideTheSource() {
        var random = SeededGenerator(seed: 0xF022)
        var compiled = 0, rejected = 0
        for _ in 0..<10_000 {
            let source = (0..<(1 + random.next(below: 8))).map { _ in Self.pieces[random.next(below: Self.pieces.count)] }.joined()
            do {
                let pattern = try Pattern(source)
                compiled += 1
                for _ in 0..<3 {
                    var input = RandomPattern.input(&random)
                    let viaEngine = pattern.matches(input)
                    XCTAssertEqual(
                        viaEngine, input.withUTF8 { pattern.matchesBySimulation(utf8: $0) }, "/\(source)/ on \(input.debugDescription)")
                }
            } catch {
                rejected += 1
                let length = source.utf8.count
                XCTAssertTrue(
                    error.range.lowerBound >= 0 && error.range.upperBound <= length && !error.range.isEmpty,
                    "/\(source)/: \(error.range) (\(error.message))")
                XCTAssertFalse(error.message.isEmpty)
            }
        }
        XCTAssertGreaterThan(compiled, 1_000)
        XCTAssertGreaterThan(rejected, 1_000)
    }

    func testEveryPrefixOfRealPatternsIsHandled() {
        let sources = [
            #"^(?<user>[A-Za-z0-9._%+-]+)@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}$"#, #"[\p{L}\p{M} '\-]{2,50}"#,
            #"\u{1F600}|\x{41}|\uD83D\uDE00|[[:alpha:]\d]+?"#, #"(?i:é|ß)(?#note)\Q*\E{2,3}"#,
        ]
        for source in sources {
            let bytes = Array(source.utf8)
            for end in 0...bytes.count {
                guard let prefix = String(validating: bytes[0..<end], as: UTF8.self) else { continue }
                do {
                    _ = try Pattern(prefix)
                } catch {
                    XCTAssertTrue(error.range.upperBound <= end && !error.range.isEmpty, "/\(prefix)/: \(error.range)")
                }
            }
        }
    }
}
