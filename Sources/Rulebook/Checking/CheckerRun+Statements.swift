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
        ///
        /// Memory: 32-bit ids (a file holds fewer than 2^31 statements), half the values'
        /// part of a table with a row per field.
        var pathIDs: [FieldPath: Int32] = [:]
        /// Every field's contradictions and repetitions, a group per path id.
        var analysis: RuleAnalysis
        /// The statements' rule occurrences, as rows of blocks (see ``RuleRows``).
        var rows: RuleRowsWriter

        /// The file, for the statements' and rules' places.
        let locator: SourceLocator

        /// - Parameter fieldStatementCount: how many field statements the walk will visit,
        ///   nested ones included.
        init(tree: SyntaxTree, scope: [String: RuleReference], locator: SourceLocator, fieldStatementCount: Int) {
            self.tree = tree
            self.scope = scope
            self.locator = locator
            // Room for a file of one-statement fields. Memory: counted exactly, because a
            // table that outgrows its room is copied into one twice as large, and the
            // analysis's states (a row per field) are the walk's largest table.
            let expected = fieldStatementCount
            checked.reserveCapacity(expected)
            paths.reserveCapacity(expected)
            pathIDs.reserveCapacity(expected)
            analysis = RuleAnalysis(expectedGroups: expected)
            rows = RuleRowsWriter(expected: 3 * expected)
        }

        /// The id of `path`, interned on first sight.
        mutating func intern(_ path: FieldPath) -> Int {
            if let id = pathIDs[path] { return Int(id) }
            let id = paths.count
            paths.append(path)
            pathIDs[path] = Int32(truncatingIfNeeded: id)
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
        // The waiting references are this file's (they do not carry their file): every
        // earlier file's must have been handed on and cleared.
        assert(fieldReferences.isEmpty, "another file's field references are waiting")
        var walk = FileWalk(
            tree: tree, scope: scopes[tree.source.path] ?? [:], locator: locator(for: tree.source),
            fieldStatementCount: CheckerRun.fieldStatementCount(tree.statements))
        visit(tree.statements[...], in: Block(conditions: [], context: unconditional), &walk)
        statements[tree.source.path] = walk.checked
        // Every waiting reference is this file's: phase 3 drops the references of named
        // rules' bodies, and files are checked one at a time.
        if lintFacts != nil {
            lintFacts?.statementPaths[tree.source.path] = walk.paths
            lintFacts?.fieldReferences[tree.source.path] = fieldReferences
        }
        fieldReferences = []
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
                if let inner, lintFacts != nil {
                    lintFacts?.blocks.append(
                        LintFacts.WhenBlock(
                            file: walk.tree.source.path, range: when.condition.range, enclosing: block.conditions ?? [],
                            conditions: inner))
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

    /// How many field statements `statements` hold, those nested in `when` blocks included.
    static func fieldStatementCount(_ statements: [StatementSyntax]) -> Int {
        var count = 0
        for statement in statements {
            switch statement {
            case .field: count += 1
            case .when(let block): count += fieldStatementCount(block.body)
            case .namedRule, .importDecl, .unexpected: break
            }
        }
        return count
    }

    /// Nested blocks' conditions joined with `and`, outermost first.
    static func joined(_ conditions: [Condition]) -> Condition? {
        guard var result = conditions.first else { return nil }
        for condition in conditions.dropFirst() { result = .and(result, condition) }
        return result
    }
}
