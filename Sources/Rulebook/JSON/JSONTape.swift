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
package struct JSONTape: Sendable {
    /// The limits every parse enforces (the same as ``JSONReader``'s).
    package var limits: JSONLimits
    /// The entries, two words each; see the type's documentation.
    @usableFromInline var storage: JSONTapeStorage
    /// The number of words in use (two per entry).
    @usableFromInline var wordCount = 0
    /// The length of the bytes last parsed successfully (the view checks it).
    @usableFromInline var byteCount = 0

    /// Creates an empty tape.
    package init(limits: JSONLimits = .default) {
        self.limits = limits
        storage = JSONTapeStorage(capacity: 256)
    }

    /// The number of entries (0 before a successful parse).
    package var entryCount: Int { wordCount >> 1 }

    /// Empties the tape, keeping its storage for the next document.
    package mutating func reset() {
        wordCount = 0
        byteCount = 0
    }

    /// Parses one JSON document from `bytes`, replacing the tape's contents.
    ///
    /// The tape refers to `bytes` by offset; read it through ``withView(over:_:)`` with
    /// the same bytes. On error the tape is empty.
    package mutating func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONError) {
        wordCount = 0
        byteCount = 0
        // Copies of a tape share storage until one of them parses (copy on write).
        if !isKnownUniquelyReferenced(&storage) { storage = JSONTapeStorage(capacity: storage.capacity) }
        guard bytes.count <= limits.effectiveMaxDocumentBytes else { throw .documentTooLarge(limits) }
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), !bytes.isEmpty else {
            throw .endOfInput(0)
        }
        var builder = JSONTapeBuilder(storage: storage, p: base, count: bytes.count, limits: limits)
        defer { if let grown = builder.grown { storage = grown } }
        try builder.build()
        wordCount = builder.used
        byteCount = bytes.count
    }

    /// Parses one JSON document from `bytes`; see ``parse(_:)-(UnsafeRawBufferPointer)``.
    package mutating func parse(_ bytes: [UInt8]) throws(JSONError) {
        try JSONInput.with(bytes) { buffer throws(JSONError) in try parse(buffer) }
    }

    /// Calls `body` with a view that reads the tape over `bytes`, which must be the bytes
    /// last given to ``parse(_:)-(UnsafeRawBufferPointer)`` (same address and contents).
    ///
    /// The view and every buffer it hands out are valid only inside `body`.
    @inlinable
    package func withView<R>(over bytes: UnsafeRawBufferPointer, _ body: (View) throws -> R) rethrows -> R {
        // A mismatched length means the caller passed other bytes: reading offsets into
        // them could run past their end, so such a view is given an empty tape instead.
        let matches = bytes.count == byteCount && byteCount > 0
        return try withExtendedLifetime(storage) {
            let view = View(
                words: matches ? UnsafePointer(storage.base) : nil,
                entryCount: matches ? wordCount >> 1 : 0,
                bytes: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self))
            return try body(view)
        }
    }

    /// Calls `body` with a view over `bytes`; see ``withView(over:_:)-(UnsafeRawBufferPointer,_)``.
    package func withView<R>(over bytes: [UInt8], _ body: (View) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes { buffer in try withView(over: buffer, body) }
    }
}

/// The tape's words in one manually managed buffer, so appending an entry is two stores
/// and an add, without `Array.append`'s capacity and uniqueness checks per call.
///
/// Immutable (growing allocates a new storage), so reading its fields needs no dynamic
/// exclusivity checks on the hot path.
@usableFromInline
final class JSONTapeStorage: @unchecked Sendable {
    // Safety: the words are written only by `JSONTape.parse`, after making its reference
    // unique (`JSONTape` has value semantics); views only read them.
    @usableFromInline let base: UnsafeMutablePointer<UInt64>
    @usableFromInline let capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 16)
        base = UnsafeMutablePointer<UInt64>.allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }
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
}

/// The parser behind ``JSONTape/parse(_:)-(UnsafeRawBufferPointer)``: a loop over values
/// with no call stack per nesting level and no stack array either — each open
/// container's entry temporarily holds its parent's index in its low 32 bits until it
/// closes, when that field becomes the index one past its closing entry.
struct JSONTapeBuilder {
    let p: UnsafePointer<UInt8>
    let count: Int
    let limits: JSONLimits
    var words: UnsafeMutablePointer<UInt64>
    var capacity: Int
    /// Words written.
    var used = 0
    /// The larger storage the words moved to, if they outgrew the tape's.
    var grown: JSONTapeStorage?

    /// No open container.
    static let noContainer: UInt64 = 0xFFFF_FFFF

    init(storage: JSONTapeStorage, p: UnsafePointer<UInt8>, count: Int, limits: JSONLimits) {
        self.p = p
        self.count = count
        self.limits = limits
        words = storage.base
        capacity = storage.capacity
    }

    @inline(__always)
    mutating func emit(_ word0: UInt64, _ word1: UInt64) {
        if used &+ 2 > capacity { grow() }
        words[used] = word0
        words[used &+ 1] = word1
        used &+= 2
    }

