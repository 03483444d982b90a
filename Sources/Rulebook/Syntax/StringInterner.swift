// Performance: the parser makes a `String` for every identifier, path key, number text,
// string literal, pattern and message key of a file (the syntax tree's package shape).
// Most of them repeat (`required`, `minLength`, `2`, `"GB"`), and making a `String` from
// bytes validates them as UTF-8 and, past 15 bytes, allocates. The interner hashes the
// bytes instead and hands out the string made for the first occurrence, which is both
// cheaper to get and cheaper to free (a shared buffer, one release).

/// Strings made from byte ranges of one source buffer, each distinct byte sequence made
/// once. Lives for one parse: the ranges it remembers point into that parse's buffer.
/// (A class over a manually allocated table: lookups are plain loads, with no array
/// uniqueness checks or copies of the slots' strings.)
///
/// Performance: a key of at most 16 bytes (names, keys, numbers: nearly every lookup) is
/// kept in its slot as two words, hashed and compared as those words, without reading
/// the first occurrence's bytes again; longer keys are hashed with ``UTF8Bytes/hash(_:)``
/// and compared byte for byte. (The lookups 19.2M → 15.6M instructions per half of the
/// 100,000-line file, a parse 382.7M → 376.0M, callgrind of `rulebook-bench parseonly
/// --keep`; docs/performance.md, "The parse's critical path".)
final class StringInterner {
    private struct Slot {
        /// A key of at most ``shortLength`` bytes: its bytes as two little-endian words,
        /// zero past its end. A longer key: its hash, and where its first occurrence
        /// starts in the buffer.
        var first: UInt64
        var second: UInt64
        /// The key's length in bytes; 0 for an empty slot (the empty key is never stored).
        var length: Int
        var string: String
    }

    /// Longer byte runs are made directly: rarely repeated, and not worth hashing.
    static let maxLength = 64
    /// Keys up to this length are held as two words (see the type's comment).
    static let shortLength = 16
    /// The table's largest size (655 KB of slots). Past half of it, strings not seen yet
    /// are made directly: a table of a huge file's every distinct name would be tens of
    /// megabytes probed at random, and its cache misses cost more than interning saves
    /// (the words that repeat — validator names, small numbers — come early anyway).
    /// Performance: every slot of the table is written when it is made, so each of the
    /// two parts of a large file's parse touched 1.3 MB at `1 << 15`, filled past half by
    /// names used once (`field123`; see docs/performance.md, "Parser footprint").
    static let maxCapacity = 1 << 14

