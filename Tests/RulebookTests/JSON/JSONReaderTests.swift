import Foundation
import XCTest

@testable import Rulebook

final class JSONReaderTests: XCTestCase {
    func parse(_ text: String) throws -> Value { try JSONReader().parse(text) }

    func testScalars() throws {
        XCTAssertEqual(try parse("null"), .null)
        XCTAssertEqual(try parse("true"), .bool(true))
        XCTAssertEqual(try parse(" false "), .bool(false))
        XCTAssertEqual(try parse("\"hi\""), .string("hi"))
        XCTAssertEqual(try parse("\n\t\r 42 \n"), .integer(42))
    }

    func testNumbersKeepIntegerAndDecimalApart() throws {
        guard case .integer(34) = try parse("34") else { return XCTFail("34 is an integer") }
        guard case .integer(0) = try parse("-0") else { return XCTFail("-0 is the integer 0") }
        guard case .decimal(let half) = try parse("0.5"), half == 0.5 else { return XCTFail("0.5") }
        guard case .decimal(let twoPointZero) = try parse("2.0"), twoPointZero == 2 else { return XCTFail("2.0 is a decimal") }
        guard case .decimal(let exponent) = try parse("1E2"), exponent == 100 else { return XCTFail("1E2") }
        guard case .decimal(let negative) = try parse("-1.5e-3"), negative == -0.0015 else { return XCTFail("-1.5e-3") }
        guard case .integer(Int.max) = try parse("9223372036854775807") else { return XCTFail("Int.max") }
        guard case .integer(Int.min) = try parse("-9223372036854775808") else { return XCTFail("Int.min") }
        guard case .decimal(let big) = try parse("9223372036854775808"), big == 9223372036854775808.0 else {
            return XCTFail("beyond Int is a decimal")
        }
        guard case .decimal(let huge) = try parse("1e400"), huge == .infinity else { return XCTFail("1e400 overflows") }
        guard case .decimal(let tiny) = try parse("1e-400"), tiny == 0 else { return XCTFail("1e-400 underflows") }
        guard case .decimal(let precise) = try parse("0.1000000000000000055511151231257827"), precise == 0.1 else {
            return XCTFail("long mantissa rounds correctly")
        }
        guard case .decimal(let hard) = try parse("2.2250738585072011e-308"), hard == Double("2.2250738585072011e-308") else {
            return XCTFail("the classic hard case")
        }
    }

