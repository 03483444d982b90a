import RulebookRegex
import XCTest

/// Every syntax error and refused construct, with its kind and exact UTF-8 byte range.
final class PatternErrorTests: XCTestCase {
    private func assertError(
        _ source: String, flags: String = "", _ kind: PatternError.Kind, _ range: Range<Int>,
        containing fragment: String? = nil, file: StaticString = #filePath, line: UInt = #line
    ) {
        do {
            _ = try Pattern(source, flags: flags)
            XCTFail("/\(source)/\(flags) compiled", file: file, line: line)
        } catch {
            XCTAssertEqual(error.kind, kind, "/\(source)/: \(error.message)", file: file, line: line)
            XCTAssertEqual(error.range, range, "/\(source)/: \(error.message)", file: file, line: line)
            if let fragment {
                XCTAssertTrue(error.message.contains(fragment), "'\(error.message)' lacks '\(fragment)'", file: file, line: line)
            }
        }
    }

    func testClassErrors() {
        assertError("[abc", .syntax, 0..<1, containing: "unclosed character class")
        assertError("ab[", .syntax, 2..<3, containing: "unclosed character class")
        assertError("[]", .syntax, 0..<1, containing: "unclosed")
        assertError("x[^", .syntax, 1..<2, containing: "unclosed")
        assertError("[z-a]", .syntax, 1..<4, containing: "out of order")
        assertError("é[ω-α]", .syntax, 3..<8, containing: "out of order")
        assertError("[a-\\d]", .syntax, 1..<5, containing: "not a valid range")
        assertError("[\\w-z]x[a-\\s]", .syntax, 8..<12, containing: "not a valid range")
        assertError("[[:alphabet:]]", .syntax, 1..<13, containing: "unknown POSIX class")
        assertError("[\\q]", .syntax, 1..<3, containing: "unknown escape")
        assertError("[\\B]", .syntax, 1..<3, containing: "unknown escape '\\B' in a character class")
    }

    func testQuantifierErrors() {
        assertError("a{3,1}", .syntax, 1..<6, containing: "minimum above its maximum")
        assertError("*a", .syntax, 0..<1, containing: "nothing to repeat")
        assertError("a|+", .syntax, 2..<3, containing: "nothing to repeat")
        assertError("(?:?)", .syntax, 3..<4, containing: "nothing to repeat")
        assertError("{2}", .syntax, 0..<3, containing: "nothing to repeat")
        assertError("a**", .syntax, 2..<3, containing: "cannot follow another quantifier")
        assertError("a{2}{3}", .syntax, 4..<7, containing: "cannot follow another quantifier")
        assertError("a+?+", .syntax, 3..<4, containing: "cannot follow another quantifier")
        assertError("^*", .syntax, 1..<2, containing: "anchor")
        assertError("a$+", .syntax, 2..<3, containing: "anchor")
        assertError("a{", .syntax, 1..<2, containing: "write \\{")
        assertError("a{x}", .syntax, 1..<4, containing: "write \\{")
        assertError("a{,}", .syntax, 1..<4)
        assertError("a{}", .syntax, 1..<3)
        assertError("a{1,2", .syntax, 1..<2)
        assertError("{abc}", .syntax, 0..<5)
        assertError("(?i)*", .syntax, 4..<5, containing: "nothing to repeat")
    }

