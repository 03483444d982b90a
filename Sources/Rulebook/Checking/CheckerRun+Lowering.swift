// Phase 3: name resolution. Each `RuleSyntax` becomes a validator application, a use of
// a named rule, or nothing (diagnosed).

extension CheckerRun {
    /// Lowers the body of every named rule once, in its own file's scope, so that a
    /// mistake inside a named rule is reported once however often the rule is used.
    func lowerDefinitions() {
        lowerBodies(of: definitionOrder)
        fieldReferences.removeAll()  // only references written in field statements are checked
    }

    /// Lowers the bodies of `references` into ``bodies`` (all of them in one pass, or one
    /// half on each of two threads: `CheckerRun+ParallelDefinitions.swift`).
    func lowerBodies<References: Sequence<RuleReference>>(of references: References) {
        for reference in references {
            guard let definition = definitions[reference] else { continue }
            let scope = scopes[reference.file] ?? [:]
            bodies[reference] = definition.syntax.rules.map { lower($0, in: definition.source, scope: scope) }
        }
    }

    /// Resolves one rule in `scope`.
    func lower(_ rule: RuleSyntax, in source: SourceFile, scope: [String: RuleReference]) -> LoweredRule {
        let override = checkMessageOverride(rule.message, in: source)
        let name = rule.name.name
        guard !name.isEmpty else { return .invalid }  // the parser reported the missing name
        // A head seen before is a validator (validators win over named rules of their name).
        let head = CheckerRun.headRange(of: rule)
        if let cached = loweringCache.entry(for: head, in: source) {
            return lowerCached(cached, rule, head: head, in: source, override: override)
        }
        if let definition = options.validators.definition(named: name) {
            return lowerValidator(definition, rule, in: source, override: override)
        }
        if let reference = scope[name] {
            if !rule.arguments.isEmpty { reportArgumentsToNamedRule(rule, in: source) }
            usedRules.insert(reference)
            return .named(reference, nameRange: rule.name.range, override: override)
        }
        reportUnknownName(rule.name, in: source, scope: scope)
        return .invalid
    }

    /// The validator's name and arguments, without a message override.
    static func headRange(of rule: RuleSyntax) -> SourceRange {
        rule.arguments.last.map { rule.name.range.union($0.range) } ?? rule.name.range
    }

    private func reportUnknownName(_ name: IdentifierSyntax, in source: SourceFile, scope: [String: RuleReference]) {
        let candidates = nameSuggestions[source.path] ?? Suggestions(options.validators.names + scope.keys.sorted())
        nameSuggestions[source.path] = candidates
        guard let suggestion = candidates.closest(to: name.name, budget: &suggestionBudget) else {
            report(source.path, name.range, .unknownValidator, "unknown validator or named rule '\(name.name)'")
            return
        }
        // A misspelt use is not a reason to call the rule it meant unused.
        if let meant = scope[suggestion] { usedRules.insert(meant) }
        report(
            source.path, name.range, .unknownValidator,
            "unknown validator or named rule '\(name.name)'; did you mean '\(suggestion)'?",
            fixIts: [
                FixIt(
                    message: "Replace '\(name.name)' with '\(suggestion)'",
                    edits: [TextEdit(file: source.path, range: name.range, replacement: suggestion)])
            ])
    }

    private func reportArgumentsToNamedRule(_ rule: RuleSyntax, in source: SourceFile) {
        guard let first = rule.arguments.first, let last = rule.arguments.last else { return }
        let count = rule.arguments.count
        report(
            source.path, first.range.union(last.range), .wrongArgumentCount,
            "'\(rule.name.name)' is a named rule and takes no arguments, found \(count) argument\(count == 1 ? "" : "s")",
            fixIts: [
                FixIt(
                    message: "Remove the argument\(count == 1 ? "" : "s")",
                    edits: [
                        TextEdit(
                            file: source.path, range: SourceRange(start: rule.name.range.end, end: last.range.end),
                            replacement: "")
                    ],
                    // The arguments may belong to a validator the author meant instead.
                    applicability: .suggested)
            ])
    }

    /// Converts a `message` override, reporting keys the base catalogue lacks.
    private func checkMessageOverride(_ syntax: MessageOverrideSyntax?, in source: SourceFile) -> MessageOverride? {
        guard let syntax else { return nil }
        switch syntax.kind {
        case .literal(let text):
            return .literal(text)
        case .key(let key):
            guard !key.isEmpty else { return nil }  // the parser reported the missing key
            if let known = options.knownMessageKeys, !known.contains(key) {
                reportUnknownMessageKey(key, range: syntax.valueRange, in: source, known: known)
            }
            return .key(key)
        }
    }

    private func reportUnknownMessageKey(_ key: String, range: SourceRange, in source: SourceFile, known: Set<String>) {
        var fixes: [FixIt] = []
        var message = "message key '\(key)' is not defined in the base catalogue"
        let candidates = messageKeySuggestions ?? Suggestions(known.sorted())
        messageKeySuggestions = candidates
        if let suggestion = candidates.closest(to: key, budget: &suggestionBudget) {
            message += "; did you mean '\(suggestion)'?"
            fixes.append(
                FixIt(
                    message: "Replace '\(key)' with '\(suggestion)'",
                    edits: [TextEdit(file: source.path, range: range, replacement: suggestion)]))
        }
        if let fix = options.missingMessageKeyFix?(MissingMessageKey(key: key, file: source.path, range: range)) {
            fixes.append(fix)
        }
        report(source.path, range, .unknownMessageKey, message, fixIts: fixes)
    }
}

extension BuiltinValidator {
    /// Every validator by name. Performance: one hash lookup per rule instead of the
    /// synthesised `init(rawValue:)`, which compares the name with each case in turn.
    static let named: [String: BuiltinValidator] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}
