/// A date or date-time read as docs/language.md states: `YYYY-MM-DD`, or
/// `YYYY-MM-DDThh:mm[:ss[.fraction]]` followed by `Z`, `±hh:mm`, `±hh` or nothing (UTC),
/// upper-case `T` and `Z`, hours 00–23, no leap second, a day that exists.
struct ReferenceDate {
    /// A calendar day.
    struct Day: Comparable {
        let year: Int, month: Int, day: Int

        static func < (lhs: Day, rhs: Day) -> Bool { (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day) }

        /// Full years from this birth date to `date`.
        func fullYears(until date: Day) -> Int {
            var years = date.year - year
            if (date.month, date.day) < (month, day) { years -= 1 }
            return years
        }

        /// Days since 1970-01-01, counted plainly.
        var ordinal: Int {
            var days = 0
            let step = year >= 1970 ? 1 : -1
            var y = 1970
            while y != year {
                days += step * (Day.isLeap(step > 0 ? y : y - 1) ? 366 : 365)
                y += step
            }
            for m in 1..<month { days += Day.daysIn(month: m, year: year) }
            return days + day - 1
        }

        static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

        static func daysIn(month: Int, year: Int) -> Int {
            switch month {
            case 2: isLeap(year) ? 29 : 28
            case 4, 6, 9, 11: 30
            default: 31
            }
        }
    }

    /// The calendar date as written.
    let day: Day
    /// For a date-time: seconds since the epoch (UTC) and the fraction's digits,
    /// padded for comparison.
    let instant: (seconds: Int, fraction: String)?

    init(day: Day, instant: (seconds: Int, fraction: String)?) {
        self.day = day
        self.instant = instant
    }

    init?(_ text: String) {
        let s = Array(text.unicodeScalars)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= s.count else { return nil }
            var value = 0
            for index in range {
                guard ("0"..."9").contains(s[index]) else { return nil }
                value = value * 10 + Int(s[index].value - 48)
            }
            return value
        }
        guard s.count >= 10, s[4] == "-", s[7] == "-", let year = number(0..<4), let month = number(5..<7),
            let dayOfMonth = number(8..<10), (1...12).contains(month),
            (1...Day.daysIn(month: month, year: year)).contains(dayOfMonth)
        else { return nil }
        let day = Day(year: year, month: month, day: dayOfMonth)
        if s.count == 10 {
            self.init(day: day, instant: nil)
            return
        }
        guard s[10] == "T", let hour = number(11..<13), s.count > 13, s[13] == ":", let minute = number(14..<16),
            hour <= 23, minute <= 59
        else { return nil }
        var index = 16
        var second = 0
        var fraction = ""
        if index < s.count && s[index] == ":" {
            guard let read = number((index + 1)..<(index + 3)), read <= 59 else { return nil }
            second = read
            index += 3
            if index < s.count && s[index] == "." {
                index += 1
                let start = index
                while index < s.count && ("0"..."9").contains(s[index]) { index += 1 }
                guard index > start else { return nil }
                fraction = String(String.UnicodeScalarView(s[start..<index]))
            }
        }
        var offset = 0
        if index < s.count {
            switch s[index] {
            case "Z":
                index += 1
            case "+", "-":
                let sign = s[index] == "+" ? 1 : -1
                guard let hours = number((index + 1)..<(index + 3)) else { return nil }
                index += 3
                var minutes = 0
                if index < s.count {
                    guard s[index] == ":", let read = number((index + 1)..<(index + 3)) else { return nil }
                    minutes = read
                    index += 3
                }
                offset = sign * (hours * 3600 + minutes * 60)
            default:
                return nil
            }
        }
        guard index == s.count else { return nil }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let seconds = day.ordinal * 86_400 + hour * 3600 + minute * 60 + second - offset
        self.init(day: day, instant: (seconds, fraction))
    }

    /// Strictly before: two date-times as instants; otherwise by calendar date as written.
    static func isBefore(_ a: ReferenceDate, _ b: ReferenceDate) -> Bool {
        guard let x = a.instant, let y = b.instant else { return a.day < b.day }
        if x.seconds != y.seconds { return x.seconds < y.seconds }
        let width = max(x.fraction.count, y.fraction.count)
        func padded(_ text: String) -> String { text + String(repeating: "0", count: width - text.count) }
        return padded(x.fraction) < padded(y.fraction)
    }
}
