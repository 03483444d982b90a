import Foundation
import XCTest
@testable import Rulebook
import SeededRandom

/// The two-part parse against the one-pass parse: wherever a file is cut, the parallel
/// parse either declines (nil) or gives exactly the one-pass tree, statements, comments
/// and diagnostics included.
final class ParallelParseTests: XCTestCase {
    /// Constructs that carry state across lines: rule lists continued after a comma (at
    /// column 0 too), Allman braces, missing and stray braces, unclosed blocks at the end,
    /// comments at line ends, CRLF, unterminated literals, named rules and imports.
    static let tricky = """
        import "common.rules"
        rule name = required, minLength 2,
        maxLength 40
        firstName: name
        lastName: required,
          minLength 2 # a comment, at the end
        when country == "DE"
        {
        postcode: required, pattern /^[0-9]{5}$/
        }
        when country == "FR" {
          postcode: required,
        pattern /^[0-9]{5}$/
          when city != "Paris" {
        street: required
          }
        }
        when age < 18
        guardian: required
        }
        note: maxLength 10, message "unterminated
        email: email\r
        phone: pattern /[0-9/\r
        age: required, min 13, max 124
        rule shadow = minLength 1
        tags[*]: minLength 1,
        }
        when a == 1 {
        b: required

        """

    private func lineStarts(of text: String) -> [Int] {
        let bytes = Array(text.utf8)
        return (1..<max(1, bytes.count)).filter { bytes[$0 - 1] == UInt8(ascii: "\n") }
    }

    /// Cuts `text` at every line start; returns how many cuts were accepted.
    @discardableResult
    private func assertEveryCutMatches(_ text: String, _ label: String, file: StaticString = #filePath, line: UInt = #line) -> Int {
        let source = SourceFile(path: "test.rules", text: text)
        var copy = text
        return copy.withUTF8 { bytes in
            let expected = Parser.parseSequentially(source, bytes: bytes, limits: .default)
            var accepted = 0
            for cut in lineStarts(of: text) {
                guard let tree = ParallelParse.parse(source, bytes: bytes, limits: .default, splitAt: cut) else { continue }
                accepted += 1
                if tree != expected {
                    XCTFail("\(label): the parse cut at byte \(cut) differs from the one-pass parse", file: file, line: line)
                    return accepted
                }
            }
            return accepted
        }
    }

    func testEveryCutOfTheTrickyFileMatchesOrIsDeclined() {
        let accepted = assertEveryCutMatches(Self.tricky, "tricky")
        // Cuts between top-level statements are taken (the first lines at least).
        XCTAssertGreaterThan(accepted, 3)
    }

    func testEveryCutOfTheShippedRulesMatchesOrIsDeclined() throws {
        for (name, text) in try shippedRuleFiles() {
            XCTAssertGreaterThan(assertEveryCutMatches(text, name), 0, name)
        }
    }

    func testEveryCutOfMutatedFilesMatchesOrIsDeclined() throws {
        var generator = SeededGenerator(seed: 0x5_CA7)
        let bases = try [Self.tricky] + shippedRuleFiles().map(\.text)
        for round in 0..<120 {
            let text = RuleFileMutator.mutate(bases[round % bases.count], using: &generator)
            assertEveryCutMatches(text, "mutation \(round)")
        }
    }

    func testALargeFileIsParsedInTwoPartsAndMatches() throws {
        try XCTSkipUnless(BackgroundTask<Void>.hasSecondCore, "one core: large files are parsed in one pass")
        let shipped = try shippedRuleFiles().map(\.text).joined(separator: "\n")
        var text = ""
        while text.utf8.count < 2 * ParallelParse.minimumBytes { text += shipped + "\n" }
        let source = SourceFile(path: "big.rules", text: text)
        var copy = text
        copy.withUTF8 { bytes in
            guard let cut = ParallelParse.splitPoint(in: bytes, limits: .default) else { return XCTFail("no cut chosen") }
            let sequential = Parser.parseSequentially(source, bytes: bytes, limits: .default)
            XCTAssertEqual(ParallelParse.parse(source, bytes: bytes, limits: .default, splitAt: cut), sequential)
            XCTAssertEqual(Parser.parse(source), sequential)
        }
    }
}
