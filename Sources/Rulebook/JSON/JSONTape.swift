/// A flat, reusable representation of one JSON document, built from UTF-8 bytes with no
/// per-value heap objects: the streaming validator's input format.
///
/// The tape is an array of entries in document order, two `UInt64` words each:
///
/// | entry | word 0 | word 1 |
/// |---|---|---|
/// | `null` `false` `true` | kind, byte offset | byte length |
/// | number | kind, integer-syntax flag, byte offset | byte length of the text |
/// | string (value or key) | kind, has-escapes flag, offset of the opening quote | byte length between the quotes |
/// | `[` `{` | kind, offset of the bracket | member/element count (high 32 bits), index one past the closing entry (low 32 bits) |
/// | `]` `}` | kind, offset of the bracket | index of the opening entry |
///
/// An object's members are its key and value entries in turn. Because every container
/// records where it ends, a subtree is skipped in O(1). Strings are not copied: a string
/// without escapes is read straight from the input bytes, one with escapes is decoded on
/// demand into a caller's scratch buffer (``View/withUTF8(of:scratch:_:)``).
///
/// Reuse one tape per thread: ``parse(_:)`` keeps the storage's capacity, so a stream of
/// records costs no allocation once the largest record has been seen.
///
/// ```swift
/// var tape = JSONTape()
/// try tape.parse(lineBytes)
/// tape.withView(over: lineBytes) { view in
///     if let age = view.member(of: view.root, key: "age"), let n = view.number(of: age) { … }
/// }
/// ```
public struct JSONTape: Sendable {
    /// The limits every parse enforces (the same as ``JSONReader``'s).
    public var limits: JSONLimits
    /// Two words per entry; see the type's documentation.
    @usableFromInline var words: [UInt64] = []
    /// Scratch for parsing: the entry indices of the open containers.
    var openContainers: [Int] = []
    /// The length of the bytes last parsed successfully (the view checks it).
    @usableFromInline var byteCount = 0

    /// Creates an empty tape.
    public init(limits: JSONLimits = .default) {
        self.limits = limits
    }

    /// The number of entries (0 before a successful parse).
    public var entryCount: Int { words.count >> 1 }

    /// Empties the tape, keeping its storage for the next document.
    public mutating func reset() {
        words.removeAll(keepingCapacity: true)
        byteCount = 0
    }

    /// Parses one JSON document from `bytes`, replacing the tape's contents.
    ///
    /// The tape refers to `bytes` by offset; read it through ``withView(over:_:)`` with
    /// the same bytes. On error the tape is empty.
    public mutating func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONError) {
        var entries = [UInt64]()
        var stack = [Int]()
        // Work on local arrays (moved out, capacity kept) so appends need no exclusivity
        // checks against `self`.
        swap(&entries, &words)
        swap(&stack, &openContainers)
        entries.removeAll(keepingCapacity: true)
        stack.removeAll(keepingCapacity: true)
        byteCount = 0
        defer {
            swap(&entries, &words)
            swap(&stack, &openContainers)
        }
        guard bytes.count <= limits.effectiveMaxDocumentBytes else { throw .documentTooLarge(limits) }
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), !bytes.isEmpty else {
            throw .endOfInput(0)
        }
        do {
            try Self.build(base, bytes.count, limits, &entries, &stack)
        } catch {
            entries.removeAll(keepingCapacity: true)
            throw error
        }
        byteCount = bytes.count
    }

    /// Parses one JSON document from `bytes`; see ``parse(_:)-(UnsafeRawBufferPointer)``.
    public mutating func parse(_ bytes: [UInt8]) throws(JSONError) {
        try JSONInput.with(bytes) { buffer throws(JSONError) in try parse(buffer) }
    }

    /// Calls `body` with a view that reads the tape over `bytes`, which must be the bytes
    /// last given to ``parse(_:)-(UnsafeRawBufferPointer)`` (same address and contents).
    ///
    /// The view and every buffer it hands out are valid only inside `body`.
    public func withView<R>(over bytes: UnsafeRawBufferPointer, _ body: (View) throws -> R) rethrows -> R {
        // A mismatched length means the caller passed other bytes: reading offsets into
        // them could run past their end, so such a view is given an empty tape instead.
        let matches = bytes.count == byteCount && byteCount > 0
        return try words.withUnsafeBufferPointer { entries in
            let view = View(
                words: matches ? entries.baseAddress : nil,
                entryCount: matches ? entries.count >> 1 : 0,
                bytes: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self))
            return try body(view)
        }
    }

    /// Calls `body` with a view over `bytes`; see ``withView(over:_:)-(UnsafeRawBufferPointer,_)``.
    public func withView<R>(over bytes: [UInt8], _ body: (View) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes { buffer in try withView(over: buffer, body) }
    }
}

extension JSONTape {
    /// Entry kinds as stored in the top byte of word 0.
    @usableFromInline
    enum RawKind {
        @usableFromInline static let null: UInt64 = 0
        @usableFromInline static let `false`: UInt64 = 1
        @usableFromInline static let `true`: UInt64 = 2
        @usableFromInline static let number: UInt64 = 3
        @usableFromInline static let string: UInt64 = 4
        @usableFromInline static let array: UInt64 = 5
        @usableFromInline static let object: UInt64 = 6
        @usableFromInline static let arrayEnd: UInt64 = 7
        @usableFromInline static let objectEnd: UInt64 = 8
    }

