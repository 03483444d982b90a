/// THE evaluator: runs a compiled program over one record. Generic over the record's
/// storage (``RecordAccess``: a `Value`, the JSON tape) and over what is collected
/// (``EvaluationCollector``: nothing but the verdict, each field's failures, or a trace of
/// every rule), and specialised by the compiler for each pair, so the meaning of
/// emptiness, `when` conditions and `[*]` expansion is written here once. One instance
/// per record; not shared.
struct RecordEvaluator<Access: RecordAccess, Collector: EvaluationCollector> {
    typealias Node = Access.Node

    /// Performance bends this: `unowned(unsafe)`, so that making and dropping an
    /// evaluator (one per record) does not retain and release the program, atomically.
    /// Sound because an evaluator lives only inside the call that made it, and each such
    /// call holds the program (its rule set) throughout.
    unowned(unsafe) let program: CompiledProgram
    /// The program's hot tables (valid while the program lives: see `program`).
    let tables: ProgramTables
    let access: Access
    /// Today, read once per record and only when a rule needs it.
    let today: CalendarDate
    /// What is found.
    var collector: Collector
    /// Whether some rule failed.
    private(set) var failed = false
    /// Where the last lookup among the root's members ended (see `RecordAccess`).
    private var rootHint = 0

    init(program: CompiledProgram, access: Access, today: CalendarDate, collector: Collector) {
        self.program = program
        self.tables = program.tables
        self.access = access
        self.today = today
        self.collector = collector
    }

    /// Whether evaluation may stop (the collector wants the verdict alone).
    private var done: Bool { failed && Collector.stopsAtFirstFailure }

    /// Evaluates every field, in rule order.
    mutating func run() {
        var bindings = Bindings<Node>()
        run(bindings: &bindings)
    }

    /// Evaluates every field with one `Bindings` for all of them (empty between fields;
    /// its arrays' capacity is what is reused, also across records when the caller keeps
    /// it).
    mutating func run(bindings: inout Bindings<Node>) {
        for field in 0..<tables.fields.count {
            evaluate(field: field, only: [], bindings: &bindings)
            if done { return }
        }
    }

    /// Evaluates one field at every concrete path it reaches; `only` limits `[*]` steps
    /// to given indices (nil entries expand fully), for ``CompiledRuleSet/validateField(_:in:options:)``.
    mutating func evaluate(field: Int, only: [Int?] = []) {
        var bindings = Bindings<Node>()
        evaluate(field: field, only: only, bindings: &bindings)
    }

    /// `evaluate(field:only:)` with the caller's (empty) bindings, left empty.
    ///
    /// Performance bends this and ``evaluateConcrete(field:_:bindings:)``: both are
    /// inlined into the field loop, so that a field without `[*]` costs no call frame of
    /// its own (registers saved and restored around a few rules that are often one
    /// comparison each).
    @inline(__always)
    private mutating func evaluate(field: Int, only: [Int?], bindings: inout Bindings<Node>) {
        let plan = tables.fields[field]
        let start = resolveFromRoot(run: plan.runStart)
        // `bindings` is empty here: `expand` removes every element it appends.
        if plan.runEnd - plan.runStart == 1 {
            evaluateConcrete(field: field, start, bindings: &bindings)
            return
        }
        bindings.indices.reserveCapacity(plan.wildcardCount)
        bindings.nodes.reserveCapacity(plan.wildcardCount)
        expand(field: field, start, level: 1, bindings: &bindings, only: only)
    }

