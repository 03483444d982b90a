/// One rule as written in a group (a field's statements, or a named rule's body): a
/// validator, or a named rule standing for what it expands to.
struct AnalyzedUse {
    /// The file the use is written in.
    let tree: SyntaxTree
    /// The use's name and arguments.
    let range: SourceRange
    /// The named rule's name when the use is one.
    let namedRule: String?
    /// What the use applies, in order.
    let entries: [ExpandedRule]
    /// The conditions under which it applies (nested `when` blocks); `nil` when a
    /// condition could not be checked, which leaves the use out of the analysis.
    let context: Set<Condition>?
    /// How to delete the use, for the redundancy fix.
    let removal: RemovalSite
}

/// Finds contradictions and exact repetitions among the rules that apply to one field
/// (or that one named rule bundles), in order.
///
/// Two uses apply together when the conditions of one include all the conditions of the
/// other (so whenever the narrower applies, the wider does too); unconditional rules
/// apply together with everything. Only such pairs are compared. For the interval
/// measures, comparing each new rule with the tightest bounds so far finds every pair
/// that contradicts (intervals on a line that meet pairwise meet all together).
///
/// Repetition is exact only (same validator, arguments and message): an implied rule
/// such as `minLength 2` after `minLength 3` is left alone because removing it would
/// change which message a user sees first, and a rule that also appears under a
/// narrower condition is still needed when that condition is false.
struct RuleAnalyzer {
    /// What the group is, for messages: "'firstName'" or "named rule 'personName'".
    let subject: String
    private var states: [ContextState] = []
    /// Beyond this many distinct condition sets for one field, new ones are not analysed
    /// (bounds the work on generated files with thousands of blocks).
    static let maximumContexts = 64

    init(subject: String) {
        self.subject = subject
    }

    /// Compares `use` with the earlier ones, then remembers it.
    mutating func add(_ use: AnalyzedUse) -> Diagnostic? {
        guard let context = use.context else { return nil }
        let related = states.indices.filter { states[$0].conditions.isSubset(of: context) || context.isSubset(of: states[$0].conditions) }
        let diagnostic = contradiction(of: use, against: related)
            ?? repetition(of: use, against: related.filter { states[$0].conditions.isSubset(of: context) })
        if let index = states.firstIndex(where: { $0.conditions == context }) {
            for entry in use.entries { states[index].add(entry) }
        } else if states.count < RuleAnalyzer.maximumContexts {
            var state = ContextState(conditions: context)
            for entry in use.entries { state.add(entry) }
            states.append(state)
        }
        return diagnostic
    }

    private func contradiction(of use: AnalyzedUse, against related: [Int]) -> Diagnostic? {
        for entry in use.entries {
            let facts = entry.facts
            for index in related {
                guard let conflict = states[index].conflict(with: facts, text: entry.text) else { continue }
                let later = describe(entry)
                let earlier = describe(conflict.entry)
                return Diagnostic(file: use.tree.source.path, range: use.range, code: .contradiction,
                                  message: "\(later) contradicts '\(conflict.entry.text)': \(conflict.reason)",
                                  notes: [note(for: conflict.entry, saying: "\(earlier) is here")])
            }
        }
        return nil
    }

    private func repetition(of use: AnalyzedUse, against wider: [Int]) -> Diagnostic? {
        func earlier(_ entry: ExpandedRule) -> ExpandedRule? {
            let key = entry.repetitionKey
            return wider.lazy.compactMap { self.states[$0].keys[key] }.first
        }
        guard let first = use.entries.first, let earliest = earlier(first),
              use.entries.dropFirst().allSatisfy({ earlier($0) != nil }) else { return nil }
        let message = use.namedRule.map { "every rule of '\($0)' already applies to \(subject)" }
            ?? "'\(first.text)' already applies to \(subject)"
        let fix = use.removal.fixIt(in: use.tree, describing: use.namedRule ?? first.text)
        return Diagnostic(file: use.tree.source.path, range: use.range, code: .redundantRule, message: message,
                          notes: [note(for: earliest, saying: "\(describe(earliest)) is here")],
                          fixIts: fix.map { [$0] } ?? [])
    }

    /// `'maxLength 3'`, or `'maxLength 3' (from 'shortName')`.
    private func describe(_ entry: ExpandedRule) -> String {
        guard let origin = entry.rule.expandedFrom.first else { return "'\(entry.text)'" }
        return "'\(entry.text)' (from '\(origin)')"
    }

    private func note(for entry: ExpandedRule, saying message: String) -> Note {
        Note(message: message, file: entry.file, range: entry.range)
    }
}

/// The tightest bounds and the accepted kinds of the rules seen under one set of conditions.
private struct ContextState {
    struct Held {
        let bound: RuleFacts.Bound
        let entry: ExpandedRule
    }

