import RulebookTooling
import SeededRandom
import XCTest

@testable import Rulebook

/// The parser's performance paths against the plain computations they replace:
/// interned strings equal `String(decoding:as:)` of the same bytes (valid UTF-8 or not,
/// at the end of the buffer too), the list stack hands out exactly what was pushed, and
/// the lexer's byte-level number and date checks agree with the exact conversions.
final class ParserFastPathTests: XCTestCase {
    private func withBytes<R>(_ bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        bytes.withUnsafeBufferPointer(body)
    }

    func testInternedStringsEqualDecodedBytes() {
        var generator = SeededGenerator(seed: 61)
        let alphabet: [UInt8] = Array("abcAB_09.-\"é".utf8) + [0xFF, 0xC3, 0x80, 0xE2, 0x82]
        for round in 0..<40 {
            let bytes = (0..<Int.random(in: 1...300, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
            withBytes(bytes) { buffer in
                let interner = StringInterner(bytes: buffer)
                for _ in 0..<400 {
                    let start = Int.random(in: 0..<buffer.count, using: &generator)
                    let end = Int.random(in: start...min(buffer.count, start + (round % 2 == 0 ? 20 : 80)), using: &generator)
                    let expected = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
                    XCTAssertEqual(interner.string(from: start, to: end), expected, "bytes \(start)..<\(end) of round \(round)")
                }
            }
        }
    }

    func testInternerReturnsTheFirstOccurrencesStringAndGrows() {
        // More distinct strings than the initial table holds, each seen twice.
        let words = (0..<2_000).map { "word\($0)" }
        let text = (words + words).joined(separator: " ")
        withBytes(Array(text.utf8)) { buffer in
            let interner = StringInterner(bytes: buffer)
            var offset = 0
            for (index, word) in (words + words).enumerated() {
                let string = interner.string(from: offset, to: offset + word.utf8.count)
                XCTAssertEqual(string, word, "word \(index)")
                offset += word.utf8.count + 1
            }
            XCTAssertEqual(interner.string(from: 0, to: 0), "")
        }
    }

    func testListStackTakesWhatWasPushedAboveItsBase() {
        var generator = SeededGenerator(seed: 7)
        let stack = SyntaxListStack<String>(capacity: 2)
        var model: [String] = []
        var bases: [Int] = []
        for step in 0..<5_000 {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<5:
                let value = "value \(step) " + String(repeating: "x", count: step % 40)  // some heap strings
                stack.push(value)
                model.append(value)
            case 5:
                bases.append(stack.height)
            case 6:
                let base = bases.last ?? 0
                XCTAssertEqual(stack.top(above: base), model.count > base ? model.last : nil)
                let popped = stack.pop(above: base)
                XCTAssertEqual(popped, model.count > base ? model.removeLast() : nil)
            default:
                let base = bases.popLast() ?? 0
                let taken = stack.take(above: base)
                XCTAssertEqual(taken, Array(model[base...]), "step \(step)")
                model.removeSubrange(base...)
            }
            XCTAssertEqual(stack.height, model.count)
        }
    }

    func testNumbersJudgedInRangeOnTheirBytesConvert() {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<3_000 {
            let digits = Int.random(in: 1...24, using: &generator)
            var text = Bool.random(using: &generator) ? "-" : ""
            text += String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
            if Bool.random(using: &generator) { text += "." + String(Int.random(in: 0...999, using: &generator)) }
            if Int.random(in: 0..<3, using: &generator) == 0 {
                text += "e" + (Bool.random(using: &generator) ? "-" : "") + String(Int.random(in: 0...400, using: &generator))
            }
            let lexed = Lexer.lex(SourceFile(path: "n.rules", text: text))
            guard let token = lexed.tokens.first, token.kind == .integer || token.kind == .decimal else {
                XCTFail("'\(text)' did not lex as a number")
                continue
            }
            // The lexer reports an out-of-range number exactly when the exact conversion fails.
            let exact = token.kind == .integer ? Int(text) != nil : (Double(text)?.isFinite ?? false)
            XCTAssertEqual(lexed.diagnostics.isEmpty, exact, "'\(text)'")
            if token.kind == .integer {
                // The parser reads the same value from the bytes as `Int(text)`.
                let tree = Parser.parse(SourceFile(path: "n.rules", text: "a: min \(text)\n"))
                guard case .field(let field) = tree.statements.first,
                    case .integer(let value, let written)? = field.rules.first?.arguments.first?.kind
                else {
                    XCTFail("'\(text)' did not parse as an integer argument")
                    continue
                }
                XCTAssertEqual(written, text)
                XCTAssertEqual(value, Int(text) ?? (text.hasPrefix("-") ? Int.min : Int.max), "'\(text)'")
            }
        }
    }

    func testDatesRecognisedOnTheirBytesAgreeWithTheWordedCheck() {
        var generator = SeededGenerator(seed: 23)
        for _ in 0..<3_000 {
            let year = String(Int.random(in: 0...12_000, using: &generator))
            let month = String(Int.random(in: 0...14, using: &generator))
            let day = String(Int.random(in: 0...33, using: &generator))
            func padded(_ part: String, _ width: Int) -> String {
                Bool.random(using: &generator) ? String(repeating: "0", count: max(0, width - part.count)) + part : part
            }
            let text = "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
            let lexed = Lexer.lex(SourceFile(path: "d.rules", text: text))
            XCTAssertEqual(lexed.tokens.first?.kind, .date, text)
            XCTAssertEqual(lexed.diagnostics.isEmpty, LexerState.dateProblem(text, malformed: false) == nil, text)
            let bytes = Array(text.utf8)
            let fast = bytes.withUnsafeBufferPointer { LexerState.isoDate($0, from: 0, to: $0.count) }
            if let fast {
                XCTAssertEqual([fast.year, fast.month, fast.day], text.split(separator: "-").map { Int($0) ?? -1 }, text)
            } else {
                XCTAssertFalse(bytes.count == 10 && text.split(separator: "-").map(\.count) == [4, 2, 2], text)
            }
        }
    }
}
