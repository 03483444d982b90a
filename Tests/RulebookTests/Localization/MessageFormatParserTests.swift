import RulebookTooling
import SeededRandom
import XCTest

@testable import Rulebook
@testable import RulebookMessageFormat

final class MessageFormatParserTests: XCTestCase {
    private func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> MessageFormat? {
        switch MessageFormat.parse(text) {
        case .success(let format): return format
        case .failure(let error):
            XCTFail("unexpected error \(error.message) at \(error.range) in \(text)", file: file, line: line)
            return nil
        }
    }

    /// Asserts a syntax error whose range covers exactly the text marked with `⟦…⟧`.
    private func assertError(_ marked: String, contains fragment: String, file: StaticString = #filePath, line: UInt = #line) {
        let open = marked.range(of: "⟦")!, close = marked.range(of: "⟧")!
        let text = marked.replacingOccurrences(of: "⟦", with: "").replacingOccurrences(of: "⟧", with: "")
        let start = marked.utf8.distance(from: marked.utf8.startIndex, to: open.lowerBound.samePosition(in: marked.utf8)!)
        let end = marked.utf8.distance(from: marked.utf8.startIndex, to: close.lowerBound.samePosition(in: marked.utf8)!) - "⟦".utf8.count
        switch MessageFormat.parse(text) {
        case .success: XCTFail("expected an error in \(text)", file: file, line: line)
        case .failure(let error):
            XCTAssertEqual(error.range, start..<end, "range of: \(error.message)", file: file, line: line)
            XCTAssertTrue(error.message.contains(fragment), error.message, file: file, line: line)
        }
    }

    func testSimpleArgumentsAndText() throws {
        let format = try XCTUnwrap(parse("Hello {name}, you are {age, number} and born {day, date, long}."))
        XCTAssertEqual(format.arguments.map(\.name), ["name", "age", "day"])
        XCTAssertEqual(format.arguments.first?.range, 7..<11)
        XCTAssertEqual(
            format.render(
                ["name": .text("Ada"), "age": .number(36), "day": .date(CalendarDate(year: 1815, month: 12, day: 10)!)],
                locale: "en"),
            "Hello Ada, you are 36 and born December 10, 1815.")
    }

    func testWhitespaceInsideArguments() throws {
        let format = try XCTUnwrap(parse("{ n ,plural,\n  one { # item }\n  other { # items } }"))
        XCTAssertEqual(format.render(["n": .number(1)], locale: "en"), " 1 item ")
    }

    func testPluralWithOffsetExactAndPound() throws {
        let format = try XCTUnwrap(
            parse("{n, plural, offset:1 =0 {nobody} =1 {only {who}} one {{who} and # other} other {{who} and # others}}"))
        XCTAssertEqual(format.render(["n": .number(0), "who": .text("Ann")], locale: "en"), "nobody")
        XCTAssertEqual(format.render(["n": .number(1), "who": .text("Ann")], locale: "en"), "only Ann")
        XCTAssertEqual(format.render(["n": .number(2), "who": .text("Ann")], locale: "en"), "Ann and 1 other")
        XCTAssertEqual(format.render(["n": .number(5), "who": .text("Ann")], locale: "en"), "Ann and 4 others")
    }

    func testSelectAndNesting() throws {
        let format = try XCTUnwrap(
            parse("{g, select, female {{n, plural, one {She has # cat} other {She has # cats}}} male {He} other {They}}"))
        XCTAssertEqual(format.render(["g": .text("female"), "n": .number(3)], locale: "en"), "She has 3 cats")
        XCTAssertEqual(format.render(["g": .text("male"), "n": .number(3)], locale: "en"), "He")
        XCTAssertEqual(format.render(["g": .text("x")], locale: "en"), "They")
        XCTAssertEqual(Set(format.argumentNames), ["g", "n"])
    }

    func testPoundIsLiteralOutsidePluralAndInsideNestedSelect() throws {
        XCTAssertEqual(parse("Item #1 for {x}")?.render(["x": .text("y")], locale: "en"), "Item #1 for y")
        let nested = try XCTUnwrap(parse("{n, plural, other {{s, select, other {#}} and #}}"))
        XCTAssertEqual(nested.render(["n": .number(4), "s": .text("a")], locale: "en"), "# and 4")
    }

