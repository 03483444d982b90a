import SeededRandom
import XCTest

@testable import Rulebook
@testable import RulebookTooling

/// Generated field paths for the `unknown-field` tests: keys from a small alphabet (so
/// that near misses are common), in both cases, quoted keys (quotes, backslashes, empty,
/// leading digits, dots), non-ASCII keys (including U+212A, equal to "K" as a string) and
/// wildcards anywhere.
enum GeneratedPaths {
    static func key(_ random: inout SeededGenerator) -> String {
        switch random.next(below: 12) {
        case 0:
            return random.pick(["first-name", "a b", "quo\"te", "back\\slash", "", "9lives", "x.y", "[*]"])
        case 1:
            return random.pick(["ÄÖü", "日本", "ΣΑΣ", "straße", "K", "\u{212A}", "İstanbul", "e\u{301}t\u{E9}"])
        default:
            let letters = Array("abcdeKLM_12")
            let length = 1 + random.next(below: 9)
            return String((0..<length).map { _ in random.pick(letters) })
        }
    }

    static func path(_ random: inout SeededGenerator) -> FieldPath {
        var segments: [FieldPath.Segment] = []
        for _ in 0..<(1 + random.next(below: 3)) {
            segments.append(random.next(below: 8) == 0 ? .wildcard : .key(key(&random)))
        }
        return FieldPath(segments)
    }

    /// `count` paths, distinct as the checker's interned paths are (and so spelt distinctly).
    static func distinct(_ count: Int, _ random: inout SeededGenerator) -> [FieldPath] {
        var paths: [FieldPath] = []
        var seen: Set<FieldPath> = [], spellings: Set<String> = []
        for _ in 0..<count {
            let path = path(&random)
            if seen.insert(path).inserted, spellings.insert(path.description).inserted { paths.append(path) }
        }
        return paths
    }

    /// A name to look up: a candidate with a typo (dropped, doubled, swapped or changed
    /// character, other case), a candidate itself, or something unrelated.
    static func lookup(among spellings: [String], _ random: inout SeededGenerator) -> String {
        guard !spellings.isEmpty, random.next(below: 6) != 0 else { return random.pick(["", "x", "zzzzzz", "ab", "field"]) + key(&random) }
        var scalars = Array(random.pick(spellings).unicodeScalars)
        guard !scalars.isEmpty else { return "" }
        let at = random.next(below: scalars.count)
        switch random.next(below: 6) {
        case 0: scalars.remove(at: at)
        case 1: scalars.insert(scalars[at], at: at)
        case 2: if at + 1 < scalars.count { scalars.swapAt(at, at + 1) }
        case 3: scalars[at] = random.pick(["a", "z", "K", "1", "."])
        case 4: scalars = Array(String(String.UnicodeScalarView(scalars)).uppercased().unicodeScalars)
        default: break
        }
        return String(String.UnicodeScalarView(scalars))
    }
}

/// `PathSuggestions` prepares the candidates only as far as the lookups reach; it must
/// give the answers (and charge the budget) of the exhaustive search over every spelling.
final class PathSuggestionsTests: XCTestCase {
    /// The definition, searched exhaustively: the smallest (lowercased distance,
    /// case-sensitive distance, spelling) within the threshold, other than the name itself.
    private func exhaustive(_ name: String, among spellings: [String], budget: inout Int) -> String? {
        guard budget >= spellings.count else { return nil }
        var target: [UInt32] = []
        Suggestions.appendLowercasedScalars(of: name, to: &target)
        guard !target.isEmpty else { return nil }
        budget -= spellings.count
        let threshold = min(Suggestions.maximumDistance(forLength: target.count), target.count - 1)
        var best: (distance: Int, exact: Int, spelling: String)?
        for spelling in spellings where spelling != name {
            var scalars: [UInt32] = []
            Suggestions.appendLowercasedScalars(of: spelling, to: &scalars)
            // (The banded distance is the full one within the limit: `SuggestionsTests`.)
            let distance = Suggestions.editDistance(target, scalars, limit: threshold)
            guard distance <= threshold else { continue }
            let exact = Suggestions.editDistance(name.unicodeScalars.map(\.value), spelling.unicodeScalars.map(\.value), limit: Int.max)
            if let current = best, (current.distance, current.exact, current.spelling) <= (distance, exact, spelling) { continue }
            best = (distance, exact, spelling)
        }
        return best?.spelling
    }

