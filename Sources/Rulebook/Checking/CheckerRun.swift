import RulebookRegex

/// A named rule, identified by the file that defines it and its name.
///
/// Performance: hashed once, when made. The checker looks references up in half a dozen
/// tables per use (definitions, bodies, expansions, the expansion walk's state, cycle
/// uses) and hashing both strings each time was a visible part of expanding named rules.
struct RuleReference: Hashable {
    let file: String
    let name: String
    private let hash: Int

    init(file: String, name: String) {
        self.file = file
        self.name = name
        var hasher = Hasher()
        hasher.combine(file)
        hasher.combine(name)
        hash = hasher.finalize()
    }

    static func == (lhs: RuleReference, rhs: RuleReference) -> Bool {
        lhs.hash == rhs.hash && lhs.name == rhs.name && lhs.file == rhs.file
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}

/// One `rule NAME = …` definition that is in effect (the first of its name in its file,
/// not shadowing a validator).
struct NamedRuleDefinition {
    let reference: RuleReference
    let syntax: NamedRuleSyntax
    let source: SourceFile
}

/// A rule after name resolution and argument checking, before named rules are expanded.
enum LoweredRule {
    /// A validator application (already converted to its checked form).
    case validator(ExpandedRule)
    /// A use of a named rule; `override` replaces the messages of everything it expands to.
    case named(RuleReference, syntax: RuleSyntax, override: MessageOverride?)
    /// Diagnosed; contributes nothing.
    case invalid
}

/// A validator application together with where it is written, for diagnostics about it.
///
/// Performance: a class, because an expanded rule is copied into every group state and
/// expansion that holds it, and copying a struct of strings, arrays and facts retained
/// each of them; it is immutable, so sharing it is safe.
final class ExpandedRule {
    /// The checked rule (its `expandedFrom` is relative to where it is being looked at).
    let rule: CheckedRule
    /// The file where the validator's name is written.
    let file: String
    /// The validator's name and arguments (without a message override).
    let range: SourceRange
    /// `minLength 2`, as written, for messages.
    let text: String
    /// What the rule says about passing values (computed once, shared by every expansion).
    let facts: RuleFacts
    /// Equal for rules that do exactly the same thing (see ``CheckedRule/repetitionKey``).
    let repetitionKey: RepetitionKey

    init(rule: CheckedRule, file: String, range: SourceRange, text: String, facts: RuleFacts, repetitionKey: RepetitionKey) {
        self.rule = rule
        self.file = file
        self.range = range
        self.text = text
        self.facts = facts
        self.repetitionKey = repetitionKey
    }

    /// The same rule seen from a named rule that uses it (`name` prepended to its
    /// expansion chain) and, when given, with the user's message override.
    func prefixed(by name: String?, override: MessageOverride?) -> ExpandedRule {
        let chain = name.map { [$0] + rule.expandedFrom } ?? rule.expandedFrom
        let message = override ?? rule.messageOverride
        let moved = rule.with(expandedFrom: chain, messageOverride: message)
        return ExpandedRule(rule: moved, file: file, range: range, text: text, facts: facts,
                            repetitionKey: message == rule.messageOverride ? repetitionKey : moved.repetitionKey)
    }
}

/// The expansion of a named rule, or the fact that it is too large to expand.
enum Expansion {
    case rules([ExpandedRule])
    case tooLarge
}

/// The mutable state of one check. Lives only inside ``Checker/check(_:roots:)``; the
/// phases are in `CheckerRun+*.swift` files, in the order ``run()`` calls them.
final class CheckerRun {
    let graph: ProgramGraph
    let options: CheckOptions
    /// Checking diagnostics, in the order found (sorted by the caller).
    var diagnostics: [Diagnostic] = []

    /// Definitions in effect, in file and source order.
    var definitions: [RuleReference: NamedRuleDefinition] = [:]
    var definitionOrder: [RuleReference] = []
    /// Per file: every name usable there (its own definitions, then its imports').
    var scopes: [String: [String: RuleReference]] = [:]
    /// The lowered body of each definition.
    var bodies: [RuleReference: [LoweredRule]] = [:]
    /// Uses inside definitions that close a cycle (`definition`, index in its body): not expanded.
    var cycleUses: Set<BodyPosition> = []
    var expansions: [RuleReference: Expansion] = [:]
    /// Fields named by arguments and conditions, waiting for the `unknown-field` check.
    var fieldReferences: [FieldReference] = []
    /// Named rules used anywhere (for `unused-rule`).
    var usedRules: Set<RuleReference> = []
    /// How many validator applications have been materialised, against ``CheckLimits``.
    var expandedTotal = 0
    var reportedTotalLimit = false

    /// Candidate comparisons left for "did you mean" suggestions in this check.
    var suggestionBudget = 200_000
    /// Per file: validators then named rules in scope, sorted (built on first need).
    var nameSuggestions: [String: Suggestions] = [:]
    /// The base catalogue's keys, sorted (built on first need).
    var messageKeySuggestions: Suggestions?


    /// The checked field statements of each file, in source order.
    var statements: [String: [CheckedStatement]] = [:]
    /// Each distinct pattern's compilation, by source and flags (see `compiled(_:flags:)`).
    /// Performance: rule files repeat the same few patterns (a named rule expanded at
    /// every use, one pattern per `[*]` item field), and compiling one to a DFA costs far
    /// more than the rest of its checking; `Pattern` is an immutable `Sendable` value, so
    /// equal literals share one. Failures are kept too, and reported at every occurrence.
    var patterns: [PatternKey: Result<Pattern, PatternError>] = [:]
    /// The context of statements outside `when` blocks and of named rules' bodies.
    let unconditional = ConditionContext([])
    /// Validator heads already lowered, by their text (see ``LoweringCache``).
    var loweringCache = LoweringCache()

    /// The last file located (see ``locator(for:)``).
    private var lastLocator: SourceLocator?

    init(graph: ProgramGraph, options: CheckOptions) {
        self.graph = graph
        self.options = options
    }

    /// Runs every phase once.
    func run() {
        collectDefinitions()
        buildScopes()
        lowerDefinitions()
        expandDefinitions()
        for file in graph.files {
            guard let tree = graph.trees[file] else { continue }
            checkStatements(of: tree)
        }
        reportUnusedRules()
    }

    /// The shared locator of `source`. Rules are lowered file by file, so the last one
    /// made nearly always answers (its path compared, not hashed; a graph has one source
    /// per path).
    func locator(for source: SourceFile) -> SourceLocator {
        if let lastLocator, lastLocator.source.path == source.path { return lastLocator }
        let made = SourceLocator(source)
        lastLocator = made
        return made
    }

    /// Records a diagnostic.
    func report(_ file: String, _ range: SourceRange, _ code: DiagnosticCode, _ message: String,
                notes: [Note] = [], fixIts: [FixIt] = []) {
        diagnostics.append(Diagnostic(file: file, range: range, code: code, message: message, notes: notes, fixIts: fixIts))
    }
}

/// A position in a named rule's body.
struct BodyPosition: Hashable {
    let definition: RuleReference
    let index: Int
}
