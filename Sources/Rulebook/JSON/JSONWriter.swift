/// Writes ``Value``s as JSON text: compact by default, or pretty (2-space indent).
///
/// - Object members are written in their stored order.
/// - Strings: `"` and `\` are escaped, control characters as `\b \f \n \r \t` or
///   `\u00XX`; everything else (including non-ASCII) is written as UTF-8.
/// - Integers exactly; decimals as Swift's shortest round-tripping text (`0.1`, `1e-07`,
///   `2.0`); NaN and infinities, which JSON cannot express, as `null`.
///
/// Writing recurses once per nesting level; values read by ``JSONReader`` are bounded
/// by its depth limit.
public struct JSONWriter: Sendable {
    /// Whether to write one member or element per line, indented by two spaces.
    public var pretty: Bool

    /// Creates a writer.
    public init(pretty: Bool = false) {
        self.pretty = pretty
    }

    /// `value` as JSON text.
    public func string(from value: Value) -> String {
        var buffer: [UInt8] = []
        write(value, into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Appends `value` as JSON to `buffer`.
    public func write(_ value: Value, into buffer: inout [UInt8]) {
        write(value, into: &buffer, indent: 0)
    }

    private func write(_ value: Value, into buffer: inout [UInt8], indent: Int) {
        switch value {
        case .null: Self.appendLiteral("null", into: &buffer)
        case .bool(let flag): Self.appendLiteral(flag ? "true" : "false", into: &buffer)
        case .integer(let integer): Self.appendInteger(integer, into: &buffer)
        case .decimal(let decimal): Self.appendDecimal(decimal, into: &buffer)
        case .string(let text): Self.appendJSONString(text, into: &buffer)
        case .array(let elements):
            buffer.append(ASCII.openBracket)
            for (position, element) in elements.enumerated() {
                if position > 0 { buffer.append(ASCII.comma) }
                newline(&buffer, indent + 1)
                write(element, into: &buffer, indent: indent + 1)
            }
            if !elements.isEmpty { newline(&buffer, indent) }
            buffer.append(ASCII.closeBracket)
        case .object(let object):
            buffer.append(ASCII.openBrace)
            for (position, member) in object.members.enumerated() {
                if position > 0 { buffer.append(ASCII.comma) }
                newline(&buffer, indent + 1)
                Self.appendJSONString(member.key, into: &buffer)
                buffer.append(ASCII.colon)
                if pretty { buffer.append(ASCII.space) }
                write(member.value, into: &buffer, indent: indent + 1)
            }
            if object.count > 0 { newline(&buffer, indent) }
            buffer.append(ASCII.closeBrace)
        }
    }

    /// In pretty mode, a line break and `level` indentation steps.
    private func newline(_ buffer: inout [UInt8], _ level: Int) {
        guard pretty else { return }
        buffer.append(ASCII.newline)
        buffer.append(contentsOf: repeatElement(ASCII.space, count: 2 * level))
    }

    static func appendLiteral(_ literal: StaticString, into buffer: inout [UInt8]) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}

extension JSONWriter {
    /// Appends `text` as a quoted, escaped JSON string: the fast path for NDJSON output.
    public static func appendJSONString(_ text: String, into buffer: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendJSONString(utf8: UnsafeRawBufferPointer($0), into: &buffer) }
    }

    /// Appends the UTF-8 text `utf8` (assumed well-formed) as a quoted, escaped JSON
    /// string. Runs of bytes needing no escape are copied in one step.
    public static func appendJSONString(utf8: UnsafeRawBufferPointer, into buffer: inout [UInt8]) {
        buffer.append(ASCII.quote)
        guard let base = utf8.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            buffer.append(ASCII.quote)
            return
        }
        let count = utf8.count
        var runStart = 0, index = 0
        while index < count {
            // Eight bytes at a time while none is `"`, `\` or a control character
            // (non-ASCII bytes are flagged too and simply stepped over below).
            if index &+ 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let mask = JSONScan.specialByteMask(word)
                if mask == 0 {
                    index &+= 8
                    continue
                }
                index &+= mask.trailingZeroBitCount >> 3
            }
            let byte = base[index]
            guard byte < 0x20 || byte == ASCII.quote || byte == ASCII.backslash else {
                index &+= 1
                continue
            }
            if runStart < index { buffer.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index - runStart)) }
            appendEscape(byte, into: &buffer)
            index &+= 1
            runStart = index
        }
        if runStart < count { buffer.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: count - runStart)) }
        buffer.append(ASCII.quote)
    }

    /// The escape of one byte that must not appear raw in a JSON string.
    private static func appendEscape(_ byte: UInt8, into buffer: inout [UInt8]) {
        buffer.append(ASCII.backslash)
        switch byte {
        case ASCII.quote, ASCII.backslash: buffer.append(byte)
        case 0x08: buffer.append(0x62)  // b
        case 0x0C: buffer.append(0x66)  // f
        case 0x0A: buffer.append(0x6E)  // n
        case 0x0D: buffer.append(0x72)  // r
        case 0x09: buffer.append(0x74)  // t
        default:
            let hex: [UInt8] = Array("0123456789abcdef".utf8)
            buffer.append(contentsOf: [0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])  // u00XX
        }
    }

    /// Appends `value` in decimal, exactly.
    public static func appendInteger(_ value: Int, into buffer: inout [UInt8]) {
        if value < 0 { buffer.append(ASCII.minus) }
        var magnitude = value.magnitude
        // Digits are produced backwards into a small stack buffer, then copied.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var position = 20
            repeat {
                position -= 1
                digits[position] = ASCII.zero + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: digits[position..<20]))
        }
    }

    /// Appends `value` as the shortest text that reads back as the same `Double`, or
    /// `null` when it is not finite.
    public static func appendDecimal(_ value: Double, into buffer: inout [UInt8]) {
        guard value.isFinite else { appendLiteral("null", into: &buffer); return }
        buffer.append(contentsOf: value.description.utf8)
    }
}
