/// A checked rule file compiled for evaluation: immutable, `Sendable`, and cheap to
/// share between threads and requests.
///
/// Compile once, validate many records:
/// ```swift
/// let rules = try CompiledRuleSet(contentsOfFile: "Rules/profile.rules")
/// let report = rules.validate(record)
/// ```
/// Compilation pre-splits field paths, groups the statements of each field in rule
/// order, converts constants (numbers to `Double`, dates to days) and keeps the compiled
/// patterns, so evaluation does no parsing, no name lookup and no avoidable allocation.
public struct CompiledRuleSet: Sendable {
    /// The rule set this was compiled from.
    package let ruleSet: RuleSet
    /// The program evaluation runs.
    package let program: CompiledProgram
    /// Whether some rule reads today (`before today`, `minAge` …): only then does
    /// evaluation ask the context (and maybe the clock) for it.
    let needsToday: Bool
    /// The validators the rules were compiled with.
    let validators: ValidatorRegistry

    /// Compiles a checked rule set. Never fails: the checker has already rejected
    /// anything that cannot run; a rule whose arguments nevertheless do not fit its
    /// validator (a hand-built ``RuleSet``), or that names a validator `validators` lacks,
    /// compiles to a rule that always fails.
    package init(_ ruleSet: RuleSet, validators: ValidatorRegistry = .builtins) {
        self.ruleSet = ruleSet
        self.validators = validators
        var compiler = RuleCompiler(validators: validators)
        self.program = compiler.compile(ruleSet)
        self.needsToday = compiler.needsToday
    }

    private init(ruleSet: RuleSet, validators: ValidatorRegistry, program: CompiledProgram, needsToday: Bool) {
        self.ruleSet = ruleSet
        self.validators = validators
        self.program = program
        self.needsToday = needsToday
    }

    /// The same rules compiled again into memory of their own: no table, pattern or key
    /// that evaluation reads is shared with `self`, so a thread validating with the copy
    /// never writes a reference count another thread's copy uses.
    ///
    /// Performance bends the code here. Evaluation retains and releases the program, its
    /// arrays and its patterns' tables a few times per record; those counts are atomics in
    /// the objects' headers, and with two cores validating through one shared program
    /// every one of them would move a cache line from the other core, costing more CPU
    /// time than the second core gains. With one copy per worker each core touches only
    /// its own counts.
    /// Results are identical: the copy is compiled from the same checked ``ruleSet``.
    package func independentCopy() -> CompiledRuleSet {
        var compiler = RuleCompiler(validators: validators)
        compiler.copiesPatterns = true
        let program = compiler.compile(ruleSet)
        return CompiledRuleSet(ruleSet: ruleSet, validators: validators, program: program, needsToday: compiler.needsToday)
    }

    /// Whether both evaluate through the same compiled program (false for an
    /// ``independentCopy()``): what the command's tests check its workers by.
    package func sharesProgram(with other: CompiledRuleSet) -> Bool { program === other.program }

    /// The validators the rules use that a rule file only declares (`#validator`), with
    /// nothing to run: their rules pass. The command reports them.
    package var declaredOnlyValidators: [String] {
        var names: [String] = []
        for statement in ruleSet.statements {
            for rule in statement.rules where !names.contains(rule.validator.rawValue) {
                if case .declared? = validators.definition(named: rule.validator.rawValue)?.implementation {
                    names.append(rule.validator.rawValue)
                }
            }
        }
        return names
    }

    /// The field paths the rules name, in rule order (`items[*].sku` as written).
    public var fieldPaths: [FieldPath] { program.fieldInfos.map(\.pattern) }
}
