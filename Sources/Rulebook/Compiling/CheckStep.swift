// What the evaluator switches on per rule: a check's shape with its constants, without
// the closures.
//
// Performance bends this: switching on a `Check` read through a pointer copies the
// enum out (its outlined value witnesses, and a retain and release of a closure's
// context), for every rule of every record, even when the case holds only bounds. Most
// rules (`required`, a kind, a length or count, a built-in format such as `email` or
// `integer`) need no closure context: their step is a plain value decided here (a
// format's test as a plain function pointer); the steps of the other checks go back to the `Check`. (A step is
// kept small, three words: a program holds one per rule. Numeric bounds, which would
// double that, are read from the `Check`.)

/// One rule's check as the evaluator's hot loop reads it (see ``CompiledProgram``): the
/// small checks and the tests that capture nothing in full, every other check as ``test``.
enum CheckStep: Sendable {
    /// `required`: decided by the evaluator's meaning of empty alone.
    case required
    /// ``Check/kind(_:)``.
    case kind(NodeKind)
    /// ``Check/characters(_:)``.
    case characters(CountBounds)
    /// ``Check/count(_:)``.
    case count(CountBounds)
    /// ``Check/textFunction(_:)``.
    case textFunction(TextFunction)
    /// ``Check/numberFunction(_:)``.
    case numberFunction(NumberFunction)
    /// ``Check/deferred(_:)``: passes in synchronous evaluation.
    case deferred
    /// ``Check/malformed``: never passes.
    case malformed
    /// Any other check: the rule's ``Check`` decides.
    case test

    /// The step of `check`.
    init(_ check: Check) {
        switch check {
        case .required: self = .required
        case .kind(let kind): self = .kind(kind)
        case .characters(let bounds): self = .characters(bounds)
        case .count(let bounds): self = .count(bounds)
        case .textFunction(let test): self = .textFunction(test)
        case .numberFunction(let test): self = .numberFunction(test)
        case .deferred: self = .deferred
        case .malformed: self = .malformed
        case .numberWithin, .text, .number, .date, .dateAgainstField, .scalar, .field, .elements, .value: self = .test
        }
    }

    /// Whether this is `required` (the one validator that sees empty values).
    @inline(__always)
    var isRequired: Bool {
        if case .required = self { true } else { false }
    }
}

extension Check {
    /// Whether this is `required` (see ``CheckStep/isRequired``).
    var isRequired: Bool { CheckStep(self).isRequired }
}
