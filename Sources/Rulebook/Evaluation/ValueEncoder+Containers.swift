// The three container kinds of ``ValueEncoder``; each writes into its node's storage.
// The keyed and single-value ones take their scalar members from `ValueEncoder+Scalars.swift`;
// the unkeyed one names each element's index in errors, so it keeps its own.

struct ValueKeyedEncodingContainer<Key: CodingKey>: ValueKeyedWriting {
    let node: ValueEncodingNode
    var codingPath: [any CodingKey] { node.codingPath }
    var numberNode: ValueEncodingNode? { node }

    @inline(__always)
    func put(_ value: Value, _ key: Key) { node.members.append((key.stringValue, value)) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        put(try node.encodeNested(value, key: key), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        node.placeMember(key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        node.placeMember(key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: ValueCodingKey.super) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key) }

    private func superEncoder(named key: any CodingKey) -> any Encoder {
        node.placeMember(key)
    }
}

struct ValueUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let node: ValueEncodingNode
    var codingPath: [any CodingKey] { node.codingPath }
    var count: Int { node.elements.count }

    @inline(__always)
    private func put(_ value: Value) { node.elements.append(value) }

    private var nextKey: ValueCodingKey { ValueCodingKey(intValue: count) }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try ValueEncodingNode.number(value, node, key: nextKey)) }
    mutating func encode(_ value: Float) throws { put(try ValueEncodingNode.number(value, node, key: nextKey)) }
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
        put(try node.encodeNested(value, key: nextKey))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        node.placeElement().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        node.placeElement().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        node.placeElement()
    }
}

struct ValueSingleValueEncodingContainer: ValueSingleWriting {
    let node: ValueEncodingNode
    var codingPath: [any CodingKey] { node.codingPath }
    var numberNode: ValueEncodingNode? { node }

    @inline(__always)
    func put(_ value: Value) {
        node.become(.single)
        node.single = value
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        // The value replaces this node's content; encoding it into the same node keeps
        // its coding path (as JSONEncoder does for single-value wrappers).
        if let special = try ValueEncodingNode.special(value, at: node, timeZone: node.timeZone) {
            put(special)
        } else {
            let child = node.child(nil)
            try value.encode(to: child)
            put(child.finish() ?? .object(ValueObject()))
        }
    }
}
