import RulebookTooling
import SeededRandom
import XCTest

@testable import Rulebook

final class FormatterTests: XCTestCase {
    private func format(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        guard let output = Formatter.format(SourceFile(path: "t.rules", text: text)) else {
            XCTFail("unexpected syntax errors: \(parse(text).diagnostics)", file: file, line: line)
            return ""
        }
        return output
    }

    func testSpacingAlignmentAndFinalNewline() {
        XCTAssertEqual(
            format("firstName:required,minLength   2\nlastName :  required\nemail:required,  minLength 5,email"),
            """
            firstName: required, minLength 2
            lastName:  required
            email:     required, minLength 5, email

            """)
    }

    func testBlankLinesAndCommentLinesEndAlignmentGroups() {
        XCTAssertEqual(
            format("\n\n# head\n\n\na: required\nlongName: email\n\n\n\nb: required\n# note\nlonger: required\n\n\n"),
            """
            # head

            a:        required
            longName: email

            b: required
            # note
            longer: required

            """)
    }

    func testNamedRulesAlignTheirEqualsSigns() {
        XCTAssertEqual(
            format("rule a=required\nrule longer = required , minLength 2\nimport   \"x.rules\"\n"),
            """
            rule a      = required
            rule longer = required, minLength 2
            import "x.rules"

            """)
    }

    func testTrailingCommentsStayTrailingAndAlignWithinAGroup() {
        XCTAssertEqual(
            format("a: required   # one   \nbb: required, email #two\nccc: url\n\nd: x # alone\n"),
            """
            a:   required        # one
            bb:  required, email #two
            ccc: url

            d: x # alone

            """)
    }

    func testWhenBlocksAreIndentedAndConditionsSpaced() {
        let input = """
            when   a==1   or(b!="x"and not c){
            x: required
                 when d
            {
            # inside
            y:email # t
            }   # after

            }
            """
        XCTAssertEqual(
            format(input),
            """
            when a == 1 or (b != "x" and not c) {
              x: required
              when d {
                # inside
                y: email # t
              } # after
            }

            """)
    }

    func testOneLineBlockIsExpandedAndEmptyBlockKept() {
        XCTAssertEqual(
            format("when a { x: required }\nwhen b {}\n"),
            """
            when a {
              x: required
            }
            when b {
            }

            """)
    }

    func testContinuedStatementsKeepTheirBreaksUnderTheFirstRule() {
        let input = "password: required, # why\n      minLength 8,\n\n   # strength\n containsDigit,containsLetter\nx: email\n"
        XCTAssertEqual(
            format(input),
            """
            password: required, # why
                      minLength 8,
                      # strength
                      containsDigit, containsLetter
            x:        email

            """)
    }

    func testLiteralsAreReprintedExactlyAsWritten() {
        let input =
            #"x: oneOf "a\u{41}\"" "😀" 1e3 -0.50 2026-01-31 today true, pattern /a\/b[/]/i message "Bad \n", same "first-name".x message k.y"#
        XCTAssertEqual(format(input), input + "\n")
    }

    func testCommentsInsideAWhenHeaderMoveAboveIt() {
        XCTAssertEqual(
            format("when a # why\n{\n  x: required\n}\n"),
            """
            # why
            when a {
              x: required
            }

            """)
    }

    func testCRLFAndCRInputBecomeLF() {
        XCTAssertEqual(format("a: required\r\n\r\n\r\nb:  email\r\n"), "a: required\n\nb: email\n")
        XCTAssertEqual(format("a: required\r# c\rb: email"), "a: required\n# c\nb: email\n")
    }

    func testEmptyAndCommentOnlyFiles() {
        XCTAssertEqual(format(""), "")
        XCTAssertEqual(format("\n\n  \n"), "")
        XCTAssertEqual(format("# a\n\n\n# b   \n"), "# a\n\n# b\n")
    }

    func testRefusesTreesWithSyntaxErrors() {
        XCTAssertNil(Formatter.format(parse("a: required\nb minLength 2\n")))
        XCTAssertNil(Formatter.format(parse("when a {\n")))
    }

    func testShippedRuleFilesAreAlreadyCanonical() throws {
        for (name, text) in try shippedRuleFiles() {
            XCTAssertEqual(format(text), text, name)
        }
    }
}

/// Properties that must hold for every formattable input: idempotence, the same
/// statements after formatting, and no comment lost.
final class FormatterPropertyTests: XCTestCase {
    private func assertFormattingProperties(_ text: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let tree = Parser.parse(SourceFile(path: name, text: text))
        guard let once = Formatter.format(tree) else { return XCTFail("\(name) has syntax errors", file: file, line: line) }
        let reparsed = Parser.parse(SourceFile(path: name, text: once))
        XCTAssertEqual(reparsed.diagnostics, [], "\(name): formatted text has errors\n\(once)", file: file, line: line)
        XCTAssertEqual(
            Formatter.format(reparsed), once, "\(name): not idempotent\n--- input ---\n\(text)\n--- once ---\n\(once)", file: file,
            line: line)
        XCTAssertEqual(
            reparsed.dump(ranges: false), tree.dump(ranges: false), "\(name): statements changed\n\(text)\n---\n\(once)", file: file,
            line: line)
        let trim: (CommentSyntax) -> String = { comment in
            var text = Substring(comment.text)
            while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
            return String(text)
        }
        XCTAssertEqual(reparsed.comments.map(\.text), tree.comments.map(trim), "\(name): comments changed", file: file, line: line)
    }

    func testShippedRuleFiles() throws {
        for (name, text) in try shippedRuleFiles() {
            assertFormattingProperties(text, name)
        }
    }

    func testMutatedRuleFilesThatStillParse() throws {
        let files = try shippedRuleFiles().map(\.text)
        var generator = SeededGenerator(seed: 0xF0_0D)
        var formatted = 0
        for iteration in 0..<3_000 {
            let text = RuleFileMutator.mutate(files[iteration % files.count], using: &generator)
            guard !Parser.parse(SourceFile(path: "m.rules", text: text)).diagnostics.containsErrors else { continue }
            formatted += 1
            assertFormattingProperties(text, "mutation \(iteration)")
        }
        XCTAssertGreaterThan(formatted, 300)
    }

    func testHandWrittenCorner() {
        let text = """
            # lead

            rule   a =required,
              # c1
              minLength 2 # c2
            x  :a,   # c3

                 email
            when   (a) { # c4
              # c5
            when  not b== 2024-02-29 {
            y: required}
            # c6
            }
            # tail
            """
        assertFormattingProperties(text, "corner")
    }
}
