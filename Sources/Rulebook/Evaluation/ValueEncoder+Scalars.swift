// The scalar members of the containers that turn what they are given into `Value`s,
// written once: the `ValueEncoder`'s keyed and single-value containers differ only in
// where a value goes (`put`) and which node a non-finite number's error names. The concrete-type overloads exist so synthesized
// `encode(to:)` implementations, which call them directly, never go through the generic
// path.
//
// Performance: every method is `@inline(__always)`, so the conformances' witnesses do not
// call the protocol extension's generic bodies unspecialised.

/// A keyed container that stores each member as a `Value`.
protocol ValueKeyedWriting: KeyedEncodingContainerProtocol {
    /// Stores `value` under `key`.
    func put(_ value: Value, _ key: Key)
    /// The node a non-finite number's error is reported at (`nil`: the root).
    var numberNode: ValueEncodingNode? { get }
}

extension ValueKeyedWriting {
    @inline(__always) mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
    @inline(__always) mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
    @inline(__always) mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
    @inline(__always) mutating func encode(_ value: Double, forKey key: Key) throws {
        put(try ValueEncodingNode.number(value, numberNode, key: key), key)
    }
    @inline(__always) mutating func encode(_ value: Float, forKey key: Key) throws {
        put(try ValueEncodingNode.number(value, numberNode, key: key), key)
    }
    @inline(__always) mutating func encode(_ value: Int, forKey key: Key) throws { put(.integer(value), key) }
    @inline(__always) mutating func encode(_ value: Int8, forKey key: Key) throws { put(.integer(Int(value)), key) }
    @inline(__always) mutating func encode(_ value: Int16, forKey key: Key) throws { put(.integer(Int(value)), key) }
    @inline(__always) mutating func encode(_ value: Int32, forKey key: Key) throws { put(.integer(Int(value)), key) }
    @inline(__always) mutating func encode(_ value: Int64, forKey key: Key) throws { put(.integer(Int(value)), key) }
    @inline(__always) mutating func encode(_ value: UInt, forKey key: Key) throws { put(ValueEncodingNode.unsigned(value), key) }
    @inline(__always) mutating func encode(_ value: UInt8, forKey key: Key) throws { put(.integer(Int(value)), key) }
    @inline(__always) mutating func encode(_ value: UInt16, forKey key: Key) throws { put(.integer(Int(value)), key) }
    @inline(__always) mutating func encode(_ value: UInt32, forKey key: Key) throws { put(.integer(Int(value)), key) }
    @inline(__always) mutating func encode(_ value: UInt64, forKey key: Key) throws { put(ValueEncodingNode.unsigned(value), key) }

    // Synthesized conformances write optionals through these; the protocol's default
    // implementations are reached through one more generic hop each.
    @inline(__always) mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { if let value { put(.bool(value), key) } }
    @inline(__always) mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { if let value { put(.string(value), key) } }
    @inline(__always) mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) }
    }
    @inline(__always) mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) }
    }
    @inline(__always) mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { if let value { put(.integer(value), key) } }
    @inline(__always) mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
        if let value { put(.integer(Int(value)), key) }
    }
    @inline(__always) mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
        if let value { put(.integer(Int(value)), key) }
    }
    @inline(__always) mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
        if let value { put(.integer(Int(value)), key) }
    }
    @inline(__always) mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        if let value { put(.integer(Int(value)), key) }
    }
    @inline(__always) mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
        if let value { put(ValueEncodingNode.unsigned(value), key) }
    }
    @inline(__always) mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
        if let value { put(.integer(Int(value)), key) }
    }
    @inline(__always) mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
        if let value { put(.integer(Int(value)), key) }
    }
    @inline(__always) mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
        if let value { put(.integer(Int(value)), key) }
    }
    @inline(__always) mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
        if let value { put(ValueEncodingNode.unsigned(value), key) }
    }
}

/// A single-value container that stores its value as a `Value`.
protocol ValueSingleWriting: SingleValueEncodingContainer {
    /// Stores `value` as the container's content.
    func put(_ value: Value)
    /// The node a non-finite number's error is reported at (`nil`: the root).
    var numberNode: ValueEncodingNode? { get }
}

extension ValueSingleWriting {
    @inline(__always) mutating func encodeNil() throws { put(.null) }
    @inline(__always) mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    @inline(__always) mutating func encode(_ value: String) throws { put(.string(value)) }
    @inline(__always) mutating func encode(_ value: Double) throws { put(try ValueEncodingNode.number(value, numberNode)) }
    @inline(__always) mutating func encode(_ value: Float) throws { put(try ValueEncodingNode.number(value, numberNode)) }
    @inline(__always) mutating func encode(_ value: Int) throws { put(.integer(value)) }
    @inline(__always) mutating func encode(_ value: Int8) throws { put(.integer(Int(value))) }
    @inline(__always) mutating func encode(_ value: Int16) throws { put(.integer(Int(value))) }
    @inline(__always) mutating func encode(_ value: Int32) throws { put(.integer(Int(value))) }
    @inline(__always) mutating func encode(_ value: Int64) throws { put(.integer(Int(value))) }
    @inline(__always) mutating func encode(_ value: UInt) throws { put(ValueEncodingNode.unsigned(value)) }
    @inline(__always) mutating func encode(_ value: UInt8) throws { put(.integer(Int(value))) }
    @inline(__always) mutating func encode(_ value: UInt16) throws { put(.integer(Int(value))) }
    @inline(__always) mutating func encode(_ value: UInt32) throws { put(.integer(Int(value))) }
    @inline(__always) mutating func encode(_ value: UInt64) throws { put(ValueEncodingNode.unsigned(value)) }
}