    /// Walks one `[*]` level: every element, then the next run of keys from it. Each
    /// element is reached from its array, never from the root again, so a `[*]` path over
    /// n elements costs O(n).
    private mutating func expand(field: Int, _ node: Node?, level: Int, bindings: inout Bindings<Node>, only: [Int?]) {
        guard let node, access.kind(node) == .array else { return }
        let plan = tables.fields[field]
        let wanted = level - 1 < only.count ? only[level - 1] : nil
        let last = level == plan.runEnd - plan.runStart - 1
        // The closure reads locals rather than `self`'s non-mutating methods: calling one
        // on the inout capture copies the whole evaluator per element.
        let tables = tables, access = access, run = plan.runStart + level
        access.forEachElement(node) { index, element in
            if let wanted, wanted != index { return true }
            bindings.indices.append(index)
            bindings.nodes.append(element)
            let next = Self.resolve(element, run: run, tables: tables, access: access)
            if last {
                evaluateConcrete(field: field, next, bindings: &bindings)
            } else {
                expand(field: field, next, level: level + 1, bindings: &bindings, only: only)
            }
            bindings.indices.removeLast()
            bindings.nodes.removeLast()
            return !(failed && Collector.stopsAtFirstFailure)
        }
    }

    /// Follows the keys of one run from the root. (Not `resolve(access.root, …)`: wrapping
    /// the root in an optional copies it, a retain and release per field.)
    @inline(__always)
    private mutating func resolveFromRoot(run: Int) -> Node? {
        let keys = tables.runs[run]
        switch keys.keyEnd - keys.keyStart {
        case 0: return access.root
        case 1: return access.member(access.root, tables.keys[keys.keyStart], hint: &rootHint)
        default:
            guard var current = access.member(access.root, tables.keys[keys.keyStart], hint: &rootHint) else { return nil }
            for key in (keys.keyStart + 1)..<keys.keyEnd {
                guard let next = access.member(current, tables.keys[key]) else { return nil }
                current = next
            }
            return current
        }
    }

    /// Follows the keys of one run; absent as soon as a step is missing or not an object.
    @inline(__always)
    private static func resolve(_ node: Node?, run: Int, tables: ProgramTables, access: Access) -> Node? {
        guard let node else { return nil }
        let keys = tables.runs[run]
        switch keys.keyEnd - keys.keyStart {
        case 0: return node
        case 1: return access.member(node, tables.keys[keys.keyStart])
        default:
            guard var current = access.member(node, tables.keys[keys.keyStart]) else { return nil }
            for key in (keys.keyStart + 1)..<keys.keyEnd {
                guard let next = access.member(current, tables.keys[key]) else { return nil }
                current = next
            }
            return current
        }
    }

    /// Runs a field's rules on one concrete value and tells the collector what they did.
    ///
    /// The rules of a statement apply when its `when` condition holds. An empty value
    /// (see ``isEmpty(_:)``) meets only `required`: without it the other validators are
    /// skipped, and with it they would only repeat the same fault. After a failure the
    /// field's remaining rules are skipped unless the collector wants every failure.
    /// (`bindings` is `inout` though only read: passed by value from `expand`'s closure it
    /// would be copied per element.)
    @inline(__always)
    private mutating func evaluateConcrete(field: Int, _ node: Node?, bindings: inout Bindings<Node>) {
        let plan = tables.fields[field]
        var applicable = false
        let failuresBefore = collector.failureCount
        var empty = true
        if let node { empty = isEmpty(node) }
        if Collector.traces { collector.begin(field: field, value: node.map { access.value($0) }) }
        var stopped = false
        groups: for groupIndex in plan.groupStart..<plan.groupEnd {
            let group = tables.groups[groupIndex]
            if group.condition >= 0, !holds(program.conditions[group.condition], bindings: bindings) {
                if Collector.traces { skip(group, .conditionFalse(""), at: groupIndex) }
                continue
            }
            applicable = true
            if !empty, let present = node {
                for rule in (Collector.traces ? group.ruleStart : group.checkedStart)..<group.ruleEnd {
                    if stopped { collector.trace(rule: rule, group: groupIndex, .skipped(.earlierFailure)); continue }
                    if passes(rule: rule, present, bindings: bindings) {
                        if Collector.traces { collector.trace(rule: rule, group: groupIndex, .passed) }
                        continue
                    }
                    guard fail(rule: rule, group: groupIndex) else {
                        if Collector.traces { stopped = true; continue }
                        break groups
                    }
                }
            } else if group.hasRequired {
                for rule in group.ruleStart..<group.ruleEnd {
                    if !tables.steps[rule].isRequired {
                        if Collector.traces { collector.trace(rule: rule, group: groupIndex, .skipped(.emptyRequiredReports)) }
                        continue
                    }
                    if stopped { collector.trace(rule: rule, group: groupIndex, .skipped(.earlierFailure)); continue }
                    guard fail(rule: rule, group: groupIndex) else {
                        if Collector.traces { stopped = true; continue }
                        break groups
                    }
                }
            } else if Collector.traces {
                skip(group, .emptyNotRequired, at: groupIndex)
            }
        }
        let status: FieldStatus = !applicable ? .skipped : collector.failureCount == failuresBefore ? .valid : .invalid
        collector.close(field: field, status: status, indices: bindings.indices)
    }

