// Decoding string literals. The lexer has already validated (and reported) escapes, so
// decoding is lenient: an invalid escape is kept as written, and an unterminated string
// runs to the token's end.

extension ParserState {
    /// The value of a string token: quotes removed, escapes decoded.
    @inline(__always)
    func decodeString(_ token: CompactToken) -> String {
        ParserState.decodeString(token, bytes: bytes, strings: strings)
    }

    /// ``decodeString(_:)`` of a token of `bytes`.
    static func decodeString(_ token: CompactToken, bytes: UnsafeBufferPointer<UInt8>, strings: StringInterner) -> String {
        let literal = bytes[token.range.start..<token.range.end]
        // Without escapes the value is the bytes between the quotes, made once per parse.
        // (Performance: a plain loop; `Slice.contains` costs several times more per byte.)
        let inner = min(token.range.start + 1, token.range.end)
        var offset = inner
        while offset < token.range.end && bytes[offset] != UInt8(ascii: "\\") { offset += 1 }
        if offset == token.range.end {
            let close = literal.last == UInt8(ascii: "\"") && token.range.end - inner >= 1 ? token.range.end - 1 : token.range.end
            return strings.string(from: inner, to: close)
        }
        return ParserState.decodeStringLiteral(literal)
    }

    /// Decodes `"…"` given as UTF-8 bytes (quotes included; a missing closing quote is fine).
    static func decodeStringLiteral(_ literal: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        var index = literal.startIndex + 1
        let end = literal.endIndex
        guard index <= end else { return "" }
        // Fast path: no escapes, so the value is the bytes between the quotes.
        if !literal[index..<end].contains(UInt8(ascii: "\\")) {
            let close = literal.last == UInt8(ascii: "\"") && end - index >= 1 ? end - 1 : end
            return String(decoding: literal[index..<close], as: UTF8.self)
        }
        var output: [UInt8] = []
        output.reserveCapacity(end - index)
        while index < end {
            let byte = literal[index]
            if byte == UInt8(ascii: "\"") { break }
            guard byte == UInt8(ascii: "\\"), index + 1 < end else {
                output.append(byte)
                index += 1
                continue
            }
            let next = literal[index + 1]
            switch next {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(next); index += 2
            case UInt8(ascii: "n"): output.append(UInt8(ascii: "\n")); index += 2
            case UInt8(ascii: "t"): output.append(UInt8(ascii: "\t")); index += 2
            case UInt8(ascii: "r"): output.append(UInt8(ascii: "\r")); index += 2
            case UInt8(ascii: "u"):
                if let (scalar, length) = unicodeEscape(literal, at: index) {
                    UTF8.encode(scalar) { output.append($0) }
                    index += length
                } else {
                    output.append(byte)
                    index += 1
                }
            default:
                output.append(byte)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `\u{XXXX}` at `index`: the scalar and the escape's length in bytes, if valid.
    static func unicodeEscape(_ literal: Slice<UnsafeBufferPointer<UInt8>>, at index: Int) -> (Unicode.Scalar, Int)? {
        var cursor = index + 2
        guard cursor < literal.endIndex, literal[cursor] == UInt8(ascii: "{") else { return nil }
        cursor += 1
        var value: UInt32 = 0
        var digits = 0
        while cursor < literal.endIndex, isHexDigit(literal[cursor]), digits < 9 {
            let byte = literal[cursor]
            value = value << 4 | UInt32(isDigit(byte) ? byte - UInt8(ascii: "0") : (byte | 0x20) - UInt8(ascii: "a") + 10)
            digits += 1
            cursor += 1
        }
        guard (1...8).contains(digits), cursor < literal.endIndex, literal[cursor] == UInt8(ascii: "}"),
            let scalar = Unicode.Scalar(value)
        else { return nil }
        return (scalar, cursor + 1 - index)
    }
}
