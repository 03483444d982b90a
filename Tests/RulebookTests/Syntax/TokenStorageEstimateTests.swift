import SeededRandom
import XCTest

@testable import Rulebook

/// The lexer's count of line breaks and the statement list's reservation drawn from it
/// (``TokenStorage/statementEstimate``): exact counts, and no reservation for text
/// without statements.
final class TokenStorageEstimateTests: XCTestCase {
    private func lexed(_ text: String) -> LexedTokens {
        var copy = text
        return copy.withUTF8 { Lexer.lexTokens(bytes: $0, file: "test.rules", limits: .default) }
    }

    func testLineBreaksAreTheNewlineTokens() {
        var generator = SeededGenerator(seed: 5)
        let pieces = ["a: required", "\n", "\r\n", "\r", "# c\n", "\"x\n", "/p\r\n", "}", " ", "when b {"]
        for round in 0..<300 {
            let text = (0..<Int.random(in: 0...30, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            let tokens = lexed(text)
            let newlines = tokens.withTokens { $0.filter { $0.kind == .newline }.count }
            XCTAssertEqual(tokens.tokens.lineBreaks, newlines, "round \(round): \(text.debugDescription)")
            XCTAssertEqual(tokens.tokens.byteCount, text.utf8.count)
            XCTAssertEqual(
                tokens.tokens.statementEstimate,
                min(newlines, tokens.tokens.count - newlines, text.utf8.count / TokenStorage.bytesPerEstimatedStatement) + 1)
        }
    }

    func testBlankLinesReserveNothing() {
        let tokens = lexed(String(repeating: "\n", count: 10_000))
        XCTAssertEqual(tokens.tokens.lineBreaks, 10_000)
        XCTAssertEqual(tokens.tokens.statementEstimate, 2)  // the end-of-file token, plus one
    }

    func testContinuationLinesReserveAtMostOnePerBytesPerStatement() {
        // Review: a text of continuation lines is one statement, but has a line break and
        // two other tokens per line: without the byte cap it reserved one statement per line.
        let text = "a: b,\n" + String(repeating: "  b,\n", count: 100_000) + "  b\n"
        let tokens = lexed(text)
        XCTAssertEqual(tokens.tokens.lineBreaks, 100_002)
        XCTAssertEqual(tokens.tokens.statementEstimate, text.utf8.count / TokenStorage.bytesPerEstimatedStatement + 1)
        XCTAssertLessThan(tokens.tokens.statementEstimate, 30_000)
        // The second part of a two-part parse is estimated from its own bytes.
        var copy = text
        let part = copy.withUTF8 { Lexer.lexTokens(bytes: $0, file: "test.rules", limits: .default, from: 300_000) }
        XCTAssertEqual(part.tokens.byteCount, text.utf8.count - 300_000)
        XCTAssertEqual(part.tokens.statementEstimate, (text.utf8.count - 300_000) / TokenStorage.bytesPerEstimatedStatement + 1)
        XCTAssertEqual(Parser.parse(SourceFile(path: "test.rules", text: text)).statements.count, 1)
    }

    func testManyShortStatementsGrowPastTheEstimate() {
        // `a:b` statements are shorter than the estimate assumes: the list grows, same tree.
        let text = String(repeating: "a:b\n", count: 5_000)
        let tokens = lexed(text)
        XCTAssertEqual(tokens.tokens.statementEstimate, text.utf8.count / TokenStorage.bytesPerEstimatedStatement + 1)
        let source = SourceFile(path: "test.rules", text: text)
        XCTAssertEqual(Parser.parse(source).statements.count, 5_000)
    }

    func testMoreStatementsThanLineBreaksParseAsWithoutAReservation() {
        // Stray braces are statements of their own on one line: the reservation is too
        // small and the list grows past it, with the same tree.
        let text = String(repeating: "}", count: 500) + "\n" + String(repeating: "a: required\n", count: 3)
        let source = SourceFile(path: "test.rules", text: text)
        var copy = text
        copy.withUTF8 { bytes in
            let tree = Parser.parse(source)
            XCTAssertEqual(tree.statements.count, 503)
            let lexedTokens = Lexer.lexTokens(bytes: bytes, file: source.path, limits: .default)
            let statements = lexedTokens.withTokens { tokens -> [StatementSyntax] in
                var state = ParserState(file: source.path, bytes: bytes, tokens: tokens, limits: .default)
                return state.parseFile(reserving: 0)
            }
            XCTAssertEqual(tree.statements, statements)
        }
    }
}
