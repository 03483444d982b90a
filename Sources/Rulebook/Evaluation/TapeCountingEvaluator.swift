// Counting evaluation over a JSON tape of programs that are not flat (`[*]` paths such as
// `items[*].sku`, more fields or rules than the flat plan holds, statements that are not
// contiguous) and have no `when` condition or field reference: `JSONRecordValidator.isValid`, which
// `rulebook validate --quiet` runs per record. `RecordEvaluator` over `TapeAccess` stays
// the reference (`TapeCountingEquivalenceTests` holds the two to the same answers) and
// runs every program with a `when` condition or a rule that reads another field, and
// every report.
//
// Performance bends this: the walk over fields, `[*]` elements and statements is
// `RecordEvaluator`'s, but a value's rules run as the flat evaluators run them — a text's
// bytes read once and its facts kept for all of its rules (`TextFacts`) — instead of a
// call, a closure and a fresh read of the text per rule; any other value is checked on
// its tape entry (an array's count, a number's value). On the payment workload that was
// ≈ 6,400 of its ≈ 10,700 instructions per record (docs/performance.md, ninth session).

/// Runs a program without conditions or cross-field rules on one record of a tape,
/// counting only.
enum TapeCountingEvaluator {
    /// Whether `program` can be counted here: no statement has a `when` condition and no
    /// rule reads another field (``FlatPlanBuilder/isFlat(_:)`` holds for every rule).
    static func accepts(_ program: CompiledProgram) -> Bool {
        program.groups.allSatisfy { $0.condition < 0 } && program.rules.allSatisfy { FlatPlanBuilder.isFlat($0.instruction) }
    }

    /// Whether the record passes every rule of `program` (which ``accepts(_:)``); stops at
    /// the first failure.
    static func passesAll(program: CompiledProgram, access: TapeAccess, today: CalendarDate) -> Bool {
        var field = 0
        let count = program.fields.count
        while field < count {
            let plan = program.fields[field]
            let start = resolveFromRoot(run: plan.runStart, program: program, access: access)
            if plan.runEnd - plan.runStart == 1 {
                if fails(plan, start, program: program, access: access, today: today) { return false }
            } else if expandFails(plan, start, level: 1, program: program, access: access, today: today) {
                return false
            }
            field &+= 1
        }
        return true
    }

    /// Walks one `[*]` level (as `RecordEvaluator.expand`): every element, then the next
    /// run of keys from it; true at the first failure. Nothing is evaluated below a
    /// missing value or one that is not an array.
    private static func expandFails(_ plan: FieldPlan, _ node: JSONTape.Node?, level: Int, program: CompiledProgram,
                                    access: TapeAccess, today: CalendarDate) -> Bool {
        guard let node, access.view.kind(of: node) == .array else { return false }
        let last = level == plan.runEnd - plan.runStart - 1
        let run = plan.runStart + level
        for element in access.view.elements(of: node) {
            let next = resolve(element, run: run, program: program, access: access)
            if last {
                if fails(plan, next, program: program, access: access, today: today) { return true }
            } else if expandFails(plan, next, level: level + 1, program: program, access: access, today: today) {
                return true
            }
        }
        return false
    }

    /// Follows a run of keys from the root (its first key from the root slots).
    @inline(__always)
    private static func resolveFromRoot(run: Int, program: CompiledProgram, access: TapeAccess) -> JSONTape.Node? {
        let keys = program.runs[run]
        guard keys.keyEnd > keys.keyStart else { return access.root }
        var hint = 0
        guard var current = access.member(access.root, program.keys[keys.keyStart], hint: &hint) else { return nil }
        var key = keys.keyStart + 1
        while key < keys.keyEnd {
            guard let next = access.view.member(of: current, key: program.keys[key].bytes) else { return nil }
            current = next
            key += 1
        }
        return current
    }

    /// Follows a run of keys from `node`; nil as soon as a step is missing or not an object.
    @inline(__always)
    private static func resolve(_ node: JSONTape.Node, run: Int, program: CompiledProgram,
                                access: TapeAccess) -> JSONTape.Node? {
        let keys = program.runs[run]
        var current = node
        var key = keys.keyStart
        while key < keys.keyEnd {
            guard let next = access.view.member(of: current, key: program.keys[key].bytes) else { return nil }
            current = next
            key += 1
        }
        return current
    }

