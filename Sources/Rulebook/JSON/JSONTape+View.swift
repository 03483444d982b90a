/// The kind of a JSON value.
package enum JSONKind: UInt8, Sendable, Hashable, CaseIterable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool
    /// Any number (integer or decimal).
    case number
    /// A string.
    case string
    /// An array.
    case array
    /// An object.
    case object
}

extension JSONTape {
    /// A value in a parsed tape: an entry index. Valid only with the tape (and parse)
    /// that produced it.
    package struct Node: Hashable, Sendable {
        /// The entry index in the tape.
        package let index: Int

        @usableFromInline
        init(_ index: Int) { self.index = index }
    }

    /// An object member: its key (a string node) and its value.
    package struct Member: Hashable, Sendable {
        /// The key, a string node.
        package let key: Node
        /// The value.
        package let value: Node

        @usableFromInline
        init(key: Node, value: Node) {
            self.key = key
            self.value = value
        }
    }

    /// Read access to a parsed tape together with the bytes it was parsed from.
    ///
    /// A view holds raw pointers, so it and the buffers it hands out live only inside
    /// ``JSONTape/withView(over:_:)-(UnsafeRawBufferPointer,_)``; that is also why it is
    /// not `Sendable`. All reads are O(1) except member lookup (linear in the object's
    /// members) and conversions to `String`/``Value``.
    package struct View {
        @usableFromInline let words: UnsafePointer<UInt64>?
        /// The number of entries (0 for an empty or mismatched tape).
        package let entryCount: Int
        @usableFromInline let bytes: UnsafePointer<UInt8>?

        @usableFromInline
        init(words: UnsafePointer<UInt64>?, entryCount: Int, bytes: UnsafePointer<UInt8>?) {
            self.words = words
            self.entryCount = entryCount
            self.bytes = bytes
        }

        /// The document's top-level value (`nil` when the tape is empty).
        package var root: Node? { entryCount > 0 ? Node(0) : nil }

        @inlinable @inline(__always)
        func word0(_ node: Node) -> UInt64 { words.unsafelyUnwrapped[node.index &* 2] }

        @inlinable @inline(__always)
        func word1(_ node: Node) -> UInt64 { words.unsafelyUnwrapped[node.index &* 2 &+ 1] }

        @inlinable @inline(__always)
        func rawKind(_ node: Node) -> UInt64 { word0(node) >> 56 }

        @inlinable @inline(__always)
        func offset(_ node: Node) -> Int { Int(truncatingIfNeeded: word0(node) & 0xFFFF_FFFF_FFFF) }

        /// The kind of `node`'s value.
        @inlinable @inline(__always)
        package func kind(of node: Node) -> JSONKind {
            switch rawKind(node) {
            case RawKind.null: .null
            case RawKind.false, RawKind.true: .bool
            case RawKind.number: .number
            case RawKind.string: .string
            case RawKind.array: .array
            default: .object
            }
        }

        /// The source range of `node` in the bytes (strings include their quotes,
        /// containers their brackets).
        package func range(of node: Node) -> SourceRange {
            let start = offset(node)
            switch rawKind(node) {
            case RawKind.string: return SourceRange(start: start, end: start + Int(word1(node)) + 2)
            case RawKind.array, RawKind.object:
                let close = Node(Int(word1(node) & 0xFFFF_FFFF) - 1)
                return SourceRange(start: start, end: offset(close) + 1)
            default: return SourceRange(start: start, end: start + Int(word1(node)))
            }
        }

        /// The node after `node`'s whole subtree (its next sibling, or its container's
        /// closing entry): O(1).
        @inlinable
        package func next(after node: Node) -> Node {
            let kind = rawKind(node)
            if kind == RawKind.array || kind == RawKind.object { return Node(Int(word1(node) & 0xFFFF_FFFF)) }
            return Node(node.index &+ 1)
        }

        /// The boolean, or `nil` when `node` is not `true`/`false`.
        @inlinable
        package func bool(of node: Node) -> Bool? {
            switch rawKind(node) {
            case RawKind.true: true
            case RawKind.false: false
            default: nil
            }
        }

        /// The number of elements of an array or members of an object (0 for others).
        @inlinable
        package func count(of node: Node) -> Int {
            let kind = rawKind(node)
            guard kind == RawKind.array || kind == RawKind.object else { return 0 }
            return Int(word1(node) >> 32)
        }

        // MARK: Strings

        /// Whether the string `node` contains backslash escapes (its raw bytes then
        /// differ from its text). `false` for non-strings.
        @inlinable
        package func hasEscapes(_ node: Node) -> Bool {
            rawKind(node) == RawKind.string && word0(node) & Flag.escaped != 0
        }

        /// The raw bytes between a string's quotes (escapes not resolved), or of a
        /// number's or literal's text; empty for containers.
        @inlinable @inline(__always)
        package func rawUTF8(of node: Node) -> UnsafeRawBufferPointer {
            let kind = rawKind(node)
            guard kind <= RawKind.string else { return UnsafeRawBufferPointer(start: nil, count: 0) }
            let start = offset(node) &+ (kind == RawKind.string ? 1 : 0)
            return UnsafeRawBufferPointer(start: bytes.unsafelyUnwrapped + start, count: Int(word1(node)))
        }

        /// Calls `body` with the UTF-8 text of the string `node` (escapes resolved, into
        /// `scratch` when needed), or `nil` when `node` is not a string.
        @inlinable
        package func withUTF8<R>(
            of node: Node, scratch: inout [UInt8],
            _ body: (UnsafeRawBufferPointer?) throws -> R
        ) rethrows -> R {
            guard rawKind(node) == RawKind.string else { return try body(nil) }
            let raw = rawUTF8(of: node)
            guard word0(node) & Flag.escaped != 0 else { return try body(raw) }
            if scratch.count < raw.count { scratch = [UInt8](repeating: 0, count: raw.count) }
            return try scratch.withUnsafeMutableBufferPointer { buffer in
                let start = offset(node) + 1
                let length = JSONScan.decodeEscaped(
                    bytes.unsafelyUnwrapped, start, start + raw.count,
                    into: buffer.baseAddress.unsafelyUnwrapped)
                return try body(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[0..<length]))
            }
        }

