// Phase 5: field statements, in source order, with their conditions; each field's rules
// compared for contradictions and repetitions.

extension CheckerRun {
    /// Everything one walk over a file's statements (or a part of them) accumulates.
    struct FileWalk {
        let tree: SyntaxTree
        let scope: [String: RuleReference]
        var checked: [CheckedStatement] = []
        /// The distinct statement paths, in order of first appearance: a path's index here
        /// is its id for the rest of the walk (it finds the field's analysis, and the list
        /// is the `unknown-field` candidates as they are).
        var paths: [FieldPath] = []
        /// The id of each path of `paths`.
        var pathIDs: [FieldPath: Int] = [:]
        /// Every field's contradictions and repetitions, a group per path id.
        var analysis: RuleAnalysis
        /// The statements' rule occurrences, as rows of blocks (see ``RuleRows``).
        var rows: RuleRowsWriter

        /// The file, for the statements' and rules' places.
        let locator: SourceLocator

        /// - Parameter statementCount: how many top-level statements the walk will visit.
        init(tree: SyntaxTree, scope: [String: RuleReference], locator: SourceLocator, statementCount: Int) {
            self.tree = tree
            self.scope = scope
            self.locator = locator
            // Room for a file of one-statement fields (nested statements add a few more).
            let expected = statementCount
            // And a quarter more for the statements nested in `when` blocks.
            checked.reserveCapacity(expected + expected / 4)
            paths.reserveCapacity(expected)
            pathIDs.reserveCapacity(expected)
            analysis = RuleAnalysis(expectedGroups: expected)
            rows = RuleRowsWriter(expected: 3 * expected)
        }

        /// The id of `path`, interned on first sight.
        mutating func intern(_ path: FieldPath) -> Int {
            if let id = pathIDs[path] { return id }
            let id = paths.count
            paths.append(path)
            pathIDs[path] = id
            _ = analysis.addGroup()
            return id
        }
    }

    /// The enclosing `when` blocks of a statement, in the forms the checks need; made once
    /// per block (performance: not per statement or rule).
    struct Block {
        /// The blocks' conditions, outermost first; `nil` when one of them is invalid (its
        /// statements are still checked, not compared).
        let conditions: [Condition]?
        /// The same as a set, shared by the block's statements (for the analysis).
        let context: ConditionContext?
        /// The conditions joined with `and` (what the checked statements carry).
        let joined: Condition?

        init(conditions: [Condition]?, context: ConditionContext?) {
            self.conditions = conditions
            self.context = context
            joined = conditions.flatMap(CheckerRun.joined)
        }
    }

    /// Checks the field statements of `tree` (at every nesting depth).
    func checkStatements(of tree: SyntaxTree) {
        // `unknown-field` takes the waiting references as this file's (they no longer
        // carry their file): every earlier file's must have been checked and cleared.
        assert(fieldReferences.isEmpty, "another file's field references are waiting")
        var walk = FileWalk(
            tree: tree, scope: scopes[tree.source.path] ?? [:], locator: locator(for: tree.source),
            statementCount: tree.statements.count)
        visit(tree.statements[...], in: Block(conditions: [], context: unconditional), &walk)
        statements[tree.source.path] = walk.checked
        checkFieldReferences(in: tree.source.path, distinctPaths: walk.paths)
    }

    func visit(_ statements: ArraySlice<StatementSyntax>, in block: Block, _ walk: inout FileWalk) {
        // Performance: the source is copied out of the walk once per block, not per
        // statement (a copy retains and releases its path, text and line table).
        let source = walk.tree.source
        for statement in statements {
            switch statement {
            case .field(let field):
                check(field, in: block, source: source, &walk)
            case .when(let when):
                let condition = convertCondition(when.condition, in: walk.tree.source)
                let inner = block.conditions.flatMap { outer in condition.map { outer + [$0] } }
                if let inner, ConditionSatisfiability.isSatisfiable(block.conditions ?? []), !ConditionSatisfiability.isSatisfiable(inner) {
                    report(
                        walk.tree.source.path, when.condition.range, .unreachableBlock,
                        inner.count == 1
                            ? "this condition can never hold: the rules of this block never apply"
                            : "this condition contradicts an enclosing block's: the rules of this block never apply")
                }
                visit(when.body[...], in: Block(conditions: inner, context: inner.map { ConditionContext($0) }), &walk)
            case .namedRule, .importDecl, .unexpected:
                break  // definitions were handled first; misplaced ones are reported there
            }
        }
    }

