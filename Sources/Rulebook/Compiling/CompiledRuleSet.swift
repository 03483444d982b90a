/// A checked ``RuleSet`` compiled for evaluation: immutable, `Sendable`, and cheap to
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
    public let ruleSet: RuleSet
    /// The program evaluation runs.
    let program: CompiledProgram
    /// Whether some rule reads today (`before today`, `minAge` …): only then does
    /// evaluation ask the context (and maybe the clock) for it.
    let needsToday: Bool

    /// Compiles a checked rule set. Never fails: the checker has already rejected
    /// anything that cannot run; a rule whose arguments nevertheless do not fit its
    /// validator (a hand-built ``RuleSet``) compiles to a rule that always fails.
    public init(_ ruleSet: RuleSet) {
        self.ruleSet = ruleSet
        var compiler = RuleCompiler()
        self.program = compiler.compile(ruleSet)
        self.needsToday = compiler.needsToday
    }

    /// The field paths the rules name, in rule order (`items[*].sku` as written).
    public var fieldPaths: [FieldPath] { program.fieldInfos.map(\.pattern) }
}
