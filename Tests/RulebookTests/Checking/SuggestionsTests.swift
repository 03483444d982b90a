import XCTest

@testable import Rulebook
@testable import RulebookTooling

/// The fast paths of "did you mean" (banded edit distance, multiset signatures) must
/// give the same answers as the plain definitions they shortcut.
final class SuggestionsTests: XCTestCase {
    /// The textbook optimal-string-alignment distance, full table, no limit.
    private func referenceDistance(_ a: [UInt32], _ b: [UInt32]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// Deterministic pseudo-random words over a small alphabet (so that near misses are common).
    private func words(count: Int, seed: UInt64) -> [[UInt32]] {
        var state = seed
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let alphabet = Array("abcde1".unicodeScalars.map(\.value))
        return (0..<count).map { _ in (0..<Int(next() % 9)).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] } }
    }

    func testBandedDistanceAgreesWithTheFullTableWithinTheLimit() {
        let sample = words(count: 120, seed: 42)
        for a in sample {
            for b in sample.prefix(60) {
                let expected = referenceDistance(a, b)
                for limit in 0...4 {
                    let banded = Suggestions.editDistance(a, b, limit: limit)
                    if expected <= limit {
                        XCTAssertEqual(banded, expected, "\(a) \(b) limit \(limit)")
                    } else {
                        XCTAssertGreaterThan(banded, limit, "\(a) \(b) limit \(limit)")
                    }
                }
                XCTAssertEqual(Suggestions.editDistance(a, b, limit: Int.max), expected, "\(a) \(b) unlimited")
            }
        }
    }

    func testSignatureBoundNeverExceedsTheDistance() {
        let sample = words(count: 150, seed: 7)
        for a in sample {
            for b in sample {
                let bound = (PathSignature(a).differingBits(from: PathSignature(b)) + 1) / 2
                XCTAssertLessThanOrEqual(bound, referenceDistance(a, b), "\(a) \(b)")
            }
        }
    }

    func testSignatureCountsRepeatedCharacters() {
        let one = PathSignature(Array("ab".unicodeScalars.map(\.value)))
        let two = PathSignature(Array("aab".unicodeScalars.map(\.value)))
        XCTAssertNotEqual(one, two, "a second 'a' is a difference the set of characters would hide")
    }
}

/// `unknown-field` candidates with a non-ASCII key are written from path segments without
/// spelling the paths (``Suggestions/appendLowercasedSpelling(of:to:)``); they must be the
/// scalars of the spelt paths. (Their answers: `PathSuggestionsTests`.)
final class SuggestionsPathTests: XCTestCase {
    /// Paths of every kind of key: identifiers in both cases, quoted keys with quotes and
    /// backslashes, empty keys, wildcards (first, inner, last), non-ASCII keys.
    private func generatedPaths(count: Int) -> [FieldPath] {
        let keys = [
            "name", "Email2", "_x", "first-name", "a b", "quo\"te", "back\\slash", "", "9lives", "ÄÖü", "日本",
            "ΣΑΣ", "straße", "K", "\u{212A}", "x.y", "[*]", "ABC_def",
        ]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        var paths: [FieldPath] = []
        for _ in 0..<count {
            var segments: [FieldPath.Segment] = []
            for _ in 0..<(1 + next(4)) {
                segments.append(next(6) == 0 ? .wildcard : .key(keys[next(keys.count)] + (next(2) == 0 ? "\(next(50))" : "")))
            }
            paths.append(FieldPath(segments))
        }
        return paths
    }

    func testSegmentScalarsEqualTheLowercasedSpelling() {
        for path in generatedPaths(count: 3_000) {
            var fromSegments: [UInt32] = [], fromSpelling: [UInt32] = []
            Suggestions.appendLowercasedSpelling(of: path, to: &fromSegments)
            Suggestions.appendLowercasedScalars(of: path.description, to: &fromSpelling)
            XCTAssertEqual(fromSegments, fromSpelling, path.description)
        }
    }
}

/// The character-multiset signature of ASCII names is counted in a table; it must be the
/// signature the scan of earlier characters gives.
final class SuggestionsSignatureTests: XCTestCase {
    private func scanned(_ scalars: [UInt32]) -> PathSignature {
        var result = PathSignature()
        for index in scalars.indices {
            let run = scalars[..<index].filter { $0 == scalars[index] }.count
            if run < 4 { result.insert(scalars[index], occurrence: run) }
        }
        return result
    }

    func testTableCountedSignatureEqualsTheScan() {
        var seed: UInt64 = 42
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let alphabets: [[UInt32]] = [Array(97...100), Array(0...127), [97, 97, 98], Array(48...57) + [46, 91, 42, 93]]
        for _ in 0..<2_000 {
            let alphabet = alphabets[next(alphabets.count)]
            let name = (0..<next(65)).map { _ in alphabet[next(alphabet.count)] }
            XCTAssertEqual(PathSignature(name), scanned(name), "\(name)")
        }
        // Non-ASCII names take the scan itself.
        let mixed: [UInt32] = [0x65E5, 97, 0x65E5, 0x65E5, 97]
        XCTAssertEqual(PathSignature(mixed), scanned(mixed))
    }
}