    func testContainersAndOrder() throws {
        let value = try parse(#"{"b": [1, 2.5, "x", null, true, {}], "a": {"c": []}}"#)
        XCTAssertEqual(value.objectValue?.keys, ["b", "a"])
        XCTAssertEqual(value["b"], [1, 2.5, "x", nil, true, .object(ValueObject())])
        XCTAssertEqual(value["a"]?["c"], .array([]))
    }

    func testDuplicateKeysLastWins() throws {
        let value = try parse(#"{"a": 1, "b": 2, "a": 3}"#)
        XCTAssertEqual(value["a"], 3)
        XCTAssertEqual(value.objectValue?.count, 2)
        XCTAssertEqual(value.objectValue?.keys, ["a", "b"])
    }

    func testEscapesAndUnicode() throws {
        XCTAssertEqual(try parse(#""\" \\ \/ \b \f \n \r \t""#), .string("\" \\ / \u{8} \u{C} \n \r \t"))
        XCTAssertEqual(try parse(#""\u0041\u00e9\u20AC""#), .string("Aé€"))
        XCTAssertEqual(try parse(#""\ud83d\ude00""#), .string("😀"))
        XCTAssertEqual(try parse(#""\uD83D\uDE00x""#), .string("😀x"))
        XCTAssertEqual(try parse(#""\u0000""#), .string("\u{0}"))
        XCTAssertEqual(try parse("\"naïve 日本 😀👍🏽\""), .string("naïve 日本 😀👍🏽"))
        // Long strings take the eight-bytes-at-a-time path; escapes at every alignment.
        for position in 0..<17 {
            let prefix = String(repeating: "a", count: position)
            XCTAssertEqual(try parse("\"\(prefix)\\n\(prefix)é\(prefix)\""), .string("\(prefix)\n\(prefix)é\(prefix)"))
        }
    }

    func testInputForms() throws {
        let text = #"{"age": 34}"#
        XCTAssertEqual(try JSONReader().parse(Array(text.utf8)), ["age": 34])
        XCTAssertEqual(try Value(json: text), ["age": 34])
        XCTAssertEqual(try Value(json: Array(text.utf8)), ["age": 34])
        XCTAssertEqual(try Value(json: Data(text.utf8)), ["age": 34])
        XCTAssertEqual(try Value(json: Array(text.utf8)[0...]), ["age": 34])
    }

    /// Every syntax error with its kind, offset and message.
    static let malformed: [(input: [UInt8], kind: JSONError.Kind, offset: Int, message: String?)] = [
        (b(""), .unexpectedEndOfInput, 0, "unexpected end of input"),
        (b("   "), .unexpectedEndOfInput, 3, nil),
        (b("{"), .unexpectedEndOfInput, 1, nil),
        (b("["), .unexpectedEndOfInput, 1, nil),
        (b(#"{"a":1"#), .unexpectedEndOfInput, 6, nil),
        (b(#"{"a""#), .unexpectedEndOfInput, 4, nil),
        (b("[1,2"), .unexpectedEndOfInput, 4, nil),
        (b(#"{"a":1 "b":2}"#), .unexpectedCharacter, 7, "expected ',' or '}' after object member"),
        (b("[1 2]"), .unexpectedCharacter, 3, "expected ',' or ']' after array element"),
        (b(#"{"a" 1}"#), .unexpectedCharacter, 5, "expected ':' after object key"),
        (b(#"{"a":1,"a"}"#), .unexpectedCharacter, 10, "expected ':' after object key"),
        (b("{a:1}"), .unexpectedCharacter, 1, "expected a string key or '}'"),
        (b(#"{"a":1,}"#), .unexpectedCharacter, 7, "expected a string key after ','"),
        (b("[1,]"), .unexpectedCharacter, 3, "expected a value"),
        (b(#"{"a":}"#), .unexpectedCharacter, 5, "expected a value"),
        (b("[1,\u{0}]"), .unexpectedCharacter, 3, "expected a value"),
        (b(".5"), .unexpectedCharacter, 0, "expected a value"),
        (b("+1"), .unexpectedCharacter, 0, "expected a value"),
        (b("NaN"), .unexpectedCharacter, 0, "expected a value"),
        (b("[Infinity]"), .unexpectedCharacter, 1, "expected a value"),
        (b("'a'"), .unexpectedCharacter, 0, "expected a value"),
        (b("[é]"), .unexpectedCharacter, 1, "expected a value"),  // well-formed UTF-8, just not JSON
        (b("{} é"), .trailingCharacters, 3, "trailing characters after the value"),
        (b(#"{"a" → 1}"#), .unexpectedCharacter, 5, "expected ':' after object key"),
        ([0xEF, 0xBB, 0xBF] + b("{}"), .unexpectedCharacter, 0, "expected a value"),
        (b("trux"), .unexpectedCharacter, 0, "invalid literal (expected true, false or null)"),
        (b("falsy"), .unexpectedCharacter, 0, nil),
        (b("[nULL]"), .unexpectedCharacter, 1, nil),
        (b("tru"), .unexpectedEndOfInput, 3, nil),
        (b("[nul"), .unexpectedEndOfInput, 4, nil),
        (b(#""\q""#), .invalidEscape, 1, "invalid escape \\q"),
        (b(#"["ab\x"]"#), .invalidEscape, 4, "invalid escape \\x"),
        (b(#""a\u00""#), .invalidEscape, 2, "invalid \\u escape: expected four hex digits"),
        (b(#""\u12G4""#), .invalidEscape, 1, nil),
        (b(#""\"#), .unexpectedEndOfInput, 2, nil),
        (b(#""\u12"#), .unexpectedEndOfInput, 5, nil),
        (b(#""\ud83d""#), .loneSurrogate, 1, "unpaired surrogate \\ud83d"),
        (b(#""\ude00""#), .loneSurrogate, 1, "unpaired surrogate \\ude00"),
        (b(#""\ud83dx""#), .loneSurrogate, 1, nil),
        (b(#""\ud83d\u0041""#), .loneSurrogate, 1, nil),
        (b(#""\ud83d\ud83d""#), .loneSurrogate, 1, nil),
        (b(#""\ud83d"#), .unexpectedEndOfInput, 7, nil),
        (b(#""\ud83d\"#), .unexpectedEndOfInput, 8, nil),
        (b("\"a\u{1}\""), .controlCharacterInString, 2, "unescaped control character U+0001 in string"),
        (b("\"\t\""), .controlCharacterInString, 1, "unescaped control character U+0009 in string"),
        (b("\"line\nbreak\""), .controlCharacterInString, 5, nil),
        (b(#""abc"#), .unexpectedEndOfInput, 4, nil),
        (b("01"), .invalidNumber, 0, "leading zeros are not allowed"),
        (b("[-01]"), .invalidNumber, 2, nil),
        (b("1."), .unexpectedEndOfInput, 2, nil),
        (b("1.x"), .invalidNumber, 2, "expected a digit after '.'"),
        (b("1.e5"), .invalidNumber, 2, nil),
        (b("-"), .unexpectedEndOfInput, 1, nil),
        (b("-a"), .invalidNumber, 1, "expected a digit after '-'"),
        (b("[- 1]"), .invalidNumber, 2, nil),
        (b("1e"), .unexpectedEndOfInput, 2, nil),
        (b("1e+"), .unexpectedEndOfInput, 3, nil),
        (b("1ex"), .invalidNumber, 2, "expected a digit in the exponent"),
        (b("[1e+x]"), .invalidNumber, 4, nil),
        (b("0x1A"), .trailingCharacters, 1, "trailing characters after the value"),
        (b("1 2"), .trailingCharacters, 2, nil),
        (b("{} x"), .trailingCharacters, 3, nil),
        (b("[]]"), .trailingCharacters, 2, nil),
        (b(#"{"a":1}}"#), .trailingCharacters, 7, nil),
        (b("truefalse"), .trailingCharacters, 4, nil),
        (b(#""abc"def"#), .trailingCharacters, 5, nil),
        (b("1.5.2"), .trailingCharacters, 3, nil),
        (b("-0.0e-0 \u{0}"), .trailingCharacters, 8, nil),
    ]

    static let invalidUTF8: [(input: [UInt8], offset: Int)] = [
        ([0x22, 0xFF, 0x22], 1),  // never valid
        ([0x22, 0xC3, 0x22], 1),  // truncated two-byte sequence
        ([0x22, 0xC3], 1),  // a two-byte lead as the last byte
        ([0x22, 0x61, 0xDF, 0xC0, 0x22], 2),  // a two-byte lead before a non-continuation byte
        ([0x22, 0xC3, 0xA9, 0xC3, 0x28, 0x22], 3),  // a valid two-byte sequence, then a bad one
        ([0x22, 0xC0, 0xAF, 0x22], 1),  // overlong '/'
        ([0x22, 0xC1, 0xBF, 0x22], 1),  // overlong
        ([0x22, 0xE0, 0x80, 0xAF, 0x22], 1),  // overlong three-byte
        ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),  // encoded surrogate U+D800
        ([0x22, 0xF0, 0x80, 0x80, 0xAF, 0x22], 1),  // overlong four-byte
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1),  // above U+10FFFF
        ([0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], 1),  // invalid lead
        ([0x22, 0x61, 0x62, 0x80, 0x22], 3),  // lone continuation
        ([0x22, 0xE2, 0x82, 0x41, 0x22], 1),  // bad third byte
        ([0x22, 0xE2, 0x82], 1),  // truncated by the end of input
        ([0x5B, 0x22, 0x61, 0x22, 0x2C, 0x22, 0xF0, 0x9F, 0x98, 0x22, 0x5D], 6),
        ([0x7B, 0x22, 0xFE, 0x22, 0x3A, 0x31, 0x7D], 2),  // in a key
        // Where a value or token is expected, a byte that does not start well-formed
        // UTF-8 is reported as such, not as "expected a value".
        ([0xFF, 0x7B, 0x7D], 0),  // before the document
        ([0x5B, 0x80, 0x5D], 1),  // a lone continuation as an element
        ([0x7B, 0x22, 0x61, 0x22, 0x3A, 0xC3, 0x28, 0x7D], 5),  // as a member value
        ([0x7B, 0xFE, 0x7D], 1),  // where a key is expected
        ([0x7B, 0x22, 0x61, 0x22, 0xFF, 0x31, 0x7D], 4),  // where ':' is expected
        ([0x5B, 0x31, 0xC0, 0xAF, 0x5D], 2),  // overlong, where ',' or ']' is expected
        ([0x7B, 0x7D, 0xED, 0xA0, 0x80], 2),  // an encoded surrogate after the value
        ([0x5B, 0xE2, 0x82], 1),  // truncated by the end of input
    ]

    static func b(_ text: String) -> [UInt8] { Array(text.utf8) }

    func testMalformedInputTable() {
        for (input, kind, offset, message) in Self.malformed {
            let shown = String(decoding: input, as: UTF8.self)
            XCTAssertThrowsError(try JSONReader().parse(input), "\(shown)") { error in
                guard let error = error as? JSONError else { return XCTFail("not a JSONError: \(error)") }
                XCTAssertEqual(error.kind, kind, shown)
                XCTAssertEqual(error.offset, offset, shown)
                if let message { XCTAssertEqual(error.message, message, shown) }
            }
        }
    }

    func testInvalidUTF8() {
        for (input, offset) in Self.invalidUTF8 {
            XCTAssertThrowsError(try JSONReader().parse(input), "\(input)") { error in
                XCTAssertEqual(error as? JSONError, JSONError(.invalidUTF8, at: offset, "invalid UTF-8"), "\(input)")
            }
        }
        // Every valid boundary scalar passes.
        for scalar in ["\u{80}", "\u{7FF}", "\u{800}", "\u{FFFF}", "\u{10000}", "\u{10FFFF}", "\u{D7FF}", "\u{E000}"] {
            XCTAssertEqual(try JSONReader().parse("\"\(scalar)\""), .string(scalar))
        }
    }

    func testDepthLimitNeverOverflowsTheStack() {
        let deep = [UInt8](repeating: 0x5B, count: 100_000)
        XCTAssertThrowsError(try JSONReader().parse(deep)) { error in
            XCTAssertEqual((error as? JSONError)?.kind, .depthLimitExceeded)
            XCTAssertEqual((error as? JSONError)?.offset, 512)
        }
        let objects = Array(String(repeating: #"{"a":"#, count: 100_000).utf8)
        XCTAssertThrowsError(try JSONReader().parse(objects)) { error in
            XCTAssertEqual((error as? JSONError)?.kind, .depthLimitExceeded)
        }
        // Exactly at the limit is fine.
        let atLimit = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        XCTAssertNoThrow(try JSONReader().parse(atLimit))
        XCTAssertThrowsError(try JSONReader().parse("[" + atLimit + "]"))
    }

    func testConfigurableLimits() {
        func error(_ text: String, _ limits: JSONLimits) -> JSONError? {
            do { _ = try JSONReader(limits: limits).parse(text); return nil } catch { return error }
        }
        XCTAssertNil(error(#""abc""#, JSONLimits(maxStringBytes: 3)))
        XCTAssertEqual(error(#"["abcd"]"#, JSONLimits(maxStringBytes: 3))?.kind, .stringTooLong)
        XCTAssertEqual(error(#"["abcd"]"#, JSONLimits(maxStringBytes: 3))?.offset, 1)
        XCTAssertEqual(error(#"{"keyTooLong":1}"#, JSONLimits(maxStringBytes: 3))?.kind, .stringTooLong)
        XCTAssertNil(error("123", JSONLimits(maxNumberLength: 3)))
        XCTAssertEqual(error("[1234]", JSONLimits(maxNumberLength: 3)), JSONError(.numberTooLong, at: 1, "number longer than 3 characters"))
        XCTAssertNil(error("[[1]]", JSONLimits(maxDepth: 2)))
        XCTAssertEqual(error("[[[1]]]", JSONLimits(maxDepth: 2)), JSONError(.depthLimitExceeded, at: 2, "nesting deeper than 2 levels"))
        XCTAssertNil(error("[1,2]", JSONLimits(maxDocumentBytes: 5)))
        XCTAssertEqual(error("[1,2] ", JSONLimits(maxDocumentBytes: 5))?.kind, .documentTooLarge)
        let longNumber = "1" + String(repeating: "0", count: 1_000)
        XCTAssertEqual(error(longNumber, .default)?.kind, .numberTooLong)
    }

    func testLineAndColumn() {
        let text = "{\n  \"né\": 1,\r\n  \"b\" 2\n}"
        XCTAssertThrowsError(try JSONReader().parse(text)) { error in
            guard let error = error as? JSONError else { return XCTFail() }
            XCTAssertEqual(error.message, "expected ':' after object key")
            let position = error.lineAndColumn(in: text)
            XCTAssertEqual(position.line, 3)
            XCTAssertEqual(position.column, 7)
            XCTAssertEqual(error.lineAndColumn(in: Array(text.utf8)).line, 3)
        }
        // Columns count scalars, not bytes.
        let wide = "[\"日本\" x]"
        XCTAssertThrowsError(try JSONReader().parse(wide)) { error in
            XCTAssertEqual((error as? JSONError)?.lineAndColumn(in: wide).column, 7)
        }
        XCTAssertEqual(JSONError(.trailingCharacters, at: 99, "x").lineAndColumn(in: "a\rb").line, 2)
        XCTAssertEqual(JSONError(.trailingCharacters, at: 0, "x").description, "x at byte 0")
    }
}