    func testGroupErrors() {
        assertError("(ab", .syntax, 0..<1, containing: "unclosed group")
        assertError("a(?:b", .syntax, 1..<4, containing: "unclosed group")
        assertError("(?<name>b", .syntax, 0..<8, containing: "unclosed group")
        assertError("ab)", .syntax, 2..<3, containing: "unmatched ')'")
        assertError("(a))", .syntax, 3..<4, containing: "unmatched ')'")
        assertError("(?<1a>x)", .syntax, 3..<5, containing: "invalid group name")
        assertError("(?<>x)", .syntax, 0..<4, containing: "invalid group name")
        assertError("(?<a-b>x)", .syntax, 3..<6, containing: "invalid group name")
        assertError("(?<name", .syntax, 0..<7, containing: "unclosed group name")
        assertError("(?<n>a)(?<n>b)", .syntax, 10..<11, containing: "duplicate group name")
        assertError("(?", .syntax, 0..<2, containing: "unclosed group")
        assertError("(?#abc", .syntax, 0..<3, containing: "unclosed comment")
        assertError("(?Q)", .syntax, 0..<3, containing: "unknown group construct")
        assertError("(?i", .syntax, 0..<3, containing: "unclosed group")
    }

    func testEscapeErrors() {
        assertError("abc\\", .syntax, 3..<4, containing: "lone '\\'")
        assertError("\\q", .syntax, 0..<2, containing: "unknown escape '\\q'")
        assertError("a\\c", .syntax, 1..<3, containing: "unknown escape")
        assertError("\\01", .syntax, 0..<3, containing: "octal")
        assertError("\\xZ1", .syntax, 0..<2, containing: "hexadecimal")
        assertError("\\x4", .syntax, 0..<3, containing: "hexadecimal")
        assertError("\\u12G4", .syntax, 0..<4, containing: "hexadecimal")
        assertError("\\u{110000}", .syntax, 0..<10, containing: "not a Unicode scalar")
        assertError("\\u{D800}", .syntax, 0..<8, containing: "not a Unicode scalar")
        assertError("\\uD800", .syntax, 0..<6, containing: "lone surrogate")
        assertError("\\u{}", .syntax, 0..<3)
        assertError("\\u{12", .syntax, 0..<5)
        assertError("\\p{Foo}", .syntax, 0..<7, containing: "unknown Unicode property 'Foo'")
        assertError("x\\p{L", .syntax, 1..<5, containing: "unclosed property")
        assertError("\\p", .syntax, 0..<2, containing: "property name")
        assertError("\\p1", .syntax, 0..<2, containing: "property name")
    }

    func testFlagErrors() {
        // Flags are reported where they sit in a /source/flags literal: past "source/".
        assertError("abc", flags: "g", .syntax, 4..<5, containing: "unknown flag 'g'")
        assertError("abc", flags: "ix", .syntax, 5..<6, containing: "unknown flag 'x'")
        assertError("ab", flags: "ii", .syntax, 4..<5, containing: "twice")
        assertError("ab", flags: "m", .unsupported(construct: "multiline mode"), 3..<4)
    }

