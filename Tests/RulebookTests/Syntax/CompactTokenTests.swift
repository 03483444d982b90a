import RulebookTooling
import SeededRandom
import XCTest

@testable import Rulebook

/// The lexer's ``CompactToken``: it round-trips to the public ``Token`` for every
/// kind at any offset up to its cap, `Lexer.lex` hands out exactly the tokens of the
/// compact buffer, and text past the cap is reported, not misread.
final class CompactTokenTests: XCTestCase {
    func testEveryKindRoundTripsAtOffsetsNearTheCap() {
        let cap = CompactToken.maxOffset
        XCTAssertEqual(cap, Int(UInt32.max))
        let ranges = [(0, 0), (0, 1), (5, 17), (1 << 31, (1 << 31) + 3), (cap - 1, cap), (cap, cap), (0, cap), (cap - 70_000, cap - 2)]
        for kind in TokenKind.allCases {
            for (start, end) in ranges {
                for hasError in [false, true] {
                    let compact = CompactToken(kind: kind, start: start, end: end, hasError: hasError)
                    let token = compact.token
                    XCTAssertEqual(token, Token(kind: kind, range: SourceRange(start: start, end: end), hasError: hasError))
                    XCTAssertEqual(compact.range, token.range)
                    XCTAssertEqual(compact.kind, kind)
                    XCTAssertEqual(compact.hasError, hasError)
                }
            }
        }
    }

    func testLexHandsOutTheCompactTokensOfEveryKind() {
        var generator = SeededGenerator(seed: 12)
        let pieces = [
            "name", "12", "-3", "1.5e3", "\"s\"", "\"bad\\q\"", "/p/i", "/open", "2026-01-31", "2026-13-40", ":", ",", ".", "=",
            "==", "!=", "{", "}", "(", ")", "[", "]", "*", "\n", "\r\n", "@", " ", "# c\n", "日本", "\u{1}",
        ]
        var seen = Set<TokenKind>()
        for round in 0..<200 {
            let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            let lexed = Lexer.lex(SourceFile(path: "t.rules", text: text))
            var copy = text
            let compact = copy.withUTF8 { bytes in
                Lexer.lexTokens(bytes: bytes, file: "t.rules", limits: .default).withTokens { $0.map(\.token) }
            }
            XCTAssertEqual(lexed.tokens, compact, "round \(round): \(text.debugDescription)")
            XCTAssertEqual(lexed.tokens.last?.kind, .endOfFile)
            XCTAssertEqual(lexed.tokens.last?.range, .empty(at: text.utf8.count))
            seen.formUnion(lexed.tokens.map(\.kind))
        }
        XCTAssertEqual(seen, Set(TokenKind.allCases))
    }

    func testTextPastTheCapIsReportedNotRead() {
        let text = "a: required\nb: required\n"
        var copy = text
        copy.withUTF8 { bytes in
            let lexed = Lexer.lexTokens(bytes: bytes, file: "t.rules", limits: .default, from: 0, maxBytes: 12)
            let tokens = lexed.withTokens { $0.map(\.token) }
            XCTAssertEqual(tokens.map(\.kind), [.identifier, .colon, .identifier, .newline, .endOfFile])
            XCTAssertEqual(tokens.last?.range, .empty(at: 12))
            XCTAssertEqual(lexed.diagnostics.map(\.code), [.limitExceeded])
            XCTAssertEqual(lexed.diagnostics.first?.range, SourceRange(start: 12, end: text.utf8.count))
            XCTAssertEqual(lexed.tokens.byteCount, 12)
            // Under the cap nothing is reported.
            let whole = Lexer.lexTokens(bytes: bytes, file: "t.rules", limits: .default, from: 0, maxBytes: text.utf8.count)
            XCTAssertTrue(whole.diagnostics.isEmpty)
            XCTAssertEqual(whole.tokens.count, 9)
        }
    }

    func testUnboundedLimitsParseUnderTheCap() {
        // The parser's effective file limit is the smaller of the limits' and the cap
        // (a 4 GiB text is too large to test here); under it, nothing changes.
        XCTAssertEqual(ParserLimits(maxFileBytes: .max).effectiveMaxFileBytes, Int(UInt32.max))
        XCTAssertEqual(ParserLimits(maxFileBytes: 100).effectiveMaxFileBytes, 100)
        let limits = ParserLimits(maxFileBytes: Int.max)
        let tree = Parser.parse(SourceFile(path: "t.rules", text: "a: required\n"), limits: limits)
        XCTAssertTrue(tree.diagnostics.isEmpty)
        XCTAssertEqual(tree.statements.count, 1)
    }
}
