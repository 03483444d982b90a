/// Follows the nesting of JSON text byte by byte — strings, escapes, `{}` and `[]` —
/// without parsing values, so readers can find where a value or an array element
/// ends while bytes arrive in chunks. Malformed text is the JSON reader's business;
/// the scanner only needs to be right about well-formed text and never crash.
struct JSONStructureScanner: Sendable {
    /// Open brackets and braces outside strings.
    private(set) var depth = 0
    private var inString = false
    private var escaped = false

    /// Advances over `byte`; returns how the structure changed.
    @inline(__always)
    mutating func consume(_ byte: UInt8) -> Event {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
                return .closedString
            }
            return .none
        }
        switch byte {
        case UInt8(ascii: "\""):
            inString = true
            return .openedString
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            depth += 1
            return .opened
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth = max(0, depth - 1)
            return .closed
        case UInt8(ascii: ","):
            return .comma
        default:
            return .none
        }
    }

    /// Whether the scanner is inside a string literal.
    var isInString: Bool { inString }

    /// What one byte did.
    enum Event: Equatable {
        case none, openedString, closedString, opened, closed, comma
    }

    /// JSON white space.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
