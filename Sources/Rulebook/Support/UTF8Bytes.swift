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

    /// A hash of the bytes, eight at a time (a multiply and a shift per word), its high
    /// bits folded into the low ones that pick a slot. Not seeded, so the same in every
    /// process: tables built on it either bound their probing or only see text whose
    /// collisions cost a comparison.
    ///
    /// Performance: FNV-1a took a multiply per byte, ≈ 5 instructions a byte of every
    /// head of every statement (docs/performance.md, "Checker round 5"); the last zero to
    /// seven bytes are read in at most two loads, not byte by byte, since most names, keys
    /// and heads are shorter than a word (the parser's interner measured it first,
    /// docs/performance.md, "Lexer and tree footprint").
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var highBits: UInt64 = 0
        return hash(bytes, highBits: &highBits)
    }

    /// ``hash(_:)`` of the bytes when they are all ASCII, else `nil` (one pass for both).
    static func hashIfASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var highBits: UInt64 = 0
        let hash = hash(bytes, highBits: &highBits)
        return highBits & 0x8080_8080_8080_8080 == 0 ? hash : nil
    }

    /// ``hash(_:)``, or-ing every byte into `highBits` on the way (some byte of it, not
    /// necessarily in place; only its bits 0x80 mean anything).
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, highBits: inout UInt64) -> Int {
        let count = bytes.count
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        guard count > 0, let base = bytes.baseAddress else { return Int(truncatingIfNeeded: hash) }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            highBits |= word
            hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            offset += 8
        }
        // The last 0–7 bytes in at most two loads that may overlap each other: the length
        // is in the seed, and for one length the loads cover the same positions, so two
        // texts of the same length that differ in a byte differ here.
        let rest = count - offset
        var tail: UInt64 = 0
        if rest >= 4 {
            tail = UInt64(raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                | UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
        } else if rest > 0 {
            tail = UInt64(base[offset]) | UInt64(base[offset + rest / 2]) << 8 | UInt64(base[count - 1]) << 16
        }
        highBits |= tail
        hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: hash ^ hash >> 29)
    }
}
