// Building the public results (`FieldResult`, `Violation`, rendered messages) from an
// `EvaluationOutcome`: eagerly for the streaming path and `validateField`, on first read
// for `ValidationReport`s of the Swift API.

/// Renders the messages of one outcome's violations: the renderer, today, and the caches
/// that keep a rule's message from being rendered twice.
package struct ViolationBuilder {
    let program: CompiledProgram
    let messages: any MessageRendering
    let today: CalendarDate
    /// The renderer's cached messages, looked up once (at the first violation).
    private var slot: MessageSlot??

    package init(program: CompiledProgram, messages: any MessageRendering, today: CalendarDate) {
        self.program = program
        self.messages = messages
        self.today = today
    }

    /// The results of `outcome`, in evaluation order. `cache` (one slot per rule, or
    /// empty) holds messages a caller keeps across records (see ``RecordEvaluator``).
    mutating func results(of outcome: EvaluationOutcome, cache: inout [String?]) -> [FieldResult] {
        var results: [FieldResult] = []
        results.reserveCapacity(outcome.count)
        outcome.forEach(program: program) { field, status, indices, failures in
            let path = program.concretePath(field: field, indices)
            var violations: [Violation] = []
            if !failures.isEmpty {
                violations.reserveCapacity(failures.count)
                for rule in failures { violations.append(violation(rule: Int(rule), field: field, at: path, cache: &cache)) }
            }
            results.append(FieldResult(field: path, status: status, violations: violations))
        }
        return results
    }

    /// The violations of each entry of `outcome` (empty for an entry without failures),
    /// in evaluation order: what ``results(of:cache:)`` puts in its results.
    mutating func violations(of outcome: EvaluationOutcome, cache: inout [String?]) -> [[Violation]] {
        var lists: [[Violation]] = []
        lists.reserveCapacity(outcome.count)
        outcome.forEach(program: program) { field, _, indices, failures in
            guard !failures.isEmpty else { return lists.append([]) }
            let path = program.concretePath(field: field, indices)
            var violations: [Violation] = []
            violations.reserveCapacity(failures.count)
            for rule in failures { violations.append(violation(rule: Int(rule), field: field, at: path, cache: &cache)) }
            lists.append(violations)
        }
        return lists
    }

    /// The renderer's cached messages (see ``MessageCache``), looked up once.
    private mutating func rendererSlot() -> MessageSlot? {
        if let slot { return slot }
        let found = program.messageCache.slot(for: messages)
        slot = .some(found)
        return found
    }

    /// Builds a violation and renders its message (or takes it from a cache).
    ///
    /// (Each member is read from `program.reports[rule]` in place: copying the whole
    /// ``RuleReport`` retained and released every string and array in it.)
    package mutating func violation(rule: Int, field: Int, at path: ConcretePath, cache: inout [String?]) -> Violation {
        let todayIndex = program.reports[rule].todayParameterIndex
        var parameters = program.reports[rule].parameters
        if let index = todayIndex, index < parameters.count {
            parameters[index] = Violation.Parameter(name: parameters[index].name, value: .string(today.description))
        }
        let message: String
        if rule < cache.count, let cached = cache[rule] {
            message = cached
        } else {
            if todayIndex == nil, let slot = rendererSlot() {
                message = slot.message(rule: rule) { render(rule: rule, field: field) }
            } else {
                message = render(rule: rule, field: field)
            }
            if rule < cache.count { cache[rule] = message }
        }
        return Violation(
            field: path, validator: program.reports[rule].validator, parameters: parameters,
            messageKey: program.reports[rule].reportedKey, message: message,
            location: program.reports[rule].location)
    }

    /// Renders the message of `rule` (today filled in).
    private func render(rule: Int, field: Int) -> String {
        let report = program.reports[rule]
        var arguments = report.messageArguments
        if let index = report.todayParameterIndex, index < arguments.count { arguments[index].value = .date(today) }
        return messages.render(
            MessageRequest(
                messageOverride: report.messageOverride, field: program.fieldInfos[field].pattern,
                messageKey: report.formKey, arguments: arguments,
                defaultMessage: report.defaultMessage))
    }
}
