/// A field path given to ``CompiledRuleSet/validateField(_:in:options:)`` as text:
/// identifiers and `"quoted keys"` joined by `.`, with `[*]` or `[N]` after a segment;
/// or, as written in rule files and catalogue keys, with `[*]` only.
struct FieldQuery: Equatable {
    /// The path with every index written as `[*]`.
    let pattern: FieldPath
    /// Per `[*]` of the pattern, the index given (nil for `[*]`).
    let indices: [Int?]

    /// - Parameter asWritten: only what rule files and catalogue keys write: no `[N]`, no
    ///   `[*]` where a key is expected, and unquoted keys that are identifiers.
    init?(parsing text: String, asWritten: Bool = false) {
        var segments: [FieldPath.Segment] = []
        var indices: [Int?] = []
        let bytes = Array(text.utf8)
        var position = 0
        var expectKey = true
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "[") {
                guard !segments.isEmpty, !(asWritten && expectKey), let close = bytes[position...].firstIndex(of: UInt8(ascii: "]"))
                else { return nil }
                let inside = bytes[(position + 1)..<close]
                if inside.elementsEqual("*".utf8) {
                    indices.append(nil)
                } else {
                    guard !asWritten, !inside.isEmpty, inside.count < 19, inside.allSatisfy(TextFormats.isASCIIDigit),
                        let index = Int(String(decoding: inside, as: UTF8.self))
                    else { return nil }
                    indices.append(index)
                }
                segments.append(.wildcard)
                position = close + 1
                expectKey = false
            } else if byte == UInt8(ascii: ".") {
                guard !expectKey else { return nil }
                expectKey = true
                position += 1
            } else {
                guard expectKey, let (key, end) = Self.key(bytes, from: position) else { return nil }
                if asWritten && byte != UInt8(ascii: "\"") && !FieldPath.isIdentifier(key) { return nil }
                segments.append(.key(key))
                position = end
                expectKey = false
            }
        }
        guard !segments.isEmpty, !expectKey else { return nil }
        self.pattern = FieldPath(segments)
        self.indices = indices
    }

    /// A bare key up to `.`/`[`, or a quoted key with `\"` and `\\` escapes.
    private static func key(_ bytes: [UInt8], from start: Int) -> (String, Int)? {
        if bytes[start] == UInt8(ascii: "\"") {
            var key: [UInt8] = []
            var position = start + 1
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") { return (String(decoding: key, as: UTF8.self), position + 1) }
                if byte == UInt8(ascii: "\\"), position + 1 < bytes.count { position += 1 }
                key.append(bytes[position])
                position += 1
            }
            return nil
        }
        var end = start
        while end < bytes.count && bytes[end] != UInt8(ascii: ".") && bytes[end] != UInt8(ascii: "[") { end += 1 }
        guard end > start else { return nil }
        return (String(decoding: bytes[start..<end], as: UTF8.self), end)
    }
}