    private func check(_ field: FieldStatementSyntax, in block: Block, source: SourceFile, _ walk: inout FileWalk) {
        guard !field.path.segments.isEmpty else { return }  // the parser reported it
        let path = FieldPath(field.path)
        let id = walk.intern(path)
        // The statement's rows in the walk's current block (see `RuleRows`).
        var start = walk.rows.block.count, count = 0
        // (By index: the rules are read in place.)
        let syntaxes = field.rules
        for index in syntaxes.indices {
            var tooLarge = false
            let lowered = lower(syntaxes[index], in: source, scope: walk.scope)
            guard let entries = entries(of: lowered, at: nil, tooLarge: &tooLarge), !entries.isEmpty else { continue }
            let head = CheckerRun.headRange(of: syntaxes[index])
            guard count + entries.count <= options.limits.maxExpandedRulesPerStatement else {
                report(
                    source.path, head, .limitExceeded,
                    "'\(path.description)' expands to more than \(options.limits.maxExpandedRulesPerStatement) validators in one statement")
                break
            }
            guard consumeBudget(entries.count, file: source.path, range: head) else { break }
            let use = AnalyzedUse(entries: entries, context: block.context, rules: syntaxes, index: index, statementRange: field.range)
            let diagnostic = walk.analysis.add(use, to: id, subject: .field(path), in: walk.tree)
            if let diagnostic { diagnostics.append(diagnostic) }
            walk.rows.append(entries, start: &start, count: &count)
        }
        walk.checked.append(
            CheckedStatement(
                path: path, condition: block.joined, rows: walk.rows.block, start: start, count: count,
                place: .offset(field.path.range.start, in: walk.locator)))
    }

    /// Nested blocks' conditions joined with `and`, outermost first.
    static func joined(_ conditions: [Condition]) -> Condition? {
        guard var result = conditions.first else { return nil }
        for condition in conditions.dropFirst() { result = .and(result, condition) }
        return result
    }

    /// `unknown-field`: a field named in a `same`/`different`/`before`/`after` argument or a
    /// condition that no statement of the file mentions, *and* that is one typo away from
    /// one that does. Without a close match nothing is said: a rule file is not a schema,
    /// and referring to a field that has no rules of its own is legitimate.
    ///
    /// - Parameters:
    ///   - distinctPaths: the file's statement paths, each once, in order of first
    ///     appearance (distinct paths spell distinctly: keys that are not identifiers are quoted).
    private func checkFieldReferences(in file: String, distinctPaths: [FieldPath]) {
        // Every waiting reference is this file's: phase 3 drops the references of named
        // rules' bodies and phase 5 checks the files one at a time, so they are taken as
        // they are. `CheckerSharingTests` checks references per file across imports.
        let references = fieldReferences
        fieldReferences = []
        // Performance: a suggestion is only ever found by a search, so when the budget
        // cannot pay for one nothing can be reported (and nothing is built).
        guard !references.isEmpty, !distinctPaths.isEmpty, suggestionBudget >= distinctPaths.count else { return }
        // Ties go to the smaller spelling, as among the sorted spellings; the candidates
        // are prepared as far as the lookups reach (see `PathSuggestions`).
        var candidates = PathSuggestions(distinctPaths)
        // A reference is known when one of its prefixes is a prefix of a statement's path
        // (the field itself, or below a known field: `address.country` under `address:
        // object`). The prefixes of statement paths include each first segment, so that
        // is the case exactly when its first segment starts some statement's path.
        let known = Set(distinctPaths.lazy.compactMap { $0.segments.first })
        var suggestions: [String: String?] = [:]  // one search per distinct spelling
        var suggestedAny = false
        for reference in references {
            if let first = reference.path.segments.first, known.contains(first) { continue }
            // Performance: once the budget cannot pay for another search, only a spelling
            // that already found a suggestion could still be reported; without one the
            // rest of the references (thousands in a large file) need not be spelt.
            if suggestionBudget < candidates.count, !suggestedAny { break }
            let written = reference.path.description
            let found: String?
            if let earlier = suggestions[written] {
                found = earlier
            } else {
                found = candidates.closest(to: written, budget: &suggestionBudget)
            }
            suggestions[written] = found
            guard let suggestion = found else { continue }
            suggestedAny = true
            report(
                file, reference.range, .unknownField,
                "no statement mentions the field '\(written)'; did you mean '\(suggestion)'?",
                fixIts: [
                    FixIt(
                        message: "Replace '\(written)' with '\(suggestion)'",
                        edits: [TextEdit(file: file, range: reference.range, replacement: suggestion)])
                ])
        }
    }
}
