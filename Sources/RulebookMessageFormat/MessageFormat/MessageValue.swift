/// A message argument's value.
///
/// Generic over what a field and a calendar date are, so that this module knows neither:
/// a field renders as whatever display name the ``MessageArgumentSource`` gives it, and
/// selects on its description; a date is written in the locale's pattern.
@usableFromInline
package enum MessageValue<Field: Sendable & Hashable & CustomStringConvertible, Date: MessageDate>: Sendable, Hashable {
    case number(Double)
    case text(String)
    case date(Date)
    /// Rendered as the field's localised display name.
    case field(Field)
    /// Rendered as a locale-appropriate list (`oneOf`).
    case list([MessageValue])
}

/// A calendar date a message can show (`{d, date}`) and select on (its description).
@usableFromInline
package protocol MessageDate: Sendable, Hashable, CustomStringConvertible {
    /// The year (proleptic Gregorian; may be zero or negative).
    var year: Int { get }
    /// The month, 1 to 12.
    var month: Int { get }
    /// The day of the month, from 1.
    var day: Int { get }
    /// The date text writes as `YYYY-MM-DD`, if it exists (text shown with `{x, date}`).
    init?(iso text: some StringProtocol)
}
