// Validating Swift values: any `Encodable` is encoded to a `Value` by `ValueEncoder` (no
// JSON text in between) and validated as that `Value`.

extension CompiledRuleSet {
    /// Validates any `Encodable` (a view model, a request body):
    /// ```swift
    /// let report = try rules.validate(profile)
    /// ```
    /// Members are named as `encode(to:)` names them (the synthesised `CodingKeys` by
    /// default); `nil` optionals are absent; a `Date` is read as the wall-clock time in
    /// the context's time zone, so a date-only rule sees the day the user saw.
    /// - Throws: the encoder's `EncodingError` (a non-finite number, a value that encodes
    ///   nothing).
    public func validate<T: Encodable>(_ value: T, options: ValidationOptions = ValidationOptions()) throws -> ValidationReport {
        validate(try ValueEncoder(timeZone: options.context.timeZone).encode(value), options: options)
    }

    /// Whether an `Encodable` passes every rule (stops at the first failure, renders no
    /// messages).
    public func isValid<T: Encodable>(_ value: T, context: EvaluationContext = EvaluationContext()) throws -> Bool {
        isValid(try ValueEncoder(timeZone: context.timeZone).encode(value), context: context)
    }

    /// Validates an edited `Encodable` against its original (see
    /// ``validate(_:original:options:)-(Value,Value,_)``).
    public func validate<T: Encodable>(
        _ edited: T, original: T,
        options: ValidationOptions = ValidationOptions()
    ) throws -> ValidationReport {
        let encoder = ValueEncoder(timeZone: options.context.timeZone)
        return validate(try encoder.encode(edited), original: try encoder.encode(original), options: options)
    }
}
