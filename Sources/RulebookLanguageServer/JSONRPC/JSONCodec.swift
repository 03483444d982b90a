import Rulebook

/// The project's JSON reader and writer, as the connection uses them: the one JSON
/// implementation in Rulebook (no `JSONSerialization`).
enum JSONCodec {
    /// Limits for incoming messages: a whole document travels in one string, so strings
    /// may be as large as a message.
    static let limits = JSONLimits(maxDepth: 256, maxStringBytes: 64 << 20, maxNumberLength: 100, maxDocumentBytes: 64 << 20)

    /// Parses one message body.
    static func parse(_ bytes: [UInt8]) throws(JSONError) -> Value {
        try JSONReader(limits: limits).parse(bytes)
    }

    /// Serialises one outgoing message compactly.
    static func serialize(_ value: Value) -> [UInt8] {
        var buffer: [UInt8] = []
        JSONWriter().write(value, into: &buffer)
        return buffer
    }
}
