/// Splits scalar ranges into sequences of UTF-8 byte ranges (the technique of RE2 and
/// Rust's `regex-syntax::utf8`): every scalar in the range encodes to exactly one byte
/// string matched by exactly one sequence, and each sequence matches only encodings of
/// scalars in the range. This is what lets a byte automaton match Unicode classes.
enum UTF8Sequences {
    /// One inclusive byte range of a sequence.
    struct ByteRange: Hashable, Sendable {
        var low: UInt8
        var high: UInt8
    }

    /// The byte-range sequences for `range` (which holds no surrogate).
    static func sequences(for range: ClosedRange<UInt32>) -> [[ByteRange]] {
        var result: [[ByteRange]] = []
        var stack: [(UInt32, UInt32)] = [(range.lowerBound, range.upperBound)]
        while let (start, end) = stack.popLast() {
            if let (first, second) = split(start, end) {
                stack.append(second)
                stack.append(first)
                continue
            }
            let low = encode(start), high = encode(end)
            result.append(zip(low, high).map { ByteRange(low: $0, high: $1) })
        }
        return result
    }

    /// Where `start...end` must be cut so both ends encode to the same length and every
    /// byte position forms a contiguous range; nil when no cut is needed.
    private static func split(_ start: UInt32, _ end: UInt32) -> ((UInt32, UInt32), (UInt32, UInt32))? {
        for limit: UInt32 in [0x7F, 0x7FF, 0xFFFF] where start <= limit && limit < end {
            return ((start, limit), (limit + 1, end))
        }
        if end <= 0x7F { return nil }
        for continuationBytes: UInt32 in 1...3 {
            let mask: UInt32 = (1 << (6 * continuationBytes)) - 1
            guard start & ~mask != end & ~mask else { continue }
            if start & mask != 0 { return ((start, start | mask), ((start | mask) + 1, end)) }
            if end & mask != mask { return ((start, (end & ~mask) - 1), (end & ~mask, end)) }
        }
        return nil
    }

    /// The UTF-8 encoding of a scalar value (not a surrogate).
    static func encode(_ value: UInt32) -> [UInt8] {
        switch value {
        case 0..<0x80:
            return [UInt8(value)]
        case 0x80..<0x800:
            return [UInt8(0xC0 | value >> 6), UInt8(0x80 | value & 0x3F)]
        case 0x800..<0x10000:
            return [UInt8(0xE0 | value >> 12), UInt8(0x80 | (value >> 6) & 0x3F), UInt8(0x80 | value & 0x3F)]
        default:
            return [UInt8(0xF0 | value >> 18), UInt8(0x80 | (value >> 12) & 0x3F),
                    UInt8(0x80 | (value >> 6) & 0x3F), UInt8(0x80 | value & 0x3F)]
        }
    }
}
