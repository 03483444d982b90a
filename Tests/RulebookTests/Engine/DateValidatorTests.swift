import XCTest

@testable import Rulebook

final class DateValidatorTests: XCTestCase {
    func testDateAcceptsDatesAndDateTimesThatExist() {
        assertRule(
            rule(.date),
            passes: [
                "2026-01-31", "2024-02-29", "2000-02-29", "0001-01-01", "2026-01-31T12:00:00Z", "2026-01-31T12:00",
                "2026-01-31T12:00:00.123+05:30", "2026-01-31T23:59:59-08", "2026-12-31T00:00:00.5-00:00",
            ],
            fails: [
                "2026-02-29", "1900-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00", "2026-1-1",
                "26-01-01", "2026-01-31T24:00", "2026-01-31T12:60", "2026-01-31T12:00:60", "2026-01-31 12:00",
                "2026-01-31t12:00Z", "2026-01-31T12:00:00+24:00", "2026-01-31T12:00:00+05:3", "2026-01-31T12",
                "2026-01-31Z", "2026-01-31T12:00:00.", "31/01/2026", "2026-01-31 ", 20_260_131, true, ["2026-01-31"],
            ])
    }

    func testBeforeTodayIsStrict() {
        assertRule(
            rule(.before, .today), passes: ["2026-01-14", "1990-06-01", "2026-01-14T23:59:59Z"],
            fails: ["2026-01-15", "2026-01-16", "2026-01-15T00:00:00Z", "not a date", 20_260_101], today: "2026-01-15")
    }

    func testAfterFixedDateIsStrict() {
        assertRule(
            rule(.after, .date(CalendarDate(iso: "2026-01-01")!)), passes: ["2026-01-02", "2027-01-01"],
            fails: ["2026-01-01", "2025-12-31", "2026-01-01T23:00:00Z"])
    }

    func testDateTimeAgainstADateUsesItsOwnCalendarDate() {
        // 23:30 at UTC-5 is already the 2nd in UTC; the written date (the 1st) counts.
        assertRule(rule(.before, .date(CalendarDate(iso: "2026-01-02")!)), passes: ["2026-01-01T23:30:00-05:00"], fails: [])
    }

    func testBeforeAnotherFieldComparesInstantsBetweenDateTimes() {
        let rules = compile(field("start", rule(.before, .field(path("end")))))
        XCTAssertTrue(rules.validate(record(["start": "2026-01-01", "end": "2026-01-02"])).isValid)
        XCTAssertFalse(rules.validate(record(["start": "2026-01-02", "end": "2026-01-02"])).isValid)
        XCTAssertTrue(rules.validate(record(["start": "2026-01-01T10:00:00+02:00", "end": "2026-01-01T09:00:00Z"])).isValid)
        XCTAssertFalse(rules.validate(record(["start": "2026-01-01T10:00:00Z", "end": "2026-01-01T11:00:00+02:00"])).isValid)
        XCTAssertTrue(rules.validate(record(["start": "2026-01-01T10:00:00.25Z", "end": "2026-01-01T10:00:00.5Z"])).isValid)
        // Absent or malformed other side: nothing is before an unknown date.
        XCTAssertEqual(rules.failures(record(["start": "2026-01-01"])), ["start: before"])
        XCTAssertEqual(rules.failures(record(["start": "2026-01-01", "end": "soon"])), ["start: before"])
        XCTAssertEqual(rules.failures(record(["start": "2026-01-01", "end": 5])), ["start: before"])
    }

    func testAfterAnotherField() {
        let rules = compile(field("end", rule(.after, .field(path("start")))))
        XCTAssertTrue(rules.validate(record(["start": "2026-01-01", "end": "2026-01-02"])).isValid)
        XCTAssertFalse(rules.validate(record(["start": "2026-01-01", "end": "2026-01-01"])).isValid)
    }

    func testMinAgeOnTheBirthday() {
        assertRule(
            rule(.minAge, .count(18)), passes: ["2008-01-15", "2008-01-14", "1950-01-01", "2008-01-15T23:00:00-10:00"],
            fails: ["2008-01-16", "2010-06-01", "2030-01-01", "yesterday", 18], today: "2026-01-15")
    }

    func testMaxAgeBoundaries() {
        assertRule(
            rule(.maxAge, .count(124)), passes: ["1901-01-16", "2000-01-01", "1902-01-15"],
            fails: ["1901-01-15", "1800-01-01"], today: "2026-01-15")
    }

    func testLeapDayBirthdays() {
        // Born on 29 February: a year older on 1 March in common years.
        assertRule(rule(.minAge, .count(18)), passes: [], fails: ["2004-02-29"], today: "2022-02-28")
        assertRule(rule(.minAge, .count(18)), passes: ["2004-02-29"], fails: [], today: "2022-03-01")
        assertRule(rule(.minAge, .count(20)), passes: ["2004-02-29"], fails: [], today: "2024-02-29")
        assertRule(rule(.maxAge, .count(17)), passes: ["2004-02-29"], fails: [], today: "2022-02-28")
    }

    func testTodayParameterReportsTheContextDate() {
        let recorder = RecordingMessages()
        var settings = options(today: "2026-03-04")
        settings.messages = recorder
        let violation = compile(field("birthday", rule(.before, .today))).validate(
            record(["birthday": "2030-01-01"]),
            options: settings
        ).violations.first
        XCTAssertEqual(violation?.parameters, [.init(name: "date", value: .string("2026-03-04"))])
        XCTAssertEqual(recorder.requests.first?.arguments.first?.value, .date(CalendarDate(iso: "2026-03-04")!))
    }

    func testTodayDefaultsToTheClockInUTC() {
        let rules = compile(field("d", rule(.before, .today)))
        let tomorrow = CalendarDate(daysSinceEpoch: CalendarDate.todayUTC().daysSinceEpoch + 1).description
        let yesterday = CalendarDate(daysSinceEpoch: CalendarDate.todayUTC().daysSinceEpoch - 1).description
        XCTAssertFalse(rules.validate(record(["d": J(.string(tomorrow))])).isValid)
        XCTAssertTrue(rules.validate(record(["d": J(.string(yesterday))])).isValid)
    }
}

final class DateReadingTests: XCTestCase {
    private func read(_ text: String) -> DateReading? {
        var copy = text
        return copy.withUTF8 { DateReading.parse($0) }
    }

    func testOffsetsMoveTheInstantNotTheDate() {
        let local = read("2026-01-01T23:30:00-05:00")
        XCTAssertEqual(local?.day, CalendarDate(iso: "2026-01-01")!.daysSinceEpoch)
        XCTAssertEqual(local?.instant?.seconds, read("2026-01-02T04:30:00Z")?.instant?.seconds)
        XCTAssertEqual(read("2026-01-01T12:00:00+01")?.instant?.seconds, read("2026-01-01T11:00Z")?.instant?.seconds)
    }

    func testFractionsCompare() {
        guard let early = read("2026-01-01T00:00:00.1Z"), let late = read("2026-01-01T00:00:00.15Z") else { return XCTFail() }
        XCTAssertTrue(DateReading.isBefore(early, late))
        XCTAssertFalse(DateReading.isBefore(late, early))
    }
}
