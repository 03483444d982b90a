// Typed access to values, and emptiness as the rule language defines it.

extension Value {
    /// The member `key` of an object; `nil` when absent or when this is not an object.
    public subscript(key: String) -> Value? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at `index` of an array; `nil` when out of range or not an array.
    public subscript(index: Int) -> Value? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The kind of value.
    package var kind: JSONKind {
        switch self {
        case .null: .null
        case .bool: .bool
        case .integer, .decimal: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    /// Whether the value is empty as the rule language means it: `null`, a string that is empty or
    /// only white space, or an empty array. `{}`, `false` and `0` are not empty.
    /// (Absent values are empty too: see `Optional<Value>.isEmpty`.)
    public var isEmpty: Bool {
        switch self {
        case .null: return true
        case .string(let text):
            return text.utf8.allSatisfy(Self.isASCIIWhitespace)
                || text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
        case .array(let elements): return elements.isEmpty
        default: return false
        }
    }

    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The text of a string; `nil` otherwise.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The flag of a boolean; `nil` otherwise.
    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// An integer, or a decimal with an exact integral value in `Int`'s range (`2.0`);
    /// `nil` otherwise (strings are not read as numbers here).
    public var integerValue: Int? {
        switch self {
        case .integer(let integer): integer
        case .decimal(let decimal): JSONNumber.exactInteger(decimal)
        default: nil
        }
    }

    /// The numeric value of an integer or decimal; `nil` otherwise.
    public var doubleValue: Double? {
        switch self {
        case .integer(let integer): Double(integer)
        case .decimal(let decimal): decimal
        default: nil
        }
    }

    /// The elements of an array; `nil` otherwise.
    public var arrayValue: [Value]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The object; `nil` otherwise.
    public var objectValue: ValueObject? {
        if case .object(let object) = self { return object }
        return nil
    }
}

extension Optional where Wrapped == Value {
    /// Emptiness with absence included: `nil` (absent) is empty.
    public var isEmpty: Bool {
        switch self {
        case .none: true
        case .some(let value): value.isEmpty
        }
    }
}
