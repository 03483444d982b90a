// Validating Swift values: any `Encodable` is encoded through `ValueEncoder` (no JSON
// text in between). For one record, only the root members the rules read are kept, by
// slot, and the rules run on those (`RecordSlots`, `SlotAccess`); the result is what
// validating the whole encoded `Value` gives.

extension CompiledRuleSet {
    /// Validates any `Encodable` (a view model, a request body):
    /// ```swift
    /// let report = try rules.validate(profile)
    /// ```
    /// Members are named as `encode(to:)` names them (the synthesised `CodingKeys` by
    /// default); `nil` optionals are absent.
    /// - Throws: the encoder's `EncodingError` (a non-finite number, a value that encodes
    ///   nothing).
    public func validate<T: Encodable>(_ value: T, options: ValidationOptions = ValidationOptions()) throws -> ValidationReport {
        guard program.readsRootMembersOnly else { return validate(try ValueEncoder().encode(value), options: options) }
        switch try ValueEncoder().encodeRecord(value, for: program) {
        case .value(let record):
            return validate(record, options: options)
        case .members(let slots):
            let today = today(options.context)
            if program.isFlat {
                let found = slots.withSlots {
                    FlatEvaluator.outcome(program: program, access: SlotAccess($0), today: today,
                                          reportAllFailures: options.reportAllFailures)
                }
                return report(found, today: today, options: options)
            }
            let outcome = slots.withSlots {
                RecordEvaluator.outcome(program: program, access: SlotAccess($0), today: today,
                                        reportAllFailures: options.reportAllFailures)
            }
            return report(outcome, today: today, options: options, changes: nil)
        }
    }

    /// Whether an `Encodable` passes every rule (stops at the first failure, renders no
    /// messages).
    public func isValid<T: Encodable>(_ value: T, context: EvaluationContext = EvaluationContext()) throws -> Bool {
        guard program.readsRootMembersOnly else { return isValid(try ValueEncoder().encode(value), context: context) }
        switch try ValueEncoder().encodeRecord(value, for: program) {
        case .value(let record):
            return isValid(record, context: context)
        case .members(let slots):
            if program.isFlat {
                let today = today(context)
                return slots.withSlots { FlatEvaluator.passesAll(program: program, access: SlotAccess($0), today: today) }
            }
            return slots.withSlots { isValid(SlotAccess($0), context: context) }
        }
    }

    /// Validates an edited `Encodable` against its original (see
    /// ``validate(_:original:options:)-(Value,Value,_)``).
    public func validate<T: Encodable>(_ edited: T, original: T,
                                       options: ValidationOptions = ValidationOptions()) throws -> ValidationReport {
        let encoder = ValueEncoder()
        return validate(try encoder.encode(edited), original: try encoder.encode(original), options: options)
    }
}