    func testLazyLookupsAnswerAsTheExhaustiveSearch() {
        var random = SeededGenerator(seed: 0xD1D_0EA4)
        var answered = 0, lookups = 0
        for round in 0..<150 {
            let paths = GeneratedPaths.distinct(random.next(below: round < 10 ? 4 : 400), &random)
            let spellings = paths.map(\.description)
            var lazy = PathSuggestions(paths)
            let eager = Suggestions(spellings.sorted())
            // A budget that runs out part way in some rounds, as in a large file.
            let initial = random.next(below: 3) == 0 ? paths.count * random.next(below: 30) : Int.max
            var lazyBudget = initial, eagerBudget = initial, exhaustiveBudget = initial
            for _ in 0..<40 {
                let name = GeneratedPaths.lookup(among: spellings, &random)
                let expected = exhaustive(name, among: spellings, budget: &exhaustiveBudget)
                XCTAssertEqual(lazy.closest(to: name, budget: &lazyBudget), expected, "round \(round): \(name)")
                XCTAssertEqual(eager.closest(to: name, budget: &eagerBudget), expected, "round \(round): \(name)")
                XCTAssertEqual(lazyBudget, exhaustiveBudget, "round \(round): \(name)")
                XCTAssertEqual(lazy.count, paths.count)
                lookups += 1
                if expected != nil { answered += 1 }
            }
        }
        XCTAssertGreaterThan(answered, lookups / 5, "the lookups should often find a suggestion")
    }

    func testMeasuredLengthsAndWrittenScalarsAreTheLowercasedSpelling() {
        var random = SeededGenerator(seed: 77)
        var ascii = 0
        for path in GeneratedPaths.distinct(4_000, &random) {
            var expected: [UInt32] = []
            Suggestions.appendLowercasedScalars(of: path.description, to: &expected)
            let isASCII = path.segments.allSatisfy { if case .key(let key) = $0 { key.utf8.allSatisfy { $0 < 0x80 } } else { true } }
            guard let length = PathSuggestions.asciiSpellingLength(of: path) else {
                XCTAssertFalse(isASCII, path.description)
                continue
            }
            XCTAssertTrue(isASCII, path.description)
            XCTAssertEqual(length, expected.count, path.description)
            XCTAssertEqual(PathSuggestions.asciiSignature(of: path), PathSignature(expected), path.description)
            // Written into room for exactly its length, and into too little room (stops there).
            for room in [length, max(0, length - 2)] {
                var written = [UInt32](repeating: 0, count: room)
                let count = written.withUnsafeMutableBufferPointer { PathSuggestions.writeASCIISpelling(of: path, to: $0) }
                XCTAssertEqual(Array(written.prefix(count)), Array(expected.prefix(room)), path.description)
            }
            ascii += 1
        }
        XCTAssertGreaterThan(ascii, 1_000)
    }
}

/// `unknown-field` end to end on generated files: every reference of the file, in order,
/// must get the diagnostic the plain algorithm gives (a set of first segments, one search
/// per distinct spelling among every statement path, the check's budget of 200,000
/// candidate comparisons), including after the budget runs out, when only spellings
/// already answered can still be reported.
final class UnknownFieldBudgetTests: XCTestCase {
    private func identifier(_ random: inout SeededGenerator) -> String {
        let letters = Array("abcdeklm"), tail = Array("abcdeklm_12")
        return String(random.pick(letters)) + String((0..<random.next(below: 7)).map { _ in random.pick(tail) })
    }

    /// The expected `unknown-field` messages, in file order.
    private func model(references: [String], statementPaths: [FieldPath]) -> (messages: [String], afterBudget: Int) {
        var distinct: [FieldPath] = [], seen: Set<FieldPath> = []
        for path in statementPaths where seen.insert(path).inserted { distinct.append(path) }
        let firstSegments = Set(distinct.compactMap(\.segments.first))
        let candidates = Suggestions(distinct.map(\.description).sorted())
        var budget = 200_000
        var answers: [String: String?] = [:]
        var messages: [String] = []
        var afterBudget = 0  // reported once the budget could not pay for another search
        for written in references {
            if firstSegments.contains(.key(String(written.prefix { $0 != "." }))) { continue }
            let found = answers[written] ?? candidates.closest(to: written, budget: &budget)
            answers[written] = found
            if let found { messages.append("no statement mentions the field '\(written)'; did you mean '\(found)'?") }
            if found != nil, budget < candidates.count { afterBudget += 1 }
        }
        return (messages, afterBudget)
    }

