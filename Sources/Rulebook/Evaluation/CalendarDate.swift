import Foundation

/// A proleptic Gregorian calendar date without time or zone: `2026-01-31`.
///
/// Dates compare as days; `today` is always one of these, injected by the evaluation
/// context, so results are reproducible.
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year (proleptic Gregorian; may be zero or negative).
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, from 1.
    public let day: Int

    /// The years a date may have: wide enough for any calendar use, narrow enough that
    /// day arithmetic on them (``daysSinceEpoch``, ages, comparisons) cannot overflow.
    public static let years = -999_999_999...999_999_999

    /// Creates a date if it exists in the calendar (`2026-02-30` does not) and its year is
    /// within ``years``.
    public init?(year: Int, month: Int, day: Int) {
        guard CalendarDate.years.contains(year), (1...12).contains(month), day >= 1,
            day <= CalendarDate.daysIn(month: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Whether `year` is a Gregorian leap year.
    public static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    /// The number of days of `month` in `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 (negative before), for ordering and arithmetic.
    public var daysSinceEpoch: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date `days` days after 1970-01-01.
    public init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(iso text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = Int(bytes[index]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Today in UTC, from the system clock (the default evaluation context).
    public static func todayUTC() -> CalendarDate {
        let seconds = Int(Double(Clock.secondsSince1970))
        return CalendarDate(daysSinceEpoch: Int((Double(seconds) / 86_400).rounded(.down)))
    }

    /// The calendar day of `instant` in `timeZone` (20:00 on the 28th in Los Angeles is
    /// the 28th, though UTC is already on the 29th).
    public init(day instant: Date, in timeZone: TimeZone) {
        let seconds = instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))
        self.init(daysSinceEpoch: Int((seconds / 86_400).rounded(.down)))
    }

    /// Full years from `self` (a birth date) to `date`.
    public func fullYears(until date: CalendarDate) -> Int {
        var years = date.year - year
        if (date.month, date.day) < (month, day) { years -= 1 }
        return years
    }

    /// Whether `lhs` is the earlier day.
    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(abs(value))
            return (value < 0 ? "-" : "") + String(repeating: "0", count: Swift.max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}

private enum Clock {
    static var secondsSince1970: TimeInterval { Date().timeIntervalSince1970 }
}
