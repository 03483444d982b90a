import XCTest

@testable import RulebookRegex

/// One row of the reference table: does `pattern` (with `flags`) match the whole `input`?
struct RegexCase {
    let pattern: String
    let flags: String
    let input: String
    let expected: Bool

    init(_ pattern: String, _ flags: String, _ input: String, _ expected: Bool) {
        self.pattern = pattern
        self.flags = flags
        self.input = input
        self.expected = expected
    }
}

/// The reference table (`RegexTableCases.swift`, generated from Python's `re.fullmatch` by
/// `scripts/regex-reference-table.py` and committed as literals), run through every
/// matching path: the chosen strategy via `String` and via bytes, the NFA simulation, and a
/// pattern forced onto the NFA simulation by `maxDFAStates: 0`.
final class RegexTableTests: XCTestCase {
    func testTableIsLarge() {
        XCTAssertGreaterThan(Self.cases.count, 500)
    }

    func testEveryRowThroughTheChosenEngine() throws {
        for row in Self.cases {
            let pattern = try Pattern(row.pattern, flags: row.flags)
            XCTAssertEqual(pattern.matches(row.input), row.expected, description(row))
            var bytes = row.input
            XCTAssertEqual(bytes.withUTF8 { pattern.matches(utf8: $0) }, row.expected, description(row) + " (bytes)")
        }
    }

    func testEveryRowThroughTheNFASimulation() throws {
        let limits = Pattern.Limits(maxDFAStates: 0)
        for row in Self.cases {
            let pattern = try Pattern(row.pattern, flags: row.flags, limits: limits)
            XCTAssertEqual(pattern.engine == .dfa, false)
            XCTAssertEqual(pattern.matches(row.input), row.expected, description(row) + " (NFA)")
            var bytes = row.input
            XCTAssertEqual(
                bytes.withUTF8 { pattern.matchesBySimulation(utf8: $0) }, row.expected,
                description(row) + " (simulation)")
        }
    }

    private func description(_ row: RegexCase) -> String {
        "/\(row.pattern)/\(row.flags) on \(row.input.debugDescription.prefix(60)) should be \(row.expected)"
    }
}
