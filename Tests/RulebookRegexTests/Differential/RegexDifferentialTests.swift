import SeededRandom
import XCTest

@testable import RulebookRegex

/// Deterministic randomized differential testing: thousands of random small patterns over a
/// small alphabet (fixed seed), each matched against random inputs three ways that share
/// only the parser: the compiled DFA, the NFA simulation, and a set-of-positions evaluator
/// written directly over the syntax tree (no automaton at all).
final class RegexDifferentialTests: XCTestCase {
    func testDFAAndNFASimulationAndTreeEvaluatorAgree() throws {
        var random = SeededGenerator(seed: 0x5EED_2026)
        var compared = 0, matched = 0
        for _ in 0..<2_000 {
            let source = RandomPattern.make(&random)
            let flags = random.next(below: 5) == 0 ? "i" : ""
            let pattern = try Pattern(source, flags: flags)
            var parser = Parser(source, limits: .default)
            let tree = try parser.parse(flags: Parser.Flags(caseInsensitive: flags == "i"))
            for round in 0..<12 {
                // Half the inputs are sampled from the pattern's language (then sometimes
                // mutated), so matches and near misses are common, not rare.
                let input = round % 2 == 0 ? RandomPattern.input(&random) : RandomPattern.sample(tree, &random)
                var copy = input
                let viaEngine = pattern.matches(input)
                let viaSimulation = copy.withUTF8 { pattern.matchesBySimulation(utf8: $0) }
                let viaTree = TreeEvaluator.matches(tree, input)
                XCTAssertEqual(viaEngine, viaSimulation, "/\(source)/\(flags) on \(input.debugDescription): engine vs simulation")
                XCTAssertEqual(viaEngine, viaTree, "/\(source)/\(flags) on \(input.debugDescription): engine vs tree")
                compared += 1
                if viaEngine { matched += 1 }
            }
        }
        // The generator must produce a useful mix, or the agreement above proves little.
        XCTAssertEqual(compared, 24_000)
        XCTAssertGreaterThan(matched, 4_000)
        XCTAssertLessThan(matched, 20_000)
    }

    func testRandomPatternsUnderTinyDFALimitsFallBackAndAgree() throws {
        var random = SeededGenerator(seed: 7)
        let limits = Pattern.Limits(maxDFAStates: 4)
        for _ in 0..<400 {
            let source = RandomPattern.make(&random)
            let small = try Pattern(source, limits: limits)
            let full = try Pattern(source)
            for _ in 0..<8 {
                let input = RandomPattern.input(&random)
                XCTAssertEqual(small.matches(input), full.matches(input), "/\(source)/ on \(input.debugDescription)")
            }
        }
    }
}

/// Random syntactically valid patterns over a, b, é, 😀 and friends.
enum RandomPattern {
    static let atoms = [
        "a", "b", "a", "b", "B", "é", "😀", ".", "[ab]", "[^a]", "[a-é]", "\\d", "\\w", "\\s", "[😀b]", "\\n", "\\p{Nd}", "\\P{Ll}", "[α-ω]",
        "a", "b",
    ]
    static let quantifiers = ["*", "+", "?", "{2}", "{0,2}", "{1,3}", "{2,}", "*?", "+?", "??", "{,2}"]

    static func make(_ random: inout SeededGenerator, depth: Int = 0) -> String {
        var text = ""
        for _ in 0..<(1 + random.next(below: 3)) {
            text += item(&random, depth: depth)
        }
        if depth < 2, random.next(below: 5) == 0 { text += "|" + make(&random, depth: depth + 1) }
        return text
    }

    private static func item(_ random: inout SeededGenerator, depth: Int) -> String {
        var text: String
        switch random.next(below: 12) {
        case 0 where depth < 3: text = "(" + make(&random, depth: depth + 1) + ")"
        case 1 where depth < 3: text = "(?:" + make(&random, depth: depth + 1) + ")"
        case 2: return ["^", "$", ""][random.next(below: 3)]
        default: text = atoms[random.next(below: atoms.count)]
        }
        if random.next(below: 3) == 0 { text += quantifiers[random.next(below: quantifiers.count)] }
        return text
    }

    static let alphabet = ["a", "b", "A", "B", "é", "É", "😀", "\n", "1", " "]

    static func input(_ random: inout SeededGenerator) -> String {
        (0..<random.next(below: 7)).map { _ in alphabet[random.next(below: alphabet.count)] }.joined()
    }

    /// A random string from the tree's language (ignoring anchors), mutated one time in three.
    static func sample(_ node: RegexNode, _ random: inout SeededGenerator) -> String {
        var scalars: [Unicode.Scalar] = []
        emit(node, &random, into: &scalars)
        if random.next(below: 3) == 0 {
            let position = random.next(below: scalars.count + 1)
            if random.next(below: 2) == 0, position < scalars.count {
                scalars.remove(at: position)
            } else {
                scalars.insert(alphabet[random.next(below: alphabet.count)].unicodeScalars.first!, at: position)
            }
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }

    private static func emit(_ node: RegexNode, _ random: inout SeededGenerator, into scalars: inout [Unicode.Scalar]) {
        switch node {
        case .empty, .startAnchor, .endAnchor:
            break
        case .set(let set):
            let candidates = alphabet.compactMap { $0.unicodeScalars.first }.filter { set.contains($0.value) }
            if !candidates.isEmpty, random.next(below: 4) != 0 {
                scalars.append(candidates[random.next(below: candidates.count)])
            } else if let range = set.ranges.first, let scalar = Unicode.Scalar(range.lowerBound) {
                scalars.append(scalar)
            }
        case .concatenation(let parts):
            for part in parts { emit(part, &random, into: &scalars) }
        case .alternation(let branches):
            emit(branches[random.next(below: branches.count)], &random, into: &scalars)
        case .repetition(let body, let min, let max, _):
            let count = min + random.next(below: (max ?? min + 3) - min + 1)
            for _ in 0..<count { emit(body, &random, into: &scalars) }
        }
    }
}

/// Evaluates a syntax tree directly: the set of positions each node can end at.
enum TreeEvaluator {
    static func matches(_ node: RegexNode, _ text: String) -> Bool {
        let scalars = text.unicodeScalars.map(\.value)
        return ends(node, from: [0], scalars).contains(scalars.count)
    }

    private static func ends(_ node: RegexNode, from starts: Set<Int>, _ scalars: [UInt32]) -> Set<Int> {
        switch node {
        case .empty:
            return starts
        case .set(let set):
            return Set(starts.filter { $0 < scalars.count && set.contains(scalars[$0]) }.map { $0 + 1 })
        case .concatenation(let parts):
            return parts.reduce(starts) { ends($1, from: $0, scalars) }
        case .alternation(let branches):
            return branches.reduce(into: Set<Int>()) { $0.formUnion(ends($1, from: starts, scalars)) }
        case .startAnchor:
            return starts.filter { $0 == 0 }
        case .endAnchor:
            return starts.filter { $0 == scalars.count }
        case .repetition(let body, let min, let max, _):
            var current = starts
            for _ in 0..<min { current = ends(body, from: current, scalars) }
            var result = current, frontier = current, count = min
            while !frontier.isEmpty, max.map({ count < $0 }) ?? true {
                let next = ends(body, from: frontier, scalars)
                frontier = next.subtracting(result)
                result.formUnion(next)
                count += 1
            }
            return result
        }
    }
}
