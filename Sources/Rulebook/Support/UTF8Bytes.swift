/// Comparing UTF-8 buffers eight bytes at a time (the `oneOf` validator's texts).
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
}
