/// A strict RFC 8259 reader from UTF-8 bytes to ``Value``, in one pass.
///
/// - Strings must be well-formed UTF-8; escapes are checked (surrogate pairs combine,
///   lone surrogates are errors); unescaped control characters are errors.
/// - Numbers follow the JSON grammar exactly; integer syntax that fits `Int` becomes
///   `.integer`, every other number `.decimal`.
/// - A duplicate key replaces the earlier member's value (last wins).
/// - Nesting is handled with an explicit stack, never recursion, so no input can
///   overflow the call stack; ``JSONLimits`` bounds depth, string, number and document
///   sizes.
///
/// ```swift
/// let record = try JSONReader().parse(#"{"age": 34}"#)
/// ```
package struct JSONReader: Sendable {
    /// The limits every parse enforces.
    package var limits: JSONLimits

    /// Creates a reader with `limits`.
    package init(limits: JSONLimits = .default) {
        self.limits = limits
    }

    /// Reads one JSON value from UTF-8 `bytes`.
    package func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONError) -> Value {
        guard bytes.count <= limits.effectiveMaxDocumentBytes else { throw .documentTooLarge(limits) }
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), !bytes.isEmpty else {
            throw .endOfInput(0)
        }
        var builder = ValueBuilder(p: base, count: bytes.count, limits: limits)
        return try builder.run()
    }

    /// Reads one JSON value from UTF-8 `bytes`.
    package func parse(_ bytes: [UInt8]) throws(JSONError) -> Value {
        try JSONInput.with(bytes) { buffer throws(JSONError) in try parse(buffer) }
    }

    /// Reads one JSON value from `text`.
    package func parse(_ text: String) throws(JSONError) -> Value {
        try JSONInput.with(text) { buffer throws(JSONError) in try parse(buffer) }
    }
}

/// The explicit-stack builder behind ``JSONReader``: completed values of the open
/// containers wait on one flat stack (an object's keys as `.string` values between
/// them) and are gathered into an array or object when their container closes.
struct ValueBuilder {
    let p: UnsafePointer<UInt8>
    let count: Int
    let limits: JSONLimits
    var index = 0

    /// The values (and keys) of every open container, innermost last.
    var values: [Value] = []
    /// Open containers, innermost last: where their values start in `values`.
    var frames: [(start: Int, isObject: Bool)] = []

    init(p: UnsafePointer<UInt8>, count: Int, limits: JSONLimits) {
        self.p = p
        self.count = count
        self.limits = limits
    }

    mutating func run() throws(JSONError) -> Value {
        nextValue: while true {
            JSONScan.skipWhitespace(p, count, &index)
            guard index < count else { throw .endOfInput(count) }
            var value: Value
            switch p[index] {
            case ASCII.openBrace:
                try push(object: true)
                JSONScan.skipWhitespace(p, count, &index)
                guard index < count else { throw .endOfInput(count) }
                if p[index] == ASCII.closeBrace {
                    index += 1
                    value = pop()
                } else {
                    try readKey(after: "expected a string key or '}'")
                    continue nextValue
                }
            case ASCII.openBracket:
                try push(object: false)
                JSONScan.skipWhitespace(p, count, &index)
                guard index < count else { throw .endOfInput(count) }
                if p[index] == ASCII.closeBracket {
                    index += 1
                    value = pop()
                } else {
                    continue nextValue
                }
            default:
                value = try scalar()
            }
            // A value is complete: attach it to the innermost container, closing as many
            // containers as the input closes.
            while let frame = frames.last {
                values.append(value)
                let object = frame.isObject
                JSONScan.skipWhitespace(p, count, &index)
                guard index < count else { throw .endOfInput(count) }
                let byte = p[index]
                index += 1
                if byte == ASCII.comma {
                    if object {
                        JSONScan.skipWhitespace(p, count, &index)
                        try readKey(after: "expected a string key after ','")
                    }
                    continue nextValue
                }
                if object ? byte == ASCII.closeBrace : byte == ASCII.closeBracket {
                    value = pop()
                    continue
                }
                index -= 1
                throw .unexpected(
                    p, count, index,
                    object
                        ? "expected ',' or '}' after object member"
                        : "expected ',' or ']' after array element")
            }
            JSONScan.skipWhitespace(p, count, &index)
            guard index == count else { throw .trailing(p, count, index) }
            return value
        }
    }

    /// A string, number or literal at `index`.
    mutating func scalar() throws(JSONError) -> Value {
        let start = index
        switch p[start] {
        case ASCII.quote:
            let escaped = try JSONScan.scanString(p, count, &index, limits)
            return .string(JSONScan.makeString(p, start + 1, index - 1, escaped: escaped))
        case ASCII.minus, ASCII.zero...ASCII.nine:
            let integer = try JSONScan.scanNumber(p, count, &index, limits)
            return JSONNumber(validated: p, start, index, integerSyntax: integer).value
        case 0x74, 0x66, 0x6E:  // t f n
            switch try JSONScan.scanLiteral(p, count, &index) {
            case 0: return .null
            case 1: return .bool(false)
            default: return .bool(true)
            }
        default:
            throw .unexpected(p, count, start, "expected a value")
        }
    }

    /// Reads `"key" :` at `index` (white space already skipped) onto the value stack.
    mutating func readKey(after message: StaticString) throws(JSONError) {
        guard index < count else { throw .endOfInput(count) }
        guard p[index] == ASCII.quote else { throw .unexpected(p, count, index, message.description) }
        let start = index
        let escaped = try JSONScan.scanString(p, count, &index, limits)
        values.append(.string(JSONScan.makeString(p, start + 1, index - 1, escaped: escaped)))
        JSONScan.skipWhitespace(p, count, &index)
        guard index < count else { throw .endOfInput(count) }
        guard p[index] == ASCII.colon else { throw .unexpected(p, count, index, "expected ':' after object key") }
        index += 1
    }

    /// Opens a container at `index` (its bracket), enforcing the depth limit.
    mutating func push(object: Bool) throws(JSONError) {
        guard frames.count < limits.maxDepth else { throw .tooDeep(index, limits) }
        if frames.isEmpty {
            values.reserveCapacity(16)
            frames.reserveCapacity(4)
        }
        frames.append((values.count, object))
        index += 1
    }

    /// Closes the innermost container and returns it as a value.
    mutating func pop() -> Value {
        let frame = frames.removeLast()
        defer { values.removeSubrange(frame.start...) }
        guard frame.isObject else { return .array(Array(values[frame.start...])) }
        var members: [(key: String, value: Value)] = []
        members.reserveCapacity((values.count - frame.start) / 2)
        var position = frame.start
        while position + 1 < values.count {
            guard case .string(let key) = values[position] else { break }  // keys are always strings
            members.append((key, values[position + 1]))
            position += 2
        }
        return .object(ValueObject(uniquing: members))
    }
}
