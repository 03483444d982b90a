// The flat plan: a second, compact layout of a *simple* program, evaluated by
// `FlatEvaluator` in one function per record (see `Evaluation/FlatEvaluator.swift`).
//
// Performance bends this: the general evaluator (`RecordEvaluator`) walks fields, runs,
// groups and rules through several calls per rule, copies itself before each validator
// call and reads a text's bytes once per rule; on the profile workload that was ≈ 1,000
// instructions per field. Most rule sets are simple — every field a plain key path, every
// statement unconditional, no rule that reads another field — and for those each field
// is one lookup and one pass over its (non-`required`) rules against facts read once. A
// program outside that shape has no flat plan and evaluates as before.

/// One field of a flat program.
struct FlatField: Sendable {
    /// `program.keys[keyStart..<keyEnd]`: the path, from the root (no `[*]`).
    let keyStart: Int32
    let keyEnd: Int32
    /// `program.flatChecks[checkStart..<checkEnd]`: the field's rules other than
    /// `required`, in rule order.
    let checkStart: Int32
    let checkEnd: Int32
    /// The bits (`1 << rule`) of the field's `required` rules: what an empty value fails
    /// with `reportAllFailures` (SPEC §3: an empty value meets only `required`).
    let requiredRules: UInt64
    /// The lowest of them (or 0): what an empty value fails otherwise.
    let firstRequiredRule: UInt64
    /// The bits of all the field's rules (a contiguous run: the order of the bits is
    /// rule order).
    let rules: UInt64

    /// The failing rules of a missing or empty value (null, blank text, empty array): the
    /// `required` rules, all of them or the first.
    @inline(__always)
    func emptyFailures(all: Bool) -> UInt64 { all ? requiredRules : firstRequiredRule }
}

/// One non-`required` rule of a flat field.
struct FlatCheck: Sendable {
    let instruction: Instruction
    /// `1 << rule` (the rule's index in ``CompiledProgram/rules``).
    let bit: UInt64
}

/// Builds the flat layout of a program, or nothing when the program is outside the flat
/// shape.
enum FlatPlanBuilder {
    /// At most this many fields and rules: a record's outcome is then two 64-bit masks.
    static let maximumCount = 64

    /// The flat fields and checks, or nil when some field has a `[*]` or no statement,
    /// some statement a condition, some rule reads another field (`same`, `different`,
    /// `before`/`after` a field), or there are more than 64 fields or rules.
    static func build(fields: [FieldPlan], runs: [KeyRun], groups: [GroupPlan],
                      rules: [RulePlan]) -> (fields: [FlatField], checks: [FlatCheck])? {
        guard fields.count <= maximumCount, rules.count <= maximumCount else { return nil }
        var flatFields: [FlatField] = []
        var checks: [FlatCheck] = []
        flatFields.reserveCapacity(fields.count)
        for field in fields {
            guard field.runEnd - field.runStart == 1, field.groupEnd > field.groupStart else { return nil }
            let run = runs[field.runStart]
            guard run.keyEnd > run.keyStart else { return nil }
            // The statements' rules must be one contiguous range (the compiler appends a
            // field's statements together), in rule order.
            var nextRule = groups[field.groupStart].ruleStart
            for group in groups[field.groupStart..<field.groupEnd] {
                guard group.condition < 0, group.ruleStart == nextRule else { return nil }
                nextRule = group.ruleEnd
            }
            let checkStart = checks.count
            var required: UInt64 = 0
            var all: UInt64 = 0
            for rule in groups[field.groupStart].ruleStart..<nextRule {
                let bit: UInt64 = 1 << UInt64(rule)
                all |= bit
                if rules[rule].isRequired {
                    required |= bit
                    continue
                }
                guard isFlat(rules[rule].instruction) else { return nil }
                checks.append(FlatCheck(instruction: rules[rule].instruction, bit: bit))
            }
            flatFields.append(FlatField(keyStart: Int32(run.keyStart), keyEnd: Int32(run.keyEnd),
                                        checkStart: Int32(checkStart), checkEnd: Int32(checks.count),
                                        requiredRules: required, firstRequiredRule: required & (~required &+ 1), rules: all))
        }
        return (flatFields, checks)
    }

    /// Whether `FlatEvaluator` runs the instruction: everything but the rules that read
    /// another field of the record.
    static func isFlat(_ instruction: Instruction) -> Bool {
        switch instruction {
        case .same, .different, .before(.field), .after(.field): false
        default: true
        }
    }
}
