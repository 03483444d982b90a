// ISO 8601 dates and date-times as the `date`, `before`, `after`, `minAge` and `maxAge`
// validators read them, parsed from UTF-8 bytes.

/// A date or date-time read from text.
struct DateReading: Sendable, Equatable {
    /// The calendar date as written (for a date-time, the date in its own offset), as
    /// days since 1970-01-01.
    let day: Int
    /// For a date-time: the instant in seconds since 1970-01-01T00:00:00Z (offset
    /// applied; a date-time without an offset is read as UTC), split into whole seconds
    /// and the fraction so that comparisons stay exact.
    let instant: (seconds: Int, fraction: Double)?

    static func == (lhs: DateReading, rhs: DateReading) -> Bool {
        lhs.day == rhs.day && lhs.instant?.seconds == rhs.instant?.seconds && lhs.instant?.fraction == rhs.instant?.fraction
    }

    /// Strict order as `before`/`after` use it: two date-times compare as instants;
    /// otherwise the calendar dates as written compare (a date-time against a date or
    /// `today` looks at its own date).
    static func isBefore(_ lhs: DateReading, _ rhs: DateReading) -> Bool {
        if let left = lhs.instant, let right = rhs.instant {
            return (left.seconds, left.fraction) < (right.seconds, right.fraction)
        }
        return lhs.day < rhs.day
    }

    /// Parses `YYYY-MM-DD` or `YYYY-MM-DDThh:mm[:ss[.fraction]][Z|±hh:mm|±hh]`. The date
    /// must exist in the calendar (`2026-02-29` does not), hours run 00–23, minutes and
    /// seconds 00–59 (no leap second, no `24:00`), offsets up to ±23:59. The separator is
    /// an upper-case `T` and the zone an upper-case `Z`, as ISO 8601 writes them.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> DateReading? {
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = digits(bytes, 0, 4), let month = digits(bytes, 5, 2), let dayOfMonth = digits(bytes, 8, 2),
            let date = CalendarDate(year: year, month: month, day: dayOfMonth)
        else { return nil }
        let day = date.daysSinceEpoch
        if bytes.count == 10 { return DateReading(day: day, instant: nil) }
        guard bytes.count >= 16, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
            let hour = digits(bytes, 11, 2), hour < 24, let minute = digits(bytes, 14, 2), minute < 60
        else { return nil }
        var index = 16
        var second = 0
        var fraction = 0.0
        if index < bytes.count && bytes[index] == UInt8(ascii: ":") {
            guard let value = digits(bytes, index + 1, 2), value < 60 else { return nil }
            second = value
            index += 3
            if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
                index += 1
                var scale = 0.1
                let start = index
                while index < bytes.count && TextFormats.isASCIIDigit(bytes[index]) {
                    fraction += Double(bytes[index] &- UInt8(ascii: "0")) * scale
                    scale /= 10
                    index += 1
                }
                guard index > start else { return nil }
            }
        }
        guard let offset = offsetSeconds(bytes, from: index) else { return nil }
        let seconds = day * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return DateReading(day: day, instant: (seconds, fraction))
    }

    /// The zone designator from `index` to the end, in seconds east of UTC.
    private static func offsetSeconds(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int? {
        let remaining = bytes.count - index
        if remaining == 0 { return 0 }
        if remaining == 1 { return bytes[index] == UInt8(ascii: "Z") ? 0 : nil }
        let sign: Int
        switch bytes[index] {
        case UInt8(ascii: "+"): sign = 1
        case UInt8(ascii: "-"): sign = -1
        default: return nil
        }
        guard let hours = digits(bytes, index + 1, 2), hours < 24 else { return nil }
        if remaining == 3 { return sign * hours * 3_600 }
        guard remaining == 6, bytes[index + 3] == UInt8(ascii: ":"), let minutes = digits(bytes, index + 4, 2), minutes < 60
        else { return nil }
        return sign * (hours * 3_600 + minutes * 60)
    }

    /// The decimal number in `count` ASCII digits at `start`, or nil.
    @inline(__always)
    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        guard start + count <= bytes.count else { return nil }
        var value = 0
        for index in start..<(start + count) {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }
}
