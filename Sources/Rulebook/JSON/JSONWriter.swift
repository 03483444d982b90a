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
package struct JSONWriter: Sendable {
    /// Whether to write one member or element per line, indented by two spaces.
    package var pretty: Bool

    /// Creates a writer.
    package init(pretty: Bool = false) {
        self.pretty = pretty
    }

    /// `value` as JSON text.
    package func string(from value: Value) -> String {
        JSONOutput.withOutput { output in
            write(value, to: &output, indent: 0)
            return String(decoding: UnsafeBufferPointer(start: output.base, count: output.count), as: UTF8.self)
        }
    }

    /// Appends `value` as JSON to `buffer`.
    package func write(_ value: Value, into buffer: inout [UInt8]) {
        JSONOutput.withOutput { output in
            write(value, to: &output, indent: 0)
            buffer.append(contentsOf: UnsafeBufferPointer(start: output.base, count: output.count))
        }
    }

    /// Writes `value` as JSON and calls `body` with the text, valid only during the call.
    ///
    /// Memory: no copy of the text is made, which matters for a large answer written once
    /// (the language server's symbols of a long file).
    package func withJSON<Result>(_ value: Value, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        JSONOutput.withOutput { output in
            write(value, to: &output, indent: 0)
            return body(UnsafeBufferPointer(start: output.base, count: output.count))
        }
    }

    private func write(_ value: Value, to output: inout JSONOutput, indent: Int) {
        switch value {
        case .null: output.append("null")
        case .bool(let flag): output.append(flag ? "true" : "false")
        case .integer(let integer): output.appendInteger(integer)
        case .decimal(let decimal):
            if decimal.isFinite { output.append(decimal.description) } else { output.append("null") }
        case .string(let text): output.appendJSONString(text)
        case .array(let elements):
            output.append(ASCII.openBracket)
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(ASCII.comma) }
                newline(&output, indent + 1)
                write(element, to: &output, indent: indent + 1)
            }
            if !elements.isEmpty { newline(&output, indent) }
            output.append(ASCII.closeBracket)
        case .object(let object):
            output.append(ASCII.openBrace)
            for (position, member) in object.members.enumerated() {
                if position > 0 { output.append(ASCII.comma) }
                newline(&output, indent + 1)
                output.appendJSONString(member.key)
                output.append(ASCII.colon)
                if pretty { output.append(ASCII.space) }
                write(member.value, to: &output, indent: indent + 1)
            }
            if object.count > 0 { newline(&output, indent) }
            output.append(ASCII.closeBrace)
        }
    }

    /// In pretty mode, a line break and `level` indentation steps.
    private func newline(_ output: inout JSONOutput, _ level: Int) {
        guard pretty else { return }
        output.append(ASCII.newline)
        for _ in 0..<(2 * level) { output.append(ASCII.space) }
    }
}

extension JSONWriter {
    /// Appends `text` as a quoted, escaped JSON string: the fast path for NDJSON output.
    package static func appendJSONString(_ text: String, into buffer: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendJSONString(utf8: UnsafeRawBufferPointer($0), into: &buffer) }
    }

    /// Appends the UTF-8 text `utf8` (assumed well-formed) as a quoted, escaped JSON
    /// string.
    package static func appendJSONString(utf8: UnsafeRawBufferPointer, into buffer: inout [UInt8]) {
        // Common case, nothing to escape: three appends.
        if JSONOutput.firstByteToEscape(utf8) == utf8.count {
            buffer.append(ASCII.quote)
            buffer.append(contentsOf: utf8)
            buffer.append(ASCII.quote)
            return
        }
        JSONOutput.withOutput { output in
            output.appendJSONString(utf8: utf8)
            buffer.append(contentsOf: UnsafeBufferPointer(start: output.base, count: output.count))
        }
    }

    /// Appends `value` in decimal, exactly.
    package static func appendInteger(_ value: Int, into buffer: inout [UInt8]) {
        if value >= 0 && value < 10 {
            buffer.append(ASCII.zero &+ UInt8(truncatingIfNeeded: value))
            return
        }
        withDecimalDigits(of: value) { buffer.append(contentsOf: $0) }
    }

    /// Calls `body` with the decimal text of `value` (a leading `-` when negative).
    ///
    /// The digits are produced backwards into a small stack buffer and handed over once,
    /// so each writer appends them in one copy.
    @inline(__always)
    static func withDecimalDigits<R>(of value: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { digits in
            var magnitude = value.magnitude
            var position = 21
            repeat {
                position -= 1
                digits[position] = ASCII.zero &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                position -= 1
                digits[position] = ASCII.minus
            }
            return body(UnsafeBufferPointer(rebasing: digits[position..<21]))
        }
    }
}