        /// The text of the string `node`, or `nil` when it is not a string (allocates).
        package func string(of node: Node) -> String? {
            guard rawKind(node) == RawKind.string else { return nil }
            let start = offset(node) + 1
            return JSONScan.makeString(
                bytes.unsafelyUnwrapped, start, start + Int(word1(node)),
                escaped: word0(node) & Flag.escaped != 0)
        }

        /// Whether the string `node`'s text equals the UTF-8 bytes `text`; `false` for
        /// non-strings. No allocation unless the string has escapes.
        @inlinable @inline(__always)
        package func stringEquals(_ node: Node, _ text: UnsafeRawBufferPointer) -> Bool {
            let word = word0(node)
            guard word >> 56 == RawKind.string else { return false }
            guard word & Flag.escaped == 0 else { return escapedStringEquals(node, text) }
            return Int(word1(node)) == text.count
                && Self.bytesEqual(bytes.unsafelyUnwrapped + (offset(node) &+ 1), text)
        }

        /// ``stringEquals(_:_:)`` for a string with escapes: decode, then compare.
        @usableFromInline @inline(never)
        func escapedStringEquals(_ node: Node, _ text: UnsafeRawBufferPointer) -> Bool {
            guard Int(word1(node)) >= text.count else { return false }  // decoding never lengthens
            var scratch = [UInt8]()
            return withUTF8(of: node, scratch: &scratch) { decoded in
                guard let decoded, decoded.count == text.count, let base = decoded.baseAddress else { return false }
                return Self.bytesEqual(base.assumingMemoryBound(to: UInt8.self), text)
            }
        }

        /// The first eight bytes of the object key `key` (fewer, zero-padded, for a
        /// shorter key) as one little-endian word: with its length, a key's
        /// ``KeyHead``. `key` must be a member key of an object, with no escapes.
        ///
        /// A key's quote, `:`, a value and a `,` or closing brace follow its text, at least
        /// four bytes, so one eight-byte load is within the bytes for a key of four bytes
        /// or more; a shorter one is read byte by byte.
        @inlinable @inline(__always)
        package func keyHead(_ key: Node) -> KeyHead {
            let length = Int(word1(key))
            let start = bytes.unsafelyUnwrapped + (offset(key) &+ 1)
            return KeyHead(length: length, start: start, readable: length >= 4 ? 8 : length)
        }

