// Running one compiled check on a present, non-empty value. The switch is over what a
// check reads (text bytes, a number, a date, another field, an array, the whole value),
// never over validators: each validator's meaning is the test in its `Check`. A value of
// the wrong kind fails the check, never crashes and never passes.

extension RecordEvaluator {
    /// Whether `node` passes `check`.
    ///
    /// The closures below capture local copies (`access`), never `self`: a closure
    /// capturing `self` copies the whole evaluator per call. (`mutating` though it changes
    /// nothing: called from the evaluator's own mutating rule loop, a non-mutating method
    /// is handed a copy of the whole evaluator per rule; this one gets its address.)
    ///
    /// A `required` rule passes here: it is called only for present, non-empty values.
    @inline(__always)
    mutating func passes(rule: Int, _ node: Node, bindings: Bindings<Node>) -> Bool {
        switch tables.steps[rule] {
        case .required: return true
        case .kind(let kind): return access.kind(node) == kind
        case .characters(let bounds):
            return access.kind(node) == .string && access.withUTF8(node) { TextScan.characterCount($0, isWithin: bounds) }
        case .count(let bounds): return access.kind(node) == .array && bounds.contains(access.elementCount(node))
        case .textFunction(let test): return access.kind(node) == .string && access.withUTF8(node) { test($0.baseAddress, $0.count) }
        case .numberFunction(let test):
            guard let number = numberReading(node) else { return false }
            return test(number.double, number.integer ?? 0, number.integer != nil)
        case .deferred: return true
        case .malformed: return false
        case .test: return passes(tables.checks + rule, node, bindings: bindings)
        }
    }

    /// Whether `node` passes a `check` whose step is ``CheckStep/test`` (the other checks
    /// are decided by their step).
    mutating func passes(_ check: UnsafePointer<Check>, _ node: Node, bindings: Bindings<Node>) -> Bool {
        switch check.pointee {
        case .numberWithin(let bounds):
            // Not `.map(bounds.contains)`: a method reference is a closure allocated per call.
            guard let number = numberReading(node) else { return false }
            return bounds.contains(number)
        case .text(let test): return access.kind(node) == .string && access.withUTF8(node, test)
        case .number(let test):
            guard let number = numberReading(node) else { return false }
            return test(number)
        case .date(let test):
            guard let value = dateReading(node) else { return false }
            return test(value, today)
        case .dateAgainstField(let reference, let test):
            guard let value = dateReading(node) else { return false }
            return test(value, resolveReference(reference, bindings: bindings).flatMap(dateReading))
        case .scalar(let text, let other):
            return access.kind(node) == .string ? access.withUTF8(node, text) : other(access.value(node))
        case .field(let reference, let test):
            let access = access
            return test(resolveReference(reference, bindings: bindings).map { access.equal(node, $0) })
        case .elements(let test):
            guard access.kind(node) == .array else { return false }
            var elements: [Value] = []
            elements.reserveCapacity(access.elementCount(node))
            let access = access
            access.forEachElement(node) { _, element in
                elements.append(access.value(element))
                return true
            }
            return test(elements)
        case .value(let test): return test(access.value(node))
        case .required, .kind, .characters, .count, .textFunction, .numberFunction, .deferred, .malformed:
            // Decided by their step, never sent here; a step and its check agree by
            // construction (`CheckStep.init`).
            return false
        }
    }

    /// A number, or text that reads as a JSON number; nil for anything else (booleans
    /// are never numbers).
    @inline(__always)
    func numberReading(_ node: Node) -> NumberReading? {
        switch access.kind(node) {
        case .number: access.number(node)
        case .string: access.withUTF8(node) { NumberReading(text: $0) }
        default: nil
        }
    }

    /// The date or date-time a text node holds.
    func dateReading(_ node: Node) -> DateReading? {
        guard access.kind(node) == .string else { return nil }
        return access.withUTF8(node) { DateReading.parse($0) }
    }
}
