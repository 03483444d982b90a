/// What evaluation reads from the world: today's date. Inject it to make results
/// reproducible in tests and CI (`rulebook validate --today 2026-01-01`).
public struct EvaluationContext: Sendable {
    /// The fixed date, when one was given.
    public let fixedToday: CalendarDate?

    /// A context whose today is `today`.
    public init(today: CalendarDate) { self.fixedToday = today }

    /// A context whose today is the current date in UTC, read from the clock when a rule
    /// needs it (once per record).
    public init() { self.fixedToday = nil }

    /// Today: the fixed date, or the current date in UTC.
    public var today: CalendarDate { fixedToday ?? CalendarDate.todayUTC() }
}

/// How a record is validated and reported.
public struct ValidationOptions: Sendable {
    /// Report every failing validator of a field, not just the first.
    public var reportAllFailures: Bool
    /// With an original record (`CompiledRuleSet.validate(_:original:options:)`), report
    /// only the fields that changed (and the fields inside or around a changed value).
    public var onlyChangedFields: Bool
    /// Renders violation messages: the built-in English defaults, or a localiser.
    public var messages: any MessageRendering
    /// Today, for `before today`, `minAge` and friends.
    public var context: EvaluationContext

    /// Options; the defaults report the first failure per field, in English, with
    /// today from the clock (UTC).
    public init(reportAllFailures: Bool = false, onlyChangedFields: Bool = false,
                messages: any MessageRendering = DefaultMessages(), context: EvaluationContext = EvaluationContext()) {
        self.reportAllFailures = reportAllFailures
        self.onlyChangedFields = onlyChangedFields
        self.messages = messages
        self.context = context
    }

    /// The defaults.
    public static var `default`: ValidationOptions { ValidationOptions() }
}
