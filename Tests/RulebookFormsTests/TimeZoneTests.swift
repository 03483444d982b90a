import Foundation
import Rulebook
import XCTest

@testable import RulebookForms

/// Today and a Swift `Date` on a day rule are calendar days in the form's time zone.
final class TimeZoneTests: XCTestCase {
    let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    func instant(_ text: String) -> Date { FormDates.instant(text)! }

    func testTodayIsTheDayInTheZone() {
        // 20:00 on the 28th in Los Angeles is already the 29th in UTC.
        let evening = instant("2026-11-29T04:00:00Z")
        XCTAssertEqual(CalendarDate(day: evening, in: losAngeles).description, "2026-11-28")
        XCTAssertEqual(CalendarDate(day: evening, in: EvaluationContext.utc).description, "2026-11-29")
        // 07:00 on the 29th in Tokyo is still the 28th in UTC.
        let morning = instant("2026-11-28T22:00:00Z")
        XCTAssertEqual(CalendarDate(day: morning, in: tokyo).description, "2026-11-29")
        XCTAssertEqual(EvaluationContext(timeZone: tokyo).timeZone, tokyo)
        XCTAssertEqual(EvaluationContext().timeZone, EvaluationContext.utc, "the command's default stays UTC")
    }

    struct Person: Codable, Equatable {
        var birthday: Date
    }

    func form(_ zone: TimeZone, now: Date, birthday: Date) throws -> FormModel {
        let rules = try CompiledRuleSet(source: "birthday: required, date, before today")
        let context = EvaluationContext(today: CalendarDate(day: now, in: zone), timeZone: zone)
        return try FormModel(
            rules: rules, model: Person(birthday: birthday), display: .immediately,
            options: ValidationOptions(context: context))
    }

    func testLosAngelesAtEightInTheEveningPickingToday() throws {
        let now = instant("2026-11-29T04:00:00Z")
        let midnightToday = instant("2026-11-28T08:00:00Z")  // 00:00 on the 28th in Los Angeles
        let form = try form(losAngeles, now: now, birthday: midnightToday)
        XCTAssertEqual(form.values, ["birthday": "2026-11-28"])
        XCTAssertTrue(form.field("birthday")?.validation.blocksSubmit ?? false, "today is not before today")
        XCTAssertEqual(try form.model(as: Person.self), Person(birthday: midnightToday), "the day reads back as midnight there")
    }

    func testTokyoAtSevenInTheMorningPickingYesterday() throws {
        let now = instant("2026-11-28T22:00:00Z")
        let noonYesterday = instant("2026-11-28T03:00:00Z")  // 12:00 on the 28th in Tokyo
        let form = try form(tokyo, now: now, birthday: noonYesterday)
        XCTAssertEqual(form.values, ["birthday": "2026-11-28"])
        XCTAssertEqual(form.field("birthday")?.validation, .valid, "yesterday in Tokyo is before today there")
    }
}
