import SeededRandom
import XCTest

@testable import Rulebook

/// `RuleTable` and `RuleIDSet` (the checker's tables of named rules, by definition id)
/// must answer as the dictionary and set keyed by `RuleReference` they replaced.
final class RuleTableTests: XCTestCase {
    private func references(_ count: Int) -> [RuleReference] {
        (0..<count).map { RuleReference(file: "f\($0 % 3).rules", name: "rule\($0)", id: $0) }
    }

    func testTableMatchesADictionaryUnderRandomOperations() {
        var generator = SeededGenerator(seed: 4762)
        for round in 0..<20 {
            let all = references(1 + round * 7)
            var table = RuleTable<Int>()
            var dictionary: [RuleReference: Int] = [:]
            for step in 0..<400 {
                let reference = all.randomElement(using: &generator)!
                switch Int.random(in: 0..<4, using: &generator) {
                case 0, 1:
                    table[reference] = step
                    dictionary[reference] = step
                case 2:
                    XCTAssertEqual(table.removeValue(forKey: reference), dictionary.removeValue(forKey: reference))
                default:
                    table[reference] = nil
                    dictionary[reference] = nil
                }
                for reference in all { XCTAssertEqual(table[reference], dictionary[reference]) }
            }
        }
    }

    func testAReferenceBeyondTheTableHasNoValue() {
        var table = RuleTable<String>()
        let all = references(100)
        XCTAssertNil(table[all[99]])
        table[all[99]] = nil  // no growth for nothing
        XCTAssertNil(table.removeValue(forKey: all[50]))
        table[all[3]] = "three"
        XCTAssertEqual(table[all[3]], "three")
        XCTAssertNil(table[all[2]])
        XCTAssertNil(table[all[4]])
    }

    func testIDSetMatchesASet() {
        var generator = SeededGenerator(seed: 4767)
        let all = references(300)
        for _ in 0..<20 {
            var bits = RuleIDSet(), other = RuleIDSet()
            var set = Set<RuleReference>(), otherSet = Set<RuleReference>()
            for _ in 0..<Int.random(in: 0..<60, using: &generator) {
                let reference = all.randomElement(using: &generator)!
                bits.insert(reference)
                set.insert(reference)
            }
            for _ in 0..<Int.random(in: 0..<60, using: &generator) {
                let reference = all.randomElement(using: &generator)!
                other.insert(reference)
                otherSet.insert(reference)
            }
            for reference in all { XCTAssertEqual(bits.contains(reference), set.contains(reference)) }
            bits.formUnion(other)
            set.formUnion(otherSet)
            for reference in all { XCTAssertEqual(bits.contains(reference), set.contains(reference)) }
        }
    }

    func testDuplicateAndImportedNamedRulesAreStillReported() {
        // A duplicate in the file is found by its reference (file and name, whatever its id).
        let diagnostics = checkSource(
            """
            rule a = required
            rule b = minLength 2
            rule a = maxLength 3
            x: a, b
            """
        ).diagnostics
        XCTAssertEqual(diagnostics.filter { $0.code == .duplicateRule }.map(\.message), ["named rule 'a' is already defined in this file"])
        XCTAssertEqual(diagnostics.filter { $0.code == .duplicateRule }.first?.notes.first?.range?.start, 5)
    }
}
