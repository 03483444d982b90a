// The containers a `RecordEncoder` hands out for its root: keyed members go to the rules'
// slots; a single value goes to the root's `ValueEncodingNode`, switching the record's
// kind first. They encode and throw exactly as `ValueKeyedEncodingContainer` and
// `ValueSingleValueEncodingContainer` do at the root of a `ValueEncoder`.

struct RecordKeyedEncodingContainer<Key: CodingKey>: ValueKeyedWriting {
    let encoder: RecordEncoder
    var codingPath: [any CodingKey] { [] }
    var numberNode: ValueEncodingNode? { nil }

    @inline(__always)
    func put(_ value: Value, _ key: Key) { encoder.put(value, forKey: key.stringValue) }


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

struct RecordSingleValueEncodingContainer: ValueSingleWriting {
    let encoder: RecordEncoder
    var codingPath: [any CodingKey] { [] }
    var numberNode: ValueEncodingNode? { nil }

    @inline(__always)
    func put(_ value: Value) {
        encoder.become(.single)
        encoder.otherNode().single = value
    }


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