    @inline(never)
    mutating func grow() {
        let larger = JSONTapeStorage(capacity: capacity * 2)
        larger.base.update(from: words, count: used)
        grown = larger
        words = larger.base
        capacity = larger.capacity
    }

    mutating func build() throws(JSONError) {
        typealias RawKind = JSONTape.RawKind
        var i = 0
        var open = Self.noContainer  // the innermost open container's entry index
        var depth = 0
        var inObject = false
        nextValue: while true {
            JSONScan.skipWhitespace(p, count, &i)
            guard i < count else { throw .endOfInput(count) }
            let byte = p[i]
            if byte == ASCII.openBrace || byte == ASCII.openBracket {
                guard depth < limits.maxDepth else { throw .tooDeep(i, limits) }
                depth &+= 1
                inObject = byte == ASCII.openBrace
                let index = UInt64(used >> 1)
                emit((inObject ? RawKind.object : RawKind.array) << 56 | UInt64(i), open)
                open = index
                i &+= 1
                JSONScan.skipWhitespace(p, count, &i)
                guard i < count else { throw .endOfInput(count) }
                if p[i] == (inObject ? ASCII.closeBrace : ASCII.closeBracket) {
                    close(&open, &depth, &inObject, at: i)
                    i &+= 1
                } else {
                    if inObject { try key(&i, "expected a string key or '}'") }
                    continue nextValue
                }
            } else {
                // A scalar, its entry appended here rather than by a method: the loop is
                // large enough that the optimiser may decline to inline a call here, and
                // an out-of-line scalar costs its state a trip through memory per value.
                let start = i
                switch byte {
                case ASCII.quote:
                    let escaped = try JSONScan.scanString(p, count, &i, limits)
                    emit(
                        RawKind.string << 56 | (escaped ? JSONTape.Flag.escaped : 0) | UInt64(start),
                        UInt64(i &- start &- 2))
                case ASCII.minus, ASCII.zero...ASCII.nine:
                    let integer = try JSONScan.scanNumber(p, count, &i, limits)
                    emit(
                        RawKind.number << 56 | (integer ? JSONTape.Flag.integerSyntax : 0) | UInt64(start),
                        UInt64(i &- start))
                case 0x74, 0x66, 0x6E:  // t f n
                    let literal = try JSONScan.scanLiteral(p, count, &i)
                    emit(UInt64(literal) << 56 | UInt64(start), UInt64(i &- start))  // RawKind null/false/true = 0/1/2
                default:
                    throw .unexpected(p, count, start, "expected a value")
                }
            }
            // A value is complete: count it in its container, then close as many
            // containers as the input closes.
            while open != Self.noContainer {
                words[Int(open) &* 2 &+ 1] &+= 1 << 32
                JSONScan.skipWhitespace(p, count, &i)
                guard i < count else { throw .endOfInput(count) }
                let next = p[i]
                if next == ASCII.comma {
                    i &+= 1
                    if inObject {
                        JSONScan.skipWhitespace(p, count, &i)
                        try key(&i, "expected a string key after ','")
                    }
                    continue nextValue
                }
                guard next == (inObject ? ASCII.closeBrace : ASCII.closeBracket) else {
                    throw .unexpected(
                        p, count, i,
                        inObject
                            ? "expected ',' or '}' after object member"
                            : "expected ',' or ']' after array element")
                }
                close(&open, &depth, &inObject, at: i)
                i &+= 1
            }
            JSONScan.skipWhitespace(p, count, &i)
            guard i == count else { throw .trailing(p, count, i) }
            return
        }
    }

    /// Appends the closing entry of the innermost container (its bracket at `offset`)
    /// and makes its parent the innermost.
    @inline(__always)
    mutating func close(_ open: inout UInt64, _ depth: inout Int, _ inObject: inout Bool, at offset: Int) {
        typealias RawKind = JSONTape.RawKind
        let openWord = Int(open) &* 2
        let closeIndex = UInt64(used >> 1)
        emit((inObject ? RawKind.objectEnd : RawKind.arrayEnd) << 56 | UInt64(offset), open)
        let parent = words[openWord &+ 1] & 0xFFFF_FFFF
        words[openWord &+ 1] = words[openWord &+ 1] & ~0xFFFF_FFFF | (closeIndex &+ 1)
        open = parent
        depth &-= 1
        if parent != Self.noContainer { inObject = words[Int(parent) &* 2] >> 56 == RawKind.object }
    }

    /// Appends the key entry for `"key" :` at `i` (white space already skipped).
    @inline(__always)
    mutating func key(_ i: inout Int, _ message: StaticString) throws(JSONError) {
        guard i < count else { throw .endOfInput(count) }
        guard p[i] == ASCII.quote else { throw .unexpected(p, count, i, message.description) }
        let start = i
        let escaped = try JSONScan.scanString(p, count, &i, limits)
        emit(JSONTape.RawKind.string << 56 | (escaped ? JSONTape.Flag.escaped : 0) | UInt64(start), UInt64(i &- start &- 2))
        JSONScan.skipWhitespace(p, count, &i)
        guard i < count else { throw .endOfInput(count) }
        guard p[i] == ASCII.colon else { throw .unexpected(p, count, i, "expected ':' after object key") }
        i &+= 1
    }
}
