// An `Encoder` that builds `Value`s directly from any `Encodable`: no JSON text in
// between, no Foundation `JSONEncoder`. This is what makes `try rules.validate(user)`
// work for a Swift struct, so it is on the embedded hot path.

import Foundation

/// Turns any `Encodable` into a ``Value``, the way `JSONEncoder` would turn it into
/// JSON text and ``JSONReader`` would read that text back — but directly.
///
/// - Members appear in the order `encode(to:)` writes them; `nil` optionals written by
///   synthesized conformances (`encodeIfPresent`) are omitted; an explicit `encodeNil`
///   is `null`.
/// - `Date` → ISO 8601 date-time text in the encoder's time zone, with its offset
///   (`2026-01-31T09:05:00Z` in UTC, `2026-01-31T01:05:00-08:00` in Los Angeles), so
///   that a date-only rule reads the calendar day the user saw; `Data` → base64
///   text, `URL` → its absolute string, `Decimal` → a number, ``Value`` → itself.
/// - Non-finite floating-point values are an `EncodingError.invalidValue`, as with
///   `JSONEncoder`: JSON has no NaN.
///
/// ```swift
/// struct Profile: Encodable { var firstName: String; var age: Int? }
/// let record = try ValueEncoder().encode(Profile(firstName: "Ann", age: 34))
/// // {"firstName":"Ann","age":34}
/// ```
package struct ValueEncoder: Sendable {
    /// Contextual information for custom `encode(to:)` implementations.
    package var userInfo: [CodingUserInfoKey: any Sendable]
    /// The zone whose wall-clock time `Date`s are written in.
    package var timeZone: TimeZone

    /// Creates an encoder; dates are written in `timeZone` (UTC unless given).
    package init(userInfo: [CodingUserInfoKey: any Sendable] = [:], timeZone: TimeZone = EvaluationContext.utc) {
        self.userInfo = userInfo
        self.timeZone = timeZone
    }

    /// Encodes `value` as a ``Value``.
    /// - Throws: `EncodingError.invalidValue` for a non-finite number, or when the
    ///   top-level value encodes nothing at all.
    package func encode<T: Encodable>(_ value: T) throws -> Value {
        if let special = try ValueEncodingNode.special(value, at: nil, timeZone: timeZone) { return special }
        let node = ValueEncodingNode(parent: nil, key: nil, userInfo: userInfo, timeZone: timeZone)
        try value.encode(to: node)
        guard let result = node.finish() else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        return result
    }
}

/// One value under construction: the `Encoder` handed to `encode(to:)` and the storage
/// its containers write to. Nested containers and super-encoders are child nodes.
///
/// Performance bends this class: it is both the encoder and the container storage (one
/// allocation per nested value), and the coding path is computed from parent links only
/// when someone asks for it.
final class ValueEncodingNode: Encoder {
    enum Kind { case empty, single, object, array }

    let parent: ValueEncodingNode?
    let key: (any CodingKey)?
    let sendableUserInfo: [CodingUserInfoKey: any Sendable]
    let timeZone: TimeZone
    // The storage is exempt from dynamic exclusivity checks (they cost a tenth of an
    // encode): a node is used by one `encode(to:)` call at a time on one thread, and no
    // access to these properties ever spans a call that could touch them again.
    @exclusivity(unchecked) var kind = Kind.empty
    @exclusivity(unchecked) var single: Value = .null
    @exclusivity(unchecked) var members: [(key: String, value: Value)] = []
    @exclusivity(unchecked) var elements: [Value] = []
    /// Nested containers and super-encoders handed out by this node's containers: they
    /// may be written after being placed, so their slot (a member or element position,
    /// holding a placeholder) is filled when this node finishes.
    @exclusivity(unchecked) var pending: [(position: Int, node: ValueEncodingNode)] = []