    func testUnsupportedConstructsNameTheConstruct() {
        assertError("(a)\\1", .unsupported(construct: "backreference"), 3..<5, containing: "backreference")
        assertError("(a)\\12x", .unsupported(construct: "backreference"), 3..<6)
        assertError("(?<n>a)\\k<n>", .unsupported(construct: "backreference"), 7..<12)
        assertError("\\g{1}", .unsupported(construct: "backreference or subroutine call"), 0..<5)
        assertError("(?P=n)", .unsupported(construct: "backreference"), 0..<4)
        assertError("a(?=b)", .unsupported(construct: "lookahead"), 1..<4, containing: "lookahead")
        assertError("a(?!b)", .unsupported(construct: "negative lookahead"), 1..<4)
        assertError("(?<=a)b", .unsupported(construct: "lookbehind"), 0..<4, containing: "lookbehind")
        assertError("(?<!a)b", .unsupported(construct: "negative lookbehind"), 0..<4)
        assertError("(?>a+)b", .unsupported(construct: "atomic group"), 0..<3, containing: "atomic")
        assertError("a*+", .unsupported(construct: "possessive quantifier"), 1..<3)
        assertError("a++", .unsupported(construct: "possessive quantifier"), 1..<3)
        assertError("a{2,3}+", .unsupported(construct: "possessive quantifier"), 1..<7)
        assertError("(?(1)a|b)", .unsupported(construct: "conditional"), 0..<3, containing: "conditional")
        assertError("(a(?R))", .unsupported(construct: "recursion"), 2..<5)
        assertError("(a(?1))", .unsupported(construct: "recursion"), 2..<5)
        assertError("(?-1)", .unsupported(construct: "recursion"), 0..<4)
        assertError("(?&name)", .unsupported(construct: "recursion"), 0..<3)
        assertError("(?P>name)", .unsupported(construct: "recursion"), 0..<4)
        assertError("(*SKIP)a", .unsupported(construct: "backtracking control verb"), 0..<2)
        assertError("\\bword\\b", .unsupported(construct: "word boundary"), 0..<2)
        assertError("a\\B", .unsupported(construct: "word boundary"), 1..<3)
        assertError("a\\Z", .unsupported(construct: "\\Z"), 1..<3)
        assertError("a\\K", .unsupported(construct: "\\K"), 1..<3)
        assertError("(?m)^a$", .unsupported(construct: "multiline mode"), 2..<3)
        assertError("(?x)a b", .unsupported(construct: "extended mode"), 2..<3)
        assertError("\\p{Greek}", .unsupported(construct: "Unicode script"), 0..<9, containing: "scripts")
        assertError("\\p{Script=Latin}", .unsupported(construct: "Unicode script"), 0..<16)
        assertError("(?C1)", .unsupported(construct: "callout"), 0..<3)
    }

    func testLimits() {
        assertError("a{1001}", .tooComplex, 1..<7, containing: "1000")
        assertError("a{2,99999999999999999999}", .tooComplex, 1..<25)
        assertError(
            String(repeating: "(", count: 101) + "a" + String(repeating: ")", count: 101), .tooComplex, 100..<101,
            containing: "nested")
        assertError("(a{1000}){1000}", .tooComplex, 9..<15, containing: "too complex")
        assertError("((a{1000}){1000}){1000}", .tooComplex, 17..<23)
        // The nesting limit protects the parser's stack from a hostile pattern.
        assertError(String(repeating: "(?:", count: 100_000), .tooComplex, 300..<303)
    }

    func testErrorRangesAreUTF8ByteOffsets() {
        assertError("日本[", .syntax, 6..<7)
        assertError("😀\\q", .syntax, 4..<6)
        assertError("ωω(?=x)", .unsupported(construct: "lookahead"), 4..<7)
        assertError("é", flags: "iz", .syntax, 4..<5)
    }

    func testCustomLimits() throws {
        let limits = Pattern.Limits(maxRepetition: 10, maxNesting: 2, maxNFAStates: 50)
        XCTAssertThrowsError(try Pattern("a{11}", limits: limits)) { XCTAssertEqual(($0 as? PatternError)?.kind, .tooComplex) }
        XCTAssertThrowsError(try Pattern("((())))", limits: limits))
        XCTAssertThrowsError(try Pattern("(a{10}){10}", limits: limits)) {
            XCTAssertEqual(($0 as? PatternError)?.range, 7..<11)
        }
        XCTAssertTrue(try Pattern("(a{5})", limits: limits).matches("aaaaa"))
    }

    func testValidEdgeCasesCompile() throws {
        for source in [
            "", "|", "()", "(?:)", "a{0}", "a{,3}", "[]]", "[^]]", "]", "}", "\\{", "a\\{2}", "\\Q(?=\\E",
            "[(?=]", "[\\1]x".replacingOccurrences(of: "\\1", with: "1"), "(?i)", "(?#x)a", "(?i-s:a)",
            "\\u{0}", "\\x{10FFFF}", "[\\u{10FFFF}]", "\\p{L&}", "\\p{ L }", "(?<a>x)(?'b'y)(?P<c>z)",
        ] {
            XCTAssertNoThrow(try Pattern(source), source)
        }
    }
}
