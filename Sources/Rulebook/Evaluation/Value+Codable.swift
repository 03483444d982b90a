// `Value` as Codable, so it can sit inside other Codable types (a raw JSON payload in a
// request struct) and be encoded by JSONEncoder or ValueEncoder.

extension Value: Codable {
    /// Encodes the JSON value it is.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let object):
            try object.encode(to: encoder)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        default:
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case .bool(let flag): try container.encode(flag)
            case .integer(let integer): try container.encode(integer)
            case .decimal(let decimal): try container.encode(decimal)
            case .string(let text): try container.encode(text)
            default: break
            }
        }
    }

    /// Decodes whatever JSON value is there (object member order follows the decoder).
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() { self = .null; return }
            if let flag = try? container.decode(Bool.self) { self = .bool(flag); return }
            if let integer = try? container.decode(Int.self) { self = .integer(integer); return }
            if let decimal = try? container.decode(Double.self) { self = .decimal(decimal); return }
            if let text = try? container.decode(String.self) { self = .string(text); return }
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [Value] = []
            while !container.isAtEnd { elements.append(try container.decode(Value.self)) }
            self = .array(elements)
            return
        }
        self = .object(try ValueObject(from: decoder))
    }
}

extension ValueObject: Codable {
    /// Encodes the members in order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ValueCodingKey.self)
        for member in members { try container.encode(member.value, forKey: ValueCodingKey(stringValue: member.key)) }
    }

    /// Decodes an object (member order follows the decoder's `allKeys`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ValueCodingKey.self)
        var members: [(key: String, value: Value)] = []
        for key in container.allKeys { members.append((key.stringValue, try container.decode(Value.self, forKey: key))) }
        self.init(members)
    }
}
