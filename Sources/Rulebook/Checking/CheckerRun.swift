import RulebookRegex

/// A named rule, identified by the file that defines it and its name.
///
/// Performance: hashed once, when made. The checker looks references up in half a dozen
/// tables per use (definitions, bodies, expansions, the expansion walk's state, cycle
/// uses) and hashing both strings each time was a visible part of expanding named rules.
///
/// Performance: it also carries its definition's id (its position in the check's order of
/// definitions), by which the checker's tables of named rules are arrays (``RuleTable``);
/// the id takes no part in equality or hashing (a reference made to look a name up gets
/// the id it would have as a new definition).
struct RuleReference: Hashable {
    let file: String
    let name: String
    /// The definition's position in ``CheckerRun/definitionOrder``.
    let id: Int
    private let hash: Int

    init(file: String, name: String, id: Int) {
        self.file = file
        self.name = name
        self.id = id
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
    /// A use of a named rule, with where its name is written; `override` replaces the
    /// messages of everything it expands to.
    ///
    /// Performance: the use's name range, not its `RuleSyntax`: a lowered rule is copied
    /// and destroyed several times on its way to the analysis, and the syntax (three
    /// references) was carried only for the cycle diagnostic.
    ///
    /// Performance: `indirect`, so that a lowered rule is one reference: named rules'
    /// bodies are arrays of them, and few bodies use a named rule.
    indirect case named(RuleReference, nameRange: SourceRange, override: MessageOverride?)
    /// Diagnosed; contributes nothing.
    case invalid
}

/// A validator application together with where it is written, for diagnostics about it.
///
/// Performance: a class, because an expanded rule is copied into every group state and
/// expansion that holds it; it is immutable, so sharing it is safe. What every occurrence
/// of a head shares (converted arguments, facts, text) is one
/// ``LoweringCache/Entry``; an occurrence adds only where it is and what it is called
/// from; copies of all of them per occurrence (a dozen strings and arrays retained on
/// creation and released on destruction) would be a large part of checking.
///
/// Performance: what most occurrences lack — an expansion chain, a `message` override,
/// a name not at the start of the range — is one optional reference (an override, or a
/// ``Detail``), so that the object made per occurrence of every rule stays small.
package final class ExpandedRule: Sendable {
    /// The head's shared facts.
    package let head: LoweringCache.Entry
    /// The file where the validator's name is written.
    let locator: SourceLocator
    /// The validator's name and arguments (without a message override).
    package let range: SourceRange
    /// The rest, when any of it differs from the common case (nil: no chain, no
    /// override, the name at `range.start`).
    private let extra: Extra?

    /// What few occurrences have: an override alone (a rule written with `message`), or
    /// a detail (a rule seen through a named rule, with or without an override).
    /// Performance: one reference either way; an override alone is not boxed twice.
    private enum Extra: Sendable {
        case override(Override)
        case detail(Detail)
    }

    /// An expansion chain, with the override and name offset that go with it.
    final class Detail: Sendable {
        /// The named rules this rule is expanded from, relative to where it is looked at.
        let expandedFrom: [String]
        /// The occurrence's `message` override (its own or a named rule use's); nil
        /// without one.
        fileprivate let override: Override?
        /// The name's offset, when it is not `range.start` (never for a parsed rule: the
        /// arguments follow the name; kept exact all the same).
        let nameOffset: Int?

        fileprivate init(expandedFrom: [String], override: Override?, nameOffset: Int?) {
            self.expandedFrom = expandedFrom
            self.override = override
            self.nameOffset = nameOffset
        }
    }

    /// A message override (shared by the occurrences made from one by
    /// ``prefixed(chain:override:)``; boxed, so that ``Extra`` stays one reference).
    fileprivate final class Override: Sendable {
        let message: MessageOverride

        init(_ message: MessageOverride) {
            self.message = message
        }
    }

    /// An occurrence with no chain and no override whose name starts its range (most of
    /// a file's).
    init(head: LoweringCache.Entry, locator: SourceLocator, range: SourceRange) {
        self.head = head
        self.locator = locator
        self.range = range
        extra = nil
    }

    convenience init(
        head: LoweringCache.Entry, messageOverride: MessageOverride?, locator: SourceLocator, nameOffset: Int,
        range: SourceRange, expandedFrom: [String] = []
    ) {
        let override = messageOverride.map { Override($0) }
        self.init(
            head: head, locator: locator, range: range, expandedFrom: expandedFrom, override: override,
            nameOffset: nameOffset == range.start ? nil : nameOffset)
    }

    private init(head: LoweringCache.Entry, locator: SourceLocator, range: SourceRange, extra: Extra?) {
        self.head = head
        self.locator = locator
        self.range = range
        self.extra = extra
    }

    private init(
        head: LoweringCache.Entry, locator: SourceLocator, range: SourceRange,
        expandedFrom: [String], override: Override?, nameOffset: Int?
    ) {
        self.head = head
        self.locator = locator
        self.range = range
        if expandedFrom.isEmpty, nameOffset == nil {
            extra = override.map(Extra.override)
        } else {
            extra = .detail(Detail(expandedFrom: expandedFrom, override: override, nameOffset: nameOffset))
        }
    }

    private var detail: Detail? {
        if case .detail(let detail)? = extra { detail } else { nil }
    }

    private var override: Override? {
        switch extra {
        case .override(let override)?: override
        case .detail(let detail)?: detail.override
        case nil: nil
        }
    }

    /// The offset of the validator's name in ``file``.
    var nameOffset: Int { detail?.nameOffset ?? range.start }
    /// The named rules this rule is expanded from, relative to where it is looked at.
    package var expandedFrom: [String] { detail?.expandedFrom ?? [] }
    /// The occurrence's `message` override (its own or a named rule use's).
    package var messageOverride: MessageOverride? { override?.message }
    /// Whether the occurrence has a `message` override (without copying it).
    package var hasOverride: Bool { override != nil }

    /// The checked rule (its `expandedFrom` is relative to where it is being looked at).
    var rule: CheckedRule {
        CheckedRule(
            validator: head.validator, messageKey: head.messageKey, arguments: head.arguments,
            messageOverride: messageOverride, place: .offset(nameOffset, in: locator), expandedFrom: expandedFrom)
    }

    /// The file where the validator's name is written.
    package var file: String { locator.source.path }
    /// `minLength 2`, as written, for messages.
    package var text: String { head.text }
    /// `'maxLength 3'`, or `'maxLength 3' (from 'shortName')`, for messages.
    package var described: String {
        guard let origin = expandedFrom.first else { return "'\(text)'" }
        return "'\(text)' (from '\(origin)')"
    }

    /// A note pointing at the rule.
    package func note(saying message: String) -> Note {
        Note(message: message, file: file, range: range)
    }
    /// What the rule says about passing values (computed once per head).
    var facts: RuleFacts { head.facts }
    /// The same rule seen from a named rule that uses it (`name` prepended to its
    /// expansion chain) and, when given, with the user's message override.
    func prefixed(by name: String?, override: MessageOverride?) -> ExpandedRule {
        prefixed(chain: name.map { [$0] + expandedFrom } ?? expandedFrom, override: override)
    }

    /// The same rule with the expansion chain `chain` and no other detail, when it has
    /// none of its own (no chain, no override, its name at the start); `shared` is the
    /// detail made for the first such rule, reused by the next ones (made when nil; `chain`
    /// is read only then, so a caller passes one chain per `shared`).
    ///
    /// Performance: a named rule's own plain validators share one detail, not one each.
    func prefixedPlain(chain: [String], sharing shared: inout Detail?) -> ExpandedRule? {
        guard extra == nil else { return nil }
        let made = shared ?? Detail(expandedFrom: chain, override: nil, nameOffset: nil)
        shared = made
        return ExpandedRule(head: head, locator: locator, range: range, extra: .detail(made))
    }

    /// The same rule with the expansion chain `chain` (which the caller made from
    /// ``expandedFrom``) and, when given, the user's message override.
    ///
    /// Performance: a named rule's own validators all get the chain `[name]`; made once
    /// per named rule and shared, not once per validator.
    func prefixed(chain: [String], override message: MessageOverride?) -> ExpandedRule {
        let kept: Override?
        if let message, message != messageOverride {
            kept = Override(message)
        } else {
            kept = override
        }
        return ExpandedRule(head: head, locator: locator, range: range, expandedFrom: chain, override: kept, nameOffset: detail?.nameOffset)
    }
}

/// The expansion of a named rule, or the fact that it is too large to expand.
enum Expansion {
    case rules([ExpandedRule])
    case tooLarge
}

/// The mutable state of one check. Lives only inside ``Checker/check(_:roots:)``; the
/// phases are in `CheckerRun+*.swift` files, in the order ``run()`` calls them.
///
/// Performance: the state the phases read and write for every rule is marked
/// `@exclusivity(unchecked)`. A run is used by one thread, and no phase holds an access
/// to one of these across a call that touches the same one; as class properties each
/// access would otherwise be checked at run time (`swift_beginAccess`).
final class CheckerRun {
    let graph: ProgramGraph
    let options: CheckOptions
    /// Checking diagnostics, in the order found (sorted by the caller).
    @exclusivity(unchecked) var diagnostics: [Diagnostic] = []