    /// Notes a failure; returns whether evaluation of this field goes on.
    @inline(__always)
    private mutating func fail(rule: Int, group: Int) -> Bool {
        failed = true
        return collector.fail(rule: rule, group: group)
    }

    /// Traces every rule of a statement as skipped.
    private mutating func skip(_ group: GroupPlan, _ reason: SkipReason, at groupIndex: Int) {
        for rule in group.ruleStart..<group.ruleEnd { collector.trace(rule: rule, group: groupIndex, .skipped(reason)) }
    }

    /// The concrete path of a field at the given `[*]` indices.
    func concretePath(field: Int, _ indices: [Int]) -> ConcretePath {
        program.concretePath(field: field, indices)
    }
}

extension RecordEvaluator where Collector == VerdictCollector {
    /// Counting evaluation: whether the record passes every rule.
    static func passesAll(program: CompiledProgram, access: Access, today: CalendarDate) -> Bool {
        var evaluator = RecordEvaluator(program: program, access: access, today: today, collector: VerdictCollector())
        evaluator.run()
        return !evaluator.failed
    }

    /// Counting evaluation reusing the caller's `[*]` binding arrays across records.
    static func passesAll(program: CompiledProgram, access: Access, today: CalendarDate, scratch: inout Bindings<Node>) -> Bool {
        var evaluator = RecordEvaluator(program: program, access: access, today: today, collector: VerdictCollector())
        evaluator.run(bindings: &scratch)
        return !evaluator.failed
    }
}

extension RecordEvaluator where Collector == OutcomeCollector {
    /// Collecting evaluation: what every concrete field's rules found.
    static func outcome(program: CompiledProgram, access: Access, today: CalendarDate, reportAllFailures: Bool) -> EvaluationOutcome {
        var evaluator = RecordEvaluator(
            program: program, access: access, today: today,
            collector: OutcomeCollector(
                reportAllFailures: reportAllFailures,
                fieldCount: program.fields.count))
        evaluator.run()
        return evaluator.collector.outcome
    }

    /// Collecting evaluation, results built at once, reusing rendered messages across
    /// records: with the renderer and today fixed, a rule's message never changes (it
    /// holds the field as written, the rule's constants and today, nothing from the
    /// record), so a stream renders each rule's message once. `cache` has one slot per
    /// rule. `scratch` is the previous record's outcome, whose arrays are reused.
    static func results(
        program: CompiledProgram, access: Access, today: CalendarDate, options: ValidationOptions,
        cache: inout [String?], scratch: inout EvaluationOutcome
    ) -> [FieldResult] {
        var collector = OutcomeCollector(reportAllFailures: options.reportAllFailures, fieldCount: program.fields.count)
        scratch.removeAll()
        swap(&scratch, &collector.outcome)
        var evaluator = RecordEvaluator(program: program, access: access, today: today, collector: consume collector)
        evaluator.run()
        swap(&scratch, &evaluator.collector.outcome)
        if let shared = program.allValidResults, scratch.isAllValid(fieldCount: program.fields.count) { return shared }
        if cache.count != program.ruleCount { cache = Array(repeating: nil, count: program.ruleCount) }
        var builder = ViolationBuilder(program: program, messages: options.messages, today: today)
        return builder.results(of: scratch, cache: &cache)
    }
}

