import RulebookTooling
import XCTest

@testable import Rulebook

/// The compact storage of ``RuleSyntax``, ``NamedRuleSyntax``, ``WhenBlockSyntax``,
/// ``FieldStatementSyntax`` and ``PathSegmentSyntax``: every range read back exactly
/// (compact or, when it does not fit, boxed whole), equality and hashing by value, and
/// reflection as before; arguments (not compacted: a computed kind would cost the checker
/// more than it saved) keep reading back every range.
final class CompactSyntaxStorageTests: XCTestCase {
    /// Ranges that fit the compact form and ranges that do not (negative, past `UInt32`,
    /// reversed).
    private let ranges: [SourceRange] = [
        SourceRange(start: 0, end: 0), SourceRange(start: 3, end: 9), SourceRange(start: Int(UInt32.max) - 1, end: Int(UInt32.max)),
        SourceRange(start: Int(UInt32.max), end: Int(UInt32.max) + 1), SourceRange(start: -4, end: 2), SourceRange(start: 0, end: Int.max),
        SourceRange(start: Int.min, end: Int.min), CompactSyntaxStorageTests.reversed(SourceRange(start: 2, end: 9)),
    ]

    /// A range whose start is after its end (its fields are public variables).
    private static func reversed(_ range: SourceRange) -> SourceRange {
        var reversed = range
        reversed.start = range.end
        reversed.end = range.start
        return reversed
    }

    func testArgumentsAndSegmentsReadBackEveryRange() {
        let path = PathSyntax(
            segments: [PathSegmentSyntax(kind: .wildcard, range: SourceRange(start: 1, end: 4))], range: SourceRange(start: 1, end: 4))
        let kinds: [ArgumentSyntax.Kind] = [
            .integer(-3, text: "-3"), .decimal(1.5, text: "1.5"), .string("日本"), .today, .boolean(true),
            .regex(pattern: "a+", flags: "i", patternRange: SourceRange(start: 1, end: 3)),
            .date(year: 2026, month: 1, day: 31), .path(path),
        ]
        for range in ranges {
            for kind in kinds {
                let argument = ArgumentSyntax(kind: kind, range: range)
                XCTAssertEqual(argument.kind, kind)
                XCTAssertEqual(argument.range, range)
                XCTAssertEqual(argument, ArgumentSyntax(kind: kind, range: range))
                XCTAssertEqual(argument.hashValue, ArgumentSyntax(kind: kind, range: range).hashValue)
            }
            for kind in [PathSegmentSyntax.Kind.key("a", quoted: false), .key("a", quoted: true), .wildcard] {
                let segment = PathSegmentSyntax(kind: kind, range: range)
                XCTAssertEqual(segment.kind, kind)
                XCTAssertEqual(segment.range, range)
                XCTAssertEqual(segment, PathSegmentSyntax(kind: kind, range: range))
            }
        }
        // Different ranges or kinds are different, compact or not.
        for (index, range) in ranges.enumerated() {
            for other in ranges[(index + 1)...] {
                XCTAssertNotEqual(ArgumentSyntax(kind: .today, range: range), ArgumentSyntax(kind: .today, range: other))
                XCTAssertNotEqual(PathSegmentSyntax(kind: .wildcard, range: range), PathSegmentSyntax(kind: .wildcard, range: other))
            }
            XCTAssertNotEqual(ArgumentSyntax(kind: .today, range: range), ArgumentSyntax(kind: .boolean(true), range: range))
        }
    }

