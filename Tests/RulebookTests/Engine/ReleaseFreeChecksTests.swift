import XCTest
@testable import Rulebook
import RulebookRegex

/// Guards the promise behind `@_effects(releasenone)` on the flat evaluator's text checks
/// (`FlatEvaluator.checkText` over bytes, `passesShape`, `FlatField.endPassesQuickly`):
/// they must not release any object
/// that existed before the call, or the optimiser's removal of the caller's retain is
/// undefined behaviour. What they read per check is plain data; were a reference added to
/// one of these types (a cache, a shared buffer), reading or replacing it could release,
/// and this test fails first, pointing at the comment on `checkText`.
final class ReleaseFreeChecksTests: XCTestCase {
    func testWhatTheTextChecksReadIsPlainData() {
        XCTAssertTrue(_isPOD(FlatField.self), "FlatField")
        XCTAssertTrue(_isPOD(FlatCheck.self), "FlatCheck")
        XCTAssertTrue(_isPOD(Instruction.self), "Instruction")
        XCTAssertTrue(_isPOD(CalendarDate.self), "CalendarDate")
        XCTAssertTrue(_isPOD(DateReading.self), "DateReading")
        XCTAssertTrue(_isPOD(PatternMatcher.self), "PatternMatcher")
    }
}
