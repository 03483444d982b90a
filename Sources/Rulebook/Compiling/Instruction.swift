import RulebookRegex

/// A validator compiled for evaluation: its arguments converted once (numbers to
/// `Double`, dates to days, patterns compiled, paths pre-split), so that running it is
/// one `switch` with no parsing, lookup or allocation.
///
/// Performance bends the shape here: one enum with payloads rather than protocol
/// existentials or closures keeps evaluation a jump table the optimiser specialises for
/// each record storage, and every payload is a plain number (patterns, `oneOf` lists and
/// field references live in side tables of ``CompiledProgram``, addressed by index), so
/// the enum is trivially copyable and reading an instruction costs no reference counting.
enum Instruction: Sendable {
    case required
    case minLength(Int)
    case maxLength(Int)
    case lengthRange(Int, Int)
    /// Index into ``CompiledProgram/patterns``.
    case pattern(Int)
    case email
    case url
    case uuid
    case alpha
    case alphanumeric
    /// ASCII digits only; exactly `count` of them when not nil.
    case digits(count: Int?)
    case noDigits
    case noSpecialChars
    case containsDigit
    case containsLetter
    case containsUppercase
    case containsLowercase
    case containsSymbol
    /// Index into ``CompiledProgram/oneOfSets``.
    case oneOf(Int)
    case isString
    case isObject
    case isArray
    case integer
    case number
    case min(Double)
    case max(Double)
    case between(Double, Double)
    case boolean
    case accepted
    case date
    case before(DateBound)
    case after(DateBound)
    case minAge(Int)
    case maxAge(Int)
    /// Index into ``CompiledProgram/references``.
    case same(Int)
    /// Index into ``CompiledProgram/references``.
    case different(Int)
    case minItems(Int)
    case maxItems(Int)
    case unique
    /// A rule whose checked arguments do not fit its validator (only possible for a
    /// hand-built ``RuleSet``): it always fails, so a broken rule never passes silently.
    case malformed
}

/// The other side of `before` / `after`.
enum DateBound: Sendable {
    /// A fixed date, as days since 1970-01-01.
    case day(Int)
    /// The evaluation context's today.
    case today
    /// Another field's date (or date-time): an index into ``CompiledProgram/references``.
    case field(Int)
}

/// The values of a `oneOf`, compared with JSON equality by the record storage itself
/// (text against text compares UTF-8 bytes; no `Value` is built for the record side).
struct OneOfSet: Sendable {
    let values: [Value]

    init(_ values: [Value]) { self.values = values }
}
