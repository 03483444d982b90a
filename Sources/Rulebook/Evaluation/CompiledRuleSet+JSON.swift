// Validating JSON bytes directly: the bytes are read into a flat tape and the rules run
// over the tape, so no `Value` tree is built (the streaming path).

extension CompiledRuleSet {
    /// Validates one JSON document (UTF-8 bytes) without building a `Value`.
    ///
    /// The report is the same as `validate(Value(json: bytes))` would give.
    /// - Throws: ``JSONError`` when the bytes are not one JSON document within the
    ///   readers' limits (see ``JSONError/Kind``).
    public func validate(json bytes: [UInt8], options: ValidationOptions = ValidationOptions()) throws(JSONError)
        -> ValidationReport
    {
        try validate(json: bytes, options: options, limits: .default)
    }

    /// ``validate(json:options:)`` within `limits`.
    package func validate(json bytes: [UInt8], options: ValidationOptions, limits: JSONLimits) throws(JSONError)
        -> ValidationReport
    {
        var validator = JSONRecordValidator(rules: self, options: options, limits: limits)
        return try validator.validate(bytes)
    }

    /// Whether one JSON document passes every rule (stops at the first failure, renders
    /// no messages).
    /// - Throws: ``JSONError`` when the bytes are not one JSON document within the
    ///   readers' limits.
    public func isValid(json bytes: [UInt8], context: EvaluationContext = EvaluationContext()) throws(JSONError)
        -> Bool
    {
        try isValid(json: bytes, context: context, limits: .default)
    }

    /// ``isValid(json:context:)`` within `limits`.
    package func isValid(json bytes: [UInt8], context: EvaluationContext, limits: JSONLimits) throws(JSONError)
        -> Bool
    {
        var validator = JSONRecordValidator(rules: self, options: ValidationOptions(context: context), limits: limits)
        return try validator.isValid(bytes)
    }
}

/// Validates a stream of JSON records (NDJSON lines, request bodies) against one rule
/// set, reusing its parse buffers: after the largest record has been seen, a record costs
/// no allocation beyond its report.
///
/// Make one per thread. Today is read from the options' context once, when the validator
/// is made, so every record of a run is judged against the same date.
///
/// ```swift
/// var validator = JSONRecordValidator(rules: rules)
/// for line in lines { if try !validator.isValid(line) { invalid += 1 } }
/// ```
package struct JSONRecordValidator: Sendable {
    /// The rules.
    public let rules: CompiledRuleSet
    /// How reports are made (messages, all failures); today is fixed at creation.
    public let options: ValidationOptions
    private var tape: JSONTape
    private let today: CalendarDate
    /// Each rule's rendered message, once it has been needed (see `RecordEvaluator`).
    private var messageCache: [String?] = []
    /// The root's members the rules read, by slot (see `TapeAccess.fillRootSlots`).
    private var rootSlots: [Int] = []
    /// The root keys' heads, for `TapeAccess.fillRootSlots`.
    private let rootKeyHeads: [KeyHead]
    /// The last record's outcome, whose arrays the next record reuses (reports here are
    /// built at once, so the outcome does not outlive the record).
    private var outcome = EvaluationOutcome()
    /// `[*]` binding arrays reused from record to record by the counting path.
    private var bindings = Bindings<JSONTape.Node>()

    /// Creates a validator.
    public init(rules: CompiledRuleSet, options: ValidationOptions = ValidationOptions(), limits: JSONLimits = .default) {
        self.rules = rules
        self.today = rules.today(options.context)
        var fixed = options
        fixed.context = EvaluationContext(today: today)
        self.options = fixed
        self.tape = JSONTape(limits: limits)
        self.rootKeyHeads = rules.program.rootKeyBytes.map(KeyHead.init)
    }

    /// Validates one JSON document.
    /// - Throws: ``JSONError`` when the bytes are not one JSON document within the limits.
    public mutating func validate(_ bytes: UnsafeRawBufferPointer) throws(JSONError) -> ValidationReport {
        try tape.parse(bytes)
        // Locals, so the closure captures two references rather than copying `self`.
        let program = rules.program, today = today, options = options, heads = rootKeyHeads
        var cache: [String?] = []
        swap(&cache, &messageCache)
        defer { swap(&cache, &messageCache) }
        var slots = takeRootSlots(program)
        defer { swap(&slots, &rootSlots) }
        var scratch = EvaluationOutcome()
        swap(&scratch, &outcome)
        defer { swap(&scratch, &outcome) }
        return tape.withView(over: bytes) { view in
            guard let root = view.root else { return ValidationReport(fields: [], changes: nil) }
            return slots.withUnsafeMutableBufferPointer { slots in
                TapeAccess.fillRootSlots(
                    slots, keys: program.rootKeyBytes, heads: heads, lengths: program.rootKeyLengths, view: view, root: root)
                let access = TapeAccess(view: view, root: root, rootSlots: UnsafePointer(slots.baseAddress))
                return ValidationReport(
                    fields: RecordEvaluator.results(
                        program: program, access: access, today: today,
                        options: options, cache: &cache, scratch: &scratch),
                    changes: nil)
            }
        }
    }

    /// The slot buffer, sized for `program`, moved out of `self` for the duration of a
    /// record (the caller swaps it back), so the closures below do not capture `self`.
    private mutating func takeRootSlots(_ program: CompiledProgram) -> [Int] {
        var slots: [Int] = []
        swap(&slots, &rootSlots)
        if slots.count != program.rootKeyBytes.count { slots = Array(repeating: -1, count: program.rootKeyBytes.count) }
        return slots
    }

    /// Validates one JSON document.
    /// - Throws: ``JSONError`` when the bytes are not one JSON document within the limits.
    public mutating func validate(_ bytes: [UInt8]) throws(JSONError) -> ValidationReport {
        try JSONInput.with(bytes) { (buffer) throws(JSONError) in try validate(buffer) }
    }

    /// Whether one JSON document passes every rule: stops at the first failure, builds no
    /// report and renders no messages (`rulebook validate --quiet`).
    /// - Throws: ``JSONError`` when the bytes are not one JSON document within the limits.
    public mutating func isValid(_ bytes: UnsafeRawBufferPointer) throws(JSONError) -> Bool {
        try tape.parse(bytes)
        let program = rules.program, today = today, heads = rootKeyHeads
        var slots = takeRootSlots(program)
        defer { swap(&slots, &rootSlots) }
        var scratch = Bindings<JSONTape.Node>()
        swap(&scratch, &bindings)
        defer { swap(&scratch, &bindings) }
        return tape.withView(over: bytes) { view in
            guard let root = view.root else { return true }
            return slots.withUnsafeMutableBufferPointer { slots in
                TapeAccess.fillRootSlots(
                    slots, keys: program.rootKeyBytes, heads: heads, lengths: program.rootKeyLengths, view: view, root: root)
                let access = TapeAccess(view: view, root: root, rootSlots: UnsafePointer(slots.baseAddress))
                return RecordEvaluator.passesAll(program: program, access: access, today: today, scratch: &scratch)
            }
        }
    }

    /// Whether one JSON document passes every rule; see ``isValid(_:)-(UnsafeRawBufferPointer)``.
    public mutating func isValid(_ bytes: [UInt8]) throws(JSONError) -> Bool {
        try JSONInput.with(bytes) { (buffer) throws(JSONError) in try isValid(buffer) }
    }
}
