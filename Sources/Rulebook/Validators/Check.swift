// A rule compiled for evaluation. Each validator's meaning is the test inside its check;
// the check's shape says only what the test reads from the value, so the evaluator
// switches over these few shapes (how to read the value from the record's storage) and
// never over validator names. Tests are made once per rule, their constants captured.

/// One compiled rule: what it reads and the test it applies.
enum Check: Sendable {
    /// `required`: decided by the evaluator's meaning of empty alone.
    case required
    /// Whether the value is of this JSON kind.
    case kind(NodeKind)
    /// Text, as its UTF-8 bytes; any other kind fails.
    case text(@Sendable (UnsafeBufferPointer<UInt8>) -> Bool)
    /// ``text(_:)`` for a test that captures nothing (a built-in format): a plain function,
    /// called without a closure context to retain and release.
    case textFunction(TextFunction)
    /// Text whose number of user-perceived characters (``TextScan/characterCount(_:)``)
    /// lies within the bounds; any other kind fails.
    case characters(CountBounds)
    /// A JSON number, or text that reads as one; anything else fails.
    case number(@Sendable (NumberReading) -> Bool)
    /// ``number(_:)`` for a test that captures nothing, as ``textFunction(_:)``.
    case numberFunction(NumberFunction)
    /// A number read as `number` reads it, within the bounds; anything else fails.
    case numberWithin(NumberBounds)
    /// An ISO 8601 date or date-time in text, with today; anything else fails.
    case date(@Sendable (DateReading, CalendarDate) -> Bool)
    /// The value's date and another field's (nil when that one is absent or not a date),
    /// by ``CompiledProgram/references`` index; a value that is not a date fails.
    case dateAgainstField(Int, @Sendable (DateReading, DateReading?) -> Bool)
    /// Text as its bytes, any other value whole (`oneOf`, `accepted`).
    case scalar(text: @Sendable (UnsafeBufferPointer<UInt8>) -> Bool, other: @Sendable (Value) -> Bool)
    /// Whether the value equals another field's (nil when that one is absent), by
    /// ``CompiledProgram/references`` index.
    case field(Int, @Sendable (Bool?) -> Bool)
    /// An array whose element count lies within the bounds; anything else fails.
    case count(CountBounds)
    /// An array's elements; anything else fails.
    case elements(@Sendable ([Value]) -> Bool)
    /// The whole value (validators an application registers).
    case value(@Sendable (Value) -> Bool)
    /// Passes in synchronous evaluation: an asynchronous validator's test, run by
    /// asynchronous validation only, or nil for a validator a rule file only declares.
    case deferred((@Sendable (Value) async throws -> Bool)?)
    /// Never passes: a rule whose arguments do not fit its validator (only possible for a
    /// hand-built ``RuleSet``), so a broken rule never passes silently.
    case malformed
}

/// A test of text (its UTF-8 bytes: base address and count) that captures nothing.
typealias TextFunction = @convention(c) (UnsafePointer<UInt8>?, Int) -> Bool

/// A test of a number (a ``NumberReading``: its double, its integer, and whether it has
/// one) that captures nothing.
typealias NumberFunction = @convention(c) (Double, Int, Bool) -> Bool

/// A number read from a record: its nearest `Double` and, when it is a whole number
/// that fits `Int`, that integer exactly.
struct NumberReading: Sendable {
    let double: Double
    let integer: Int?

    init(double: Double, integer: Int?) {
        self.double = double
        self.integer = integer
    }

    /// A number from a `Double` alone.
    init(_ double: Double) {
        self.double = double
        self.integer = double.isFinite && double.rounded() == double && abs(double) < 9.2e18 ? Int(double) : nil
    }

    /// Numeric text (JSON number grammar), or nil.
    init?(text bytes: UnsafeBufferPointer<UInt8>) {
        guard let double = NumericText.parse(bytes) else { return nil }
        // Beyond 2^53 a `Double` no longer holds every integer: read the exact one.
        if abs(double) >= 9_007_199_254_740_992, let exact = JSONNumber(utf8: UnsafeRawBufferPointer(bytes)) {
            self.init(double: double, integer: exact.integerValue)
        } else {
            self.init(double)
        }
    }

    /// -1, 0 or 1 as this number is below, equal to or above `bound`. Exact when both
    /// are integers; otherwise as `Double`s (rounding keeps order, so unequal doubles
    /// decide).
    func compare(_ bound: NumberReading) -> Int {
        if double < bound.double { return -1 }
        if double > bound.double { return 1 }
        if let integer, let other = bound.integer { return integer < other ? -1 : integer > other ? 1 : 0 }
        return 0
    }
}

/// A rule's checked arguments as a validator's `compile` reads them, and the program's
/// side tables it may add to (field references).
struct CheckArguments {
    /// The argument values, in order (a variadic parameter is one ``RuleArgument/list(_:)``).
    let values: [RuleArgument]
    /// Binds a field path named by the rule to the field the rule belongs to; returns its
    /// index in ``CompiledProgram/references``.
    let bindReference: (FieldPath) -> Int
    /// Whether compiled patterns get tables of their own (see
    /// ``CompiledRuleSet/independentCopy()``).
    let copiesPatterns: Bool

    var isEmpty: Bool { values.isEmpty }

    /// Argument `index` as a non-negative count.
    func count(_ index: Int) -> Int? {
        guard index < values.count else { return nil }
        switch values[index] {
        case .count(let value): return value
        case .number(let value, _) where value.isFinite && value.rounded() == value && abs(value) < 9e15: return Int(value)
        default: return nil
        }
    }

    /// Argument `index` as a number, exact when written as an integer.
    func number(_ index: Int) -> NumberReading? {
        guard index < values.count else { return nil }
        switch values[index] {
        case .count(let value): return NumberReading(double: Double(value), integer: value)
        case .number(let value, let text):
            if let exact = JSONNumber(text), exact.hasIntegerSyntax, let integer = exact.integerValue {
                return NumberReading(double: value, integer: integer)
            }
            return NumberReading(value)
        default: return nil
        }
    }

    /// Argument `index` as a field reference.
    func field(_ index: Int) -> Int? {
        guard index < values.count, case .field(let path) = values[index] else { return nil }
        return bindReference(path)
    }

    /// The literals of a variadic argument list (`oneOf`).
    func literals() -> [Value]? {
        var found: [Value] = []
        for argument in values {
            switch argument {
            case .list(let items):
                for item in items {
                    guard let value = Self.literal(item) else { return nil }
                    found.append(value)
                }
            default:
                guard let value = Self.literal(argument) else { return nil }
                found.append(value)
            }
        }
        return found.isEmpty ? nil : found
    }

    private static func literal(_ argument: RuleArgument) -> Value? {
        switch argument {
        case .value(let value): RuleCompiler.ownStorage(value)
        case .number(let number, let text): RuleCompiler.numberValue(number, text: text)
        case .count(let count): .integer(count)
        default: nil
        }
    }

    /// Every argument as a value (what a registered validator's closure receives).
    func asValues() -> [Value] { values.map(RuleCompiler.parameterValue) }
}
