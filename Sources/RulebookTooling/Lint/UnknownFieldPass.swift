import Rulebook

/// `unknown-field`: a field named in a `same`/`different`/`before`/`after` argument or a
/// condition that no statement of the file mentions, *and* that is one typo away from one
/// that does. Without a close match nothing is said: a rule file is not a schema, and
/// referring to a field that has no rules of its own is legitimate.
package struct UnknownFieldPass: LintPass {
    /// Candidate comparisons the "did you mean" searches of one check may make.
    let budget: Int

    package init(budget: Int = 200_000) {
        self.budget = budget
    }

    package func diagnostics(of facts: LintFacts) -> [Diagnostic] {
        var budget = budget
        var diagnostics: [Diagnostic] = []
        for file in facts.graph.files {
            guard let references = facts.fieldReferences[file], let paths = facts.statementPaths[file] else { continue }
            check(references, in: file, distinctPaths: paths, budget: &budget, into: &diagnostics)
        }
        return diagnostics
    }

    /// - Parameter distinctPaths: the file's statement paths, each once, in order of first
    ///   appearance (distinct paths spell distinctly: keys that are not identifiers are quoted).
    private func check(
        _ references: [FieldReference], in file: String, distinctPaths: [FieldPath], budget: inout Int,
        into diagnostics: inout [Diagnostic]
    ) {
        // Performance: a suggestion is only ever found by a search, so when the budget
        // cannot pay for one nothing can be reported (and nothing is built).
        guard !references.isEmpty, !distinctPaths.isEmpty, budget >= distinctPaths.count else { return }
        // Ties go to the smaller spelling, as among the sorted spellings; the candidates
        // are prepared as far as the lookups reach (see `PathSuggestions`).
        var candidates = PathSuggestions(distinctPaths)
        // A reference is known when one of its prefixes is a prefix of a statement's path
        // (the field itself, or below a known field: `address.country` under `address:
        // object`). The prefixes of statement paths include each first segment, so that
        // is the case exactly when its first segment starts some statement's path.
        // (Sized up front: a lazy sequence gives no count, and growing the set rehashed
        // every key several times.)
        var known = Set<FieldPath.Segment>(minimumCapacity: distinctPaths.count)
        for path in distinctPaths {
            if let first = path.segments.first { known.insert(first) }
        }
        var suggestions: [String: String?] = [:]  // one search per distinct spelling
        var suggestedAny = false
        for reference in references {
            if let first = reference.path.segments.first, known.contains(first) { continue }
            // Performance: once the budget cannot pay for another search, only a spelling
            // that already found a suggestion could still be reported; without one the
            // rest of the references (thousands in a large file) need not be spelt.
            if budget < candidates.count, !suggestedAny { break }
            let written = reference.path.description
            let found: String?
            if let earlier = suggestions[written] {
                found = earlier
            } else {
                found = candidates.closest(to: written, budget: &budget)
            }
            suggestions[written] = found
            guard let suggestion = found else { continue }
            suggestedAny = true
            diagnostics.append(
                Diagnostic(
                    file: file, range: reference.range, code: .unknownField,
                    message: "no statement mentions the field '\(written)'; did you mean '\(suggestion)'?",
                    fixIts: [
                        FixIt(
                            message: "Replace '\(written)' with '\(suggestion)'",
                            edits: [TextEdit(file: file, range: reference.range, replacement: suggestion)])
                    ]))
        }
    }
}