    func testRulesReadBackEveryRangeAndMessage() {
        let message = MessageOverrideSyntax(
            keywordRange: SourceRange(start: 9, end: 16), kind: .key("a.b"),
            valueRange: SourceRange(start: 17, end: 20), range: SourceRange(start: 9, end: 20))
        let arguments: SyntaxList<ArgumentSyntax> = [ArgumentSyntax(kind: .integer(2, text: "2"), range: SourceRange(start: 7, end: 8))]
        var nameRanges = ranges
        nameRanges.append(SourceRange(start: 1, end: 6))  // not at the rule's start: boxed
        for range in ranges {
            for nameRange in nameRanges + [range] {
                for message in [nil, message] {
                    let name = IdentifierSyntax(name: "minLength", range: nameRange)
                    let rule = RuleSyntax(name: name, arguments: arguments, message: message, range: range)
                    XCTAssertEqual(rule.name, name)
                    XCTAssertEqual(rule.arguments, arguments)
                    XCTAssertEqual(rule.message, message)
                    XCTAssertEqual(rule.range, range)
                    let same = RuleSyntax(name: name, arguments: arguments, message: message, range: range)
                    XCTAssertEqual(rule, same)
                    XCTAssertEqual(rule.hashValue, same.hashValue)
                    XCTAssertNotEqual(rule, RuleSyntax(name: name, arguments: [], message: message, range: range))
                    XCTAssertNotEqual(
                        rule,
                        RuleSyntax(
                            name: IdentifierSyntax(name: "maxLength", range: nameRange), arguments: arguments,
                            message: message, range: range))
                    // Another range keeps the name, arguments and message.
                    for other in ranges {
                        let moved = rule.withRange(other)
                        XCTAssertEqual(moved.range, other)
                        XCTAssertEqual(moved.name, name)
                        XCTAssertEqual(moved.message, message)
                        XCTAssertEqual(moved, RuleSyntax(name: name, arguments: arguments, message: message, range: other))
                    }
                }
            }
        }
        let plain = RuleSyntax(
            name: IdentifierSyntax(name: "required", range: SourceRange(start: 3, end: 11)), arguments: [],
            message: nil, range: SourceRange(start: 3, end: 11))
        let withMessage = RuleSyntax(name: plain.name, arguments: [], message: message, range: plain.range)
        XCTAssertNotEqual(plain, withMessage)
    }

    func testNamedRulesAndBlocksReadBackEveryRange() {
        let rules: SyntaxList<RuleSyntax> = [
            RuleSyntax(
                name: IdentifierSyntax(name: "required", range: SourceRange(start: 9, end: 17)), arguments: [],
                message: nil, range: SourceRange(start: 9, end: 17))
        ]
        let body: [StatementSyntax] = [.unexpected(UnexpectedSyntax(range: SourceRange(start: 20, end: 21)))]
        let condition = ConditionSyntax.missing(SourceRange(start: 5, end: 5))
        // Each range in turn takes every value while the others are ordinary, and all take
        // the same value (so the keyword starts where the statement does, or not).
        let ordinary = [
            SourceRange(start: 0, end: 4), SourceRange(start: 5, end: 7), SourceRange(start: 8, end: 9), SourceRange(start: 0, end: 30),
        ]
        var cases: [[SourceRange]] = ranges.map { [$0, $0, $0, $0] }
        for slot in 0..<4 {
            for range in ranges {
                var four = ordinary
                four[slot] = range
                cases.append(four)
            }
        }
        for four in cases {
            let name = IdentifierSyntax(name: "strong", range: four[1])
            let named = NamedRuleSyntax(keywordRange: four[0], name: name, equalsRange: four[2], rules: rules, range: four[3])
            XCTAssertEqual(named.keywordRange, four[0])
            XCTAssertEqual(named.name, name)
            XCTAssertEqual(named.equalsRange, four[2])
            XCTAssertEqual(named.rules, rules)
            XCTAssertEqual(named.range, four[3])
            XCTAssertEqual(StatementSyntax.namedRule(named).range, four[3])
            let same = NamedRuleSyntax(keywordRange: four[0], name: name, equalsRange: four[2], rules: rules, range: four[3])
            XCTAssertEqual(named, same)
            XCTAssertEqual(named.hashValue, same.hashValue)
            XCTAssertNotEqual(named, NamedRuleSyntax(keywordRange: four[0], name: name, equalsRange: four[2], rules: [], range: four[3]))

            let block = WhenBlockSyntax(
                keywordRange: four[0], condition: condition, openBraceRange: four[1], body: body,
                closeBraceRange: four[2], range: four[3])
            XCTAssertEqual(block.keywordRange, four[0])
            XCTAssertEqual(block.condition, condition)
            XCTAssertEqual(block.openBraceRange, four[1])
            XCTAssertEqual(block.body, body)
            XCTAssertEqual(block.closeBraceRange, four[2])
            XCTAssertEqual(block.range, four[3])
            let sameBlock = WhenBlockSyntax(
                keywordRange: four[0], condition: condition, openBraceRange: four[1], body: body,
                closeBraceRange: four[2], range: four[3])
            XCTAssertEqual(block, sameBlock)
            XCTAssertEqual(block.hashValue, sameBlock.hashValue)
            XCTAssertNotEqual(
                block,
                WhenBlockSyntax(
                    keywordRange: four[0], condition: condition, openBraceRange: four[1], body: [],
                    closeBraceRange: four[2], range: four[3]))
        }
        // Blocks that differ in one range only are different, compact or boxed.
        for (index, range) in ranges.enumerated() {
            for other in ranges[(index + 1)...] {
                XCTAssertNotEqual(
                    WhenBlockSyntax(
                        keywordRange: range, condition: condition, openBraceRange: range, body: body,
                        closeBraceRange: range, range: range),
                    WhenBlockSyntax(
                        keywordRange: range, condition: condition, openBraceRange: range, body: body,
                        closeBraceRange: other, range: range))
            }
        }
    }