extension RecordEvaluator {
    /// Empty: `null`, text that is empty or only white space, an empty array.
    /// (Absent is handled by the callers; `{}`, `false` and `0` are values.)
    @inline(__always)
    func isEmpty(_ node: Node) -> Bool {
        switch access.kind(node) {
        case .null: true
        case .string: access.withUTF8(node) { TextScan.isBlank($0) }
        case .array: access.elementCount(node) == 0
        case .bool, .number, .object: false
        }
    }

    /// Whether a `when` condition holds for the concrete field at `indices`.
    func holds(_ condition: CompiledCondition, bindings: Bindings<Node>) -> Bool {
        switch condition {
        case .present(let path):
            anyValue(path, bindings: bindings) { access.kind($0) != .bool ? !isEmpty($0) : access.bool($0) }
        case .equals(let path, let literal):
            anyValue(path, bindings: bindings) { access.equals($0, literal) }
        case .notEquals(let path, let literal):
            // The negation of `==`: an absent value equals nothing, so `x != "a"` holds
            // when x is absent.
            !anyValue(path, bindings: bindings) { access.equals($0, literal) }
        case .not(let inner):
            !holds(inner, bindings: bindings)
        case .and(let lhs, let rhs):
            holds(lhs, bindings: bindings) && holds(rhs, bindings: bindings)
        case .or(let lhs, let rhs):
            holds(lhs, bindings: bindings) || holds(rhs, bindings: bindings)
        }
    }

    /// Whether some value the reference reaches satisfies `predicate` (one value unless
    /// the path has a free `[*]`; none when it is absent).
    private func anyValue(_ reference: Int, bindings: Bindings<Node>, _ predicate: (Node) -> Bool) -> Bool {
        let path = program.references[reference]
        guard let start = anchor(path, bindings) else { return false }
        return anyValue(path.steps[...], from: start, predicate)
    }

    private func anyValue(_ steps: ArraySlice<ReferenceStep>, from node: Node, _ predicate: (Node) -> Bool) -> Bool {
        var current = node
        var position = steps.startIndex
        while position < steps.endIndex {
            switch steps[position] {
            case .key(let key):
                guard let next = access.member(current, key) else { return false }
                current = next
            case .any:
                var found = false
                let rest = steps[(position + 1)...]
                access.forEachElement(current) { _, element in
                    found = anyValue(rest, from: element, predicate)
                    return !found
                }
                return found
            }
            position += 1
        }
        return predicate(current)
    }

    /// Where a reference starts: the root, or the element of the field's expansion its
    /// bound wildcards stand for.
    @inline(__always)
    private func anchor(_ path: ReferencePath, _ bindings: Bindings<Node>) -> Node? {
        guard path.anchor >= 0 else { return access.root }
        return path.anchor < bindings.nodes.count ? bindings.nodes[path.anchor] : nil
    }

    /// The value a reference names for the concrete field (`same`, `before startDate`);
    /// a free `[*]` names no single value, so it resolves to absent.
    func resolveReference(_ reference: Int, bindings: Bindings<Node>) -> Node? {
        let path = program.references[reference]
        guard var current = anchor(path, bindings) else { return nil }
        for step in path.steps {
            switch step {
            case .key(let key):
                guard let next = access.member(current, key) else { return nil }
                current = next
            case .any:
                return nil
            }
        }
        return current
    }
}

/// The `[*]` elements of the concrete field being evaluated: their indices (for the
/// concrete path) and nodes (where bound references start).
struct Bindings<Node> {
    var indices: [Int] = []
    var nodes: [Node] = []
}

extension Bindings: Sendable where Node: Sendable {}
