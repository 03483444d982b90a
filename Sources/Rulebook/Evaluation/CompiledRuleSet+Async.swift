// Asynchronous validation: the one synchronous evaluation, traced so that it notes which
// rules of asynchronous validators applied to which values, then those validators run
// for every concrete field whose synchronous rules all passed.

extension CompiledRuleSet {
    /// Validates a record, then runs the asynchronous validators (``AsyncValidator``) of
    /// each concrete field whose synchronous rules all passed, in rule order, one at a
    /// time: a failure makes the field invalid with that validator's violation (and ends
    /// the field's asynchronous rules unless ``ValidationOptions/reportAllFailures`` is
    /// set). Without asynchronous validators this is `validate(_:options:)`.
    ///
    /// ```swift
    /// let report = try await rules.validateAsync(record)
    /// ```
    /// - Throws: `CancellationError` when the task is cancelled (checked before each
    ///   asynchronous validator), or what a validator threw.
    public func validateAsync(_ record: Value, options: ValidationOptions = ValidationOptions()) async throws
        -> ValidationReport
    {
        let today = today(options.context)
        let collector = PendingAsyncCollector(program: program, reportAllFailures: options.reportAllFailures)
        let found = evaluate(record, today: today, into: collector)
        guard !found.pending.isEmpty else { return validate(record, options: options) }
        var builder = ViolationBuilder(program: program, messages: options.messages, today: today)
        var noCache: [String?] = []
        var results = builder.results(of: found.outcome.outcome, cache: &noCache)
        try await runPending(found.pending, into: &results, builder: &builder, options: options)
        return ValidationReport(fields: results, changes: nil)
    }

    /// Validates one field of a record (every concrete path of a `[*]` field, as
    /// `validateField(_:in:options:)` does), then runs that field's asynchronous
    /// validators where its synchronous rules all passed, as
    /// ``validateAsync(_:options:)`` does: no other field's validators run.
    ///
    /// ```swift
    /// let results = try await rules.validateFieldAsync("username", in: record)
    /// ```
    /// - Throws: `CancellationError` when the task is cancelled (checked before each
    ///   asynchronous validator), or what a validator threw.
    public func validateFieldAsync(
        _ path: String, in record: Value, options: ValidationOptions = ValidationOptions()
    ) async throws -> [FieldResult] {
        guard let (field, query) = field(path) else { return [] }
        let today = today(options.context)
        let collector = PendingAsyncCollector(program: program, reportAllFailures: options.reportAllFailures)
        let found = evaluate(record, today: today, into: collector, field: (field, query.indices))
        var builder = ViolationBuilder(program: program, messages: options.messages, today: today)
        var noCache: [String?] = []
        var results = builder.results(of: found.outcome.outcome, cache: &noCache)
        try await runPending(found.pending, into: &results, builder: &builder, options: options)
        return results
    }

    /// Whether some rule of the field at `path` (as a rule file writes it) is an
    /// asynchronous validator: without one, ``validateFieldAsync(_:in:options:)`` adds
    /// nothing to `validateField(_:in:options:)`.
    package func hasAsyncRules(_ path: String) -> Bool {
        guard let (field, _) = field(path) else { return false }
        let plan = program.fields[field]
        return program.groups[plan.groupStart..<plan.groupEnd].contains { group in
            (group.ruleStart..<group.ruleEnd).contains { rule in
                if case .deferred = program.checks[rule] { return true }
                return false
            }
        }
    }

    /// The field a path names (as a rule file writes it, or with indices) and the query.
    private func field(_ path: String) -> (Int, FieldQuery)? {
        guard let query = FieldQuery(parsing: path),
            let field = program.fieldInfos.firstIndex(where: { $0.pattern == query.pattern })
        else { return nil }
        return (field, query)
    }

    /// Runs the asynchronous rules noted by a ``PendingAsyncCollector`` for each field
    /// whose synchronous rules all passed, one at a time in rule order: a failure makes
    /// the field invalid with that validator's violation (and ends the field's
    /// asynchronous rules unless ``ValidationOptions/reportAllFailures`` is set).
    private func runPending(
        _ found: [PendingAsyncCollector.Pending], into results: inout [FieldResult],
        builder: inout ViolationBuilder, options: ValidationOptions
    ) async throws {
        var noCache: [String?] = []
        for pending in found where results[pending.entry].status == .valid {
            var violations: [Violation] = []
            for (rule, test) in pending.rules {
                try Task.checkCancellation()
                guard try await !test(pending.value) else { continue }
                violations.append(
                    builder.violation(
                        rule: rule, field: pending.field, at: results[pending.entry].field,
                        cache: &noCache))
                if !options.reportAllFailures { break }
            }
            if !violations.isEmpty {
                results[pending.entry] = FieldResult(
                    field: results[pending.entry].field, status: .invalid,
                    violations: violations)
            }
        }
    }
}

/// The outcome of synchronous evaluation, and the asynchronous rules that applied to a
/// present, non-empty value, per concrete field.
struct PendingAsyncCollector: EvaluationCollector {
    static var stopsAtFirstFailure: Bool { false }
    static var traces: Bool { true }

    /// One concrete field's asynchronous rules.
    struct Pending {
        /// The field's position among the results.
        let entry: Int
        let field: Int
        let value: Value
        let rules: [(rule: Int, test: @Sendable (Value) async throws -> Bool)]
    }

    let program: CompiledProgram
    var outcome: OutcomeCollector
    private(set) var pending: [Pending] = []
    private var entries = 0
    private var value: Value?
    private var rules: [(rule: Int, test: @Sendable (Value) async throws -> Bool)] = []

    init(program: CompiledProgram, reportAllFailures: Bool) {
        self.program = program
        self.outcome = OutcomeCollector(reportAllFailures: reportAllFailures, fieldCount: program.fields.count)
    }

    var failureCount: Int { outcome.failureCount }

    mutating func fail(rule: Int, group: Int) -> Bool { outcome.fail(rule: rule, group: group) }

    mutating func begin(field: Int, value: Value?) {
        self.value = value
        rules.removeAll()
    }

    mutating func trace(rule: Int, group: Int, _ event: TraceEvent) {
        guard case .passed = event, case .deferred(let test?) = program.checks[rule] else { return }
        rules.append((rule, test))
    }

    mutating func close(field: Int, status: FieldStatus, indices: [Int]) {
        outcome.close(field: field, status: status, indices: indices)
        if !rules.isEmpty, let value { pending.append(Pending(entry: entries, field: field, value: value, rules: rules)) }
        entries += 1
    }
}
