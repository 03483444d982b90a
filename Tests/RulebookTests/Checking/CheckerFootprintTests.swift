import XCTest

@testable import Rulebook
@testable import RulebookTooling

/// The checker's compact per-occurrence rows: an `ExpandedRule` keeps what few
/// occurrences have (an expansion chain, an override, a name not at the start of its
/// range) in one optional box, and an `AnalyzedUse` reads its range (and `redundant-rule`
/// its named rule's name) from its rule list. These tests check that every part still
/// reads as it was given, in every combination.
final class CheckerFootprintTests: XCTestCase {
    private let source = SourceFile(path: "f.rules", text: "a: minLength 2 message \"x\"\nb: required\n")

    private func entry(
        _ validator: BuiltinValidator, _ arguments: [(name: String, value: RuleArgument)], text: String, serial: Int = 0
    ) -> LoweringCache.Entry {
        let rule = CheckedRule(
            validator: validator, messageKey: validator.rawValue, arguments: arguments, messageOverride: nil,
            place: .offset(0, in: SourceLocator(source)), expandedFrom: [])
        return LoweringCache.Entry(rule: rule, text: text, facts: RuleFacts(rule), serial: serial)
    }

    /// Every combination of chain, override and name offset reads back as given, with the
    /// repetition key `redundant-rule` makes from the head and the override, through
    /// `prefixed` too.
    func testExpandedRuleReadsItsPartsInEveryCombination() throws {
        let locator = SourceLocator(source)
        let heads = [
            entry(.minLength, [("min", .count(2))], text: "minLength 2", serial: 0), entry(.required, [], text: "required", serial: 1),
        ]
        let lint = RedundantRuleLint()
        let chains: [[String]] = [[], ["outer"], ["outer", "inner"]]
        let overrides: [MessageOverride?] = [nil, .key("x.y"), .literal("x"), .literal("caf\u{E9}")]
        let range = SourceRange(start: 3, end: 14)
        var made: [ExpandedRule] = []
        for head in heads {
            for chain in chains {
                for override in overrides {
                    for nameOffset in [range.start, range.start + 2] {
                        let rule = ExpandedRule(
                            head: head, messageOverride: override, locator: locator, nameOffset: nameOffset,
                            range: range, expandedFrom: chain)
                        assertParts(of: rule, head: head, chain: chain, override: override, nameOffset: nameOffset, range: range)
                        made.append(rule)
                        // Seen from a named rule, with and without the user's override.
                        assertParts(
                            of: rule.prefixed(by: "user", override: nil), head: head, chain: ["user"] + chain,
                            override: override, nameOffset: nameOffset, range: range)
                        assertParts(
                            of: rule.prefixed(by: nil, override: .literal("y")), head: head, chain: chain,
                            override: .literal("y"), nameOffset: nameOffset, range: range)
                        assertParts(
                            of: rule.prefixed(chain: ["own"], override: override), head: head, chain: ["own"],
                            override: override, nameOffset: nameOffset, range: range)
                        // A plain rule (nothing of its own) shares the named rule's detail; others are refused.
                        var shared: ExpandedRule.Detail?
                        let plain = rule.prefixedPlain(chain: ["own"], sharing: &shared)
                        let isPlain = chain.isEmpty && override == nil && nameOffset == range.start
                        XCTAssertEqual(plain != nil, isPlain)
                        if let plain {
                            assertParts(of: plain, head: head, chain: ["own"], override: nil, nameOffset: nameOffset, range: range)
                            let again = try XCTUnwrap(rule.prefixedPlain(chain: ["ignored"], sharing: &shared))
                            XCTAssertEqual(again.expandedFrom, ["own"], "the first detail is reused")
                        } else {
                            XCTAssertNil(shared)
                        }
                    }
                }
            }
        }
        // The identity shortcut agrees with comparing the keys, for every pair.
        for a in made {
            for b in made {
                XCTAssertEqual(lint.sameKey(a, b), lint.key(of: a) == lint.key(of: b))
            }
        }
    }

    private func assertParts(
        of rule: ExpandedRule, head: LoweringCache.Entry, chain: [String], override: MessageOverride?,
        nameOffset: Int, range: SourceRange, line: UInt = #line
    ) {
        XCTAssertTrue(rule.head === head, line: line)
        XCTAssertEqual(rule.expandedFrom, chain, line: line)
        XCTAssertEqual(rule.messageOverride, override, line: line)
        XCTAssertEqual(rule.nameOffset, nameOffset, line: line)
        XCTAssertEqual(rule.range, range, line: line)
        XCTAssertEqual(rule.file, "f.rules", line: line)
        XCTAssertEqual(rule.text, head.text, line: line)
        XCTAssertEqual(rule.hasOverride, override != nil, line: line)
        let lint = RedundantRuleLint()
        let key = override.map { RepetitionKey(head.repetitionKey, override: $0) } ?? head.repetitionKey
        XCTAssertEqual(lint.key(of: rule), key, line: line)
        XCTAssertEqual(lint.hash(of: rule), key.precomputedHash, line: line)
        let checked = rule.rule
        XCTAssertEqual(checked.validator, head.validator, line: line)
        XCTAssertEqual(checked.messageOverride, override, line: line)
        XCTAssertEqual(checked.expandedFrom, chain, line: line)
        XCTAssertEqual(checked.location, source.location(of: nameOffset), line: line)
    }

