// What an evaluation keeps. `RecordEvaluator` is generic over it and each collector's
// static answers are constants after specialisation, so counting pays nothing for the
// trace and the trace walks exactly what validation walks.

/// What one rule did, for a trace.
package enum TraceEvent {
    case passed
    case failed
    case skipped(SkipReason)
}

/// Receives what evaluation finds.
package protocol EvaluationCollector {
    /// Whether the whole evaluation stops at the first failure (only the verdict is wanted).
    static var stopsAtFirstFailure: Bool { get }
    /// Whether every rule's event is wanted (``begin(field:value:)``, ``trace(rule:group:_:)``).
    static var traces: Bool { get }
    /// The failures noted so far.
    var failureCount: Int { get }
    /// Notes a failing rule; returns whether the field's remaining rules still run.
    mutating func fail(rule: Int, group: Int) -> Bool
    /// Closes one concrete field with its status and `[*]` indices.
    mutating func close(field: Int, status: FieldStatus, indices: [Int])
    /// A concrete field starts (trace only).
    mutating func begin(field: Int, value: Value?)
    /// What one rule did (trace only).
    mutating func trace(rule: Int, group: Int, _ event: TraceEvent)
}

extension EvaluationCollector {
    static var traces: Bool { false }
    @inline(__always) mutating func begin(field: Int, value: Value?) {}
    @inline(__always) mutating func trace(rule: Int, group: Int, _ event: TraceEvent) {}
}

/// Only the verdict: stops at the first failure and records nothing.
struct VerdictCollector: EvaluationCollector {
    static var stopsAtFirstFailure: Bool { true }
    var failureCount: Int { 0 }
    @inline(__always) mutating func fail(rule: Int, group: Int) -> Bool { false }
    @inline(__always) mutating func close(field: Int, status: FieldStatus, indices: [Int]) {}
}

/// Each concrete field's status and failing rules (an ``EvaluationOutcome``), from which
/// results and messages are built when wanted.
struct OutcomeCollector: EvaluationCollector {
    static var stopsAtFirstFailure: Bool { false }
    var outcome = EvaluationOutcome()
    let reportAllFailures: Bool
    /// The program's field count, to size the outcome's entries once.
    let fieldCount: Int

    init(reportAllFailures: Bool, fieldCount: Int) {
        self.reportAllFailures = reportAllFailures
        self.fieldCount = fieldCount
    }

    var failureCount: Int { outcome.failureCount }

    /// Out of line, as ``close(field:status:indices:)``: inlined, the outcome's
    /// bookkeeping grows the rule loop.
    @inline(never)
    mutating func fail(rule: Int, group: Int) -> Bool {
        outcome.fail(rule: rule)
        return reportAllFailures
    }

    /// Inline only for a leading valid field (most fields: a counter), out of line for
    /// every other entry.
    @inline(__always)
    mutating func close(field: Int, status: FieldStatus, indices: [Int]) {
        if outcome.countLeadingValid(field: field, status: status, indices: indices) { return }
        closeEntry(field: field, status: status, indices: indices)
    }

    @inline(never)
    private mutating func closeEntry(field: Int, status: FieldStatus, indices: [Int]) {
        outcome.record(field: field, status: status, indices: indices, expectedCount: fieldCount)
    }
}
