import XCTest
@testable import Rulebook

/// `PathIDTable` (the walk's interned statement paths) must give the same ids as a
/// dictionary of paths: equal paths (keys compared as Swift compares strings) one id,
/// distinct paths distinct ids in order of first appearance, whatever the hashes collide on.
final class PathIDTableTests: XCTestCase {
    /// Interns `paths` in order with `hash` and returns each one's id.
    private func ids(of paths: [FieldPath], hash: (FieldPath) -> Int) -> [Int] {
        var table = PathIDTable(expected: 4)
        var stored: [FieldPath] = []
        return paths.map { path in
            let before = stored.count
            let (id, isNew) = table.intern(path, hash: hash(path), in: &stored)
            XCTAssertEqual(table.count, stored.count)
            XCTAssertEqual(isNew, stored.count == before + 1)
            XCTAssertEqual(stored[id], path)
            return id
        }
    }

    /// The ids a dictionary gives.
    private func referenceIDs(of paths: [FieldPath]) -> [Int] {
        var known: [FieldPath: Int] = [:]
        return paths.map { path in
            if let id = known[path] { return id }
            known[path] = known.count
            return known.count - 1
        }
    }

    /// Paths drawn from a small alphabet of keys (so many repeat), with wildcards and
    /// canonically equivalent spellings ("K" and U+212A KELVIN SIGN).
    private func generatedPaths(count: Int, seed: UInt64) -> [FieldPath] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let keys = ["a", "b", "K", "\u{212A}", "straße", "日本", "first-name", "x1", "items", "sku"]
        return (0..<count).map { _ in
            FieldPath((0..<(1 + next(3))).map { _ in next(8) == 0 ? .wildcard : .key(keys[next(keys.count)]) })
        }
    }

    func testIDsMatchADictionaryOnGeneratedPaths() {
        for seed in 1...40 {
            let paths = generatedPaths(count: 300, seed: UInt64(seed))
            XCTAssertEqual(ids(of: paths, hash: \.hashValue), referenceIDs(of: paths), "seed \(seed)")
        }
    }

    func testCollidingHashesStillSeparateDistinctPaths() {
        // Every path hashing alike (or to one of three values) only lengthens the probes.
        for seed in 1...10 {
            let paths = generatedPaths(count: 200, seed: UInt64(seed))
            XCTAssertEqual(ids(of: paths, hash: { _ in 42 }), referenceIDs(of: paths), "seed \(seed)")
            XCTAssertEqual(ids(of: paths, hash: { $0.segments.count }), referenceIDs(of: paths), "seed \(seed)")
        }
    }

    func testCanonicallyEquivalentKeysAreOnePath() {
        let paths = [FieldPath([.key("K")]), FieldPath([.key("\u{212A}")]), FieldPath([.key("k")])]
        XCTAssertEqual(ids(of: paths, hash: \.hashValue), [0, 0, 1])
    }

    /// Interns `paths` in order as the walk does (the table's own hashing: ASCII keys'
    /// bytes until a non-ASCII key switches it to the standard hash).
    private func walkIDs(of paths: [FieldPath]) -> (ids: [Int], table: PathIDTable, stored: [FieldPath]) {
        var table = PathIDTable(expected: 4)
        var stored: [FieldPath] = []
        let ids = paths.map { path in
            let before = stored.count
            let (id, isNew) = table.intern(path, in: &stored)
            XCTAssertEqual(table.count, stored.count)
            XCTAssertEqual(isNew, stored.count == before + 1)
            XCTAssertEqual(stored[id], path)
            return id
        }
        return (ids, table, stored)
    }

    func testOwnHashingMatchesADictionary() {
        for seed in 1...40 {
            let paths = generatedPaths(count: 300, seed: UInt64(seed))
            let walked = walkIDs(of: paths)
            XCTAssertEqual(walked.ids, referenceIDs(of: paths), "seed \(seed)")
            XCTAssertEqual(walked.table.usesStandardHash, paths.contains { !$0.isASCII }, "seed \(seed)")
            // ASCII keys only: the table never leaves the byte hash.
            let ascii = paths.filter(\.isASCII)
            let asciiWalk = walkIDs(of: ascii)
            XCTAssertEqual(asciiWalk.ids, referenceIDs(of: ascii), "seed \(seed)")
            XCTAssertFalse(asciiWalk.table.usesStandardHash)
        }
    }

    func testANonASCIIKeyEqualToAStoredASCIIKeyFindsIt() {
        // KELVIN SIGN equals "K": met after many ASCII paths (the switch rehashes them)
        // and before them.
        let k = FieldPath([.key("a"), .key("K")]), kelvin = FieldPath([.key("a"), .key("\u{212A}")])
        let others = (0..<40).map { FieldPath([.key("f\($0)"), .wildcard]) }
        XCTAssertEqual(walkIDs(of: others + [k, kelvin, k]).ids.suffix(3), [40, 40, 40])
        XCTAssertEqual(walkIDs(of: [kelvin] + others + [k]).ids.last, 0)
        XCTAssertEqual(walkIDs(of: others + [kelvin] + others).ids, Array(0..<40) + [40] + Array(0..<40))
    }

    func testASCIIHashIsTheSameForEqualPathsAndNilForNonASCIIKeys() {
        for seed in 1...10 {
            let paths = generatedPaths(count: 100, seed: UInt64(seed))
            for path in paths {
                let copy = FieldPath(path.segments.map { segment in
                    if case .key(let key) = segment { return .key(String(decoding: Array(key.utf8), as: UTF8.self)) }
                    return segment
                })
                XCTAssertEqual(PathIDTable.asciiHash(of: path), PathIDTable.asciiHash(of: copy))
                XCTAssertEqual(PathIDTable.asciiHash(of: path) == nil, !path.isASCII)
            }
        }
        // A wildcard is not a key, and the segments' order counts.
        XCTAssertNotEqual(PathIDTable.asciiHash(of: FieldPath([.key("a"), .key("b")])), PathIDTable.asciiHash(of: FieldPath([.key("b"), .key("a")])))
    }

    func testSharedIDsAcrossTablesHashedEitherWay() {
        // The merge looks a second part's paths up among the first part's, whichever
        // hashing each part's table ended with.
        for seed in 1...20 {
            let paths = generatedPaths(count: 200, seed: UInt64(seed))
            let ascii = paths.filter(\.isASCII)
            for (firstPaths, secondPaths) in [(ascii, paths), (paths, ascii), (ascii, ascii), (paths, paths)] {
                let first = walkIDs(of: Array(firstPaths.prefix(firstPaths.count / 2)))
                let second = walkIDs(of: Array(secondPaths.suffix(secondPaths.count / 2)))
                let shared = CheckerRun.sharedIDs(of: second.stored, hashes: second.table, in: first.stored, first.table)
                let expected = second.stored.map { path in first.stored.firstIndex(of: path) }
                XCTAssertEqual(shared, expected, "seed \(seed)")
            }
        }
    }
}

