import Foundation
import SeededRandom
import XCTest

@testable import Rulebook
@testable import RulebookTooling

/// Reparsing an edited text with the previous tree against parsing it from scratch:
/// whatever the edit, the trees (statements, comments, diagnostics) are the same.
final class IncrementalParseTests: XCTestCase {
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

    /// One edit at `offset`: a fragment inserted, bytes deleted, or both.
    private func edit(_ text: String, at offset: Int, using generator: inout SeededGenerator) -> String {
        var bytes = Array(text.utf8)
        let offset = min(offset, bytes.count)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
            bytes.insert(contentsOf: Array(RuleFileMutator.fragments.randomElement(using: &generator)!.utf8), at: offset)
        case 1:
            bytes.removeSubrange(offset..<min(bytes.count, offset + Int.random(in: 1...12, using: &generator)))
        case 2:
            bytes.replaceSubrange(
                offset..<min(bytes.count, offset + Int.random(in: 0...6, using: &generator)),
                with: Array(", minLength 2".utf8))
        default:
            bytes.insert(contentsOf: Array("\nfresh: required\n".utf8), at: offset)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What a reparse could keep of the previous tree.
    private struct Reuse {
        var prefix = false
        var suffix = false
    }

    /// Parses `edited` with and without `previous`; returns what could be kept.
    @discardableResult
    private func assertReparseMatches(
        _ edited: String, previous: SyntaxTree, _ label: String,
        file: StaticString = #filePath, line: UInt = #line
    ) -> Reuse {
        let source = SourceFile(path: previous.source.path, text: edited)
        let expected = Parser.parse(source, limits: .default)
        let reparsed = Parser.parse(source, reusing: previous)
        if reparsed != expected {
            XCTFail("\(label): the reparse differs from a parse from scratch", file: file, line: line)
        }
        var old = previous.source.text, new = edited
        return old.withUTF8 { oldBytes in
            new.withUTF8 { newBytes in
                let edit = IncrementalParse.Edit(old: oldBytes, new: newBytes)
                let prefix = IncrementalParse.reusablePrefix(of: previous, edit: edit, newBytes: newBytes)
                let suffix = IncrementalParse.reusableSuffix(
                    of: previous, edit: edit, newBytes: newBytes,
                    after: prefix?.cut ?? 0, keptStatements: prefix?.statementCount ?? 0)
                return Reuse(prefix: prefix != nil, suffix: suffix != nil)
            }
        }
    }

    private func lineStarts(of text: String) -> [Int] {
        let bytes = Array(text.utf8)
        return [0] + (1..<max(1, bytes.count)).filter { bytes[$0 - 1] == UInt8(ascii: "\n") }
    }

    func testEditsAtEveryLineOfTheTrickyAndShippedFilesMatch() throws {
        var generator = SeededGenerator(seed: 0x1_C4E)
        var reused = 0, suffixes = 0
        for (name, text) in try [("tricky", IncrementalParseTests.tricky)] + shippedRuleFiles() {
            let previous = Parser.parse(SourceFile(path: "edit.rules", text: text), limits: .default)
            for start in lineStarts(of: text) {
                for shift in [0, 1, 3] {
                    let edited = edit(text, at: start + shift, using: &generator)
                    let reuse = assertReparseMatches(edited, previous: previous, "\(name), edit at \(start + shift)")
                    if reuse.prefix { reused += 1 }
                    if reuse.suffix { suffixes += 1 }
                }
            }
        }
        // Most edits in the clean shipped files keep the statements before them, and many
        // those after them.
        XCTAssertGreaterThan(reused, 100)
        XCTAssertGreaterThan(suffixes, 100)
    }

    func testEditsOfMutatedFilesMatch() throws {
        var generator = SeededGenerator(seed: 0x1_C4F)
        let bases = try [IncrementalParseTests.tricky] + shippedRuleFiles().map(\.text)
        for round in 0..<150 {
            let text = RuleFileMutator.mutate(bases[round % bases.count], using: &generator)
            let previous = Parser.parse(SourceFile(path: "edit.rules", text: text), limits: .default)
            let count = text.utf8.count
            for attempt in 0..<8 {
                let edited = edit(text, at: Int.random(in: 0...count, using: &generator), using: &generator)
                assertReparseMatches(edited, previous: previous, "mutation \(round), edit \(attempt)")
            }
        }
    }

    /// As in the language server: every version is parsed reusing the previous version's
    /// tree, itself a reparse.
    func testAChainOfEditsMatchesAtEveryStep() throws {
        var generator = SeededGenerator(seed: 0x1_C50)
        var text = try shippedRuleFiles().map(\.text).joined(separator: "\n")
        var tree = Parser.parse(SourceFile(path: "chain.rules", text: text))
        var reused = 0
        for step in 0..<200 {
            text = edit(text, at: Int.random(in: 0...text.utf8.count, using: &generator), using: &generator)
            if assertReparseMatches(text, previous: tree, "step \(step)").prefix { reused += 1 }
            tree = Parser.parse(SourceFile(path: "chain.rules", text: text), reusing: tree)
        }
        // Random fragments leave diagnostics behind, and nothing before a diagnostic is kept.
        XCTAssertGreaterThan(reused, 5)
    }

    func testALargeFileIsReparsedFromTheEdit() throws {
        let shipped = try shippedRuleFiles().map(\.text).joined(separator: "\n")
        var text = ""
        while text.utf8.count < 256 * 1024 { text += shipped + "\n" }
        let previous = Parser.parse(SourceFile(path: "big.rules", text: text))
        var generator = SeededGenerator(seed: 0x1_C51)
        var reused = 0
        for fraction in [0.1, 0.3, 0.5, 0.7] {
            let lines = lineStarts(of: text)
            let start = lines[Int(Double(lines.count) * fraction)]
            for shift in 0..<3 {
                let edited = edit(text, at: start + shift, using: &generator)
                if assertReparseMatches(edited, previous: previous, "at \(fraction)").prefix { reused += 1 }
            }
        }
        XCTAssertGreaterThan(reused, 6)
    }

    func testThePrefixEndsBeforeTheEditedStatement() {
        let text = "a: required\nb: required\n# note\nc: required\nd: required\n"
        let previous = Parser.parse(SourceFile(path: "p.rules", text: text))
        let edited = text.replacingOccurrences(of: "c: required", with: "c: required, minLength 2")
        var old = text, new = edited
        let prefix = old.withUTF8 { oldBytes in
            new.withUTF8 {
                IncrementalParse.reusablePrefix(of: previous, edit: IncrementalParse.Edit(old: oldBytes, new: $0), newBytes: $0)
            }
        }
        // `c` contains the change: `a` and `b` and the comment are kept, `c` is reparsed.
        XCTAssertEqual(prefix, IncrementalParse.Prefix(statementCount: 2, commentCount: 1, cut: 31, lastEnd: 23))
    }

    func testNothingIsReusedAfterADiagnosticOrAtTheFirstStatement() {
        func prefix(_ text: String, _ edited: String) -> IncrementalParse.Prefix? {
            let previous = Parser.parse(SourceFile(path: "p.rules", text: text))
            var old = text, new = edited
            return old.withUTF8 { oldBytes in
                new.withUTF8 {
                    IncrementalParse.reusablePrefix(of: previous, edit: IncrementalParse.Edit(old: oldBytes, new: $0), newBytes: $0)
                }
            }
        }
        // A `when` header without `{` forgives a later `}`: the state is not clean.
        XCTAssertNil(prefix("when a\nb: required\nc: required\n}\n", "when a\nb: required\nc: requiredx\n}\n"))
        XCTAssertNil(prefix("a: required\nb: required\n", "a: requiredx\nb: required\n"))
        XCTAssertNotNil(prefix("a: required\nb: required\n", "a: required\nb: requiredx\n"))
        // A trailing comma followed by a new statement is a diagnosed slip.
        XCTAssertNil(prefix("a: required,\nb: required\nc: x\n", "a: required,\nb: required\nc: xy\n"))
        // A list continued on the next line is one statement: the cut is after it.
        XCTAssertEqual(prefix("a: required,\n  minLength 2\nb: x\n", "a: required,\n  minLength 2\nb: xy\n")?.statementCount, 1)
    }

    /// Edits whose middle or previous tree leaves parser state at the statement after
    /// them: the statements after the edit must not be kept as they were.
    func testStateCarriedAcrossTheEditIsNotKeptOver() {
        let cases: [(old: String, new: String)] = [
            // The deleted header without `{` had forgiven the later `}`: now it is stray.
            ("a: x\nwhen b\nc: y\n}\nd: z\n", "a: x\nc: y\n}\nd: z\n"),
            ("a: x\nwhen b\nc: y\nwhen e {\nf: g\n}\n}\nd: z\n", "a: x\nc: yy\nwhen e {\nf: g\n}\n}\nd: z\n"),
            // A trailing `,` hidden behind a comment: the list would go on into `b`.
            ("x: y\na: required # note\nb: z\n", "x: y\na: required, # note\nb: z\n"),
            ("x: y\na: required, # note\nb: z\n", "x: y\na: required, email, # note\nb: z\n"),
            // A header now missing its `{`, and a block now left open.
            ("x: y\nwhen a {\nb: c\n}\nd: e\n", "x: y\nwhen a\nb: c\n}\nd: e\n"),
            ("x: y\nwhen a {\nb: c\n}\nd: e\n", "x: y\nwhen a {\nb: c\nd: e\n"),
        ]
        for (old, new) in cases {
            let previous = Parser.parse(SourceFile(path: "s.rules", text: old))
            assertReparseMatches(new, previous: previous, "\(old.debugDescription) → \(new.debugDescription)")
        }
    }

    func testAnotherFileOrNoPreviousTreeParsesFromScratch() {
        let text = "a: required\nb: required\n"
        let previous = Parser.parse(SourceFile(path: "one.rules", text: text))
        let edited = SourceFile(path: "two.rules", text: text + "c: required\n")
        XCTAssertEqual(Parser.parse(edited, reusing: previous), Parser.parse(edited))
        XCTAssertEqual(Parser.parse(edited, reusing: nil), Parser.parse(edited))
    }
}
