import XCTest

@testable import RulebookRegex

/// Inputs the `regex` fuzz target found (Fuzz/Corpus/regex/regression-*), kept as tests.
final class RegexFuzzRegressionTests: XCTestCase {
    /// Found by the fuzzer: `(a1|a|a?){1000}` among empty alternatives spent 2 s (26 s
    /// under AddressSanitizer) building a 2,015-state DFA, because the build budget counted
    /// only the states a closure kept, not the epsilon states it walked. With every visit
    /// counted, such patterns give up on the DFA early and run on the linear NFA
    /// simulation. Work, not time, is asserted: the strategy chosen.
    func testRepeatedOptionalAlternativesFallBackToTheSimulation() throws {
        let sources = [
            "(a1|a|a?){1000}", "x||||(a1|a|a?){1000}||||y", "(a|a?){1000}",
            "[\\n\\t]||||-|||||epu@tion||(a1|a|a?){1000}|||||}|||~||||",
        ]
        for source in sources {
            let pattern = try Pattern(source)
            XCTAssertEqual(pattern.engine, .nfaSimulation, source)
            for subject in ["", "a", "aa1", "a1a", "b", "x", "~", "epu@tion"] {
                var copy = subject
                let simulated = copy.withUTF8 { pattern.matchesBySimulation(utf8: $0) }
                XCTAssertEqual(pattern.matches(subject), simulated, "\(source) on \(subject.prefix(10))…")
            }
        }
        XCTAssertTrue(try Pattern("(a|a?){1000}").matches(String(repeating: "a", count: 1_000)))
        XCTAssertFalse(try Pattern("(a|a?){1000}").matches(String(repeating: "a", count: 1_001)))
    }

    /// Real patterns, even large ones, still get their DFA within the budget.
    func testLargeRealisticPatternsKeepTheirDFA() throws {
        for source in [
            "x{1000}", #"[\p{L} '-]{2,50}"#, "(a|b)*a(a|b){9}",
            #"^([a-zA-Z0-9])(([\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$"#,
        ] {
            XCTAssertEqual(try Pattern(source).engine, .dfa, source)
        }
    }
}