    private let bytes: UnsafeBufferPointer<UInt8>
    private var slots: UnsafeMutablePointer<Slot>
    private var capacity: Int
    /// How many distinct strings the table holds.
    private(set) var count = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // A power of two; grown when half full (a 100,000-line file grows it once or twice).
        var capacity = 256
        while capacity < bytes.count / 40 && capacity < StringInterner.maxCapacity { capacity <<= 1 }
        self.capacity = capacity
        slots = StringInterner.emptyTable(capacity)
    }

    deinit {
        slots.deinitialize(count: capacity)
        slots.deallocate()
    }

    private static func emptyTable(_ capacity: Int) -> UnsafeMutablePointer<Slot> {
        let table = UnsafeMutablePointer<Slot>.allocate(capacity: capacity)
        table.initialize(repeating: Slot(first: 0, second: 0, length: 0, string: ""), count: capacity)
        return table
    }

    /// The string of the buffer's bytes `start..<end` (well-formed UTF-8 or not: the same
    /// repair as `String(decoding:as:)`, which makes it).
    func string(from start: Int, to end: Int) -> String {
        let length = end - start
        guard length > 0 else { return "" }
        guard length <= StringInterner.maxLength, let base = bytes.baseAddress else {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        let mask = capacity - 1
        let first: UInt64
        let second: UInt64
        let hash: UInt64
        var probes = 0
        if length <= StringInterner.shortLength {
            (first, second) = StringInterner.words(UnsafeRawPointer(base + start), length, readable: bytes.count - start)
            hash = StringInterner.shortHash(first, second, length)
            var index = Int(truncatingIfNeeded: hash) & mask
            while true {
                let slot = slots + index
                let slotLength = slot.pointee.length
                if slotLength == 0 { break }
                if slotLength == length, slot.pointee.first == first, slot.pointee.second == second {
                    return slot.pointee.string
                }
                probes &+= 1
                if probes == StringInterner.maxProbes { return makeString(start, end) }
                index = (index + 1) & mask
            }
        } else {
            hash = StringInterner.hash(UnsafeRawPointer(base + start), length)
            (first, second) = (hash, UInt64(start))
            var index = Int(truncatingIfNeeded: hash) & mask
            while true {
                let slot = slots + index
                let slotLength = slot.pointee.length
                if slotLength == 0 { break }
                if slotLength == length, slot.pointee.first == hash,
                   UTF8Bytes.equal(UnsafeRawPointer(base + Int(slot.pointee.second)), UnsafeRawPointer(base + start), count: length) {
                    return slot.pointee.string
                }
                probes &+= 1
                if probes == StringInterner.maxProbes { return makeString(start, end) }
                index = (index + 1) & mask
            }
        }
        let string = makeString(start, end)
        if (count + 1) * 2 > capacity {
            guard capacity < StringInterner.maxCapacity else { return string }  // full: not interned
            grow()
        }
        var index = Int(truncatingIfNeeded: hash) & (capacity - 1)
        while slots[index].length != 0 { index = (index + 1) & (capacity - 1) }
        slots[index] = Slot(first: first, second: second, length: length, string: string)
        count += 1
        return string
    }

    /// A lookup gives up after this many slots and makes the string directly, without
    /// interning it: the hashes are not seeded, so a hostile file could crowd its names
    /// into one stretch of the table and make every lookup walk all of it (quadratic time;
    /// the checker's tables bound their probing for the same reason, see `HashSlots`).
    static let maxProbes = 256

    /// The string of `start..<end`, made directly.
    @inline(__always)
    private func makeString(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// Doubles the table (kept at most half full, so probes stay short).
    private func grow() {
        let old = slots
        let oldCapacity = capacity
        capacity *= 2
        slots = StringInterner.emptyTable(capacity)
        let mask = capacity - 1
        for position in 0..<oldCapacity where old[position].length != 0 {
            let slot = old[position]
            let hash = slot.length <= StringInterner.shortLength ? StringInterner.shortHash(slot.first, slot.second, slot.length) : slot.first
            var index = Int(truncatingIfNeeded: hash) & mask
            while slots[index].length != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
        old.deinitialize(count: oldCapacity)
        old.deallocate()
    }

    /// The `length` (1–16) bytes at `pointer` as two little-endian words, zero past
    /// `length`; `readable` bytes from `pointer` may be read (two whole words when there
    /// are 16, else byte by byte).
    @inline(__always)
    static func words(_ pointer: UnsafeRawPointer, _ length: Int, readable: Int) -> (UInt64, UInt64) {
        if readable >= 16 {
            let low = UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self))
            let high = UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            return length >= 8 ? (low, high & lowBytesMask(length - 8)) : (low & lowBytesMask(length), 0)
        }
        var low: UInt64 = 0
        var high: UInt64 = 0
        for offset in 0..<length {
            let byte = UInt64(pointer.load(fromByteOffset: offset, as: UInt8.self))
            if offset < 8 { low |= byte << (8 * offset) } else { high |= byte << (8 * (offset - 8)) }
        }
        return (low, high)
    }

    /// A word whose low `count` (0–8) bytes are all ones.
    @inline(__always)
    static func lowBytesMask(_ count: Int) -> UInt64 {
        count >= 8 ? ~0 : (1 << (8 * UInt64(count))) &- 1
    }

    /// A hash of a short key's two words and length (multiplies and shifts, so that every
    /// byte reaches the low bits that pick a slot).
    @inline(__always)
    static func shortHash(_ first: UInt64, _ second: UInt64, _ length: Int) -> UInt64 {
        var hash = (first &* 0x9E37_79B9_7F4A_7C15) ^ second ^ UInt64(truncatingIfNeeded: length)
        hash = (hash ^ hash >> 31) &* 0xBF58_476D_1CE4_E5B9
        return hash ^ hash >> 29
    }

    /// ``UTF8Bytes/hash(_:)`` of `length` bytes at `pointer` (the one byte hash of the
    /// package; the caller guarantees them readable).
    @inline(__always)
    static func hash(_ pointer: UnsafeRawPointer, _ length: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: UTF8Bytes.hash(UnsafeBufferPointer(start: pointer.assumingMemoryBound(to: UInt8.self), count: length)))
    }
}

/// A stack of elements from which the parser takes finished lists as exactly sized arrays.
///
/// Performance: a rule list, an argument list or a path grown element by element
/// reallocates its array at 1, 2, 4, … elements; built here and moved out, each list costs
/// one allocation, and no element is retained or released on the way. Lists nest (a path
/// inside an argument inside a rule): each list remembers the stack's height when it
/// started (``height``) and takes everything above it.
final class SyntaxListStack<Element> {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// The number of elements on the stack.
    private(set) var height = 0

    init(capacity: Int = 64) {
        self.capacity = max(1, capacity)
        storage = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
    }

    deinit {
        storage.deinitialize(count: height)
        storage.deallocate()
    }

    /// Pushes `element` (moved in, not copied).
    func push(_ element: consuming Element) {
        if height == capacity {
            let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: storage, count: height)
            storage.deallocate()
            storage = larger
            capacity *= 2
        }
        (storage + height).initialize(to: element)
        height += 1
    }

    /// The element on top, if the stack is above `base`.
    func top(above base: Int) -> Element? {
        height > base ? storage[height - 1] : nil
    }

    /// Removes and returns the top element, if the stack is above `base`.
    func pop(above base: Int) -> Element? {
        guard height > base else { return nil }
        height -= 1
        return (storage + height).move()
    }

    /// Moves the elements above `base` into a new array (in order) and removes them.
    /// (`Array(unsafeUninitializedCapacity:)` would look the array's generic metadata up
    /// at run time on every call here; `reserveCapacity` and `append` are specialised.)
    func take(above base: Int) -> [Element] {
        let count = height - base
        guard count > 0 else { return [] }
        // The common cases (a path of one key, a rule with one or two arguments, a short
        // rule list): an array literal allocates its buffer directly, without the
        // general growth path of `reserveCapacity`.
        switch count {
        case 1:
            height = base
            return [(storage + base).move()]
        case 2:
            height = base
            return [(storage + base).move(), (storage + base + 1).move()]
        case 3:
            height = base
            return [(storage + base).move(), (storage + base + 1).move(), (storage + base + 2).move()]
        default:
            break
        }
        var array: [Element] = []
        array.reserveCapacity(count)
        for position in base..<height {
            array.append((storage + position).move())
        }
        height = base
        return array
    }
}