    /// Definitions in effect, in file and source order.
    @exclusivity(unchecked) var definitions = RuleTable<NamedRuleDefinition>()
    /// The references of ``definitions``, to find a definition by file and name.
    @exclusivity(unchecked) var definitionKeys: Set<RuleReference> = []
    @exclusivity(unchecked) var definitionOrder: [RuleReference] = []
    /// Per file: every name usable there (its own definitions, then its imports').
    @exclusivity(unchecked) var scopes: [String: [String: RuleReference]] = [:]
    /// The lowered body of each definition.
    @exclusivity(unchecked) var bodies = RuleTable<[LoweredRule]>()
    /// Uses inside definitions that close a cycle (`definition`, index in its body): not expanded.
    @exclusivity(unchecked) var cycleUses: Set<BodyPosition> = []
    @exclusivity(unchecked) var expansions = RuleTable<Expansion>()
    /// Fields named by arguments and conditions, waiting for the `unknown-field` check.
    @exclusivity(unchecked) var fieldReferences: [FieldReference] = []
    /// What the lint passes read; nil when there are none.
    @exclusivity(unchecked) var lintFacts: LintFacts?
    /// Named rules used anywhere (for `unused-rule`).
    @exclusivity(unchecked) var usedRules = RuleIDSet()
    /// How many validator applications have been materialised, against ``CheckLimits``.
    @exclusivity(unchecked) var expandedTotal = 0
    @exclusivity(unchecked) var reportedTotalLimit = false

