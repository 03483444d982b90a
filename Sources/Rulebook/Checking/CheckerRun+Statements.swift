// Phase 5: field statements, in source order, with their conditions; each field's rules
// compared for contradictions.

extension CheckerRun {
    /// Everything one walk over a file's statements accumulates.
    ///
    /// Memory: a first pass interns every statement's path (``intern(_:)``) and notes
    /// which paths more than one statement names; the dictionary it needs is freed before
    /// the second pass, which checks the statements, builds its own tables. Only a path
    /// named by several statements gets a group in ``analysis`` (its rules must be
    /// compared with later statements'); a path named once is analysed in ``scratch``,
    /// emptied after its statement, so the occurrences of most fields of a file live no
    /// longer than their statement unless the rule set keeps them.
    struct FileWalk {
        let tree: SyntaxTree
        let scope: [String: RuleReference]
        /// Whether the checked statements are kept (for the rule set).
        let keepsStatements: Bool
        var checked: [CheckedStatement] = []
        /// The distinct statement paths, in order of first appearance: a path's index here
        /// is its id (the list is the `unknown-field` candidates as they are).
        var paths: [FieldPath] = []
        /// The id of each path of `paths` (first pass only; emptied before the second).
        ///
        /// Memory: 32-bit ids (a file holds fewer than 2^31 statements), half the values'
        /// part of a table with a row per field.
        private var pathIDs: [FieldPath: Int32] = [:]
        /// The path id of each field statement, in the order both passes visit them.
        private var statementPaths: [Int32] = []
        /// How many of ``statementPaths`` the second pass has read.
        private var nextStatement = 0
        /// Per path id: ``single`` (one statement names it), ``repeated`` (several, no
        /// group yet), or its group in ``analysis``.
        private var groups: [Int32] = []
        private static let single: Int32 = -1
        private static let repeated: Int32 = -2
        /// The contradictions of the fields several statements name, a group per field.
        var analysis: RuleAnalysis
        /// The analysis of the statement being checked when no other names its field.
        var scratch: RuleAnalysis
        /// The statements' rule occurrences, as rows of blocks (see ``RuleRows``).
        var rows: RuleRowsWriter

        /// The file, for the statements' and rules' places.
        let locator: SourceLocator

        /// - Parameter fieldStatementCount: how many field statements the walk will visit,
        ///   nested ones included.
        init(
            tree: SyntaxTree, scope: [String: RuleReference], locator: SourceLocator, fieldStatementCount: Int,
            keepsStatements: Bool, analysis: RuleAnalysis, scratch: RuleAnalysis
        ) {
            self.analysis = analysis
            self.scratch = scratch
            self.tree = tree
            self.scope = scope
            self.locator = locator
            self.keepsStatements = keepsStatements
            // Room for a file of one-statement fields. Memory: counted exactly, because a
            // table that outgrows its room is copied into one twice as large.
            let expected = fieldStatementCount
            if keepsStatements { checked.reserveCapacity(expected) }
            paths.reserveCapacity(expected)
            pathIDs.reserveCapacity(expected)
            statementPaths.reserveCapacity(expected)
            rows = RuleRowsWriter(expected: keepsStatements ? 3 * expected : 0)
        }

        /// First pass: interns the path of the next field statement.
        mutating func intern(_ path: FieldPath) {
            if let id = pathIDs[path] {
                groups[Int(id)] = FileWalk.repeated
                statementPaths.append(id)
                return
            }
            let id = Int32(truncatingIfNeeded: paths.count)
            paths.append(path)
            pathIDs[path] = id
            groups.append(FileWalk.single)
            statementPaths.append(id)
        }

        /// Between the passes: frees the first pass's dictionary and makes room for the
        /// groups of the repeated paths.
        mutating func finishInterning() {
            pathIDs = [:]
            let repeated = groups.lazy.filter { $0 == FileWalk.repeated }.count
            analysis.reserveCapacity(repeated)
        }

        /// Second pass: the path id of the next field statement, and the group its rules
        /// are analysed in (`nil`: in ``scratch``, as group 0).
        mutating func nextPath() -> (id: Int, group: Int?) {
            let id = Int(statementPaths[nextStatement])
            nextStatement += 1
            switch groups[id] {
            case FileWalk.single:
                if scratch.groups.isEmpty { _ = scratch.addGroup() }
                return (id, nil)
            case FileWalk.repeated:
                let group = analysis.addGroup()
                groups[id] = Int32(truncatingIfNeeded: group)
                return (id, group)
            case let group:
                return (id, Int(group))
            }
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
            fieldStatementCount: CheckerRun.fieldStatementCount(tree.statements), keepsStatements: keepsStatements,
            analysis: makeAnalysis(), scratch: makeAnalysis())
        CheckerRun.internPaths(of: tree.statements, &walk)
        walk.finishInterning()
        visit(tree.statements[...], in: Block(conditions: [], context: unconditional), &walk)
        if keepsStatements { statements[tree.source.path] = walk.checked }
        walk.analysis.removeAll(keepingCapacity: false)
        walk.scratch.removeAll(keepingCapacity: false)
        // Every waiting reference is this file's: phase 3 drops the references of named
        // rules' bodies, and files are checked one at a time.
        if lintFacts != nil {
            lintFacts?.statementPaths[tree.source.path] = walk.paths
            lintFacts?.fieldReferences[tree.source.path] = fieldReferences
        }
        fieldReferences = []
    }

    /// The first pass: every field statement's path, in the order `visit` meets them.
    static func internPaths(of statements: [StatementSyntax], _ walk: inout FileWalk) {
        for statement in statements {
            switch statement {
            case .field(let field):
                guard !field.path.segments.isEmpty else { continue }  // the parser reported it
                walk.intern(FieldPath(field.path))
            case .when(let block):
                internPaths(of: block.body, &walk)
            case .namedRule, .importDecl, .unexpected:
                break
            }
        }
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
        let (id, group) = walk.nextPath()
        let path = walk.paths[id]
        // The statement's rows in the walk's current block (see `RuleRows`).
        var start = walk.rows.block.count, count = 0
        // (By index: the rules are read in place.)
        let syntaxes = field.rules
        for index in syntaxes.indices {
            var tooLarge = false
            // (Read once: a copy of a rule retains and releases its name and lists.)
            let syntax = syntaxes[index]
            let lowered = lower(syntax, in: source, scope: walk.scope)
            guard let entries = entries(of: lowered, at: nil, tooLarge: &tooLarge), !entries.isEmpty else { continue }
            let head = CheckerRun.headRange(of: syntax)
            guard count + entries.count <= options.limits.maxExpandedRulesPerStatement else {
                report(
                    source.path, head, .limitExceeded,
                    "'\(path.description)' expands to more than \(options.limits.maxExpandedRulesPerStatement) validators in one statement")
                break
            }
            guard consumeBudget(entries.count, file: source.path, range: head) else { break }
            let use = AnalyzedUse(entries: entries, context: block.context, rules: syntaxes, index: index, statementRange: field.range)
            let diagnostic =
                if let group {
                    walk.analysis.add(use, to: group, subject: .field(path), in: walk.tree)
                } else {
                    walk.scratch.add(use, to: 0, subject: .field(path), in: walk.tree)
                }
            if let diagnostic { diagnostics.append(diagnostic) }
            if walk.keepsStatements {
                walk.rows.append(entries, start: &start, count: &count)
            } else {
                count += entries.count
            }
        }
        if group == nil { walk.scratch.removeAll() }
        guard walk.keepsStatements else { return }
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
