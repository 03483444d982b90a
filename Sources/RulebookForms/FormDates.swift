import Foundation
import Rulebook

/// Swift `Date`s of an app's model on fields whose rules read calendar days (`date`,
/// `before today`, `minAge 18`): encoded as the day in the form's time zone, so a
/// birthday picked at midnight in Los Angeles is that day there, not the UTC day the
/// instant falls on; and read back as midnight of that day in the zone.
enum FormDates {
    /// The validators that compare a value as a calendar day.
    static let dayValidators: Set<BuiltinValidator> = [.date, .before, .after, .minAge, .maxAge]

    /// Whether a field's rules read its value as a day: some rule is a day validator and
    /// none compares it with another field (two date-times compare as instants).
    static func isDateOnly(_ statements: [CheckedStatement]) -> Bool {
        let rules = statements.flatMap(\.rules).filter { dayValidators.contains($0.validator) }
        return !rules.isEmpty
            && !rules.contains { rule in
                rule.arguments.contains { if case .field = $0.value { true } else { false } }
            }
    }

    /// Replaces the date-time text an encoded `Date` became by its day in `timeZone`.
    static func daysInZone(_ record: inout Value, at paths: [FieldPath], timeZone: TimeZone) {
        for path in paths {
            guard case .string(let text)? = record.value(at: path), text.count > 10, let instant = instant(text) else { continue }
            record.setValue(.string(CalendarDate(day: instant, in: timeZone).description), at: path)
        }
    }

    /// An ISO 8601 date-time as the record encoder writes it (with or without milliseconds).
    static func instant(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    /// A decoder reading a day (`2026-11-28`) as midnight in `timeZone` and anything else
    /// as an ISO 8601 date-time.
    static func decoder(timeZone: TimeZone) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            if let day = CalendarDate(iso: text), text.count == 10 {
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = timeZone
                if let date = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day)) { return date }
            }
            if let date = instant(text) { return date }
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an ISO 8601 date: \(text)"))
        }
        return decoder
    }
}
