// Phase 5 on two cores: a large file's top-level statements checked in two parts at once.
//
// Performance (issue 6: a 100,000-line file parsed and checked in under 200 ms, a
// language-server edit of a 5,000-line file in under 15 ms, on two cores). The
// instruction counts in this file are callgrind's, per thread, of `rulebook-bench check
// --only 1|3 --runs 1` (docs/performance.md, "Two cores for parsing and checking" and
// "The checker's calling thread", which give the commands). Checking a
// statement depends on the statements before it in three ways only, and each is
// reconciled so that the result is exactly the one-pass result:
//
// - The contradiction and repetition analysis compares a field's rules with its earlier
//   rules. The second part analyses its fields on its own and logs every use; a field
//   that also appears in the first part has its second-part uses replayed, in order,
//   into the first part's analysis, and their diagnostics replace the second part's
//   (at the same places in its diagnostic list, so the order is the one-pass order).
// - The "did you mean" budget and the expansion limit are counters consumed in order.
//   The second part starts from the counters before the first part; when the two parts
//   together stay within them, no lookup or expansion of the second part would have
//   been refused in one pass either (each lookup costs its candidate count, and the
//   counters only fall), so the parts are kept. Otherwise the second part is thrown
//   away and checked again after the first, in one pass.
// - Lowering caches, pattern compilations, named-rule uses and field references only
//   accumulate: caches are transparent (a cached head is one that said nothing), uses
//   are a set, and references are appended in source order.
//
// `ParallelCheckTests` checks files cut at every top-level statement against the
// one-pass check.

extension CheckerRun {
    /// Files smaller than this are checked in one pass (a second thread costs about as
    /// much as it saves below it).
    static let parallelMinimumBytes = 64 * 1024

    /// The share of a file's bytes checked on the calling thread, in percent.
    ///
    /// Performance: the second part costs ≈ 8% more per statement than the first (it
    /// logs its uses for the replay, and starts with the lowering cache of the named
    /// rules only), so with the cut in the middle the calling thread waited for it at
    /// the join (327M against 355M instructions for the 100,000-line file, 16.7M against
    /// 18.9M for the 5,000-line one); a little more for the calling thread evens them.
    static let firstPartPercent = 52

    /// Where phase 5 cuts a file's statements in two (and whether phase 3 cuts the named
    /// rules in two, see `CheckerRun+ParallelDefinitions.swift`).
    enum StatementCut {
        /// Near the middle of files of ``parallelMinimumBytes`` or more, when there is a
        /// second core (named rules: when there are ``parallelMinimumDefinitions``).
        case bySize
        /// Never: one pass.
        case never
        /// Before the top-level statement at this index, and the named rules in half
        /// (tests cut files everywhere).
        case before(Int)

        func cut(of tree: SyntaxTree) -> Int? {
            switch self {
            case .bySize: CheckerRun.parallelCut(of: tree)
            case .never: nil
            case .before(let index): index > 0 && index < tree.statements.count ? index : nil
            }
        }
    }

    /// One analysed use of the second part, for the replay.
    ///
    /// Performance: 64 bytes (the use 48, the rest 32-bit), one per rule of the second
    /// part, all fresh pages (docs/performance.md, "Checker footprint (`checkfast10`
    /// branch, eighth session)"). A count beyond 32 bits (of path ids or diagnostics)
    /// would need more memory than there is.
    struct LoggedUse {
        let use: AnalyzedUse
        private let pathID: Int32
        private let diagnosticPosition: Int32
        let producedDiagnostic: Bool

        init(path: Int, use: AnalyzedUse, diagnosticIndex: Int, producedDiagnostic: Bool) {
            self.use = use
            pathID = Int32(truncatingIfNeeded: path)
            diagnosticPosition = Int32(truncatingIfNeeded: diagnosticIndex)
            self.producedDiagnostic = producedDiagnostic
        }

        /// The field's path id in the second part's walk.
        var path: Int { Int(pathID) }
        /// Where its diagnostic is, or would be, in the second part's diagnostics.
        var diagnosticIndex: Int { Int(diagnosticPosition) }
    }

    /// The cuts of the graph's files of ``parallelMinimumBytes`` or more (as
    /// ``parallelCut(of:)`` gives them), decided on another thread; nil when no file is
    /// that large, with one core, or when the cuts are not decided by size.
    ///
    /// Performance: deciding hashes every statement's path (`partsShareMostFields`:
    /// ≈ 11.7M instructions for the 100,000-line file, 0.8M for the 5,000-line one) on
    /// the calling thread, the critical path of a two-core check, while the other core
    /// waited; it needs only the trees, so it runs while this thread collects the named
    /// rules and builds the scopes (≈ 53M and 3M).
    func decidingCuts() -> BackgroundTask<[String: Int]>? {
        guard case .bySize = statementCut, BackgroundTask<Void>.hasSecondCore else { return nil }
        let large = graph.files.compactMap { graph.trees[$0] }.filter { $0.source.text.utf8.count >= CheckerRun.parallelMinimumBytes }
        guard !large.isEmpty else { return nil }
        return BackgroundTask<[String: Int]> {
            var cuts: [String: Int] = [:]
            for tree in large { cuts[tree.source.path] = CheckerRun.parallelCut(of: tree) }
            return cuts
        }
    }

