// Phases 3 and 4 on two cores: the second half of the named rules lowered, and those of
// them that use no named rule expanded, on another thread while this one lowers the first.
//
// Performance (issue 6, as `CheckerRun+Parallel.swift`): a large generated file defines
// thousands of named rules, and lowering and expanding them came before the parallel
// statement walk, on one core. Lowering a named rule's body depends on nothing but the
// scopes (phase 2) and, through the "did you mean" budget, on the lowerings before it;
// expanding one that uses no named rule depends only on its body and on the expansion
// limit. So:
// - the second half's bodies are lowered on another thread; when both halves' lookups
//   together stay within the budget, no lookup would have been refused in one pass
//   either, and the bodies are kept (else they are lowered again here, after the first
//   half's, in one pass);
// - the leaf rules (no named rule in their bodies) of each half are expanded ahead by
//   that half's thread, on a run of their own, each with its size and diagnostics
//   recorded; the one-pass expansion walk adopts a prepared
//   expansion where it would have expanded that rule, adding its size to the expansion
//   count and its diagnostics in that place, when the limit allows, and expands it
//   itself otherwise. The result, diagnostics in order included, is the one-pass result.
//
// `ParallelCheckTests` compares both with one pass.

/// A named rule expanded ahead (see `CheckerRun+ParallelDefinitions.swift`).
struct PreparedExpansion {
    let expansion: Expansion?
    /// How many validators it added to the expansion count.
    let size: Int
    let diagnostics: [Diagnostic]
}

extension CheckerRun {
    /// Below this many named rules, phase 3 runs in one pass.
    static let parallelMinimumDefinitions = 128

    /// Where to cut ``definitionOrder`` in two, or nil for one pass.
    func definitionCut() -> Int? {
        switch statementCut {
        case .never: return nil
        case .before: return definitionOrder.count >= 2 ? definitionOrder.count / 2 : nil
        case .bySize:
            guard definitionOrder.count >= CheckerRun.parallelMinimumDefinitions, BackgroundTask<Void>.hasSecondCore else { return nil }
            return definitionOrder.count / 2
        }
    }

    /// Lowers the named rules before `cut` here and the rest on another thread, and
    /// expands each half's leaves ahead.
    func lowerDefinitionsInTwoParts(cut: Int) {
        let fork = CheckerRun(forking: self)
        let startBudget = suggestionBudget
        let second = Array(definitionOrder[cut...])
        let task = BackgroundTask<Bool> {
            fork.lowerBodies(of: second)
            fork.fieldReferences.removeAll()
            fork.prepareLeaves(second)
            return true
        }
        let first = Array(definitionOrder[..<cut])
        lowerBodies(of: first)
        // This half's leaves too, while the other thread works: on a run of their own, so
        // that this run's counters and analysis are left as one pass would find them.
        let ahead = CheckerRun(forking: self)
        ahead.prepareLeaves(first)
        var prepared = ahead.reportedTotalLimit ? RuleTable() : ahead.preparedExpansions
        let finished = task.wait() ?? false
        let usedFirst = startBudget - suggestionBudget, usedSecond = startBudget - fork.suggestionBudget
        if finished, usedFirst + usedSecond <= startBudget {
            for reference in second { bodies[reference] = fork.bodies[reference] }
            diagnostics += fork.diagnostics
            usedRules.formUnion(fork.usedRules)
            suggestionBudget -= usedSecond
            if !fork.reportedTotalLimit {
                // (The fork prepared only the second half's rules, none of which this half did.)
                for reference in second where prepared[reference] == nil { prepared[reference] = fork.preparedExpansions[reference] }
            }
            mergedDefinitionParts += 1
        } else {
            lowerBodies(of: second)
        }
        preparedExpansions = prepared
        fieldReferences.removeAll()  // only references written in field statements are checked
        BackgroundTask<(CheckerRun, CheckerRun)>.release((consume fork, consume ahead))
    }

    /// Expands each of `references` whose body uses no named rule, recording it (and
    /// taking its diagnostics out of ``diagnostics``).
    private func prepareLeaves(_ references: [RuleReference]) {
        for reference in references {
            guard let body = bodies[reference], !body.contains(where: { if case .named = $0 { true } else { false } }) else { continue }
            let diagnosticsBefore = diagnostics.count, totalBefore = expandedTotal
            finish(reference)
            preparedExpansions[reference] = PreparedExpansion(expansion: expansions[reference], size: expandedTotal - totalBefore,
                                                              diagnostics: Array(diagnostics[diagnosticsBefore...]))
            diagnostics.removeSubrange(diagnosticsBefore...)
        }
    }

    /// Adopts `reference`'s prepared expansion when the expansion limit allows it, else
    /// expands it.
    func finishOrAdopt(_ reference: RuleReference) {
        guard let prepared = preparedExpansions.removeValue(forKey: reference) else { return finish(reference) }
        adoptOrFinish(reference, prepared)
    }

    /// Adopts `prepared`, `reference`'s expansion made ahead (already taken out of
    /// ``preparedExpansions``), when the expansion limit allows it, else expands it.
    func adoptOrFinish(_ reference: RuleReference, _ prepared: PreparedExpansion) {
        guard !reportedTotalLimit, expandedTotal + prepared.size <= options.limits.maxExpandedRulesTotal
        else { return finish(reference) }
        expandedTotal += prepared.size
        expansions[reference] = prepared.expansion
        diagnostics += prepared.diagnostics
    }
}
