// Performance: the parser makes a `String` for every identifier, path key, number text,
// string literal, pattern and message key of a file (the syntax tree's public shape).
// Most of them repeat (`required`, `minLength`, `2`, `"GB"`), and making a `String` from
// bytes validates them as UTF-8 and, past 15 bytes, allocates. The interner hashes the
// bytes instead and hands out the string made for the first occurrence, which is both
// cheaper to get and cheaper to free (a shared buffer, one release).

/// Strings made from byte ranges of one source buffer, each distinct byte sequence made
/// once. Lives for one parse: the ranges it remembers point into that parse's buffer.
/// (A class over a manually allocated table: lookups are plain loads, with no array
/// uniqueness checks or copies of the slots' strings.)
final class StringInterner {
    private struct Slot {
        var hash: UInt64
        /// Where the first occurrence's bytes start in the buffer; -1 for an empty slot.
        var start: Int
        var length: Int
        var string: String
    }

    /// Longer byte runs are made directly: rarely repeated, and not worth hashing.
    static let maxLength = 64
    /// The table's largest size (1.3 MB of slots). Past half of it, strings not seen yet
    /// are made directly: a table of a huge file's every distinct name would be tens of
    /// megabytes probed at random, and its cache misses cost more than interning saves
    /// (the words that repeat — validator names, small numbers — come early anyway).
    static let maxCapacity = 1 << 15

    private let bytes: UnsafeBufferPointer<UInt8>
    private var slots: UnsafeMutablePointer<Slot>
    private var capacity: Int
    private var count = 0

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
        table.initialize(repeating: Slot(hash: 0, start: -1, length: 0, string: ""), count: capacity)
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
        let hash = StringInterner.hash(UnsafeRawPointer(base + start), length)
        let mask = capacity - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = slots + index
            let slotStart = slot.pointee.start
            if slotStart < 0 { break }
            if slot.pointee.hash == hash, slot.pointee.length == length,
               UTF8Bytes.equal(UnsafeRawPointer(base + slotStart), UnsafeRawPointer(base + start), count: length) {
                return slot.pointee.string
            }
            index = (index + 1) & mask
        }
        let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        if (count + 1) * 2 > capacity {
            guard capacity < StringInterner.maxCapacity else { return string }  // full: not interned
            grow()
            index = Int(truncatingIfNeeded: hash) & (capacity - 1)
            while slots[index].start >= 0 { index = (index + 1) & (capacity - 1) }
        }
        slots[index] = Slot(hash: hash, start: start, length: length, string: string)
        count += 1
        return string
    }

    /// Doubles the table (kept at most half full, so probes stay short).
    private func grow() {
        let old = slots
        let oldCapacity = capacity
        capacity *= 2
        slots = StringInterner.emptyTable(capacity)
        let mask = capacity - 1
        for position in 0..<oldCapacity where old[position].start >= 0 {
            var index = Int(truncatingIfNeeded: old[position].hash) & mask
            while slots[index].start >= 0 { index = (index + 1) & mask }
            slots[index] = old[position]
        }
        old.deinitialize(count: oldCapacity)
        old.deallocate()
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
