import SeededRandom
import XCTest

@testable import RulebookRegex

/// Scalar sets, the alphabet partition and its lookup tables.
final class AlphabetTests: XCTestCase {
    func testScalarSetArithmetic() {
        let set = ScalarSet(ranges: [10...20, 15...30, 31...31, 100...100, 0xD000...0xE100])
        XCTAssertEqual(set.ranges, [10...31, 100...100, 0xD000...0xD7FF, 0xE000...0xE100])
        XCTAssertEqual(set.inverted().inverted(), set)
        XCTAssertFalse(set.inverted().contains(0xD900), "surrogates never become members")
        XCTAssertTrue(set.inverted().contains(0x10FFFF))
        XCTAssertEqual(ScalarSet().inverted(), .all)
        XCTAssertEqual(set.intersection(ScalarSet(ranges: [25...100])).ranges, [25...31, 100...100])
        XCTAssertTrue(set.intersects(31...40))
        XCTAssertFalse(set.intersects(32...99))
    }

    func testEveryScalarGetsTheClassOfItsSets() {
        var random = SeededGenerator(seed: 99)
        let sets = [
            UnicodeTables.category(.uppercaseLetter), ScalarSet(ranges: [0x41...0x5A]), UnicodeTables.whiteSpace,
            ScalarSet(0x0A).inverted(), ScalarSet(ranges: [0x1F600...0x1F64F]), UnicodeTables.asciiDigit,
        ]
        guard let alphabet = Alphabet(sets: sets) else { return XCTFail("no alphabet") }
        XCTAssertLessThanOrEqual(alphabet.classCount, 1 << sets.count)
        for round in 0..<30_000 {
            let value = round < 256 ? UInt32(round) : UInt32(random.next(below: 0x110000))
            guard Unicode.Scalar(value) != nil else { continue }
            let id = alphabet.classOf(value)
            if value < 128 { XCTAssertEqual(Int(alphabet.asciiClasses[Int(value)]), id) }
            for (index, set) in sets.enumerated() where set.contains(value) != alphabet.setClasses[index].contains(id) {
                XCTFail(String(format: "U+%X in set %d", value, index))
            }
        }
    }

    func testASCIIOnlyPatternsNeedOneLookupBlock() {
        // `.` and `[^a]` stop at the surrogate gap; bridging it keeps the tables to one block.
        guard let alphabet = Alphabet(sets: [ScalarSet(0x0A).inverted(), ScalarSet(0x61).inverted(), UnicodeTables.asciiDigit])
        else { return XCTFail("no alphabet") }
        XCTAssertEqual(alphabet.blockOffsets.count, 1)
        XCTAssertEqual(alphabet.classOf(0x10FFFF), alphabet.classOf(0xE9))
    }
}