    func testFieldStatementsReadBackEveryRange() {
        let segment = PathSegmentSyntax(kind: .key("a", quoted: false), range: SourceRange(start: 0, end: 1))
        let rules: SyntaxList<RuleSyntax> = [
            RuleSyntax(
                name: IdentifierSyntax(name: "required", range: SourceRange(start: 3, end: 11)), arguments: [],
                message: nil, range: SourceRange(start: 3, end: 11))
        ]
        // Each range in turn takes every value while the others are ordinary, and all take
        // the same value (so the path starts where the statement does, or not).
        let ordinary = [SourceRange(start: 0, end: 1), SourceRange(start: 1, end: 2), SourceRange(start: 0, end: 11)]
        var cases: [[SourceRange]] = ranges.map { [$0, $0, $0] }
        for slot in 0..<3 {
            for range in ranges {
                var three = ordinary
                three[slot] = range
                cases.append(three)
            }
        }
        for three in cases {
            let path = PathSyntax(segments: [segment], range: three[0])
            let field = FieldStatementSyntax(path: path, colonRange: three[1], rules: rules, range: three[2])
            XCTAssertEqual(field.path, path)
            XCTAssertEqual(field.path.segments.first, segment)
            XCTAssertEqual(field.colonRange, three[1])
            XCTAssertEqual(field.rules, rules)
            XCTAssertEqual(field.range, three[2])
            XCTAssertEqual(StatementSyntax.field(field).range, three[2])
            let same = FieldStatementSyntax(path: path, colonRange: three[1], rules: rules, range: three[2])
            XCTAssertEqual(field, same)
            XCTAssertEqual(field.hashValue, same.hashValue)
            XCTAssertNotEqual(field, FieldStatementSyntax(path: path, colonRange: three[1], rules: [], range: three[2]))
        }
    }

    func testListsReadCompareAndPrintAsArraysWhateverTheirBuffer() {
        // Parsed lists share their parse's buffers; hand-built ones have their own.
        let tree = Parser.parse(SourceFile(path: "t.rules", text: "a: required, email\nb: required\n"))
        guard case .field(let first) = tree.statements.first, case .field(let second) = tree.statements.last else {
            return XCTFail("expected two field statements")
        }
        let required = RuleSyntax(
            name: IdentifierSyntax(name: "required", range: SourceRange(start: 3, end: 11)), arguments: [],
            message: nil, range: SourceRange(start: 3, end: 11))
        let email = RuleSyntax(
            name: IdentifierSyntax(name: "email", range: SourceRange(start: 13, end: 18)), arguments: [],
            message: nil, range: SourceRange(start: 13, end: 18))
        let built: SyntaxList<RuleSyntax> = [required, email]
        XCTAssertEqual(first.rules, built)
        XCTAssertEqual(first.rules.hashValue, built.hashValue)
        XCTAssertEqual(Array(first.rules), [required, email])
        XCTAssertEqual(first.rules.count, 2)
        XCTAssertEqual(first.rules.last, email)
        XCTAssertEqual(Array(first.rules.dropFirst()), [email])
        XCTAssertEqual(String(describing: first.rules), String(describing: [required, email]))
        XCTAssertEqual(String(reflecting: first.rules), String(reflecting: [required, email]))
        // The second statement's list is the next run of the same buffer: only its own rule.
        XCTAssertEqual(second.rules.map(\.name.name), ["required"])
        XCTAssertNotEqual(second.rules, first.rules)
        XCTAssertEqual(second.path.segments.map(\.kind), [.key("b", quoted: false)])
        XCTAssertEqual(SyntaxList<RuleSyntax>(), [])
        XCTAssertTrue(SyntaxList<RuleSyntax>([]).isEmpty)
        XCTAssertEqual(SyntaxList([required]), SyntaxList([required]))
        XCTAssertNotEqual(SyntaxList([required]), SyntaxList([email]))
    }