private extension FieldPath {
    /// Whether every key is ASCII.
    var isASCII: Bool {
        segments.allSatisfy { if case .key(let key) = $0 { key.utf8.allSatisfy { $0 < 0x80 } } else { true } }
    }
}

/// A repetition key made from a head's key and a message override must equal, and hash
/// like, the same key made from its parts (the analysis finds repeated rules by both).
final class RepetitionKeyOverrideTests: XCTestCase {
    private func key(_ override: MessageOverride?, arguments: [RepetitionKey.Argument]) -> RepetitionKey {
        RepetitionKey(validator: .minLength, messageKey: "minLength", arguments: arguments, messageOverride: override)
    }

    func testDerivedKeysEqualKeysMadeFromTheirParts() {
        let argumentLists: [[RepetitionKey.Argument]] = [
            [], [RepetitionKey.Argument(name: "min", value: .count(2))],
            [RepetitionKey.Argument(name: "other", value: .field([.key("a"), .wildcard]))],
        ]
        let overrides: [MessageOverride?] = [nil, .key("a.b"), .literal("Too short"), .literal("a.b")]
        for arguments in argumentLists {
            let base = key(nil, arguments: arguments)
            for override in overrides {
                let derived = RepetitionKey(base, override: override)
                let made = key(override, arguments: arguments)
                XCTAssertEqual(derived, made)
                XCTAssertEqual(derived.precomputedHash, made.precomputedHash)
                XCTAssertEqual(derived.hashValue, made.hashValue)
                // From a key that already has an override: the new one replaces it.
                for other in overrides {
                    let replaced = RepetitionKey(key(other, arguments: arguments), override: override)
                    XCTAssertEqual(replaced, made)
                    XCTAssertEqual(replaced.precomputedHash, made.precomputedHash)
                }
            }
        }
        XCTAssertNotEqual(RepetitionKey(key(nil, arguments: []), override: .key("a")), key(.literal("a"), arguments: []))
    }

    func testRepeatedRulesWithOverridesAreStillFound() {
        let diagnostics = checkSource("""
            x: minLength 2 message "short", minLength 2 message "short"
            y: minLength 2 message "short", minLength 2 message "other"
            z: minLength 2 message a.b, minLength 2 message "a.b"
            """).diagnostics.filter { $0.code == .redundantRule }
        XCTAssertEqual(diagnostics.map(\.message), ["'minLength 2' already applies to 'x'"])
    }
}
