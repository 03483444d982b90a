/// Comparing and hashing UTF-8 buffers, eight bytes at a time: the `oneOf` validator's
/// texts, the parser's interned strings, the checker's tables of rule heads and first
/// path segments.
enum UTF8Bytes {
    @inline(__always)
    static func equal(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeRawBufferPointer) -> Bool {
        let count = lhs.count
        guard count == rhs.count else { return false }
        guard count > 0, let left = lhs.baseAddress, let right = rhs.baseAddress else { return true }
        return equal(UnsafeRawPointer(left), right, count: count)
    }

    /// Whether the `count` bytes at `lhs` and `rhs` are equal.
    @inline(__always)
    static func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, count: Int) -> Bool {
        var index = 0
        while index + 8 <= count {
            if lhs.loadUnaligned(fromByteOffset: index, as: UInt64.self) != rhs.loadUnaligned(fromByteOffset: index, as: UInt64.self) {
                return false
            }
            index += 8
        }
        while index < count {
            if lhs.load(fromByteOffset: index, as: UInt8.self) != rhs.load(fromByteOffset: index, as: UInt8.self) { return false }
            index += 1
        }
        return true
    }

    /// A hash of the bytes, eight at a time (a multiply and a shift per word, the last
    /// partial word gathered byte by byte), its high bits folded into the low ones that
    /// pick a slot. Not seeded, so the same in every process: tables built on it either
    /// bound their probing or only see text whose collisions cost a comparison.
    ///
    /// Performance: FNV-1a took a multiply per byte, ≈ 5 instructions a byte of every
    /// head of every statement (docs/performance.md, "Checker round 5").
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return Int(truncatingIfNeeded: hash) }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= bytes.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* multiplier
            hash ^= hash >> 29
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count {
            tail |= UInt64(base[index]) << shift
            shift += 8
            index += 1
        }
        hash = (hash ^ tail) &* multiplier
        return Int(truncatingIfNeeded: hash ^ hash >> 32)
    }
}
