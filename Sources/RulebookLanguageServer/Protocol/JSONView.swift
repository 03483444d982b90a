import Rulebook

/// Why request parameters could not be decoded: answered with -32602.
struct InvalidParams: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the params (`textDocument.uri`).
    var path: String
    /// What was wrong.
    var problem: String

    var description: String { path.isEmpty ? problem : "\(path): \(problem)" }
}

/// A read-only view of one (possibly absent) JSON value at a path inside a message's
/// params, with typed accessors whose errors name the path.
///
/// Absent and `null` are treated alike for optional fields, as LSP clients send both.
struct JSONView: Sendable {
    /// The value, or `nil` when absent.
    let value: Value?
    /// The dotted path from the params root, for error messages.
    let path: String

    /// Views a params value (absent params are an empty view).
    init(_ value: Value?, path: String = "") {
        self.value = value
        self.path = path
    }

    /// Whether the value is present and not `null`.
    var isPresent: Bool {
        if let value, value != .null { return true }
        return false
    }

    /// The member `key` (absent when this is not an object).
    subscript(key: String) -> JSONView {
        var member: Value?
        if case .object(let object)? = value { member = object[key] }
        return JSONView(member, path: path.isEmpty ? key : "\(path).\(key)")
    }

    func failure(_ problem: String) -> InvalidParams { InvalidParams(path: path, problem: problem) }

    /// A required string.
    func string() throws(InvalidParams) -> String {
        guard case .string(let text)? = value else { throw failure(isPresent ? "expected a string" : "missing") }
        return text
    }

    /// An optional string.
    func optionalString() throws(InvalidParams) -> String? {
        guard isPresent else { return nil }
        return try string()
    }

    /// A required integer (a decimal with no fraction is accepted).
    func integer() throws(InvalidParams) -> Int {
        switch value {
        case .integer(let number)?: return number
        case .decimal(let number)? where number.rounded() == number && abs(number) < 9e15: return Int(number)
        default: throw failure(isPresent ? "expected an integer" : "missing")
        }
    }

    /// An optional integer.
    func optionalInteger() throws(InvalidParams) -> Int? {
        guard isPresent else { return nil }
        return try integer()
    }

    /// An optional boolean; `nil` when absent.
    func optionalBool() throws(InvalidParams) -> Bool? {
        guard isPresent else { return nil }
        guard case .bool(let flag)? = value else { throw failure("expected a boolean") }
        return flag
    }

    /// A boolean capability flag: `true` only when present and `true` (tolerant: clients
    /// send odd things in capabilities, which must never fail `initialize`).
    var flag: Bool { if case .bool(true)? = value { true } else { false } }

    /// A required array's elements.
    func array() throws(InvalidParams) -> [JSONView] {
        guard case .array(let elements)? = value else { throw failure(isPresent ? "expected an array" : "missing") }
        return elements.enumerated().map { JSONView($0.element, path: "\(path)[\($0.offset)]") }
    }

    /// An optional array's elements (empty when absent).
    func optionalArray() throws(InvalidParams) -> [JSONView] {
        guard isPresent else { return [] }
        return try array()
    }

    /// The strings of an array, ignoring other elements (for tolerant capability lists).
    var strings: [String] {
        guard case .array(let elements)? = value else { return [] }
        return elements.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }

    /// Requires an object (or, when `allowAbsent`, absent/null params).
    func requireObject(allowAbsent: Bool = false) throws(InvalidParams) {
        if case .object? = value { return }
        if allowAbsent && !isPresent { return }
        throw failure(isPresent ? "expected an object" : "missing")
    }
}

/// A type that can be read from JSON-RPC params.
protocol JSONDecodable: Sendable {
    /// Reads the value, throwing a precise ``InvalidParams``.
    init(json: JSONView) throws(InvalidParams)
}

/// A type that can be written as a JSON value.
protocol JSONEncodable: Sendable {
    /// The JSON form.
    var json: Value { get }
}

extension Value {
    /// An object from members, leaving out `nil` values (LSP omits absent optionals).
    static func object(_ members: KeyValuePairs<String, Value?>) -> Value {
        var object = ValueObject()
        for (key, value) in members {
            if let value { object[key] = value }
        }
        return .object(object)
    }

    /// An array of encodable elements.
    static func array<Element: JSONEncodable>(_ elements: [Element]) -> Value {
        .array(elements.map(\.json))
    }
}

extension String: JSONEncodable {
    var json: Value { .string(self) }
}

extension Int: JSONEncodable {
    var json: Value { .integer(self) }
}

extension Bool: JSONEncodable {
    var json: Value { .bool(self) }
}