/// A growable byte buffer for the writer: it starts on the stack (most lines fit in a
/// kilobyte) and moves to the heap only when it must, so writing a line costs one
/// `Array.append` instead of one per token with its uniqueness and capacity checks.
struct JSONOutput {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int
    private var onHeap = false

    /// Calls `body` with an empty output, freeing it afterwards.
    static func withOutput<R>(_ body: (inout JSONOutput) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { stack in
            var output = JSONOutput(base: stack.baseAddress.unsafelyUnwrapped, capacity: stack.count)
            defer { if output.onHeap { output.base.deallocate() } }
            return body(&output)
        }
    }

    private init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(1) }
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafePointer<UInt8>, count length: Int) {
        if count &+ length > capacity { grow(length) }
        (base + count).update(from: bytes, count: length)
        count &+= length
    }

    mutating func append(_ literal: StaticString) {
        append(literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            if let start = buffer.baseAddress { append(start, count: buffer.count) }
        }
    }

    @inline(never)
    private mutating func grow(_ extra: Int) {
        let newCapacity = Swift.max(capacity * 2, count + extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        if onHeap { base.deallocate() }
        base = newBase
        capacity = newCapacity
        onHeap = true
    }

    /// Appends `value` in decimal.
    mutating func appendInteger(_ value: Int) {
        JSONWriter.withDecimalDigits(of: value) { digits in
            append(digits.baseAddress.unsafelyUnwrapped, count: digits.count)
        }
    }

    mutating func appendJSONString(_ text: String) {
        var text = text
        text.withUTF8 { appendJSONString(utf8: UnsafeRawBufferPointer($0)) }
    }

    /// Appends `utf8` quoted, copying runs that need no escape in one step.
    mutating func appendJSONString(utf8: UnsafeRawBufferPointer) {
        append(ASCII.quote)
        guard let base = utf8.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            append(ASCII.quote)
            return
        }
        var rest = utf8
        var runStart = base
        while true {
            let index = Self.firstByteToEscape(rest)
            let position = rest.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self) + index
            guard index < rest.count else { break }
            append(runStart, count: position - runStart)
            appendEscape(position.pointee)
            runStart = position + 1
            rest = UnsafeRawBufferPointer(start: position + 1, count: rest.count - index - 1)
        }
        append(runStart, count: base + utf8.count - runStart)
        append(ASCII.quote)
    }

    /// The index of the first byte of `utf8` that must be escaped (`"`, `\`, a control
    /// character), or its count. Eight bytes at a time.
    static func firstByteToEscape(_ utf8: UnsafeRawBufferPointer) -> Int {
        guard let base = utf8.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
        let count = utf8.count
        var index = 0
        while index < count {
            if index &+ 8 <= count {
                let mask = JSONScan.specialByteMask(UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)))
                if mask == 0 {
                    index &+= 8
                    continue
                }
                // The mask also flags non-ASCII bytes, which need no escape: step over.
                index &+= mask.trailingZeroBitCount >> 3
            }
            let byte = base[index]
            if byte < 0x20 || byte == ASCII.quote || byte == ASCII.backslash { return index }
            index &+= 1
        }
        return count
    }

    /// The escape of one byte that must not appear raw in a JSON string.
    private mutating func appendEscape(_ byte: UInt8) {
        append(ASCII.backslash)
        switch byte {
        case ASCII.quote, ASCII.backslash: append(byte)
        case 0x08: append(0x62)  // b
        case 0x0C: append(0x66)  // f
        case 0x0A: append(0x6E)  // n
        case 0x0D: append(0x72)  // r
        case 0x09: append(0x74)  // t
        default:
            let hex: StaticString = "0123456789abcdef"
            append("u00")
            append(hex.utf8Start[Int(byte >> 4)])
            append(hex.utf8Start[Int(byte & 0xF)])
        }
    }
}
