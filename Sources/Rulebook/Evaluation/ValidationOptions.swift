import Foundation

/// What evaluation reads from the world: today's date, and the time zone whose calendar
/// days `today` and an app's `Date`s are read in. Inject them to make results
/// reproducible in tests and CI (`rulebook validate --today 2026-01-01`).
public struct EvaluationContext: Sendable {
    /// The fixed date, when one was given.
    public let fixedToday: CalendarDate?
    /// The zone whose calendar day is today (UTC unless given: the command's zone; apps
    /// pass `.current`, as forms do).
    public let timeZone: TimeZone

    /// A context whose today is `today`, in `timeZone` (UTC unless given).
    public init(today: CalendarDate, timeZone: TimeZone = EvaluationContext.utc) {
        self.fixedToday = today
        self.timeZone = timeZone
    }

    /// A context whose today is the current date in UTC, read from the clock when a rule
    /// needs it (once per record).
    public init() {
        self.fixedToday = nil
        self.timeZone = EvaluationContext.utc
    }

    /// A context whose today is the current date in `timeZone` (a user at 20:00 in Los
    /// Angeles is still on the day UTC has already left).
    public init(timeZone: TimeZone) {
        self.fixedToday = nil
        self.timeZone = timeZone
    }

    /// Today: the fixed date, or the current date in ``timeZone``.
    public var today: CalendarDate { fixedToday ?? CalendarDate(day: Date(), in: timeZone) }

    /// Coordinated Universal Time.
    public static let utc = TimeZone(identifier: "UTC")!
}

/// How a record is validated and reported.
public struct ValidationOptions: Sendable {
    /// Report every failing validator of a field, not just the first.
    public var reportAllFailures: Bool
    /// With an original record (`CompiledRuleSet.validate(_:original:options:)`), report
    /// only the fields that changed (and the fields inside or around a changed value).
    public var onlyChangedFields: Bool
    /// Renders violation messages from catalogues in one locale; nil for the built-in
    /// English messages.
    public var localizer: Localizer? {
        get { messages as? Localizer }
        set { messages = newValue ?? DefaultMessages() }
    }
    /// What renders violation messages: the built-in English defaults, a localiser, or
    /// (for the command's and the tests' own needs) any other renderer.
    package var messages: any MessageRendering
    /// Today, for `before today`, `minAge` and friends.
    public var context: EvaluationContext

    /// Options; the defaults report the first failure per field, in English (when
    /// `localizer` is nil), with today from the clock (UTC).
    public init(
        reportAllFailures: Bool = false, onlyChangedFields: Bool = false, localizer: Localizer? = nil,
        context: EvaluationContext = EvaluationContext()
    ) {
        self.init(
            reportAllFailures: reportAllFailures, onlyChangedFields: onlyChangedFields, messages: localizer,
            context: context)
    }

    /// Options whose messages `messages` renders (English defaults when nil).
    package init(
        reportAllFailures: Bool = false, onlyChangedFields: Bool = false, messages: (any MessageRendering)?,
        context: EvaluationContext = EvaluationContext()
    ) {
        self.reportAllFailures = reportAllFailures
        self.onlyChangedFields = onlyChangedFields
        self.messages = messages ?? DefaultMessages()
        self.context = context
    }

    /// The defaults.
    public static var `default`: ValidationOptions { ValidationOptions() }
}