    init(
        parent: ValueEncodingNode?, key: (any CodingKey)?, userInfo: [CodingUserInfoKey: any Sendable],
        timeZone: TimeZone
    ) {
        self.parent = parent
        self.key = key
        self.sendableUserInfo = userInfo
        self.timeZone = timeZone
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var node: ValueEncodingNode? = self
        while let current = node, let key = current.key {
            path.append(key)
            node = current.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { sendableUserInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        become(.object)
        return KeyedEncodingContainer(ValueKeyedEncodingContainer<Key>(node: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        become(.array)
        return ValueUnkeyedEncodingContainer(node: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        ValueSingleValueEncodingContainer(node: self)
    }

    /// Switches the storage to `kind`; asking again for the same kind keeps what was
    /// written (as class hierarchies sharing one container do).
    func become(_ newKind: Kind) {
        guard kind != newKind else { return }
        kind = newKind
        members = []
        elements = []
        pending = []
        single = .null
        // Most records have a handful of fields: one allocation instead of regrowing.
        if newKind == .object { members.reserveCapacity(8) }
    }

    /// Places a child node (nested container or super-encoder) at the next member.
    func placeMember(_ key: any CodingKey) -> ValueEncodingNode {
        let node = child(key)
        pending.append((members.count, node))
        members.append((key.stringValue, .null))
        return node
    }

    /// Places a child node at the next element.
    func placeElement() -> ValueEncodingNode {
        let node = child(ValueCodingKey(intValue: elements.count))
        pending.append((elements.count, node))
        elements.append(.null)
        return node
    }

    /// The finished value, or `nil` when nothing was encoded.
    func finish() -> Value? {
        switch kind {
        case .empty: return nil
        case .single: return single
        case .object:
            for (position, node) in pending { members[position].value = node.finish() ?? .object(ValueObject()) }
            return .object(ValueObject(uniquing: members))
        case .array:
            for (position, node) in pending { elements[position] = node.finish() ?? .object(ValueObject()) }
            return .array(elements)
        }
    }

    /// A child node for a value at `key` (or at the next array index).
    func child(_ key: (any CodingKey)?) -> ValueEncodingNode {
        ValueEncodingNode(parent: self, key: key, userInfo: sendableUserInfo, timeZone: timeZone)
    }

    /// Encodes a nested `Encodable` through a child node, with the fast paths first.
    func encodeNested<T: Encodable>(_ value: T, key: (any CodingKey)?) throws -> Value {
        if let special = try Self.special(value, at: self, key: key, timeZone: timeZone) { return special }
        let node = child(key)
        try value.encode(to: node)
        return node.finish() ?? .object(ValueObject())
    }

    /// The values encoded specially rather than through their own `encode(to:)`,
    /// checked by type identity (a pointer comparison) before any dynamic cast.
    static func special<T: Encodable>(
        _ value: T, at node: ValueEncodingNode?,
        key: (any CodingKey)? = nil, timeZone: TimeZone
    ) throws -> Value? {
        if T.self == Date.self, let date = value as? Date { return .string(DateText.iso8601(date, in: timeZone)) }
        if T.self == Data.self, let data = value as? Data { return .string(data.base64EncodedString()) }
        if T.self == URL.self, let url = value as? URL { return .string(url.absoluteString) }
        if T.self == Decimal.self, let decimal = value as? Decimal { return Value(decimal: decimal) }
        if T.self == Value.self, let value = value as? Value { return value }
        if T.self == ValueObject.self, let object = value as? ValueObject { return .object(object) }
        if T.self == Double.self, let double = value as? Double { return try number(double, node, key: key) }
        if T.self == Float.self, let float = value as? Float { return try number(float, node, key: key) }
        return nil
    }

    /// A finite floating-point number as a decimal; non-finite ones are errors.
    static func number<F: BinaryFloatingPoint & LosslessStringConvertible & Encodable>(
        _ value: F, _ node: ValueEncodingNode?, key: (any CodingKey)? = nil
    ) throws -> Value {
        guard value.isFinite else {
            var path = node?.codingPath ?? []
            if let key { path.append(key) }
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: path, debugDescription: "Unable to encode \(F.self).\(value) directly in JSON."))
        }
        if let double = value as? Double { return .decimal(double) }
        // A Float's shortest text (0.1, not 0.10000000149011612), as JSONEncoder writes it.
        return .decimal(Double(value.description) ?? Double(value))
    }

    /// An unsigned integer: `.integer` when it fits `Int`.
    static func unsigned<U: UnsignedInteger>(_ value: U) -> Value {
        value <= UInt64(Int.max) ? .integer(Int(value)) : .decimal(Double(value))
    }
}

/// The key naming a super-encoder's value: `"super"`, or an array index.
struct ValueCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue; intValue = nil }
    init(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
    static let `super` = ValueCodingKey(stringValue: "super")
}