    /// Candidate comparisons left for "did you mean" suggestions in this check.
    @exclusivity(unchecked) var suggestionBudget = 200_000
    /// Per file: validators then named rules in scope, sorted (built on first need).
    @exclusivity(unchecked) var nameSuggestions: [String: Suggestions] = [:]
    /// The base catalogue's keys, sorted (built on first need).
    var messageKeySuggestions: Suggestions?

    /// The checked field statements of each file, in source order (empty unless
    /// ``keepsStatements``).
    var statements: [String: [CheckedStatement]] = [:]
    /// Each distinct pattern's compilation, by source and flags (see `compiled(_:flags:)`).
    /// Performance: rule files repeat the same few patterns (a named rule expanded at
    /// every use, one pattern per `[*]` item field), and compiling one to a DFA costs far
    /// more than the rest of its checking; `Pattern` is an immutable `Sendable` value, so
    /// equal literals share one. Failures are kept too, and reported at every occurrence.
    @exclusivity(unchecked) var patterns: [PatternKey: Result<Pattern, PatternError>] = [:]
    /// The context of statements outside `when` blocks and of named rules' bodies.
    let unconditional = ConditionContext([])
    /// The contradictions inside named rules, a group per definition (performance: one
    /// set of tables for all of them, not one per definition).
    @exclusivity(unchecked) var definitionAnalysis: RuleAnalysis
    /// The lint passes' followers of the rule comparison (``UseLint``), for the whole check.
    let useLints: [any UseLint]
    /// How many rule tables have been made (each is numbered for ``useLints``).
    @exclusivity(unchecked) var tableCount = 0
    /// How many lowering entries have been made (the next one's ``LoweringCache/Entry/serial``).
    @exclusivity(unchecked) var headCount = 0
    /// Validator heads already lowered, by their text (see ``LoweringCache``).
    @exclusivity(unchecked) var loweringCache = LoweringCache()

    /// The tree of the last named rule expanded (see `finish(_:)`).
    @exclusivity(unchecked) var lastDefinitionTree: SyntaxTree?

    /// The last file located (see ``locator(for:)``).
    @exclusivity(unchecked) private var lastLocator: SourceLocator?

    /// Whether the checked field statements are kept in ``statements`` (only a rule set
    /// reads them; without one their occurrences are freed statement by statement).
    let keepsStatements: Bool

    init(graph: ProgramGraph, options: CheckOptions, keepsStatements: Bool = true) {
        self.graph = graph
        self.options = options
        self.keepsStatements = keepsStatements
        if !options.lintPasses.isEmpty { lintFacts = LintFacts(graph: graph) }
        useLints = options.lintPasses.compactMap { $0.makeUseLint() }
        definitionAnalysis = RuleAnalysis(lints: useLints, table: 0)
        tableCount = 1
    }

    /// A new, empty table of groups, numbered for the lint that follows it.
    func makeAnalysis() -> RuleAnalysis {
        tableCount += 1
        return RuleAnalysis(lints: useLints, table: tableCount - 1)
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
        recordUnusedRules()
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
    func report(
        _ file: String, _ range: SourceRange, _ code: DiagnosticCode, _ message: String,
        notes: [Note] = [], fixIts: [FixIt] = []
    ) {
        diagnostics.append(Diagnostic(file: file, range: range, code: code, message: message, notes: notes, fixIts: fixIts))
    }
}

/// A position in a named rule's body.
struct BodyPosition: Hashable {
    /// The definition's ``RuleReference/id``.
    let definition: Int
    let index: Int
}
