// Literal syntax for values, so tests and callers can write records as Swift literals:
// `let record: Value = ["firstName": "Ann", "age": 34, "tags": ["a", "b"], "note": nil]`.

extension Value: ExpressibleByNilLiteral {
    /// `nil` is JSON `null`.
    public init(nilLiteral: ()) { self = .null }
}

extension Value: ExpressibleByBooleanLiteral {
    /// A JSON boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension Value: ExpressibleByIntegerLiteral {
    /// A JSON integer.
    public init(integerLiteral value: Int) { self = .integer(value) }
}

extension Value: ExpressibleByFloatLiteral {
    /// A JSON decimal.
    public init(floatLiteral value: Double) { self = .decimal(value) }
}

extension Value: ExpressibleByStringLiteral {
    /// A JSON string.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension Value: ExpressibleByArrayLiteral {
    /// A JSON array.
    public init(arrayLiteral elements: Value...) { self = .array(elements) }
}

extension Value: ExpressibleByDictionaryLiteral {
    /// A JSON object with the members in the order written (a later duplicate replaces
    /// an earlier one).
    public init(dictionaryLiteral elements: (String, Value)...) {
        self = .object(ValueObject(elements.map { (key: $0.0, value: $0.1) }))
    }
}

extension ValueObject: ExpressibleByDictionaryLiteral {
    /// An object with the members in the order written.
    public init(dictionaryLiteral elements: (String, Value)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }
}