    /// Whether one concrete value (nil: absent) fails a rule of its field, statement by
    /// statement as `RecordEvaluator.evaluateConcrete`: an empty value (absent, null,
    /// blank text, empty array) fails a statement with `required` and passes the others;
    /// any other value runs every rule but `required`.
    private static func fails(_ plan: FieldPlan, _ node: JSONTape.Node?, program: CompiledProgram, access: TapeAccess,
                              today: CalendarDate) -> Bool {
        guard let node else { return emptyFails(plan, program: program) }
        let view = access.view
        switch view.kind(of: node) {
        case .null:
            return emptyFails(plan, program: program)
        case .string:
            // Performance: read in place, not in a closure (whose context retained the
            // program per value); only a text with escapes is decoded first.
            guard !view.hasEscapes(node) else {
                return access.withUTF8(node) { textFails(plan, $0, program: program, today: today) }
            }
            let raw = view.rawUTF8(of: node)
            return textFails(plan, UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self),
                                                       count: raw.count), program: program, today: today)
        case .array where view.count(of: node) == 0:
            return emptyFails(plan, program: program)
        case .number, .bool, .array, .object:
            return otherFails(plan, node, program: program, access: access, today: today)
        }
    }

    /// Whether an empty value fails: some statement of the field has `required`.
    @inline(__always)
    private static func emptyFails(_ plan: FieldPlan, program: CompiledProgram) -> Bool {
        var group = plan.groupStart
        while group < plan.groupEnd {
            if program.groups[group].hasRequired { return true }
            group += 1
        }
        return false
    }

    /// Whether a text fails a rule of its field (blank text is empty); its facts are
    /// read once for all the field's rules.
    @inline(never)
    private static func textFails(_ plan: FieldPlan, _ bytes: UnsafeBufferPointer<UInt8>, program: CompiledProgram,
                                  today: CalendarDate) -> Bool {
        if TextScan.isBlank(bytes) { return emptyFails(plan, program: program) }
        var facts = TextFacts(bytes: bytes)
        var date = TodayBound.unread
        for group in plan.groupStart..<plan.groupEnd {
            let statement = program.groups[group]
            for rule in statement.ruleStart..<statement.ruleEnd where !program.rules[rule].isRequired {
                if facts.fails(program.rules[rule].instruction, program: program, today: today, date: &date) { return true }
            }
        }
        return false
    }

    /// Whether a present, non-empty value other than text fails a rule of its field.
    @inline(never)
    private static func otherFails(_ plan: FieldPlan, _ node: JSONTape.Node, program: CompiledProgram, access: TapeAccess,
                                   today: CalendarDate) -> Bool {
        for group in plan.groupStart..<plan.groupEnd {
            let statement = program.groups[group]
            for rule in statement.ruleStart..<statement.ruleEnd where !program.rules[rule].isRequired {
                let instruction = program.rules[rule].instruction
                let passes = passesOnTape(instruction, node, view: access.view)
                    ?? referencePasses(instruction, node, program: program, access: access, today: today)
                if !passes { return true }
            }
        }
        return false
    }

    /// `RecordEvaluator.passes` for a number, boolean, array or object, decided on the
    /// tape; nil for the rules that compare values (`oneOf`, `unique`).
    ///
    /// Performance: an array's `minItems` reads the count on its tape entry, and a
    /// number's bounds its value, without a `RecordEvaluator` per value (≈ 170
    /// instructions each on the payment workload).
    @inline(__always)
    private static func passesOnTape(_ instruction: Instruction, _ node: JSONTape.Node, view: JSONTape.View) -> Bool? {
        let kind = view.kind(of: node)
        switch instruction {
        case .required: return true
        case .isObject: return kind == .object
        case .isArray: return kind == .array
        case .minItems(let min): return kind == .array && view.count(of: node) >= min
        case .maxItems(let max): return kind == .array && view.count(of: node) <= max
        case .integer, .number, .min, .max, .between:
            return ValidatorPredicates.passesNumber(instruction, kind == .number ? view.number(of: node)?.doubleValue : nil)
        case .boolean: return kind == .bool
        case .accepted: return kind == .bool && view.bool(of: node) == true
        // The text validators fail on anything but text (`RecordEvaluator.passes`).
        case .isString, .minLength, .maxLength, .lengthRange, .pattern, .email, .url, .uuid, .alpha, .alphanumeric, .digits,
             .noDigits, .noSpecialChars, .containsDigit, .containsLetter, .containsUppercase, .containsLowercase,
             .containsSymbol, .date, .before, .after, .minAge, .maxAge, .malformed:
            return false
        case .oneOf, .unique, .same, .different: return nil
        }
    }

    /// The reference's own answer (`RecordEvaluator.passes` over the tape).
    @inline(never)
    private static func referencePasses(_ instruction: Instruction, _ node: JSONTape.Node, program: CompiledProgram,
                                        access: TapeAccess, today: CalendarDate) -> Bool {
        RecordEvaluator(program: program, access: access, today: today, collecting: false, reportAllFailures: false)
            .passes(instruction, node, bindings: Bindings())
    }
}
