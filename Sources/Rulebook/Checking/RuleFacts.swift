/// What one validator application says about the values that can pass it, in the few
/// terms the checker compares: an interval on one measure, and the kinds of value it
/// accepts. Validators whose meaning is not captured here say nothing (no facts means no
/// contradiction can be claimed, which keeps false positives at zero).
struct RuleFacts {
    /// The measure an interval bounds.
    enum Measure {
        /// Text length in characters (`minLength`, `maxLength`, `length`, `digits n`).
        case length
        /// A numeric value (`min`, `max`, `between`).
        case number
        /// An array's size (`minItems`, `maxItems`).
        case items
        /// Full years since a birth date (`minAge`, `maxAge`).
        case age
        /// A literal calendar date (`after`, `before` with dates; `today` and fields are unknown).
        case date
    }

    /// One end of an interval.
    struct Bound {
        let value: Double
        /// Excluded (`before`/`after` are strict).
        let strict: Bool
        /// The value as written, for messages.
        let text: String
    }

    var measure: Measure?
    var lower: Bound?
    var upper: Bound?
    /// The kinds of non-empty value that can pass; `nil` when any kind might.
    var kinds: ValueKinds?

    init(_ rule: CheckedRule) {
        kinds = ValueKinds.accepted(by: rule.validator)
        // Performance: the arguments are read in place (an array of their values was made
        // for every uncached head, `same` and `pattern` ones included, which have no facts).
        let values = ArgumentValues(arguments: rule.arguments)
        switch (rule.validator, values.count) {
        case (.minLength, 1): setCounts(.length, lower: values[0], upper: nil)
        case (.maxLength, 1): setCounts(.length, lower: nil, upper: values[0])
        case (.length, 1), (.digits, 1): setCounts(.length, lower: values[0], upper: values[0])
        case (.length, 2): setCounts(.length, lower: values[0], upper: values[1])
        case (.minItems, 1): setCounts(.items, lower: values[0], upper: nil)
        case (.maxItems, 1): setCounts(.items, lower: nil, upper: values[0])
        case (.minAge, 1): setCounts(.age, lower: values[0], upper: nil)
        case (.maxAge, 1): setCounts(.age, lower: nil, upper: values[0])
        case (.min, 1): setNumbers(lower: values[0], upper: nil)
        case (.max, 1): setNumbers(lower: nil, upper: values[0])
        case (.between, 2): setNumbers(lower: values[0], upper: values[1])
        case (.after, 1): setDate(lower: values[0])
        case (.before, 1): setDate(upper: values[0])
        default: break
        }
    }

    /// A rule's argument values by position, read in place.
    private struct ArgumentValues {
        let arguments: [(name: String, value: RuleArgument)]
        var count: Int { arguments.count }
        subscript(index: Int) -> RuleArgument { arguments[index].value }
    }

    private mutating func setCounts(_ measure: Measure, lower: RuleArgument?, upper: RuleArgument?) {
        func bound(_ argument: RuleArgument?) -> Bound? {
            guard case .count(let value)? = argument else { return nil }
            return Bound(value: Double(value), strict: false, text: String(value))
        }
        self.measure = measure
        self.lower = bound(lower)
        self.upper = bound(upper)
    }

    private mutating func setNumbers(lower: RuleArgument?, upper: RuleArgument?) {
        func bound(_ argument: RuleArgument?) -> Bound? {
            guard case .number(let value, let text)? = argument, value.isFinite else { return nil }
            return Bound(value: value, strict: false, text: text)
        }
        measure = .number
        self.lower = bound(lower)
        self.upper = bound(upper)
    }

    private mutating func setDate(lower: RuleArgument? = nil, upper: RuleArgument? = nil) {
        func bound(_ argument: RuleArgument?) -> Bound? {
            guard case .date(let date)? = argument else { return nil }
            return Bound(value: Double(date.daysSinceEpoch), strict: true, text: date.description)
        }
        self.lower = bound(lower)
        self.upper = bound(upper)
        if self.lower != nil || self.upper != nil { measure = .date }
    }

    /// Whether a lower bound excludes everything below an upper bound.
    static func excludes(lower: Bound, upper: Bound) -> Bool {
        lower.value > upper.value || (lower.value == upper.value && (lower.strict || upper.strict))
    }

    /// Whether the rule alone can never pass (`between 10 1`; reported where it is written).
    var isEmpty: Bool {
        guard let lower, let upper else { return false }
        return RuleFacts.excludes(lower: lower, upper: upper)
    }
}

/// Kinds of JSON value, as a set.
struct ValueKinds: OptionSet, Hashable {
    let rawValue: UInt8
    static let text = ValueKinds(rawValue: 1)
    static let number = ValueKinds(rawValue: 2)
    static let boolean = ValueKinds(rawValue: 4)
    static let array = ValueKinds(rawValue: 8)
    static let object = ValueKinds(rawValue: 16)

    /// The kinds a validator lets pass (a value of another kind is a violation).
    /// `nil` for validators that take any kind or whose kinds the spec leaves open.
    static func accepted(by validator: BuiltinValidator) -> ValueKinds? {
        if validator.acceptsTextOnly { return .text }
        switch validator {
        case .string, .date: return .text
        case .integer, .number, .min, .max, .between: return [.number, .text]
        case .boolean: return .boolean
        case .accepted: return [.boolean, .text, .number]
        case .object: return .object
        case .array, .minItems, .maxItems, .unique: return .array
        default: return nil
        }
    }

    /// "text", "numbers or text", …
    var description: String {
        var names: [String] = []
        if contains(.number) { names.append("numbers") }
        if contains(.boolean) { names.append("true or false") }
        if contains(.array) { names.append("lists") }
        if contains(.object) { names.append("objects") }
        if contains(.text) { names.append(names.contains("numbers") ? "numeric text" : "text") }
        return names.joinedAsAlternatives()
    }
}

extension RuleFacts.Measure {
    /// "no text has at least 5 characters and at most 3 characters".
    func impossibility(
        _ first: (lower: RuleFacts.Bound?, upper: RuleFacts.Bound?),
        _ second: (lower: RuleFacts.Bound?, upper: RuleFacts.Bound?)
    ) -> String {
        "no \(subject) \(describe(first)) and \(describe(second))"
    }

    private var subject: String {
        switch self {
        case .length: "text has"
        case .number: "number is"
        case .items: "list has"
        case .age: "birth date is"
        case .date: "date is"
        }
    }

    private func unit(_ text: String) -> String {
        switch self {
        case .length: text == "1" ? " character" : " characters"
        case .items: text == "1" ? " item" : " items"
        case .age: text == "1" ? " year ago" : " years ago"
        case .number, .date: ""
        }
    }

    private func describe(_ bounds: (lower: RuleFacts.Bound?, upper: RuleFacts.Bound?)) -> String {
        switch (bounds.lower, bounds.upper) {
        case (let lower?, let upper?) where lower.value == upper.value && !lower.strict && !upper.strict:
            "exactly \(lower.text)\(unit(lower.text))"
        case (let lower?, let upper?):
            self == .date
                ? "after \(lower.text) and before \(upper.text)"
                : "between \(lower.text) and \(upper.text)\(unit(upper.text))"
        case (let lower?, nil):
            self == .date ? "after \(lower.text)" : "at least \(lower.text)\(unit(lower.text))"
        case (nil, let upper?):
            self == .date ? "before \(upper.text)" : "at most \(upper.text)\(unit(upper.text))"
        case (nil, nil):
            "anything"
        }
    }
}
