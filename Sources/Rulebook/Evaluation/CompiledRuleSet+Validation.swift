// The public evaluation API over `Value` records.

extension CompiledRuleSet {
    /// Validates a record: one ``FieldResult`` per concrete field the rules reach, in
    /// rule order.
    ///
    /// - Parameters:
    ///   - record: The record, usually a JSON object.
    ///   - options: Failure reporting, message rendering and today.
    ///
    /// The report's results and messages are built when first read (see
    /// ``ValidationReport``); ``ValidationReport/isValid`` costs nothing more.
    public func validate(_ record: Value, options: ValidationOptions = ValidationOptions()) -> ValidationReport {
        // Locals: a closure reading `self` copies the whole rule set.
        let today = today(options.context), program = program, reportAll = options.reportAllFailures
        let outcome = ValueAccess.with(record) {
            RecordEvaluator.outcome(program: program, access: $0, today: today, reportAllFailures: reportAll)
        }
        return report(outcome, today: today, options: options, changes: nil)
    }

    /// Whether a record passes every rule. Stops at the first failure and renders no
    /// messages: the fastest way to count valid records (`rulebook validate --quiet`).
    public func isValid(_ record: Value, context: EvaluationContext = EvaluationContext()) -> Bool {
        // Locals: a closure reading `self` copies the whole rule set.
        let today = today(context), program = program
        return ValueAccess.with(record) {
            RecordEvaluator.passesAll(program: program, access: $0, today: today)
        }
    }

    /// Validates one field of a record, for live validation as the user types.
    ///
    /// `path` is written as in a rule file (`address.postcode`, `items[*].sku`) or with
    /// concrete indices (`items[2].sku`: only that element). Conditions and `same`-style
    /// references read the whole record. Returns no results when no rule names the
    /// field or the path does not parse.
    public func validateField(
        _ path: String, in record: Value,
        options: ValidationOptions = ValidationOptions()
    ) -> [FieldResult] {
        guard let query = FieldQuery(parsing: path) else { return [] }
        return validateField(query.pattern, in: record, indices: query.indices, options: options)
    }

    /// Validates one field of a record (every concrete path of a `[*]` field).
    public func validateField(
        _ path: FieldPath, in record: Value,
        options: ValidationOptions = ValidationOptions()
    ) -> [FieldResult] {
        validateField(path, in: record, indices: [], options: options)
    }

    /// The changes from `original` to `edited`: changed concrete fields, an RFC 7386
    /// merge patch, and whether anything changed.
    public func changes(from original: Value, to edited: Value) -> ChangeSet {
        ChangeSet(from: original, to: edited)
    }

    /// Validates an edited record against its original: the report carries the
    /// ``ChangeSet``, and with ``ValidationOptions/onlyChangedFields`` it lists only the
    /// fields that changed (a field counts as changed when its value, a value inside it,
    /// or a value around it changed: replacing `address` changes `address.postcode`;
    /// editing `items[2].sku` changes `items`).
    public func validate(
        _ edited: Value, original: Value,
        options: ValidationOptions = ValidationOptions()
    ) -> ValidationReport {
        let changes = ChangeSet(from: original, to: edited)
        let today = today(options.context)
        var outcome = ValueAccess.with(edited) {
            RecordEvaluator.outcome(program: program, access: $0, today: today, reportAllFailures: options.reportAllFailures)
        }
        if options.onlyChangedFields {
            outcome = outcome.filtered(program: program) { changes.touches($0) }
        }
        return report(outcome, today: today, options: options, changes: changes)
    }

    /// The report of an outcome: the program's shared results when every field is valid,
    /// else results built on first read.
    func report(
        _ outcome: consuming EvaluationOutcome, today: CalendarDate, options: ValidationOptions,
        changes: ChangeSet?
    ) -> ValidationReport {
        // The verdict first: reading the shared results before it would retain and
        // release them for every record.
        if outcome.isAllValid(fieldCount: program.fields.count) {
            if changes == nil, let report = program.allValidReport { return ValidationReport(report) }
            if let shared = program.allValidResults { return ValidationReport(allValid: shared, changes: changes) }
        }
        return ValidationReport(outcome.report(program: program, messages: options.messages, today: today, changes: changes))
    }

    private func validateField(
        _ path: FieldPath, in record: Value, indices: [Int?],
        options: ValidationOptions
    ) -> [FieldResult] {
        guard let field = program.fieldInfos.firstIndex(where: { $0.pattern == path }) else { return [] }
        let today = today(options.context)
        let collector = OutcomeCollector(reportAllFailures: options.reportAllFailures, fieldCount: program.fields.count)
        let outcome = evaluate(record, today: today, into: collector, field: (field, indices)).outcome
        var builder = ViolationBuilder(program: program, messages: options.messages, today: today)
        var noCache: [String?] = []
        return builder.results(of: outcome, cache: &noCache)
    }
}

extension CompiledRuleSet {
    /// Counting evaluation over any storage.
    func isValid<Access: RecordAccess>(_ access: Access, context: EvaluationContext) -> Bool {
        isValid(access, today: today(context))
    }

    /// Counting evaluation with today already read.
    func isValid<Access: RecordAccess>(_ access: Access, today: CalendarDate) -> Bool {
        RecordEvaluator.passesAll(program: program, access: access, today: today)
    }

    /// Runs the one evaluation of `record` — every field, or one field at the given `[*]`
    /// indices (see `RecordEvaluator.evaluate(field:only:)`) — into `collector` and
    /// returns the collector (a trace of every rule when the collector asks for one).
    package func evaluate<Collector: EvaluationCollector>(
        _ record: Value, today: CalendarDate, into collector: Collector, field: (Int, indices: [Int?])? = nil
    ) -> Collector {
        ValueAccess.with(record) { access in
            var evaluator = RecordEvaluator(program: program, access: access, today: today, collector: collector)
            if let (field, indices) = field { evaluator.evaluate(field: field, only: indices) } else { evaluator.run() }
            return evaluator.collector
        }
    }

    /// The placeholder today when no rule reads it.
    static let unusedToday = CalendarDate(daysSinceEpoch: 0)

    /// Today from the context, only when some rule reads it (the clock is not free).
    package func today(_ context: EvaluationContext) -> CalendarDate {
        needsToday ? context.today : Self.unusedToday
    }
}
