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
public struct JSONReader: Sendable {
    /// The limits every parse enforces.
    public var limits: JSONLimits

    /// Creates a reader with `limits`.
    public init(limits: JSONLimits = .default) {
        self.limits = limits
    }

    /// Reads one JSON value from UTF-8 `bytes`.
    public func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONError) -> Value {
        guard bytes.count <= limits.effectiveMaxDocumentBytes else { throw .documentTooLarge(limits) }
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), !bytes.isEmpty else {
            throw .endOfInput(0)
        }
        var builder = ValueBuilder(p: base, count: bytes.count, limits: limits)
        return try builder.run()
    }

    /// Reads one JSON value from UTF-8 `bytes`.
    public func parse(_ bytes: [UInt8]) throws(JSONError) -> Value {
        try JSONInput.with(bytes) { buffer throws(JSONError) in try parse(buffer) }
    }

    /// Reads one JSON value from `text`.
    public func parse(_ text: String) throws(JSONError) -> Value {
        try JSONInput.with(text) { buffer throws(JSONError) in try parse(buffer) }
    }
}

/// The explicit-stack builder behind ``JSONReader``: one frame per open container.
struct ValueBuilder {
    let p: UnsafePointer<UInt8>
    let count: Int
    let limits: JSONLimits
    var index = 0

    /// Open containers, innermost last: `true` for an object.
    var isObject: [Bool] = []
    /// Elements of the open arrays, innermost last.
    var arrays: [[Value]] = []
    /// Members of the open objects, innermost last.
    var objects: [[(key: String, value: Value)]] = []
    /// The key awaiting its value, one per open object.
    var keys: [String] = []

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
            while true {
                guard let object = isObject.last else {
                    JSONScan.skipWhitespace(p, count, &index)
                    guard index == count else { throw .trailing(index) }
                    return value
                }
                if object {
                    objects[objects.count - 1].append((keys.removeLast(), value))
                } else {
                    arrays[arrays.count - 1].append(value)
                }
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
                throw .unexpected(index, object ? "expected ',' or '}' after object member"
                                                : "expected ',' or ']' after array element")
            }
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
            throw .unexpected(start, "expected a value")
        }
    }

    /// Reads `"key" :` at `index` (white space already skipped) into `keys`.
    mutating func readKey(after message: String) throws(JSONError) {
        guard index < count else { throw .endOfInput(count) }
        guard p[index] == ASCII.quote else { throw .unexpected(index, message) }
        let start = index
        let escaped = try JSONScan.scanString(p, count, &index, limits)
        keys.append(JSONScan.makeString(p, start + 1, index - 1, escaped: escaped))
        JSONScan.skipWhitespace(p, count, &index)
        guard index < count else { throw .endOfInput(count) }
        guard p[index] == ASCII.colon else { throw .unexpected(index, "expected ':' after object key") }
        index += 1
    }

    /// Opens a container at `index` (its bracket), enforcing the depth limit.
    mutating func push(object: Bool) throws(JSONError) {
        guard isObject.count < limits.maxDepth else { throw .tooDeep(index, limits) }
        isObject.append(object)
        if object { objects.append([]) } else { arrays.append([]) }
        index += 1
    }

    /// Closes the innermost container and returns it as a value.
    mutating func pop() -> Value {
        if isObject.removeLast() {
            return .object(ValueObject(objects.removeLast()))
        }
        return .array(arrays.removeLast())
    }
}