    /// A use's range and named rule, read from its list, are the head's range and the
    /// written name for a named rule's use (only those have several entries).
    func testAnalyzedUseReadsItsRangeAndNameFromItsList() throws {
        let text = """
            rule pair = required, minLength 2
            a: pair, maxLength 5 message "m", between 1 2
            b: required
            """
        let tree = Parser.parse(SourceFile(path: "t.rules", text: text))
        guard case .field(let field) = tree.statements[1], case .namedRule(let named) = tree.statements[0] else {
            return XCTFail("unexpected tree \(tree.statements)")
        }
        let head = entry(.required, [], text: "required")
        let one = ExpandedRule(
            head: head, messageOverride: nil, locator: SourceLocator(tree.source), nameOffset: 0,
            range: SourceRange(start: 0, end: 8))
        for (rules, statementRange) in [(field.rules, Optional(field.range)), (named.rules, nil)] {
            for index in rules.indices {
                for entries in [UseEntries.one(one), .many([one, one])] {
                    let use = AnalyzedUse(entries: entries, context: nil, rules: rules, index: index, statementRange: statementRange)
                    XCTAssertEqual(use.range, CheckerRun.headRange(of: rules[index]))
                    XCTAssertEqual(use.index, index)
                    if case .many = entries {
                        XCTAssertEqual(RedundantRuleLint.namedRule(of: use), rules[index].name.name)
                    } else {
                        XCTAssertNil(RedundantRuleLint.namedRule(of: use))
                    }
                    XCTAssertEqual(use.statementRange, statementRange)
                    XCTAssertEqual(use.rules.map(\.range), rules.map(\.range))
                }
            }
        }
        // An index outside the list (never made by the checker) reads as nothing, without trapping.
        let outside = AnalyzedUse(entries: .many([one]), context: nil, rules: field.rules, index: field.rules.count, statementRange: nil)
        XCTAssertNil(RedundantRuleLint.namedRule(of: outside))
        XCTAssertEqual(outside.range, SourceRange(start: 0, end: 0))
    }

    /// The diagnostics that read a use's parts: a repeated named rule's use (its name in
    /// the message, the statement's only rule removed with its line), a repeated
    /// validator inside a named rule (no statement to remove) and a contradiction.
    func testDiagnosticsReadingAUsesPartsAreUnchanged() {
        let text = """
            rule pair = required, minLength 2, required
            a: pair
            a: pair
            b: minLength 5, maxLength 3
            """
        let result = checkSource(text)
        let described = result.diagnostics.map { diagnostic in
            "\(diagnostic.code.id) \(diagnostic.range.start)-\(diagnostic.range.end) \(diagnostic.message) "
                + "\(diagnostic.fixIts.map { $0.edits.map { "\($0.range.start)-\($0.range.end)" } }) \(diagnostic.notes.map(\.message).joined(separator: "|"))"
        }
        XCTAssertEqual(
            described,
            [
                "redundant-rule 35-43 'required' already applies to named rule 'pair' [[\"33-43\"]] 'required' is here",
                "redundant-rule 55-59 every rule of 'pair' already applies to 'a' [[\"52-60\"]] 'required' (from 'pair') is here",
                "contradictory-rules 76-87 'maxLength 3' contradicts 'minLength 5': no text has at least 5 characters and at most 3 characters [] 'minLength 5' is here",
            ])
    }

    /// Statements' rows written through `RuleRowsWriter` read back as the arrays they
    /// stand for, in blocks of every size, a statement larger than a block included, and
    /// stay as written while later statements fill and leave their block.
    func testRuleRowsHoldEachStatementsRulesAcrossBlocks() {
        let locator = SourceLocator(source)
        let head = entry(.required, [], text: "required")
        for seed in 0..<40 {
            var random = SplitMix(seed: UInt64(seed))
            let blockCapacity = [1, 2, 3, 8, 64][seed % 5]
            var writer = RuleRowsWriter(expected: seed, blockCapacity: blockCapacity)
            var made: [(statement: CheckedStatement, rules: [ExpandedRule])] = []
            for index in 0..<200 {
                var start = writer.block.count, count = 0
                var expected: [ExpandedRule] = []
                for _ in 0..<Int(random.next() % 4) {
                    let size = Int(random.next() % 3) == 0 ? Int(random.next() % 20) + 2 : 1
                    let rules = (0..<size).map { offset in
                        ExpandedRule(
                            head: head, locator: locator, range: SourceRange(start: index * 100 + offset, end: index * 100 + offset + 1))
                    }
                    writer.append(size == 1 ? .one(rules[0]) : .many(rules), start: &start, count: &count)
                    expected += rules
                }
                XCTAssertEqual(count, expected.count)
                made.append(
                    (
                        CheckedStatement(
                            path: FieldPath([.key("f\(index)")]), condition: nil, rows: writer.block, start: start,
                            count: count, place: .offset(0, in: locator)), expected
                    ))
            }
            for (statement, rules) in made {
                let occurrences = statement.occurrences ?? []
                XCTAssertEqual(occurrences.count, rules.count, "seed \(seed)")
                XCTAssertTrue(zip(occurrences, rules).allSatisfy { $0 === $1 }, "seed \(seed)")
                XCTAssertEqual(statement.rules.map(\.location), rules.map { source.location(of: $0.range.start) })
                for offset in -1...rules.count {
                    XCTAssertEqual(
                        statement.rule(at: offset)?.location,
                        rules.indices.contains(offset) ? source.location(of: rules[offset].range.start) : nil)
                }
            }
        }
    }

    /// A small seeded generator, so that a failure can be replayed.
    private struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
