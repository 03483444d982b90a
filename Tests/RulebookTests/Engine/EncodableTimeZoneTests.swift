import Foundation
import XCTest

@testable import Rulebook

/// A Swift `Date` validated through the `Encodable` API is read as the wall-clock time in
/// the context's time zone, so a date-only rule sees the calendar day the user saw.
final class EncodableTimeZoneTests: XCTestCase {
    struct Person: Encodable { var birthday: Date }

    let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    let rules = try! CompiledRuleSet(source: "birthday: required, date, before today")

    func instant(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }

    func status(_ birthday: Date, now: Date, in zone: TimeZone) throws -> FieldStatus? {
        let context = EvaluationContext(today: CalendarDate(day: now, in: zone), timeZone: zone)
        return try rules.validate(Person(birthday: birthday), options: ValidationOptions(context: context)).fields.first?.status
    }

    func testLosAngelesAtEightInTheEveningPickingTodayIsNotBeforeToday() throws {
        let now = instant(1_795_924_800)  // 2026-11-29T04:00:00Z: 20:00 on the 28th in Los Angeles
        let picked = instant(1_795_852_800)  // 2026-11-28T08:00:00Z: midnight on the 28th there
        XCTAssertEqual(try status(picked, now: now, in: losAngeles), .invalid)
        XCTAssertEqual(
            try ValueEncoder(timeZone: losAngeles).encode(Person(birthday: picked)),
            ["birthday": "2026-11-28T00:00:00-08:00"])
    }

    func testTokyoAtSevenInTheMorningPickingYesterdayIsBeforeToday() throws {
        let now = instant(1_795_903_200)  // 2026-11-28T22:00:00Z: 07:00 on the 29th in Tokyo
        let picked = instant(1_795_834_800)  // 2026-11-28T03:00:00Z: noon on the 28th there
        XCTAssertEqual(try status(picked, now: now, in: tokyo), .valid)
        XCTAssertEqual(
            try ValueEncoder(timeZone: tokyo).encode(Person(birthday: picked)),
            ["birthday": "2026-11-28T12:00:00+09:00"])
    }

    func testTokyoAtSevenInTheMorningPickingTodayIsNotBeforeToday() throws {
        // Written in UTC this Date is still the 28th: it would pass `before today`.
        let now = instant(1_795_903_200)  // 2026-11-28T22:00:00Z: 07:00 on the 29th in Tokyo
        let picked = instant(1_795_878_000)  // 2026-11-28T15:00:00Z: midnight on the 29th there
        XCTAssertEqual(try status(picked, now: now, in: tokyo), .invalid)
    }

    func testUTCStaysTheDefault() throws {
        XCTAssertEqual(
            try ValueEncoder().encode(Person(birthday: instant(1_795_924_800))),
            ["birthday": "2026-11-29T04:00:00Z"])
    }
}