        @inlinable @inline(__always)
        static func bytesEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafeRawBufferPointer) -> Bool {
            let count = b.count
            guard count > 0, let bBase = b.baseAddress else { return true }
            var i = 0
            while i &+ 8 <= count {
                if UnsafeRawPointer(a + i).loadUnaligned(as: UInt64.self)
                    != (bBase + i).loadUnaligned(as: UInt64.self)
                {
                    return false
                }
                i &+= 8
            }
            while i < count {
                if a[i] != bBase.load(fromByteOffset: i, as: UInt8.self) { return false }
                i &+= 1
            }
            return true
        }

        // MARK: Numbers

        /// The text of the number `node` (empty for non-numbers).
        @inlinable
        package func numberText(of node: Node) -> UnsafeRawBufferPointer {
            guard rawKind(node) == RawKind.number else { return UnsafeRawBufferPointer(start: nil, count: 0) }
            return rawUTF8(of: node)
        }

        /// The number `node`, or `nil` when it is not a number.
        @inlinable
        package func number(of node: Node) -> JSONNumber? {
            guard rawKind(node) == RawKind.number else { return nil }
            let start = offset(node)
            return JSONNumber(
                validated: bytes.unsafelyUnwrapped, start, start &+ Int(word1(node)),
                integerSyntax: word0(node) & Flag.integerSyntax != 0)
        }

        // MARK: Containers

        /// The value of the member `key` (UTF-8 bytes of the decoded key) of the object
        /// `node`; `nil` when absent or `node` is not an object. With duplicate keys the
        /// last one wins, as in ``JSONReader``.
        @inlinable
        package func member(of node: Node, key: UnsafeRawBufferPointer) -> Node? {
            guard rawKind(node) == RawKind.object else { return nil }
            // Walk the members backwards, so the first match is the last occurrence and
            // the search can stop there. A closing entry leads back to its container's
            // opening entry in O(1), so stepping back over a member is constant time.
            let first = node.index &+ 1
            var end = Int(word1(node) & 0xFFFF_FFFF) &- 1  // the closing entry
            while end > first {
                let last = Node(end &- 1)
                let lastKind = rawKind(last)
                let value =
                    lastKind == RawKind.arrayEnd || lastKind == RawKind.objectEnd
                    ? Node(Int(word1(last) & 0xFFFF_FFFF)) : last
                let keyNode = Node(value.index &- 1)
                if stringEquals(keyNode, key) { return value }
                end = keyNode.index
            }
            return nil
        }

        /// The value of the member `key` of the object `node`; see ``member(of:key:)-(_,UnsafeRawBufferPointer)``.
        package func member(of node: Node, key: String) -> Node? {
            var key = key
            return key.withUTF8 { member(of: node, key: UnsafeRawBufferPointer($0)) }
        }

        /// The members of the object `node` in document order (duplicates included);
        /// empty for non-objects.
        @inlinable
        package func members(of node: Node) -> MemberSequence {
            guard rawKind(node) == RawKind.object else { return MemberSequence(view: self, start: 0, end: 0) }
            return MemberSequence(view: self, start: node.index &+ 1, end: Int(word1(node) & 0xFFFF_FFFF) &- 1)
        }

        /// The elements of the array `node` in order; empty for non-arrays.
        @inlinable
        package func elements(of node: Node) -> ElementSequence {
            guard rawKind(node) == RawKind.array else { return ElementSequence(view: self, start: 0, end: 0) }
            return ElementSequence(view: self, start: node.index &+ 1, end: Int(word1(node) & 0xFFFF_FFFF) &- 1)
        }

        /// The members of an object, lazily.
        package struct MemberSequence: Sequence, IteratorProtocol {
            @usableFromInline let view: View
            @usableFromInline var index: Int
            @usableFromInline let end: Int

            @usableFromInline
            init(view: View, start: Int, end: Int) {
                self.view = view
                self.index = start
                self.end = end
            }

            /// The next member.
            @inlinable
            package mutating func next() -> Member? {
                guard index < end else { return nil }
                let value = Node(index &+ 1)
                defer { index = view.next(after: value).index }
                return Member(key: Node(index), value: value)
            }
        }

        /// The elements of an array, lazily.
        package struct ElementSequence: Sequence, IteratorProtocol {
            @usableFromInline let view: View
            @usableFromInline var index: Int
            @usableFromInline let end: Int

            @usableFromInline
            init(view: View, start: Int, end: Int) {
                self.view = view
                self.index = start
                self.end = end
            }

            /// The next element.
            @inlinable
            package mutating func next() -> Node? {
                guard index < end else { return nil }
                let node = Node(index)
                index = view.next(after: node).index
                return node
            }
        }
    }
}

/// A key compared in two integer comparisons: its length and its first eight bytes
/// (zero-padded) as one word. Equal heads are equal keys up to eight bytes; a longer
/// key's remaining bytes are compared after its head (``matches(_:_:)``).
package struct KeyHead: Equatable, Sendable {
    /// The key's length in bytes.
    package let length: Int
    /// Its first `min(length, 8)` bytes, little-endian, zero above.
    package let word: UInt64

    /// The head of `bytes` (a rule's key, copied to no buffer).
    package init(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else {
            self.init(length: 0, word: 0)
            return
        }
        self.init(length: bytes.count, start: base.assumingMemoryBound(to: UInt8.self), readable: min(bytes.count, 8))
    }

    @usableFromInline
    init(length: Int, word: UInt64) {
        self.length = length
        self.word = word
    }

    /// `readable`: 8 when eight bytes may be loaded at `start`, else at most `length`.
    @inlinable @inline(__always)
    init(length: Int, start: UnsafePointer<UInt8>, readable: Int) {
        self.length = length
        if readable == 8 {
            let loaded = UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
            word = length >= 8 ? loaded : loaded & (1 &<< UInt64(length &* 8) &- 1)
        } else {
            var assembled: UInt64 = 0
            for index in 0..<min(readable, 8) { assembled |= UInt64(start[index]) &<< UInt64(index &* 8) }
            word = assembled
        }
    }
}