    func testReflectionShowsTheFieldsAsRead() {
        let argument = ArgumentSyntax(kind: .today, range: SourceRange(start: 2, end: 7))
        XCTAssertEqual(Mirror(reflecting: argument).children.map(\.label), ["kind", "range"])
        XCTAssertEqual(String(reflecting: argument), "Rulebook.ArgumentSyntax(kind: Rulebook.ArgumentSyntax.Kind.today, range: 2..<7)")
        let segment = PathSegmentSyntax(kind: .wildcard, range: SourceRange(start: 1, end: 4))
        XCTAssertEqual(Mirror(reflecting: segment).children.map(\.label), ["kind", "range"])
        XCTAssertEqual(
            String(reflecting: segment), "Rulebook.PathSegmentSyntax(kind: Rulebook.PathSegmentSyntax.Kind.wildcard, range: 1..<4)")
        let rule = RuleSyntax(
            name: IdentifierSyntax(name: "required", range: SourceRange(start: 3, end: 11)), arguments: [],
            message: nil, range: SourceRange(start: 3, end: 11))
        XCTAssertEqual(Mirror(reflecting: rule).children.map(\.label), ["name", "arguments", "message", "range"])
        XCTAssertEqual(
            String(reflecting: rule),
            "Rulebook.RuleSyntax(name: Rulebook.IdentifierSyntax(name: \"required\", range: 3..<11), arguments: [], message: nil, range: 3..<11)"
        )
        let field = FieldStatementSyntax(
            path: PathSyntax(segments: [segment], range: SourceRange(start: 1, end: 4)), colonRange: SourceRange(start: 4, end: 5),
            rules: [rule], range: SourceRange(start: 1, end: 11))
        XCTAssertEqual(Mirror(reflecting: field).children.map(\.label), ["path", "colonRange", "rules", "range"])
        XCTAssertEqual(
            String(reflecting: field),
            "Rulebook.FieldStatementSyntax(path: Rulebook.PathSyntax(segments: [\(String(reflecting: segment))], range: 1..<4), "
                + "colonRange: 4..<5, rules: [\(String(reflecting: rule))], range: 1..<11)")
        let named = NamedRuleSyntax(
            keywordRange: SourceRange(start: 0, end: 4), name: IdentifierSyntax(name: "n", range: SourceRange(start: 5, end: 6)),
            equalsRange: SourceRange(start: 7, end: 8), rules: [], range: SourceRange(start: 0, end: 8))
        XCTAssertEqual(Mirror(reflecting: named).children.map(\.label), ["keywordRange", "name", "equalsRange", "rules", "range"])
        XCTAssertEqual(
            String(reflecting: named),
            "Rulebook.NamedRuleSyntax(keywordRange: 0..<4, name: Rulebook.IdentifierSyntax(name: \"n\", range: 5..<6), "
                + "equalsRange: 7..<8, rules: [], range: 0..<8)")
        let block = WhenBlockSyntax(
            keywordRange: SourceRange(start: 0, end: 4), condition: .missing(SourceRange(start: 5, end: 5)),
            openBraceRange: SourceRange(start: 5, end: 6), body: [], closeBraceRange: SourceRange(start: 7, end: 8),
            range: SourceRange(start: 0, end: 8))
        XCTAssertEqual(
            Mirror(reflecting: block).children.map(\.label),
            ["keywordRange", "condition", "openBraceRange", "body", "closeBraceRange", "range"])
        XCTAssertEqual(
            String(reflecting: block),
            "Rulebook.WhenBlockSyntax(keywordRange: 0..<4, condition: Rulebook.ConditionSyntax.missing(5..<5), "
                + "openBraceRange: 5..<6, body: [], closeBraceRange: 7..<8, range: 0..<8)")
    }

    func testParsedRulesStayCompact() {
        // A parsed rule's name starts where the rule does: no box unless it has a message.
        let tree = Parser.parse(SourceFile(path: "t.rules", text: "a: required, minLength 2 message x.y\nb[*].c: oneOf \"x\" 2\n"))
        guard case .field(let field) = tree.statements.first, case .field(let second) = tree.statements.last else {
            return XCTFail("expected two field statements")
        }
        XCTAssertEqual(field.rules.map(\.name.name), ["required", "minLength"])
        XCTAssertEqual(field.rules.map(\.range), [SourceRange(start: 3, end: 11), SourceRange(start: 13, end: 36)])
        XCTAssertEqual(field.rules[1].name.range, SourceRange(start: 13, end: 22))
        XCTAssertEqual(field.rules[1].message?.kind, .key("x.y"))
        XCTAssertEqual(
            second.path.segments.map(\.range),
            [
                SourceRange(start: 37, end: 38), SourceRange(start: 38, end: 41),
                SourceRange(start: 42, end: 43),
            ])
        XCTAssertEqual(second.rules.first?.arguments.map(\.range), [SourceRange(start: 51, end: 54), SourceRange(start: 55, end: 56)])
    }
}
