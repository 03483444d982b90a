import XCTest

@testable import Rulebook

/// A compiled program's fixed paths decide once whether they are one identifier key
/// (`ConcretePath.spellingDecided`); the decision changes neither the spelling nor the
/// path's value (equality, hash, order).
final class DecidedPathSpellingTests: XCTestCase {
    private static let keys = [
        "email", "_x9", "a_very_long_identifier_key_name", "9lives", "", "first-name", "a b",
        "a_very_long_key_with-a-dash_in_it", "café", "日本", "é9", "a.b", "_", #"a"b\c"#, "1st",
    ]

    func testDecidedPathsSpellAndCompareAsUndecided() {
        var paths = Self.keys.map { ConcretePath([.key($0)]) }
        paths += [
            ConcretePath([]), ConcretePath([.key("items"), .index(2), .key("sku")]),
            ConcretePath([.key("a"), .key("b")]), ConcretePath([.index(0)]),
        ]
        for path in paths {
            let decided = path.spellingDecided
            XCTAssertEqual(decided.description, path.description, "\(path.segments)")
            XCTAssertEqual(decided, path)
            XCTAssertEqual(decided.hashValue, path.hashValue)
            XCTAssertFalse(decided < path || path < decided)
            XCTAssertEqual(decided.jsonPointer, path.jsonPointer)
            XCTAssertEqual(
                decided.isIdentifierKey,
                path.segments.count == 1 && Self.keys.contains { [.key($0)] == path.segments && FieldPath.isIdentifier($0) })
        }
        // Two decided paths differ when their segments do.
        XCTAssertNotEqual(ConcretePath([.key("a")]).spellingDecided, ConcretePath([.key("b")]).spellingDecided)
        XCTAssertEqual(Set(paths.map(\.spellingDecided)), Set(paths))
    }

    /// Reports hand out the decided paths: the names a form reads are
    /// the spellings of the same paths built by hand.
    func testReportsSpellFailingFieldsLikeHandBuiltPaths() throws {
        let compiled = try CompiledRuleSet(
            source: """
                firstName: required, minLength 2
                "first-name": required
                email: required, email
                """)
        let record: Value = ["firstName": "A", "email": "nope"]
        let report = compiled.validate(record)
        XCTAssertEqual(report.fields.map(\.field.description), ["firstName", #""first-name""#, "email"])
        XCTAssertEqual(
            report.fields.map(\.field),
            [
                ConcretePath([.key("firstName")]), ConcretePath([.key("first-name")]),
                ConcretePath([.key("email")]),
            ])
        XCTAssertEqual(report.fields.map(\.field.isIdentifierKey), [true, false, true])
        XCTAssertEqual(report.violations.map(\.field.description), ["firstName", #""first-name""#, "email"])
    }
}