    /// Where `tree`'s statements are cut in two (nil: one pass).
    func cut(of tree: SyntaxTree) -> Int? {
        if case .bySize = statementCut, let decidedCuts {
            // Decided ahead for the same tree (a graph has one tree per path).
            guard let cut = decidedCuts[tree.source.path], cut < tree.statements.count else { return nil }
            return cut
        }
        return statementCut.cut(of: tree)
    }

    /// The first top-level statement of the second part, or nil to check `tree` in one
    /// pass: small files, one core.
    static func parallelCut(of tree: SyntaxTree) -> Int? {
        let length = tree.source.text.utf8.count
        guard length >= parallelMinimumBytes, tree.statements.count >= 2, BackgroundTask<Void>.hasSecondCore,
              let cut = statementCut(tree.statements, atByte: length / 100 * firstPartPercent), !partsShareMostFields(tree, cut: cut)
        else { return nil }
        return cut
    }

    /// Whether more than a quarter of the second part's top-level field statements name a
    /// path (as spelt) that the first part's also name.
    ///
    /// Performance: such a field's second-part uses are analysed twice (there, and again
    /// when replayed after the first part's), so a file of a few fields in thousands of
    /// statements checked in two parts took longer than in one pass (the benchmark's "one
    /// field, 20,000 statements": 95–141 ms against 54–92 ms). Comparing the spelt paths'
    /// hashes costs a few instructions a statement; it only chooses the way, the result
    /// is the same either way.
    static func partsShareMostFields(_ tree: SyntaxTree, cut: Int) -> Bool {
        tree.source.text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            func pathHash(_ statement: StatementSyntax) -> Int? {
                guard case .field(let field) = statement else { return nil }
                let range = field.path.range
                guard range.start >= 0, range.start <= range.end, range.end <= bytes.count else { return nil }
                return UTF8Bytes.hash(UnsafeBufferPointer(rebasing: bytes[range.start..<range.end]))
            }
            var first = Set<Int>()
            first.reserveCapacity(cut)
            for statement in tree.statements[..<cut] { if let hash = pathHash(statement) { first.insert(hash) } }
            var shared = 0, fields = 0
            for statement in tree.statements[cut...] {
                guard let hash = pathHash(statement) else { continue }
                fields += 1
                if first.contains(hash) { shared += 1 }
            }
            return 4 * shared > fields
        } ?? false
    }

    /// The first statement starting at or after `offset`, if it is neither the first nor
    /// past the end.
    static func statementCut(_ statements: [StatementSyntax], atByte offset: Int) -> Int? {
        var low = 0, high = statements.count
        while low < high {
            let middle = (low + high) / 2
            if statements[middle].range.start < offset { low = middle + 1 } else { high = middle }
        }
        return low > 0 && low < statements.count ? low : nil
    }

    /// Checks `tree.statements[..<cut]` here and `tree.statements[cut...]` on another
    /// thread, then merges them into `walk`; falls back to one pass when the counters do
    /// not allow the merge.
    func checkInTwoParts(_ tree: SyntaxTree, cut: Int, _ walk: inout FileWalk) {
        let fork = CheckerRun(forking: self)
        let startBudget = suggestionBudget, startTotal = expandedTotal
        let (scope, locator) = (walk.scope, walk.locator)
        let secondPart = BackgroundTask<FileWalk> {
            var part = FileWalk(tree: tree, scope: scope, locator: locator, statementCount: tree.statements.count - cut, logsUses: true)
            fork.visit(tree.statements[cut...], in: Block(conditions: [], context: fork.unconditional), &part)
            return part
        }
        let top = Block(conditions: [], context: unconditional)
        visit(tree.statements[..<cut], in: top, &walk)
        let second = secondPart.wait()  // the fork's counters are read only after this
        let usedFirst = startBudget - suggestionBudget, usedSecond = startBudget - fork.suggestionBudget
        let expandedSecond = fork.expandedTotal - startTotal
        // (`consume`: no second reference stays here to tear the part down on this thread.)
        guard let part = consume second, usedFirst + usedSecond <= startBudget, !reportedTotalLimit, !fork.reportedTotalLimit,
              expandedTotal + expandedSecond <= options.limits.maxExpandedRulesTotal
        else {
            visit(tree.statements[cut...], in: top, &walk)
            return
        }
        merge(part, checkedBy: fork, into: &walk)
        mergedParts += 1
        suggestionBudget -= usedSecond
        expandedTotal += expandedSecond
        // Performance: torn down with this run, after the check (`Checker.check` releases
        // the run on another thread), not now: released here, their teardown (≈ 43M
        // instructions for the 100,000-line file) kept the second core busy while
        // `unknown-field` wants it (see `CheckerRun+ParallelReferences.swift`).
        retiredParts.append((consume fork, consume part))
    }

    /// Appends the second part to the first: its statements, its new paths, its
    /// diagnostics (with shared fields' uses replayed), its uses and references.
    ///
    /// Performance: the second part's paths are looked up among the first part's on the
    /// other thread, idle after the join (≈ 9M instructions of the 100,000-line file's
    /// 16M merge), while this one appends the statements, uses and references; neither
    /// table is written meanwhile (the merged walk's new paths are appended to `paths`
    /// only, after the lookups).
    private func merge(_ part: FileWalk, checkedBy fork: CheckerRun, into walk: inout FileWalk) {
        // (Captured, not held here: `walk.paths` is appended to below.)
        let matching = BackgroundTask<[Int?]> { [firstIDs = walk.pathIDs, firstPaths = walk.paths] in
            CheckerRun.sharedIDs(of: part.paths, hashes: part.pathIDs, in: firstPaths, firstIDs)
        }
        walk.checked += part.checked
        usedRules.formUnion(fork.usedRules)
        // Performance: kept apart, not appended: appending copied the first part's
        // references into an array twice as large (1.3 MB of fresh pages per check of the
        // 100,000-line file; docs/performance.md, "Checker footprint (`checkfast10`
        // branch, eighth session)"). `unknown-field` reads them after the first part's.
        mergedFieldReferences.append(fork.fieldReferences)
        let sharedIDs = matching.wait() ?? CheckerRun.sharedIDs(of: part.paths, hashes: part.pathIDs, in: walk.paths, walk.pathIDs)
        var anyShared = false
        for (id, path) in part.paths.enumerated() {
            if sharedIDs[id] == nil { walk.paths.append(path) } else { anyShared = true }
        }
        if anyShared, let log = part.log {
            diagnostics += replaying(log, sharedIDs: sharedIDs, paths: part.paths, from: fork.diagnostics, into: &walk)
        } else {
            diagnostics += fork.diagnostics
        }
    }

    /// The second part's path ids (`secondPaths`, hashed in `secondIDs`) in the first
    /// part's numbering (`firstPaths`, `firstIDs`); nil for a path the first part does not have.
    static func sharedIDs(of secondPaths: [FieldPath], hashes secondIDs: PathIDTable,
                          in firstPaths: [FieldPath], _ firstIDs: PathIDTable) -> [Int?] {
        // The two tables may hash differently (a part with a non-ASCII key uses the
        // standard hash, see `PathIDTable`): the first is then looked up by the standard
        // hash, and the second's paths are hashed as the first hashes them.
        let first = secondIDs.usesStandardHash ? firstIDs.usingStandardHash(firstPaths) : firstIDs
        let sameHashing = first.usesStandardHash == secondIDs.usesStandardHash
        var shared = [Int?](repeating: nil, count: secondPaths.count)
        for (id, path) in secondPaths.enumerated() where id < secondIDs.count {
            guard let hash = sameHashing ? secondIDs.hashes[id] : first.hash(of: path) else { continue }
            switch first.search(path, hash: hash, in: firstPaths) {
            case .found(let firstID): shared[id] = firstID
            case .absent: break
            case .tooLong:
                // The paths crowd the byte hash's table (hostile input): look them up by
                // the standard hash instead (bounded: it never answers `.tooLong`).
                return sharedIDs(of: secondPaths, hashes: secondIDs, in: firstPaths, firstIDs.usingStandardHash(firstPaths))
            }
        }
        return shared
    }

    /// The second part's diagnostics, with the uses of shared fields analysed again after
    /// the first part's (their new diagnostics, if any, in place of the old).
    private func replaying(_ log: [LoggedUse], sharedIDs: [Int?], paths: [FieldPath], from diagnostics: [Diagnostic],
                           into walk: inout FileWalk) -> [Diagnostic] {
        var merged: [Diagnostic] = []
        merged.reserveCapacity(diagnostics.count)
        var next = 0
        for logged in log {
            guard let id = sharedIDs[logged.path] else { continue }
            merged += diagnostics[next..<logged.diagnosticIndex]
            next = logged.diagnosticIndex + (logged.producedDiagnostic ? 1 : 0)
            if let replayed = walk.analysis.add(logged.use, to: id, subject: .field(paths[logged.path]), in: walk.tree) {
                merged.append(replayed)
            }
        }
        merged += diagnostics[next...]
        return merged
    }
}