    func testApostropheQuoting() throws {
        XCTAssertEqual(parse("It''s {x}")?.render(["x": .text("ok")], locale: "en"), "It's ok")
        XCTAssertEqual(parse("Don't worry")?.render([:], locale: "en"), "Don't worry", "a lone apostrophe is literal")
        XCTAssertEqual(parse("Use '{braces}' and '}'")?.render([:], locale: "en"), "Use {braces} and }")
        XCTAssertEqual(parse("'{It''s}'")?.render([:], locale: "en"), "{It's}")
        XCTAssertEqual(parse("{n, plural, other {'#' is #}}")?.render(["n": .number(3)], locale: "en"), "# is 3")
        XCTAssertEqual(parse("l’{field}")?.render(["field": .text("e")], locale: "fr"), "l’e", "a typographic apostrophe is plain text")
    }

    func testArgumentValuesAreNeverParsedAsSyntax() throws {
        let format = try XCTUnwrap(parse("Got {value}!"))
        for hostile in ["{x}", "'", "''{y}''", "{n, plural, other {#}}", "#", "}{", String(repeating: "{", count: 10_000)] {
            XCTAssertEqual(format.render(["value": .text(hostile)], locale: "en"), "Got \(hostile)!")
        }
        let plural = try XCTUnwrap(parse("{n, plural, other {# from {who}}}"))
        XCTAssertEqual(plural.render(["n": .number(2), "who": .text("{n}#'")], locale: "en"), "2 from {n}#'")
    }

    func testMissingArgumentIsShownAsWritten() throws {
        XCTAssertEqual(parse("Hi {name, number}!")?.render([:], locale: "en"), "Hi {name, number}!")
    }

    func testSyntaxErrorsWithExactRanges() {
        assertError("Hello ⟦{⟧name", contains: "not closed")
        assertError("Hello ⟦}⟧", contains: "unmatched")
        assertError("{ ⟦}⟧", contains: "argument name")
        assertError("{x, ⟦time⟧}", contains: "unsupported argument type")
        assertError("{x, date, ⟦full⟧}", contains: "date style")
        assertError("{x, number, ⟦percent⟧}", contains: "number style")
        assertError("⟦{n, plural, one {a}}⟧", contains: "'other'")
        assertError("⟦{s, select, a {x}}⟧", contains: "'other'")
        assertError("{n, plural, ⟦ones⟧ {a} other {b}}", contains: "unknown plural category")
        assertError("{n, plural, one {a} ⟦one⟧ {b} other {c}}", contains: "duplicate")
        assertError("{n, plural, =1 {a} ⟦=1⟧ {b} other {c}}", contains: "duplicate")
        assertError("{n, plural, one {a} ⟦offset⟧:1 other {c}}", contains: "offset")
        assertError("{n, plural, one ⟦x⟧ other {c}}", contains: "expected '{'")
        assertError("{n, plural, ⟦=⟧ {a} other {b}}", contains: "number after '='")
        assertError("Say ⟦'{hello}⟧", contains: "unterminated quoted")
        assertError("{x ⟦y⟧}", contains: "expected ','")
        assertError("{x, ⟦}⟧", contains: "argument type")
    }

    func testNestingIsLimited() {
        let deep = String(repeating: "{n, plural, other {", count: 40) + String(repeating: "}}", count: 40)
        guard case .failure(let error) = MessageFormat.parse(deep) else { return XCTFail("expected a depth error") }
        XCTAssertTrue(error.message.contains("nest deeper"))
        let fine = String(repeating: "{n, plural, other {", count: 8) + "#" + String(repeating: "}}", count: 8)
        XCTAssertNotNil(parse(fine))
    }

    func testRandomisedInputsNeverCrash() {
        var generator = SeededGenerator(seed: 0x1CE)
        let alphabet = Array("{}',#= abn0123456789plural,select,other one few offset:date,number,short".utf8)
        for _ in 0..<5_000 {
            let length = Int(generator.next() % 40)
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let text = String(decoding: bytes, as: UTF8.self)
            switch MessageFormat.parse(text) {
            case .success(let format):
                _ = format.render(["a": .number(1), "b": .text("x"), "n": .number(22)], locale: "pl")
            case .failure(let error):
                XCTAssertLessThanOrEqual(error.range.upperBound, bytes.count, text)
            }
        }
    }

    func testEveryBuiltInDefaultMessageParses() {
        for form in ValidatorDefinition.all.flatMap(\.forms) {
            if case .failure(let error) = MessageFormat.parse(form.defaultMessage) {
                XCTFail("\(form.messageKey): \(error.message)")
            }
        }
    }
}