    let conditions: Set<Condition>
    var lower: [RuleFacts.Measure: Held] = [:]
    var upper: [RuleFacts.Measure: Held] = [:]
    /// The first rule seen for each distinct set of accepted kinds (a handful at most).
    var kinds: [(kinds: ValueKinds, entry: ExpandedRule)] = []
    /// The first rule seen for each repetition key.
    var keys: [String: ExpandedRule] = [:]

    init(conditions: Set<Condition>) {
        self.conditions = conditions
    }

    mutating func add(_ entry: ExpandedRule) {
        let facts = entry.facts
        if keys[entry.repetitionKey] == nil { keys[entry.repetitionKey] = entry }
        if let kinds = facts.kinds, !self.kinds.contains(where: { $0.kinds == kinds }) {
            self.kinds.append((kinds, entry))
        }
        guard let measure = facts.measure, !facts.isEmpty else { return }
        if let bound = facts.lower, lower[measure].map({ tighterLower(bound, than: $0.bound) }) ?? true {
            lower[measure] = Held(bound: bound, entry: entry)
        }
        if let bound = facts.upper, upper[measure].map({ tighterUpper(bound, than: $0.bound) }) ?? true {
            upper[measure] = Held(bound: bound, entry: entry)
        }
    }

    private func tighterLower(_ bound: RuleFacts.Bound, than held: RuleFacts.Bound) -> Bool {
        bound.value > held.value || (bound.value == held.value && bound.strict && !held.strict)
    }

    private func tighterUpper(_ bound: RuleFacts.Bound, than held: RuleFacts.Bound) -> Bool {
        bound.value < held.value || (bound.value == held.value && bound.strict && !held.strict)
    }

    /// The earlier rule that no value can satisfy together with `facts`, and why.
    func conflict(with facts: RuleFacts, text: String) -> (entry: ExpandedRule, reason: String)? {
        if let kinds = facts.kinds, let other = self.kinds.first(where: { $0.kinds.isDisjoint(with: kinds) }) {
            return (other.entry, "'\(other.entry.text)' accepts only \(other.kinds.description), '\(text)' only \(kinds.description)")
        }
        guard let measure = facts.measure, !facts.isEmpty else { return nil }
        if let bound = facts.lower, let held = upper[measure], RuleFacts.excludes(lower: bound, upper: held.bound) {
            let earlier = held.entry.facts
            return (held.entry, measure.impossibility((earlier.lower, earlier.upper), (facts.lower, facts.upper)))
        }
        if let bound = facts.upper, let held = lower[measure], RuleFacts.excludes(lower: held.bound, upper: bound) {
            let earlier = held.entry.facts
            return (held.entry, measure.impossibility((earlier.lower, earlier.upper), (facts.lower, facts.upper)))
        }
        return nil
    }
}

extension CheckedRule {
    /// Equal for rules that do exactly the same thing with the same message.
    var repetitionKey: String {
        var key = validator.rawValue + "|" + messageKey
        for argument in arguments { key += "|" + argument.name + "=" + argument.value.repetitionKey }
        switch messageOverride {
        case .key(let name)?: key += "|key:" + name
        case .literal(let text)?: key += "|text:" + text
        case nil: break
        }
        return key
    }

    /// The same rule seen from elsewhere: another expansion chain, another message.
    func with(expandedFrom: [String], messageOverride: MessageOverride?) -> CheckedRule {
        CheckedRule(validator: validator, messageKey: messageKey, arguments: arguments, messageOverride: messageOverride,
                    location: location, expandedFrom: expandedFrom)
    }
}

extension RuleArgument {
    /// A canonical spelling: equal for arguments that behave the same.
    var repetitionKey: String {
        switch self {
        case .count(let value): "c\(value)"
        case .number(let value, _): "n\(value)"
        case .value(let value): "v\(value.repetitionKey)"
        case .regex(let pattern, let source): "r\(pattern.flags)/\(source)"
        case .date(let date): "d\(date)"
        case .today: "t"
        case .field(let path): "f\(path.segments)"
        case .list(let values): "l[" + values.map(\.repetitionKey).joined(separator: ",") + "]"
        }
    }
}

extension Value {
    /// A canonical spelling of a literal (only literals reach here: strings, numbers, booleans).
    fileprivate var repetitionKey: String {
        switch self {
        case .null: "null"
        case .bool(let value): "b\(value)"
        case .integer(let value): "n\(Double(value))"
        case .decimal(let value): "n\(value)"
        case .string(let text): "s\(text.utf8.count):\(text)"
        case .array(let values): "a[" + values.map(\.repetitionKey).joined(separator: ",") + "]"
        case .object(let object): "o\(object.count)"
        }
    }
}
