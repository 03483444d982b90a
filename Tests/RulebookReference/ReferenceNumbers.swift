import Rulebook

/// A number as the docs define it: an integer when its syntax is an integer that fits
/// `Int`, else the correctly rounded `Double` (`1e400` is infinity).
public enum ReferenceNumber: Sendable {
    case int(Int)
    case double(Double)

    var value: Value {
        switch self {
        case .int(let integer): .integer(integer)
        case .double(let double): .decimal(double)
        }
    }
}

/// Plain, exact readings of numbers: the JSON grammar, and comparisons by mathematical
/// value (never through a lossy conversion).
public enum ReferenceNumbers {
    /// Whether `text` is one JSON number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    public static func isJSONNumber(_ text: String) -> Bool {
        let chars = Array(text.unicodeScalars)
        var index = 0
        func digit(_ at: Int) -> Bool { at < chars.count && ("0"..."9").contains(chars[at]) }
        if index < chars.count && chars[index] == "-" { index += 1 }
        guard digit(index) else { return false }
        if chars[index] == "0" { index += 1 } else { while digit(index) { index += 1 } }
        if index < chars.count && chars[index] == "." {
            index += 1
            guard digit(index) else { return false }
            while digit(index) { index += 1 }
        }
        if index < chars.count && (chars[index] == "e" || chars[index] == "E") {
            index += 1
            if index < chars.count && (chars[index] == "+" || chars[index] == "-") { index += 1 }
            guard digit(index) else { return false }
            while digit(index) { index += 1 }
        }
        return index == chars.count
    }

    /// The number `text` means, when it is one JSON number.
    public static func readJSONNumber(_ text: String) -> ReferenceNumber? {
        guard isJSONNumber(text) else { return nil }
        let integerSyntax = !text.contains(".") && !text.contains("e") && !text.contains("E")
        if integerSyntax, let integer = Int(text) { return .int(integer) }
        return .double(Double(text)!)
    }

    /// The number a value holds for the numeric validators: a JSON number, or text in
    /// the JSON number grammar read as the reader reads numbers; nothing else (booleans
    /// are never numbers).
    public static func numeric(_ value: Value) -> ReferenceNumber? {
        switch value {
        case .integer(let integer): .int(integer)
        case .decimal(let double): .double(double)
        case .string(let text): readJSONNumber(text)
        default: nil
        }
    }

    /// -1, 0 or 1 as `a` is below, equal to or above `b`, by exact value (nil when one is NaN).
    public static func compare(_ a: ReferenceNumber, _ b: ReferenceNumber) -> Int? {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x < y ? -1 : x == y ? 0 : 1
        case (.double(let x), .double(let y)):
            if x.isNaN || y.isNaN { return nil }
            return x < y ? -1 : x == y ? 0 : 1
        case (.int(let x), .double(let y)): return compare(x, y)
        case (.double(let x), .int(let y)): return compare(y, x).map { -$0 }
        }
    }

    /// An integer against a double, exactly.
    private static func compare(_ integer: Int, _ double: Double) -> Int? {
        if double.isNaN { return nil }
        if double >= 9_223_372_036_854_775_808.0 { return -1 }
        if double < -9_223_372_036_854_775_808.0 { return 1 }
        let floor = double.rounded(.down)
        let whole = Int(floor)
        if integer < whole { return -1 }
        if integer > whole { return 1 }
        return double > floor ? -1 : 0
    }

    /// Whether a number is whole (and finite).
    public static func isWhole(_ number: ReferenceNumber) -> Bool {
        switch number {
        case .int: true
        case .double(let double): double.isFinite && double.rounded(.towardZero) == double
        }
    }
}

/// JSON equality as the docs define it: numbers by value across integer and decimal,
/// strings and keys by their Unicode scalars, arrays in order, objects in any order.
public enum ReferenceEquality {
    /// Whether two keys are the same key: the same Unicode scalars.
    public static func sameKey(_ a: String, _ b: String) -> Bool {
        Array(a.unicodeScalars) == Array(b.unicodeScalars)
    }

    /// Whether two values are equal in JSON's sense.
    public static func equal(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.string(let x), .string(let y)): return sameKey(x, y)
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x), .object(let y)):
            guard x.members.count == y.members.count else { return false }
            return x.members.allSatisfy { member in
                y.members.contains { sameKey($0.key, member.key) && equal($0.value, member.value) }
            }
        default:
            guard let x = number(a), let y = number(b) else { return false }
            return ReferenceNumbers.compare(x, y) == 0
        }
    }

    /// The number of a JSON number value (not of text).
    private static func number(_ value: Value) -> ReferenceNumber? {
        switch value {
        case .integer(let integer): .int(integer)
        case .decimal(let double): .double(double)
        default: nil
        }
    }

    /// A member of an object by exact key (nil when absent or not an object).
    public static func member(_ value: Value?, _ key: String) -> Value? {
        guard case .object(let object)? = value else { return nil }
        return object.members.last { sameKey($0.key, key) }?.value
    }
}
