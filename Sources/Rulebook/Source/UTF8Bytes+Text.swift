// Hashing and reading texts as their UTF-8 bytes, with no Unicode normalisation: what
// "written the same way" means for rule text (the checker's table of rule heads).

extension UTF8Bytes {
    /// A hash of the bytes (64-bit FNV-1a): equal for equal bytes, a few instructions a
    /// byte. It only picks and filters keys that are then compared byte for byte.
    ///
    /// Performance: the standard `Hasher` costs several hundred instructions for a short
    /// text, and the checker looks up the head of every rule it lowers.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash)
    }

    /// Calls `body` with the bytes `range` of `text` (clamped to the text), read in place.
    static func withBytes<Result>(
        of text: String, in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        let utf8 = text.utf8
        let start = Swift.max(0, Swift.min(range.lowerBound, utf8.count))
        let end = Swift.max(start, Swift.min(range.upperBound, utf8.count))
        if let result = utf8.withContiguousStorageIfAvailable({ body(UnsafeBufferPointer(rebasing: $0[start..<end])) }) {
            return result
        }
        return Array(utf8).withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }
}
