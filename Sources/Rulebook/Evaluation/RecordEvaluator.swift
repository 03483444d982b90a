/// Evaluates a compiled rule set against one record, generic over the record's storage
/// (see ``RecordAccess``). One instance per record; not shared.
///
/// Two modes: collecting (one ``FieldResult`` per concrete field, messages rendered) and
/// counting (``CompiledRuleSet/isValid(_:context:)``: stops at the first failure, builds
/// no results and renders no messages).
struct RecordEvaluator<Access: RecordAccess> {
    typealias Node = Access.Node

    let access: Access
    /// Today, read once per record and only when a rule needs it.
    let today: CalendarDate
    /// Nil in counting mode.
    let messages: (any MessageRendering)?
    let reportAllFailures: Bool
    /// The results so far (collecting mode).
    private(set) var results: [FieldResult] = []
    /// Whether some rule failed.
    private(set) var failed = false

    init(access: Access, today: CalendarDate, messages: (any MessageRendering)?, reportAllFailures: Bool) {
        self.access = access
        self.today = today
        self.messages = messages
        self.reportAllFailures = reportAllFailures
    }

    private var collecting: Bool { messages != nil }

    /// Evaluates every field, in rule order.
    mutating func run(_ fields: [CompiledField]) {
        for field in fields {
            evaluate(field)
            if failed && !collecting { return }
        }
    }

    /// Evaluates one field at every concrete path it reaches; `only` limits `[*]` steps
    /// to given indices (nil entries expand fully), for ``CompiledRuleSet/validateField(_:in:options:)``.
    mutating func evaluate(_ field: CompiledField, only: [Int?] = []) {
        let runs = field.expansion.runs
        let start = resolve(access.root, runs[0])
        if runs.count == 1 {
            evaluateConcrete(field, start, indices: [])
            return
        }
        var indices: [Int] = []
        indices.reserveCapacity(runs.count - 1)
        expand(field, start, level: 1, indices: &indices, only: only)
    }

    /// Walks one `[*]` level: every element, then the next run of keys from it. Each
    /// element is reached from its array, never from the root again, so a `[*]` path over
    /// n elements costs O(n).
    private mutating func expand(_ field: CompiledField, _ node: Node?, level: Int, indices: inout [Int], only: [Int?]) {
        guard let node, access.kind(node) == .array else { return }
        let runs = field.expansion.runs
        let wanted = level - 1 < only.count ? only[level - 1] : nil
        access.forEachElement(node) { index, element in
            if let wanted, wanted != index { return true }
            indices.append(index)
            let next = resolve(element, runs[level])
            if level == runs.count - 1 {
                evaluateConcrete(field, next, indices: indices)
            } else {
                expand(field, next, level: level + 1, indices: &indices, only: only)
            }
            indices.removeLast()
            return !(failed && !collecting)
        }
    }

    /// Follows object keys; absent as soon as a step is missing or not an object.
    @inline(__always)
    func resolve(_ node: Node?, _ keys: [CompiledKey]) -> Node? {
        var current = node
        for key in keys {
            guard let node = current else { return nil }
            current = access.member(node, key)
        }
        return current
    }

    /// Runs a field's rules on one concrete value and records the result.
    private mutating func evaluateConcrete(_ field: CompiledField, _ node: Node?, indices: [Int]) {
        var applicable = false
        var violations: [Violation] = []
        let present = node.flatMap { isEmpty($0) ? nil : $0 }
        groups: for group in field.groups {
            if let condition = group.condition, !holds(condition, indices: indices) { continue }
            applicable = true
            if let present {
                for rule in group.rules where !rule.isRequired && !passes(rule.instruction, present, indices: indices) {
                    guard record(rule, of: field, indices: indices, into: &violations) else { break groups }
                }
            } else if group.hasRequired {
                // An empty value meets only `required`; without it the other validators
                // are skipped (SPEC §3), and with it they would only repeat the same fault.
                for rule in group.rules where rule.isRequired {
                    guard record(rule, of: field, indices: indices, into: &violations) else { break groups }
                }
            }
        }
        guard collecting else { return }
        let status: FieldStatus = !applicable ? .skipped : violations.isEmpty ? .valid : .invalid
        results.append(FieldResult(field: concretePath(field, indices), status: status, violations: violations))
    }

