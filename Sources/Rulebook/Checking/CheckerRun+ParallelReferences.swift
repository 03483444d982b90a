// `unknown-field` on two threads, for a file whose statements were checked in two parts.
//
// Performance (issue 6: the calling thread is the critical path of a two-core check).
// After the two parts are merged, `unknown-field` ran on the calling thread alone while
// the other core waited (≈ 6.0M instructions of the 5,000-line language-server file's
// check, ≈ 47M of the 100,000-line file's: callgrind of `rulebook-bench check --only 3|1
// --runs 1`, docs/performance.md, "The checker's calling thread"). Its lookups ("did you mean" among the file's
// statement paths) are pure functions of the candidates and the name, and which of them
// are made, and what each charges against the suggestion budget, is known without making
// them: each reference that no statement path starts, in order, whose spelling is new,
// while the budget can pay for one (the whole candidate count) and its lowercased
// spelling is not empty. So:
// 1. the other thread measures the candidates' lengths while this one builds the
//    first-segment table and plans the lookups (their spellings, in order);
// 2. the signatures of the lengths the planned lookups reach are computed half here,
//    half there (split by candidate count), and the other half adopted;
// 3. the planned lookups are made half here, half there, on the prepared candidates,
//    which a lookup then only reads.
// `checkFieldReferences` then walks the references exactly as in one pass, charging the
// budget where one pass charged it, and takes a planned lookup's answer instead of
// searching. A lookup the plan did not make (none, by construction) is searched as
// before, and counted (`CheckerRun.unplannedSearches`), as is a hand-over of signatures
// refused (`refusedSignatureHandOvers`): if the plan and the walk ever disagree, the
// answers stay right and the tests that assert both counts are 0 fail.
// `ParallelCheckTests` and `UnknownFieldInTwoPartsTests` compare with one pass.

extension CheckerRun {
    /// The lookups `unknown-field` makes for `references` while the budget lasts: each
    /// distinct spelling, in order, with its lowercased length; what one pass's walk
    /// over the references (see `checkFieldReferences`) would search.
    static func plannedSearches(_ references: some Sequence<FieldReference>, known: inout FirstSegmentSet, candidates count: Int,
                                budget: Int) -> [(name: String, targetLength: Int)] {
        var budget = budget
        var seen = Set<String>()
        var plan: [(name: String, targetLength: Int)] = []
        for reference in references {
            if let first = reference.path.segments.first, known.contains(first) { continue }
            // No lookup is made once the budget cannot pay for one.
            guard budget >= count else { break }
            let written = reference.path.description
            guard seen.insert(written).inserted else { continue }
            // What `PathSuggestions.closest` charges, decided by the same function.
            guard let target = Suggestions.chargedTarget(written, candidates: count, budget: &budget) else { continue }
            plan.append((written, target.count))
        }
        return plan
    }

    /// Stages 1–3 above: the answers of the lookups `unknown-field` will make, by
    /// spelling, and `signaturesAdopted`, false only when the other thread's signatures
    /// were handed over and refused (then signed again here; true when nothing needed
    /// handing over); `candidates` is left measured and signed as far as they reach.
    static func searchInTwoParts(_ references: some Sequence<FieldReference>, known: inout FirstSegmentSet, candidates: inout PathSuggestions,
                                 budget: Int) -> (answers: [String: String?], signaturesAdopted: Bool) {
        let unmeasured = candidates
        let measuring = BackgroundTask<PathSuggestions> {
            var measured = unmeasured
            measured.measureIfNeeded()
            return measured
        }
        let plan = plannedSearches(references, known: &known, candidates: candidates.count, budget: budget)
        candidates = measuring.wait() ?? candidates
        candidates.measureIfNeeded()  // (done there; a no-op here)
        guard !plan.isEmpty else { return ([:], true) }
        let adopted = signInTwoParts(lengthsInReach(of: plan, in: candidates), &candidates)
        return (search(plan, in: candidates), adopted)
    }

    /// The lengths any of `plan`'s lookups visits, in increasing order.
    private static func lengthsInReach(of plan: [(name: String, targetLength: Int)], in candidates: PathSuggestions) -> [Int] {
        var reached: [Bool] = []
        for (_, targetLength) in plan {
            guard let lengths = candidates.lengthsInReach(ofTargetLength: targetLength) else { continue }
            if reached.count <= lengths.upperBound { reached += [Bool](repeating: false, count: lengths.upperBound + 1 - reached.count) }
            for length in lengths { reached[length] = true }
        }
        return reached.indices.filter { reached[$0] }
    }

    /// Signs `lengths`: the shorter half (by candidate count) here, the rest on another
    /// thread, whose signatures are then adopted; false only when they were refused (and
    /// signed here), true when adopted or when one thread signed them all.
    private static func signInTwoParts(_ lengths: [Int], _ candidates: inout PathSuggestions) -> Bool {
        let total = lengths.reduce(0) { $0 + candidates.candidateCount(ofLength: $1) }
        var split = 0, counted = 0
        while split < lengths.count, 2 * counted < total {
            counted += candidates.candidateCount(ofLength: lengths[split])
            split += 1
        }
        let (mine, theirs) = (lengths[..<split], lengths[split...])
        guard !mine.isEmpty, !theirs.isEmpty else {
            for length in lengths { candidates.signIfNeeded(length) }
            return true
        }
        let measured = candidates
        let signing = BackgroundTask<PathSuggestions> {
            var signed = measured
            for length in theirs { signed.signIfNeeded(length) }
            return signed
        }
        for length in mine { candidates.signIfNeeded(length) }
        let adopted = signing.wait().map { candidates.adoptSignatures(of: theirs, from: $0) } ?? false
        for length in theirs { candidates.signIfNeeded(length) }  // (adopted: a no-op)
        return adopted
    }

    /// Makes `plan`'s lookups on prepared `candidates`, about half the work (by the
    /// candidates each visits) on another thread.
    private static func search(_ plan: [(name: String, targetLength: Int)], in candidates: PathSuggestions) -> [String: String?] {
        func cost(_ targetLength: Int) -> Int {
            guard let lengths = candidates.lengthsInReach(ofTargetLength: targetLength) else { return 0 }
            return lengths.reduce(1) { $0 + candidates.candidateCount(ofLength: $1) }
        }
        var mine: [String] = [], theirs: [String] = []
        var mineCost = 0, theirsCost = 0
        for (name, targetLength) in plan {
            if mineCost <= theirsCost {
                mine.append(name)
                mineCost += cost(targetLength)
            } else {
                theirs.append(name)
                theirsCost += cost(targetLength)
            }
        }
        // The budget was charged by the plan; a lookup here is not refused.
        func lookUp(_ names: [String], in candidates: PathSuggestions) -> [(String, String?)] {
            var prepared = candidates  // measured and signed as far as `names` reach: only read
            var unlimited = Int.max
            return names.map { ($0, prepared.closest(to: $0, budget: &unlimited)) }
        }
        let searching = theirs.isEmpty ? nil : BackgroundTask<[(String, String?)]> { lookUp(theirs, in: candidates) }
        var answers: [String: String?] = [:]
        answers.reserveCapacity(plan.count)
        for (name, answer) in lookUp(mine, in: candidates) { answers[name] = .some(answer) }
        let other = searching?.wait() ?? lookUp(theirs, in: candidates)
        for (name, answer) in other { answers[name] = .some(answer) }
        return answers
    }
}
