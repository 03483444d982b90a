import XCTest

@testable import Rulebook

final class SyntaxErrorIndexTests: XCTestCase {
    func testFindsErrorsTouchingARange() {
        let source = MarkedSource("a: required\nb1️⃣ required\nc: minLength 2️⃣@3️⃣\nd: email\n")
        let tree = parse(source.text)
        let index = SyntaxErrorIndex(tree)
        XCTAssertFalse(index.isEmpty)
        guard tree.statements.count == 4 else { return XCTFail(tree.dump()) }
        XCTAssertEqual(tree.statements.map { index.hasError(touching: $0.range) }, [false, true, true, false])
        XCTAssertTrue(index.hasError(touching: .empty(at: source[2])))
        XCTAssertFalse(index.hasError(touching: .empty(at: 0)))
        XCTAssertTrue(SyntaxErrorIndex(parse("a: b\n")).isEmpty)
    }

    func testLongErrorRangeCoversLaterNodes() {
        let diagnostics = [
            Diagnostic(file: "f", range: SourceRange(start: 0, end: 100), code: .limitExceeded, message: "long"),
            Diagnostic(file: "f", range: SourceRange(start: 10, end: 11), code: .unexpectedToken, message: "short"),
        ]
        let index = SyntaxErrorIndex(diagnostics: diagnostics)
        XCTAssertTrue(index.hasError(touching: SourceRange(start: 50, end: 60)))
        XCTAssertFalse(index.hasError(touching: SourceRange(start: 101, end: 120)))
    }
}