    /// Notes a failure; returns whether evaluation of this field goes on.
    private mutating func record(_ rule: CompiledRule, of field: CompiledField, indices: [Int],
                                 into violations: inout [Violation]) -> Bool {
        failed = true
        guard let messages else { return false }
        violations.append(violation(rule, of: field, at: concretePath(field, indices), messages: messages))
        return reportAllFailures
    }

    /// The concrete path of a field at the given `[*]` indices.
    func concretePath(_ field: CompiledField, _ indices: [Int]) -> ConcretePath {
        if let fixed = field.fixedPath { return fixed }
        var segments: [ConcretePath.Segment] = []
        segments.reserveCapacity(field.pattern.segments.count)
        var next = 0
        for segment in field.pattern.segments {
            switch segment {
            case .key(let key):
                segments.append(.key(key))
            case .wildcard:
                segments.append(.index(next < indices.count ? indices[next] : 0))
                next += 1
            }
        }
        return ConcretePath(segments)
    }

    /// Builds a violation and renders its message.
    private func violation(_ rule: CompiledRule, of field: CompiledField, at path: ConcretePath,
                           messages: any MessageRendering) -> Violation {
        var parameters = rule.parameters
        var arguments = rule.messageArguments
        if let index = rule.todayParameterIndex, index < parameters.count, index < arguments.count {
            parameters[index] = Violation.Parameter(name: parameters[index].name, value: .string(today.description))
            arguments[index].value = .date(today)
        }
        let request = MessageRequest(messageOverride: rule.messageOverride, field: field.pattern,
                                     messageKey: rule.formKey, arguments: arguments)
        return Violation(field: path, validator: rule.validator, parameters: parameters, messageKey: rule.reportedKey,
                         message: messages.render(request), location: rule.location)
    }
}

extension RecordEvaluator {
    /// Empty (SPEC §3): `null`, text that is empty or only white space, an empty array.
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
    func holds(_ condition: CompiledCondition, indices: [Int]) -> Bool {
        switch condition {
        case .present(let path):
            anyValue(path, indices: indices) { access.kind($0) != .bool ? !isEmpty($0) : access.bool($0) }
        case .equals(let path, let literal):
            anyValue(path, indices: indices) { access.equals($0, literal) }
        case .notEquals(let path, let literal):
            // The negation of `==`: an absent value equals nothing, so `x != "a"` holds
            // when x is absent.
            !anyValue(path, indices: indices) { access.equals($0, literal) }
        case .not(let inner):
            !holds(inner, indices: indices)
        case .and(let lhs, let rhs):
            holds(lhs, indices: indices) && holds(rhs, indices: indices)
        case .or(let lhs, let rhs):
            holds(lhs, indices: indices) || holds(rhs, indices: indices)
        }
    }

    /// Whether some value `path` reaches satisfies `predicate` (one value unless the
    /// path has a free `[*]`; none when it is absent).
    private func anyValue(_ path: ReferencePath, indices: [Int], _ predicate: (Node) -> Bool) -> Bool {
        anyValue(path.steps[...], from: access.root, indices: indices, predicate)
    }

    private func anyValue(_ steps: ArraySlice<ReferenceStep>, from node: Node, indices: [Int],
                          _ predicate: (Node) -> Bool) -> Bool {
        var current = node
        var position = steps.startIndex
        while position < steps.endIndex {
            switch steps[position] {
            case .key(let key):
                guard let next = access.member(current, key) else { return false }
                current = next
            case .bound(let binding):
                guard binding < indices.count, let next = element(current, at: indices[binding]) else { return false }
                current = next
            case .any:
                var found = false
                let rest = steps[(position + 1)...]
                access.forEachElement(current) { _, element in
                    found = anyValue(rest, from: element, indices: indices, predicate)
                    return !found
                }
                return found
            }
            position += 1
        }
        return predicate(current)
    }

    /// The value another path names for the concrete field at `indices` (`same`,
    /// `before startDate`); a free `[*]` names no single value, so it resolves to absent.
    func resolveReference(_ path: ReferencePath, indices: [Int]) -> Node? {
        var current = access.root
        for step in path.steps {
            switch step {
            case .key(let key):
                guard let next = access.member(current, key) else { return nil }
                current = next
            case .bound(let binding):
                guard binding < indices.count, let next = element(current, at: indices[binding]) else { return nil }
                current = next
            case .any:
                return nil
            }
        }
        return current
    }

    /// The element at `index` of an array node.
    @inline(__always)
    private func element(_ node: Node, at index: Int) -> Node? { access.element(node, at: index) }
}
