import Rulebook

/// The project's JSON reader, as the connection uses it: the one JSON implementation in
/// Rulebook (no `JSONSerialization`). Outgoing messages are written by
/// ``Connection/send(_:)`` straight from ``JSONWriter``'s buffer.
enum JSONCodec {
    /// Limits for incoming messages: a whole document travels in one string, so strings
    /// may be as large as a message.
    static let limits = JSONLimits(maxDepth: 256, maxStringBytes: 64 << 20, maxNumberLength: 100, maxDocumentBytes: 64 << 20)

    /// Parses one message body.
    static func parse(_ bytes: [UInt8]) throws(JSONError) -> Value {
        try JSONReader(limits: limits).parse(bytes)
    }
}
