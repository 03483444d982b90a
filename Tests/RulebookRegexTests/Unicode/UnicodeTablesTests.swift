import SeededRandom
import XCTest

@testable import RulebookRegex

/// The Unicode data the engine derives from the toolchain, and the shortcuts it takes.
final class UnicodeTablesTests: XCTestCase {
    /// The category scan skips planes 4–13 and 15–16; this checks them scalar by scalar.
    func testSkippedPlanesHoldWhatTheTablesAssume() {
        for plane: UInt32 in [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16] {
            var value = plane << 16
            while value <= (plane << 16) | 0xFFFF {
                let category = Unicode.Scalar(value)!.properties.generalCategory
                let expected: Unicode.GeneralCategory =
                    plane < 15 || value & 0xFFFF >= 0xFFFE ? .unassigned : .privateUse
                if category != expected {
                    XCTFail(String(format: "U+%X is %@", value, "\(category)"))
                    return
                }
                // Binary properties scanned only over planes 0–3 and 14 must be false here.
                let properties = Unicode.Scalar(value)!.properties
                if properties.isAlphabetic || properties.isEmoji || properties.changesWhenCaseMapped {
                    XCTFail(String(format: "U+%X has a property the scan skips", value))
                    return
                }
                value += 0x3F  // a sample per 64 scalars keeps this test fast; planes are uniform
            }
        }
    }

    func testCategoryTablesAgreeWithTheStandardLibrary() {
        var random = SeededGenerator(seed: 11)
        for _ in 0..<20_000 {
            let value = UInt32(random.next(below: 0x110000))
            guard let scalar = Unicode.Scalar(value) else { continue }
            let code = GeneralCategoryCode(scalar.properties.generalCategory)
            XCTAssertTrue(UnicodeTables.category(code).contains(value), String(format: "U+%X", value))
        }
        XCTAssertTrue(UnicodeTables.category(.uppercaseLetter).contains(0x3A3))  // Σ
        XCTAssertTrue(UnicodeTables.category(.otherLetter).contains(0x4E2D))  // 中
        XCTAssertTrue(UnicodeTables.category(.nonspacingMark).contains(0x301))
        XCTAssertTrue(UnicodeTables.category(.decimalNumber).contains(0x663))  // ٣
        XCTAssertTrue(UnicodeTables.category(.privateUse).contains(0x10FFFD))
        XCTAssertTrue(UnicodeTables.category(.surrogate).isEmpty, "surrogates are never scalars")
    }

    func testWhiteSpaceTableIsUnicodeWhiteSpace() {
        var value: UInt32 = 0
        while value < 0x3100 {
            if let scalar = Unicode.Scalar(value) {
                XCTAssertEqual(UnicodeTables.whiteSpace.contains(value), scalar.properties.isWhitespace, String(format: "U+%X", value))
            }
            value += 1
        }
        XCTAssertFalse(UnicodeTables.whiteSpace.contains(0x1C), "Python counts U+001C as space; Unicode does not")
        XCTAssertFalse(UnicodeTables.whiteSpace.contains(0x200B))
    }

    func testCaseOrbits() {
        func orbit(_ value: UInt32) -> [UInt32] { CaseFolding.orbits.first { $0.contains(value) } ?? [value] }
        XCTAssertEqual(orbit(0x73), [0x53, 0x73, 0x17F])  // S s ſ
        XCTAssertEqual(orbit(0x6B), [0x4B, 0x6B, 0x212A])  // K k KELVIN SIGN
        XCTAssertEqual(orbit(0x3C3), [0x3A3, 0x3C2, 0x3C3])  // Σ ς σ
        XCTAssertEqual(orbit(0x1C6), [0x1C4, 0x1C5, 0x1C6])  // Ǆ ǅ ǆ
        XCTAssertEqual(orbit(0xDF), [0xDF, 0x1E9E])  // ß ẞ (simple mappings only: not "SS")
        XCTAssertEqual(orbit(0x130), [0x130], "İ folds only fully (to i̇), so it stays alone")
        XCTAssertEqual(orbit(0x42F), [0x42F, 0x44F])  // Я я
        XCTAssertEqual(orbit(0x69), [0x49, 0x69], "the Turkic ı and İ are not folded by default")
        XCTAssertEqual(orbit(0x131), [0x131])
        // Nothing past plane 1 changes when case-mapped (why the scan stops there).
        var value: UInt32 = 0x20000
        while value <= 0x10FFFF {
            if let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseMapped {
                XCTFail(String(format: "U+%X changes when case-mapped", value))
            }
            value += 7
        }
    }

    func testASCIIFastPathEqualsTheFullTable() {
        var random = SeededGenerator(seed: 3)
        for _ in 0..<300 {
            let low = UInt32(random.next(below: 128)), high = min(127, low + UInt32(random.next(below: 30)))
            let other = (UInt32(random.next(below: 128)), UInt32(random.next(below: 128)))
            let set = ScalarSet(ranges: [low...high, min(other.0, other.1)...max(other.0, other.1)])
            var slow = set
            for orbit in CaseFolding.orbits where orbit.contains(where: set.contains) {
                slow = slow.union(ScalarSet(ranges: orbit.map { $0...$0 }))
            }
            XCTAssertEqual(CaseFolding.closedASCII(set), slow, "\(set.ranges)")
        }
    }

    func testPropertyNamesMatchLoosely() {
        for name in ["L", "Letter", "letter", "gc=L", "General_Category=Letter", " L "] {
            guard case .set(let set) = UnicodeProperty.resolve(name) else { return XCTFail(name) }
            XCTAssertTrue(set.contains(0x41) && set.contains(0x4E2D) && !set.contains(0x31), name)
        }
        guard case .script = UnicodeProperty.resolve("Greek") else { return XCTFail("Greek") }
        guard case .unknown = UnicodeProperty.resolve("Nonsense") else { return XCTFail("Nonsense") }
    }
}