    private func checkGeneratedFile(paths pathCount: Int, distinctReferences: Int, seed: UInt64, budgetRunsOut: Bool) {
        var random = SeededGenerator(seed: seed)
        var paths: [FieldPath] = []
        var seen: Set<String> = []
        while paths.count < pathCount {
            var segments: [FieldPath.Segment] = [.key(identifier(&random))]
            if random.next(below: 3) == 0 { segments.append(random.next(below: 4) == 0 ? .wildcard : .key(identifier(&random))) }
            if random.next(below: 9) == 0 { segments.append(.key(random.pick(["first-name", "a b", "9x"]))) }
            let path = FieldPath(segments)
            if seen.insert(path.description).inserted { paths.append(path) }
        }
        // Unknown names: a statement path's first key with a typo, or unrelated; each used
        // several times, some after the budget has run out.
        var names: [String] = []
        for _ in 0..<distinctReferences {
            guard random.next(below: 4) != 0, case .key(let key)? = random.pick(paths).segments.first else {
                names.append(identifier(&random) + "z" + (random.next(below: 2) == 0 ? ".inner" : ""))
                continue
            }
            var characters = Array(key)
            let at = 1 + random.next(below: max(1, characters.count))
            switch random.next(below: 3) {
            case 0 where characters.count > 1: characters.remove(at: min(at, characters.count - 1))
            case 1: characters.insert(random.pick(Array("abcz")), at: min(at, characters.count))
            default: characters[min(at, characters.count - 1)] = "z"
            }
            names.append(String(characters) + (random.next(below: 3) == 0 ? ".sub" : ""))
        }
        var text = ""
        var references: [String] = []
        var statementPaths: [FieldPath] = []
        for (index, path) in paths.enumerated() {
            statementPaths.append(path)
            switch index % 3 {
            case 0:
                let reference = random.pick(names)
                references.append(reference)
                text += "\(path.description): same \(reference)\n"
            case 1:
                let reference = random.pick(names)
                references.append(reference)
                text += "when \(reference) == \"v\" {\n  \(path.description): required\n}\n"
            default:
                text += "\(path.description): required\n"
            }
        }
        // Every name once more at the end (after the budget has run out in the larger files).
        for name in names {
            references.append(name)
            text += "when \(name) {\n  \(paths[0].description): required\n}\n"
            statementPaths.append(paths[0])
        }
        let result = checkSource(text)
        let messages = result.diagnostics.filter { $0.code == .unknownField }.map(\.message)
        let (expected, afterBudget) = model(references: references, statementPaths: statementPaths)
        XCTAssertEqual(messages.count, expected.count, "seed \(seed)")
        XCTAssertEqual(messages, expected, "seed \(seed)")
        XCTAssertGreaterThan(expected.count, distinctReferences / 10, "seed \(seed): the file should have suggestions")
        XCTAssertEqual(afterBudget > 0, budgetRunsOut, "seed \(seed): suggestions repeated after the budget ran out")
        XCTAssertEqual(
            result.diagnostics.filter { $0.code != .unknownField && $0.severity == .error }.map(\.message), [],
            "seed \(seed): the generated file has no other errors")
    }

    func testSmallFileWithinTheBudget() {
        checkGeneratedFile(paths: 60, distinctReferences: 40, seed: 1, budgetRunsOut: false)
        checkGeneratedFile(paths: 300, distinctReferences: 120, seed: 2, budgetRunsOut: false)
    }

    func testLargeFileWhereTheBudgetRunsOut() {
        // 2,500 candidates: the budget pays for 80 searches of the 400 distinct names.
        checkGeneratedFile(paths: 2_500, distinctReferences: 400, seed: 3, budgetRunsOut: true)
        checkGeneratedFile(paths: 4_000, distinctReferences: 200, seed: 4, budgetRunsOut: true)
    }
}
