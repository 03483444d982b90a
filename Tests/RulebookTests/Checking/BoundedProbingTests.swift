import XCTest
@testable import Rulebook

/// Tables over the checker's unseeded byte hashes bound their probing (issue 7: a hostile
/// rule file must not make checking quadratic): `HashSlots` stops a search or refuses a
/// slot after the bound, `PathIDTable` then moves to the seeded standard hash, and the
/// merge of two parts looks crowded paths up by the standard hash. Ids stay those of a
/// dictionary throughout.
final class BoundedProbingTests: XCTestCase {
    func testSlotsStopSearchingAndRefuseSlotsPastTheBound() {
        var slots = HashSlots(expected: 1_000)
        for _ in 0..<8 { XCTAssertTrue(slots.append(hash: 0, maximumProbes: 8)) }
        XCTAssertFalse(slots.append(hash: 0, maximumProbes: 8), "a ninth slot from the same home is past the bound")
        XCTAssertEqual(slots.count, 8)
        XCTAssertEqual(slots.firstID(hash: 0, maximumProbes: 8) { $0 == 7 }, .found(7))
        XCTAssertEqual(slots.firstID(hash: 0, maximumProbes: 8) { _ in false }, .tooLong)
        XCTAssertEqual(slots.firstID(hash: 0, maximumProbes: 9) { _ in false }, .absent)
        XCTAssertEqual(slots.firstID(hash: 500, maximumProbes: 8) { _ in true }, .absent)
        XCTAssertTrue(slots.append(hash: 500, maximumProbes: 8))
    }

    /// Distinct one-key ASCII paths whose byte hash points into `homes` of a table of
    /// `size` slots, one per home when `onePerHome`.
    private func crowdingPaths(count: Int, homes: Range<Int>, size: Int, onePerHome: Bool) -> [FieldPath] {
        var found: [Int: FieldPath] = [:]
        var crowd: [FieldPath] = []
        var candidate = 0
        while (onePerHome ? found.count : crowd.count) < count {
            let path = FieldPath([.key("f\(candidate)")])
            candidate += 1
            guard let hash = PathIDTable.asciiHash(of: path), homes.contains(hash & (size - 1)) else { continue }
            if onePerHome { if found[hash & (size - 1)] == nil { found[hash & (size - 1)] = path } } else { crowd.append(path) }
        }
        return onePerHome ? found.keys.sorted().compactMap { found[$0] } : crowd
    }

    func testCrowdedPathsMoveTheTableToTheStandardHash() {
        // `PathIDTable(expected: 400)` has 1,024 slots and does not grow below 512 paths.
        let crowd = crowdingPaths(count: 400, homes: 0..<8, size: 1_024, onePerHome: false)
        var table = PathIDTable(expected: 400)
        var stored: [FieldPath] = []
        var ids: [Int] = []
        for path in crowd + crowd.reversed() { ids.append(table.intern(path, in: &stored).id) }
        XCTAssertTrue(table.usesStandardHash, "400 paths from 8 homes make a search longer than the bound")
        XCTAssertEqual(ids, Array(0..<400) + Array((0..<400).reversed()))

        // Spread paths stay on the byte hash.
        var spread = PathIDTable(expected: 400)
        var spreadStored: [FieldPath] = []
        for index in 0..<400 { _ = spread.intern(FieldPath([.key("f\(index)")]), in: &spreadStored) }
        XCTAssertFalse(spread.usesStandardHash)
    }

    func testTheMergeLooksCrowdedPathsUpByTheStandardHash() {
        // One path per home 0..<300, interned in home order: each finds its home free, so
        // the first part stays on the byte hash with one run of 300 taken slots.
        let run = crowdingPaths(count: 300, homes: 0..<300, size: 1_024, onePerHome: true)
        var first = PathIDTable(expected: 400)
        var firstStored: [FieldPath] = []
        for path in run { _ = first.intern(path, in: &firstStored) }
        XCTAssertFalse(first.usesStandardHash)
        // A path of the second part not in the first, whose home starts the run.
        let absent = crowdingPaths(count: 301, homes: 0..<1, size: 1_024, onePerHome: false).first { !run.contains($0) }!
        XCTAssertEqual(first.search(absent, hash: PathIDTable.asciiHash(of: absent)!, in: firstStored), .tooLong)

        let secondPaths = [absent, run[0], run[299], FieldPath([.key("other")])]
        var second = PathIDTable(expected: 4)
        var secondStored: [FieldPath] = []
        for path in secondPaths { _ = second.intern(path, in: &secondStored) }
        let shared = CheckerRun.sharedIDs(of: secondStored, hashes: second, in: firstStored, first)
        XCTAssertEqual(shared, [nil, 0, 299, nil])
    }
}
