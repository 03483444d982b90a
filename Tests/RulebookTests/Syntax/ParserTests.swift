import RulebookTooling
import XCTest

@testable import Rulebook

/// The grammar, statement by statement, with exact ranges.
final class ParserTests: XCTestCase {
    private func singleField(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> FieldStatementSyntax? {
        let tree = parse(text)
        XCTAssertEqual(tree.diagnostics, [], file: file, line: line)
        guard tree.statements.count == 1, case .field(let field) = tree.statements[0] else {
            XCTFail("expected one field statement, got \(tree.dump())", file: file, line: line)
            return nil
        }
        return field
    }

    private func arguments(_ rule: String, file: StaticString = #filePath, line: UInt = #line) -> [ArgumentSyntax.Kind] {
        singleField("x: \(rule)", file: file, line: line)?.rules.first?.arguments.map(\.kind) ?? []
    }

    func testFieldStatementRangesAreExact() throws {
        let source = MarkedSource("1️⃣firstName2️⃣3️⃣:4️⃣ 5️⃣required6️⃣, 7️⃣minLength 8️⃣29️⃣\n")
        let field = try XCTUnwrap(singleField(source.text))
        XCTAssertEqual(field.path.range, source.range(1, 2))
        XCTAssertEqual(field.colonRange, source.range(3, 4))
        XCTAssertEqual(field.range, source.range(1, 9))
        XCTAssertEqual(field.rules.map(\.name.name), ["required", "minLength"])
        XCTAssertEqual(field.rules.map(\.range), [source.range(5, 6), source.range(7, 9)])
        XCTAssertEqual(field.rules[1].arguments.map(\.range), [source.range(8, 9)])
    }

    func testPaths() throws {
        let source = MarkedSource(#"1️⃣items2️⃣[*]3️⃣.4️⃣"first-name"5️⃣.sku: required"#)
        let field = try XCTUnwrap(singleField(source.text))
        XCTAssertEqual(
            field.path.segments.map(\.kind),
            [.key("items", quoted: false), .wildcard, .key("first-name", quoted: true), .key("sku", quoted: false)])
        XCTAssertEqual(
            field.path.segments.map(\.range),
            [
                source.range(1, 2), source.range(2, 3),
                SourceRange(start: source[4], end: source[5]),
                SourceRange(start: source[5] + 1, end: source[5] + 4),
            ])
        XCTAssertEqual(field.path.description, #"items[*]."first-name".sku"#)
        XCTAssertEqual(
            try XCTUnwrap(singleField("a[*][*]: array")).path.segments.map(\.kind), [.key("a", quoted: false), .wildcard, .wildcard])
    }

    func testKeywordsAreFieldNamesWhenFollowedByColonDotOrBracket() throws {
        let tree = parse("rule: required\nimport.x: required\nwhen[*]: required\nmessage: required\ntoday: required\nand: required\n")
        XCTAssertEqual(tree.diagnostics, [])
        let paths = tree.statements.compactMap { statement -> String? in
            if case .field(let field) = statement { return field.path.description }
            return nil
        }
        XCTAssertEqual(paths, ["rule", "import.x", "when[*]", "message", "today", "and"])
    }

    func testIntegerAndDecimalArguments() {
        XCTAssertEqual(arguments("between -5 124"), [.integer(-5, text: "-5"), .integer(124, text: "124")])
        XCTAssertEqual(
            arguments("min 1.5 -0.25 1e3 2.5E-2"),
            [.decimal(1.5, text: "1.5"), .decimal(-0.25, text: "-0.25"), .decimal(1000, text: "1e3"), .decimal(0.025, text: "2.5E-2")])
        XCTAssertEqual(
            arguments("min \(Int.max) \(Int.min)"), [.integer(Int.max, text: "\(Int.max)"), .integer(Int.min, text: "\(Int.min)")])
    }

    func testStringArgumentsDecodeEscapes() {
        XCTAssertEqual(
            arguments(#"oneOf "a\"b" "c\\d" "e\nf\tg\rh" "\u{1F600}\u{e9}" "" "日本語😀""#),
            [.string("a\"b"), .string("c\\d"), .string("e\nf\tg\rh"), .string("😀é"), .string(""), .string("日本語😀")])
    }

    func testRegexArgumentsCoverExactlyThePattern() throws {
        let source = MarkedSource(#"x: pattern 1️⃣/2️⃣^[a-z/]+\/\d{2}$3️⃣/i4️⃣, pattern /5️⃣6️⃣/"#)
        let field = try XCTUnwrap(singleField(source.text))
        XCTAssertEqual(
            field.rules[0].arguments.first?.kind, .regex(pattern: #"^[a-z/]+\/\d{2}$"#, flags: "i", patternRange: source.range(2, 3)))
        XCTAssertEqual(field.rules[0].arguments.first?.range, source.range(1, 4))
        XCTAssertEqual(field.rules[1].arguments.first?.kind, .regex(pattern: "", flags: "", patternRange: source.range(5, 6)))
    }

    func testDatesTodayBooleansAndPathArguments() {
        XCTAssertEqual(
            arguments("after 2024-02-29 today true false"),
            [.date(year: 2024, month: 2, day: 29), .today, .boolean(true), .boolean(false)])
        guard case .path(let path)? = arguments("same address.postcode").first else { return XCTFail("expected a path") }
        XCTAssertEqual(path.description, "address.postcode")
        // As part of a longer path, or quoted with a suffix, the words are keys.
        guard case .path(let todayPath)? = arguments("same today.x").first else { return XCTFail("expected a path") }
        XCTAssertEqual(todayPath.description, "today.x")
        guard case .path(let quotedPath)? = arguments(#"same "first-name".x"#).first else { return XCTFail("expected a path") }
        XCTAssertEqual(quotedPath.description, #""first-name".x"#)
        // A lone string stays a string; the checker decides what `same "x"` means.
        XCTAssertEqual(arguments(#"same "first-name""#), [.string("first-name")])
    }

    func testMessageOverrides() throws {
        let source = MarkedSource(#"x: minLength 2 1️⃣message 2️⃣profile.nameTooShort3️⃣, email message 4️⃣"Bad \"mail\""5️⃣"#)
        let field = try XCTUnwrap(singleField(source.text))
        let first = try XCTUnwrap(field.rules[0].message)
        XCTAssertEqual(first.kind, .key("profile.nameTooShort"))
        XCTAssertEqual(first.valueRange, source.range(2, 3))
        XCTAssertEqual(first.range, source.range(1, 3))
        XCTAssertEqual(first.keywordRange, SourceRange(start: source[1], end: source[1] + 7))
        XCTAssertEqual(field.rules[0].arguments.count, 1)
        let second = try XCTUnwrap(field.rules[1].message)
        XCTAssertEqual(second.kind, .literal("Bad \"mail\""))
        XCTAssertEqual(second.valueRange, source.range(4, 5))
    }

    func testContinuationAfterTrailingComma() throws {
        let text = "x: required, # why\n   minLength 2,\n\n   # note\n   maxLength 9\ny: email\n"
        let tree = parse(text)
        XCTAssertEqual(tree.diagnostics, [])
        XCTAssertEqual(tree.statements.count, 2)
        guard case .field(let field) = tree.statements[0] else { return XCTFail() }
        XCTAssertEqual(field.rules.map(\.name.name), ["required", "minLength", "maxLength"])
        XCTAssertEqual(tree.comments.map(\.text), ["# why", "# note"])
    }

    func testNamedRuleAndImport() throws {
        let source = MarkedSource(#"1️⃣rule2️⃣ 3️⃣personName4️⃣ 5️⃣=6️⃣ required, minLength 27️⃣"# + "\n" + #"8️⃣import 9️⃣"common.rules"0️⃣"#)
        let tree = parse(source.text)
        XCTAssertEqual(tree.diagnostics, [])
        guard case .namedRule(let rule) = tree.statements[0], case .importDecl(let imported) = tree.statements[1] else {
            return XCTFail(tree.dump())
        }
        XCTAssertEqual(rule.keywordRange, source.range(1, 2))
        XCTAssertEqual(rule.name, IdentifierSyntax(name: "personName", range: source.range(3, 4)))
        XCTAssertEqual(rule.equalsRange, source.range(5, 6))
        XCTAssertEqual(rule.range, source.range(1, 7))
        XCTAssertEqual(rule.rules.map(\.name.name), ["required", "minLength"])
        XCTAssertEqual(imported.path, "common.rules")
        XCTAssertEqual(imported.pathRange, source.range(9, 0))
        XCTAssertEqual(imported.range, source.range(8, 0))
    }

    func testWhenBlocksNest() throws {
        let source = MarkedSource("1️⃣when a 2️⃣{\n  x: required\n  when b.c {\n    y: email\n  }\n3️⃣}4️⃣\nz: required\n")
        let tree = parse(source.text)
        XCTAssertEqual(tree.diagnostics, [])
        guard case .when(let block) = tree.statements[0] else { return XCTFail(tree.dump()) }
        XCTAssertEqual(block.range, source.range(1, 4))
        XCTAssertEqual(block.openBraceRange, SourceRange(start: source[2], end: source[2] + 1))
        XCTAssertEqual(block.closeBraceRange, source.range(3, 4))
        XCTAssertEqual(block.body.count, 2)
        guard case .when(let inner) = block.body[1], case .present(let path) = inner.condition else { return XCTFail() }
        XCTAssertEqual(path.description, "b.c")
        XCTAssertEqual(tree.statements.count, 2)
    }

    func testOneLineBlockAndBraceOnNextLine() {
        let tree = parse("when a { x: required }\nwhen b\n{\n  y: email\n}\n")
        XCTAssertEqual(tree.diagnostics, [])
        XCTAssertEqual(
            tree.dump(ranges: false),
            """
            when
              present
                path a
              field x
                path x
                rule required
            when
              present
                path b
              field y
                path y
                rule email

            """)
    }

    func testConditionPrecedenceNotAndOr() {
        let tree = parse(#"when not a and b == 1 or (c != "x" or d == 2026-01-01) and e == true { }"#)
        XCTAssertEqual(tree.diagnostics, [])
        XCTAssertEqual(
            tree.dump(ranges: false),
            """
            when
              or
                and
                  not
                    present
                      path a
                  compare ==
                    path b
                    integer 1
                and
                  parenthesized
                    or
                      compare !=
                        path c
                        string "x"
                      compare ==
                        path d
                        date 2026-1-1
                  compare ==
                    path e
                    boolean true

            """)
    }

    func testConditionRanges() throws {
        let source = MarkedSource(#"when 1️⃣not 2️⃣(3️⃣a4️⃣ 5️⃣==6️⃣ 7️⃣"x"8️⃣)9️⃣ {}"#)
        let tree = parse(source.text)
        XCTAssertEqual(tree.diagnostics, [])
        guard case .when(let block) = tree.statements[0], case .not(let inner, let notRange) = block.condition,
            case .parenthesized(let comparison, let parenRange) = inner,
            case .comparison(let path, .equal, let literal, let operatorRange) = comparison
        else { return XCTFail(tree.dump()) }
        XCTAssertEqual(notRange, source.range(1, 9))
        XCTAssertEqual(parenRange, source.range(2, 9))
        XCTAssertEqual(path.range, source.range(3, 4))
        XCTAssertEqual(operatorRange, source.range(5, 6))
        XCTAssertEqual(literal.range, source.range(7, 8))
        XCTAssertEqual(comparison.range, source.range(3, 8))
    }

    func testQuotedKeyInConditionAndConditionLiterals() {
        let tree = parse(#"when "not" != today and x == -2.5 { }"#)
        XCTAssertEqual(tree.diagnostics, [])
        XCTAssertTrue(tree.dump(ranges: false).contains(#"path "not""#))
        XCTAssertTrue(tree.dump(ranges: false).contains("decimal -2.5"))
    }

    func testCRLFAndCRLineEndings() {
        for newline in ["\r\n", "\r"] {
            let text = ["# c", "a: required,", "  minLength 2", "when a {", "  b: email # t", "}", ""].joined(separator: newline)
            let tree = parse(text)
            XCTAssertEqual(tree.diagnostics, [])
            XCTAssertEqual(tree.statements.count, 2)
            XCTAssertEqual(tree.comments.map(\.text), ["# c", "# t"])
            XCTAssertEqual(parse(text.replacingOccurrences(of: newline, with: "\n")).dump(ranges: false), tree.dump(ranges: false))
        }
    }

    func testEmojiAndCJKKeepByteRanges() throws {
        let source = MarkedSource(#"1️⃣"名前 😀"2️⃣: oneOf 3️⃣"👩🏽‍💻"4️⃣ "漢字" message "エラー""#)
        let field = try XCTUnwrap(singleField(source.text))
        XCTAssertEqual(field.path.segments.first?.kind, .key("名前 😀", quoted: true))
        XCTAssertEqual(field.path.range, source.range(1, 2))
        XCTAssertEqual(field.rules[0].arguments.map(\.kind), [.string("👩🏽‍💻"), .string("漢字")])
        XCTAssertEqual(field.rules[0].arguments[0].range, source.range(3, 4))
        XCTAssertEqual(field.rules[0].message?.kind, .literal("エラー"))
    }

    func testEmptyAndCommentOnlyFiles() {
        for text in ["", "\n\n", "# only a comment", "   \t\n# a\n\n# b\n"] {
            let tree = parse(text)
            XCTAssertEqual(tree.statements, [])
            XCTAssertEqual(tree.diagnostics, [])
        }
    }
}
