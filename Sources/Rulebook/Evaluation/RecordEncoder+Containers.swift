// The containers a `RecordEncoder` hands out for its root: keyed members go to the rules'
// slots; a single value goes to the root's `ValueEncodingNode`, switching the record's
// kind first. They encode and throw exactly as `ValueKeyedEncodingContainer` and
// `ValueSingleValueEncodingContainer` do at the root of a `ValueEncoder`.

struct RecordKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: RecordEncoder
    var codingPath: [any CodingKey] { [] }

    @inline(__always)
    private func put(_ value: Value, _ key: Key) { encoder.put(value, forKey: key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(try ValueEncodingNode.number(value, nil, key: key), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(try ValueEncodingNode.number(value, nil, key: key), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(.integer(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(.integer(Int(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(.integer(Int(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(.integer(Int(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(.integer(Int(value)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(ValueEncodingNode.unsigned(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(.integer(Int(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(.integer(Int(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(.integer(Int(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(ValueEncodingNode.unsigned(value), key) }

    // Synthesized conformances write optionals through these; the protocol's default
    // implementations are reached through one more generic hop each.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { if let value { put(.bool(value), key) } }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { if let value { put(.string(value), key) } }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { if let value { put(.integer(value), key) } }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { if let value { put(.integer(Int(value)), key) } }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { if let value { put(.integer(Int(value)), key) } }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { if let value { put(.integer(Int(value)), key) } }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { if let value { put(.integer(Int(value)), key) } }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { if let value { put(ValueEncodingNode.unsigned(value), key) } }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { if let value { put(.integer(Int(value)), key) } }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { if let value { put(.integer(Int(value)), key) } }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { if let value { put(.integer(Int(value)), key) } }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { if let value { put(ValueEncodingNode.unsigned(value), key) } }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        // Encoded even when no rule reads the member: its errors are thrown as before.
        put(try ValueEncodingNode.encodeNested(value, key: key, userInfo: encoder.sendableUserInfo), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        encoder.place(key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.place(key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { encoder.place(ValueCodingKey.super) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder.place(key) }
}

struct RecordSingleValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: RecordEncoder
    var codingPath: [any CodingKey] { [] }

    @inline(__always)
    private func put(_ value: Value) {
        encoder.become(.single)
        encoder.otherNode().single = value
    }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try ValueEncodingNode.number(value, nil)) }
    mutating func encode(_ value: Float) throws { put(try ValueEncodingNode.number(value, nil)) }
    mutating func encode(_ value: Int) throws { put(.integer(value)) }
    mutating func encode(_ value: Int8) throws { put(.integer(Int(value))) }
    mutating func encode(_ value: Int16) throws { put(.integer(Int(value))) }
    mutating func encode(_ value: Int32) throws { put(.integer(Int(value))) }
    mutating func encode(_ value: Int64) throws { put(.integer(Int(value))) }
    mutating func encode(_ value: UInt) throws { put(ValueEncodingNode.unsigned(value)) }
    mutating func encode(_ value: UInt8) throws { put(.integer(Int(value))) }
    mutating func encode(_ value: UInt16) throws { put(.integer(Int(value))) }
    mutating func encode(_ value: UInt32) throws { put(.integer(Int(value))) }
    mutating func encode(_ value: UInt64) throws { put(ValueEncodingNode.unsigned(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        // As `ValueSingleValueEncodingContainer`: the value replaces the root's content,
        // encoded at the root's coding path (empty).
        if let special = try ValueEncodingNode.special(value, at: nil) {
            put(special)
        } else {
            let child = ValueEncodingNode(parent: nil, key: nil, userInfo: encoder.sendableUserInfo)
            try value.encode(to: child)
            put(child.finish() ?? .object(ValueObject()))
        }
    }
}
