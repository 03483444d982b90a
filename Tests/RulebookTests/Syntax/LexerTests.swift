import RulebookTooling
import XCTest

@testable import Rulebook

final class LexerTests: XCTestCase {
    private func kinds(_ text: String) -> [TokenKind] {
        Lexer.lex(SourceFile(path: "t.rules", text: text)).tokens.map(\.kind)
    }

    func testPunctuationAndOperators() {
        XCTAssertEqual(
            kinds(": , . = == != { } ( ) [ ] *"),
            [
                .colon, .comma, .dot, .equals, .equalEqual, .bangEqual, .leftBrace, .rightBrace,
                .leftParen, .rightParen, .leftBracket, .rightBracket, .star, .endOfFile,
            ])
    }

    func testNumbersDatesAndNames() {
        XCTAssertEqual(
            kinds("12 -3 1.5 -0.25 1e3 2.5E-2 2026-01-31 name _x a1"),
            [.integer, .integer, .decimal, .decimal, .decimal, .decimal, .date, .identifier, .identifier, .identifier, .endOfFile])
        // `1.` is not a decimal: the dot is its own token (and `1.x` a number then a path).
        XCTAssertEqual(kinds("1.x"), [.integer, .dot, .identifier, .endOfFile])
    }

    func testLineBreaksOfEveryKindAreOneTokenEach() {
        let lexed = Lexer.lex(SourceFile(path: "t", text: "a\nb\r\nc\rd"))
        XCTAssertEqual(
            lexed.tokens.map(\.kind), [.identifier, .newline, .identifier, .newline, .identifier, .newline, .identifier, .endOfFile])
        XCTAssertEqual(lexed.tokens[3].range, SourceRange(start: 3, end: 5))
    }

    func testCommentsAreCollectedNotTokenised() {
        let lexed = Lexer.lex(SourceFile(path: "t", text: "# one\r\na: required # two\n\"#not\" /#no/"))
        XCTAssertEqual(lexed.comments.map(\.text), ["# one", "# two"])
        XCTAssertEqual(lexed.comments.map(\.range), [SourceRange(start: 0, end: 5), SourceRange(start: 19, end: 24)])
        XCTAssertEqual(lexed.tokens.map(\.kind), [.newline, .identifier, .colon, .identifier, .newline, .string, .regex, .endOfFile])
    }

    func testUnicodeLettersMakeIdentifiersOtherScalarsAreInvalid() {
        XCTAssertEqual(kinds("prénom 名前"), [.identifier, .identifier, .endOfFile])
        let lexed = Lexer.lex(SourceFile(path: "t", text: "a 😀😀 b"))
        XCTAssertEqual(lexed.tokens.map(\.kind), [.identifier, .invalid, .identifier, .endOfFile])
        XCTAssertEqual(lexed.tokens[1].range, SourceRange(start: 2, end: 10))
        XCTAssertEqual(lexed.diagnostics.map(\.message), ["unexpected characters '😀😀'"])
    }

    func testRegexRunsToUnescapedSlashOutsideClasses() {
        let text = #"/a\/b[/]c/gi x"#
        let lexed = Lexer.lex(SourceFile(path: "t", text: text))
        XCTAssertEqual(lexed.tokens.map(\.kind), [.regex, .identifier, .endOfFile])
        XCTAssertEqual(lexed.tokens[0].range, SourceRange(start: 0, end: 12))
        XCTAssertTrue(lexed.diagnostics.isEmpty)
    }

    func testByteOrderMarkIsSkipped() {
        let lexed = Lexer.lex(SourceFile(path: "t", text: "\u{FEFF}a: b"))
        XCTAssertEqual(lexed.tokens.first?.range, SourceRange(start: 3, end: 4))
        XCTAssertTrue(lexed.diagnostics.isEmpty)
    }

    func testControlCharactersAreNamedByCodePoint() {
        let lexed = Lexer.lex(SourceFile(path: "t", text: "a \u{7}"))
        XCTAssertEqual(lexed.diagnostics.map(\.message), ["unexpected character U+0007"])
    }

    /// More tokens than the lexer's first guess (one per four bytes) grow its buffer
    /// several times; every token must come through in place.
    func testTokensBeyondTheFirstBufferSurviveItsGrowth() {
        let tokens = Lexer.lex(SourceFile(path: "t.rules", text: String(repeating: ",", count: 4_000))).tokens
        XCTAssertEqual(tokens.count, 4_001)
        for (index, token) in tokens.dropLast().enumerated() {
            XCTAssertEqual(token.kind, .comma, "token \(index)")
            XCTAssertEqual(token.range, SourceRange(start: index, end: index + 1), "token \(index)")
        }
        XCTAssertEqual(tokens.last?.kind, .endOfFile)
    }

    /// A rule's message override lives in a box of its own: two parses of the same rule
    /// (two boxes) are equal and hash alike, and a different message is not equal.
    func testRulesWithEqualMessagesInDifferentBoxesAreEqual() {
        func rule(_ text: String) -> RuleSyntax? {
            guard case .field(let field)? = Parser.parse(SourceFile(path: "t.rules", text: text)).statements.first else { return nil }
            return field.rules.first
        }
        let first = rule("a: minLength 2 message name.short\n"), second = rule("a: minLength 2 message name.short\n")
        XCTAssertNotNil(first?.message)
        XCTAssertEqual(first, second)
        XCTAssertEqual(first?.hashValue, second?.hashValue)
        XCTAssertNotEqual(first, rule("a: minLength 2 message name.other\n"))
    }
}
