// Phase 4: cycles among named rules, then each named rule expanded once (post-order, so
// every rule it uses is already expanded), then contradictions inside each named rule.

extension CheckerRun {
    /// Finds cycles and expands every definition, without recursion (a chain of ten
    /// thousand named rules must not exhaust the stack).
    func expandDefinitions() {
        var state = RuleTable<VisitState>()
        state.reserveCapacity(definitionOrder.count)
        expansions.reserveCapacity(definitionOrder.count)
        for root in definitionOrder where state[root] == nil {
            var stack: [(reference: RuleReference, next: Int)] = [(root, 0)]
            state[root] = .onStack
            while let top = stack.last {
                let body = bodies[top.reference] ?? []
                guard top.next < body.count else {
                    stack.removeLast()
                    state[top.reference] = .done
                    finish(top.reference)
                    continue
                }
                stack[stack.count - 1].next += 1
                guard case .named(let target, let nameRange, _) = body[top.next], definitions[target] != nil else { continue }
                switch state[target] {
                case nil:
                    state[target] = .onStack
                    stack.append((target, 0))
                case .onStack?:
                    let position = BodyPosition(definition: top.reference.id, index: top.next)
                    cycleUses.insert(position)
                    reportCycle(closing: nameRange, in: top.reference, stack: stack.map(\.reference), target: target)
                case .done?:
                    break
                }
            }
        }
    }

    private enum VisitState { case onStack, done }

    private func reportCycle(closing use: SourceRange, in reference: RuleReference, stack: [RuleReference], target: RuleReference) {
        guard let start = stack.lastIndex(of: target) else { return }
        let chain = Array(stack[start...]) + [target]
        let message =
            chain.count == 2
            ? "named rule '\(target.name)' uses itself"
            : "named rules use each other in a cycle: " + chain.map { "'\($0.name)'" }.joined(separator: " → ")
        // Point at each other use along the cycle, so an editor can show the whole loop.
        var notes: [Note] = []
        for (user, used) in zip(chain, chain.dropFirst()).dropLast() {
            guard let body = definitions[user]?.syntax.rules,
                let rule = body.first(where: { $0.name.name == used.name })
            else { continue }
            notes.append(Note(message: "'\(user.name)' uses '\(used.name)' here", file: user.file, range: rule.name.range))
        }
        report(reference.file, use, .ruleCycle, message, notes: notes)
    }

    /// Expands `reference` (its uses are expanded already), then looks for contradictions
    /// among its rules.
    func finish(_ reference: RuleReference) {
        guard let definition = definitions[reference], let tree = definitionTree(of: reference) else { return }
        let body = bodies[reference] ?? []
        var uses: [(index: Int, entries: UseEntries)] = []
        uses.reserveCapacity(body.count)
        var tooLarge = false
        var size = 0
        for (index, lowered) in body.enumerated() {
            guard let entries = entries(of: lowered, at: BodyPosition(definition: reference.id, index: index), tooLarge: &tooLarge) else {
                continue
            }
            uses.append((index, entries))
            size += entries.count
        }
        if tooLarge {
            expansions[reference] = .tooLarge  // reported where the limit was first crossed
            return
        }
        guard size <= options.limits.maxExpandedRulesPerStatement else {
            report(
                reference.file, definition.syntax.name.range, .limitExceeded,
                "named rule '\(reference.name)' expands to \(size) validators, more than the limit of \(options.limits.maxExpandedRulesPerStatement)"
            )
            expansions[reference] = .tooLarge
            return
        }
        guard consumeBudget(size, file: reference.file, range: definition.syntax.name.range) else {
            expansions[reference] = .tooLarge
            return
        }
        let group = definitionAnalysis.addGroup()
        let ownChain = [reference.name]
        var plainDetail: ExpandedRule.Detail?
        var expanded: [ExpandedRule] = []
        expanded.reserveCapacity(size)
        let rules = definition.syntax.rules
        for (index, entries) in uses {
            guard rules.indices.contains(index) else { continue }
            let use = AnalyzedUse(entries: entries, context: unconditional, rules: rules, index: index, statementRange: nil)
            if let diagnostic = definitionAnalysis.add(use, to: group, subject: .namedRule(reference.name), in: tree) {
                diagnostics.append(diagnostic)
            }
            for entry in entries {
                if let plain = entry.prefixedPlain(chain: ownChain, sharing: &plainDetail) {
                    expanded.append(plain)
                } else {
                    expanded.append(
                        entry.expandedFrom.isEmpty
                            ? entry.prefixed(chain: ownChain, override: nil)
                            : entry.prefixed(by: reference.name, override: nil))
                }
            }
        }
        expansions[reference] = .rules(expanded)
    }

    /// The tree of the file defining `reference`. Performance: definitions are expanded
    /// mostly file by file, so the last tree nearly always answers (its path compared, not
    /// hashed).
    private func definitionTree(of reference: RuleReference) -> SyntaxTree? {
        if let lastDefinitionTree, lastDefinitionTree.source.path == reference.file { return lastDefinitionTree }
        lastDefinitionTree = graph.trees[reference.file]
        return lastDefinitionTree
    }

    /// What one lowered rule applies (`nil` when nothing: invalid, a cycle, too large).
    /// Entries of a named rule keep their `expandedFrom` relative to that rule.
    func entries(of lowered: LoweredRule, at position: BodyPosition?, tooLarge: inout Bool) -> UseEntries? {
        switch lowered {
        case .invalid:
            return nil
        case .validator(let entry):
            return .one(entry)
        case .named(let target, _, let override):
            // Performance: most rule sets have no cycle, and a lookup hashes the position
            // (two strings) even in an empty set.
            if let position, !cycleUses.isEmpty, cycleUses.contains(position) { return nil }
            switch expansions[target] {
            case .rules(let entries)?:
                guard let override else { return .many(entries) }
                return .many(entries.map { $0.prefixed(by: nil, override: override) })
            case .tooLarge?:
                tooLarge = true
                return nil
            case nil:
                return nil
            }
        }
    }

    /// Counts `count` more materialised validators; false (reported once) past the limit.
    func consumeBudget(_ count: Int, file: String, range: SourceRange) -> Bool {
        expandedTotal += count
        guard expandedTotal > options.limits.maxExpandedRulesTotal else { return true }
        if !reportedTotalLimit {
            reportedTotalLimit = true
            report(
                file, range, .limitExceeded,
                "the rules expand to more than \(options.limits.maxExpandedRulesTotal) validators; checking stops expanding named rules here"
            )
        }
        return false
    }
}