    /// Flags in bits 48–55 of word 0.
    @usableFromInline
    enum Flag {
        /// A string containing at least one backslash escape.
        @usableFromInline static let escaped: UInt64 = 1 << 48
        /// A number without fraction or exponent.
        @usableFromInline static let integerSyntax: UInt64 = 2 << 48
    }

    /// The parser: a loop over values with an explicit stack of open containers.
    /// `entries` and `stack` arrive empty.
    static func build(_ p: UnsafePointer<UInt8>, _ count: Int, _ limits: JSONLimits,
                      _ entries: inout [UInt64], _ stack: inout [Int]) throws(JSONError) {
        var i = 0
        nextValue: while true {
            JSONScan.skipWhitespace(p, count, &i)
            guard i < count else { throw .endOfInput(count) }
            let byte = p[i]
            if byte == ASCII.openBrace || byte == ASCII.openBracket {
                guard stack.count < limits.maxDepth else { throw .tooDeep(i, limits) }
                let isObject = byte == ASCII.openBrace
                stack.append(entries.count >> 1)
                entries.append((isObject ? RawKind.object : RawKind.array) << 56 | UInt64(i))
                entries.append(0)
                i += 1
                JSONScan.skipWhitespace(p, count, &i)
                guard i < count else { throw .endOfInput(count) }
                if p[i] == (isObject ? ASCII.closeBrace : ASCII.closeBracket) {
                    close(at: i, &entries, &stack)
                    i += 1
                } else {
                    if isObject { try key(p, count, &i, limits, &entries, "expected a string key or '}'") }
                    continue nextValue
                }
            } else {
                try scalar(p, count, &i, limits, &entries)
            }
            // A value is complete: count it in its container, then close as many
            // containers as the input closes.
            while let open = stack.last {
                entries[open &* 2 &+ 1] &+= 1 << 32
                JSONScan.skipWhitespace(p, count, &i)
                guard i < count else { throw .endOfInput(count) }
                let isObject = entries[open &* 2] >> 56 == RawKind.object
                let next = p[i]
                if next == ASCII.comma {
                    i += 1
                    if isObject {
                        JSONScan.skipWhitespace(p, count, &i)
                        try key(p, count, &i, limits, &entries, "expected a string key after ','")
                    }
                    continue nextValue
                }
                guard next == (isObject ? ASCII.closeBrace : ASCII.closeBracket) else {
                    throw .unexpected(i, isObject ? "expected ',' or '}' after object member"
                                                  : "expected ',' or ']' after array element")
                }
                close(at: i, &entries, &stack)
                i += 1
            }
            JSONScan.skipWhitespace(p, count, &i)
            guard i == count else { throw .trailing(i) }
            return
        }
    }

    /// Appends the closing entry of the innermost container (its bracket at `offset`).
    @inline(__always)
    static func close(at offset: Int, _ entries: inout [UInt64], _ stack: inout [Int]) {
        let open = stack.removeLast()
        let closeIndex = entries.count >> 1
        let kind = entries[open &* 2] >> 56 == RawKind.object ? RawKind.objectEnd : RawKind.arrayEnd
        entries.append(kind << 56 | UInt64(offset))
        entries.append(UInt64(open))
        entries[open &* 2 &+ 1] |= UInt64(closeIndex + 1)
    }

    /// Appends a string, number or literal entry for the value at `i`.
    @inline(__always)
    static func scalar(_ p: UnsafePointer<UInt8>, _ count: Int, _ i: inout Int, _ limits: JSONLimits,
                       _ entries: inout [UInt64]) throws(JSONError) {
        let start = i
        switch p[start] {
        case ASCII.quote:
            let escaped = try JSONScan.scanString(p, count, &i, limits)
            entries.append(RawKind.string << 56 | (escaped ? Flag.escaped : 0) | UInt64(start))
            entries.append(UInt64(i - start - 2))
        case ASCII.minus, ASCII.zero...ASCII.nine:
            let integer = try JSONScan.scanNumber(p, count, &i, limits)
            entries.append(RawKind.number << 56 | (integer ? Flag.integerSyntax : 0) | UInt64(start))
            entries.append(UInt64(i - start))
        case 0x74, 0x66, 0x6E:  // t f n
            let literal = try JSONScan.scanLiteral(p, count, &i)
            entries.append(UInt64(literal) << 56 | UInt64(start))  // RawKind null/false/true = 0/1/2
            entries.append(UInt64(i - start))
        default:
            throw .unexpected(start, "expected a value")
        }
    }

    /// Appends the key entry for `"key" :` at `i` (white space already skipped).
    @inline(__always)
    static func key(_ p: UnsafePointer<UInt8>, _ count: Int, _ i: inout Int, _ limits: JSONLimits,
                    _ entries: inout [UInt64], _ message: StaticString) throws(JSONError) {
        guard i < count else { throw .endOfInput(count) }
        guard p[i] == ASCII.quote else { throw .unexpected(i, message.description) }
        let start = i
        let escaped = try JSONScan.scanString(p, count, &i, limits)
        entries.append(RawKind.string << 56 | (escaped ? Flag.escaped : 0) | UInt64(start))
        entries.append(UInt64(i - start - 2))
        JSONScan.skipWhitespace(p, count, &i)
        guard i < count else { throw .endOfInput(count) }
        guard p[i] == ASCII.colon else { throw .unexpected(i, "expected ':' after object key") }
        i += 1
    }
}
