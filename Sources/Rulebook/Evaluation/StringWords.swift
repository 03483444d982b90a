// Reading a `String`'s representation in place: the one place that relies on how the
// standard library lays a string out.

/// The two words a `String` is made of, read in place, and what they say about a *small*
/// string (one of at most 15 UTF-8 bytes held inline, no storage of its own).
///
/// Performance bends this: most object keys and many field values are small strings, and
/// reaching their bytes through `String`'s general paths (`utf8.count`, `==`,
/// `withContiguousStorageIfAvailable`, which spills the bytes to the stack) costs more
/// than the comparison or scan itself. On 64-bit little-endian platforms the standard
/// library lays a small string out as its UTF-8 bytes in memory order, the unused ones
/// zero, with the second word's top byte as the discriminator: bit 0x20 set for a small
/// string, bit 0x40 when it is ASCII, the length in the low four bits. So a small
/// string's words are canonical (the same text has the same words, other text other
/// words) and its bytes can be read where it is stored. On any other platform no string
/// reads as small and callers take the general path. Callers hold each reading equal to
/// the general one in debug builds.
struct StringWords: Equatable {
    let low: UInt64
    let high: UInt64

    /// Whether this platform's strings are read as described above (else none reads as
    /// small).
    static var readsSmallForm: Bool {
        #if _pointerBitWidth(_64) && _endian(little)
            true
        #else
            false
        #endif
    }

    /// The words of the string at `text`, which must stay alive and unchanged while the
    /// reading (or a buffer from ``smallUTF8(_:)``) is used.
    @inline(__always)
    init(_ text: UnsafePointer<String>) {
        guard Self.readsSmallForm else {
            (low, high) = (0, 0)
            return
        }
        let raw = UnsafeRawPointer(text)
        low = raw.load(as: UInt64.self)
        high = raw.load(fromByteOffset: 8, as: UInt64.self)
    }

    /// The words of `text` in its small form, for comparing with strings read in place;
    /// words no string has when `text` has no small form (more than 15 bytes, or on a
    /// platform where nothing reads as small).
    init(smallFormOf text: String) {
        // Rebuilt from the bytes: a string of at most 15 bytes made so is small (one made
        // otherwise, say with reserved capacity, need not be).
        let small = String(decoding: Array(text.utf8), as: UTF8.self)
        let words = withUnsafePointer(to: small) { StringWords($0) }
        (low, high) = words.isSmall ? (words.low, words.high) : (0, 0)
    }

    /// Whether the string is small: its bytes are in these words.
    @inline(__always)
    var isSmall: Bool { high & (1 << 61) != 0 }

    /// The byte count of a small string (meaningless for any other).
    @inline(__always)
    var smallCount: Int { Int(truncatingIfNeeded: (high >> 56) & 0xF) }

    /// The UTF-8 bytes of the string at `text` where it is stored, when it is small; nil
    /// otherwise. Valid while the string at `text` is alive and unchanged.
    @inline(__always)
    static func smallUTF8(_ text: UnsafePointer<String>) -> UnsafeBufferPointer<UInt8>? {
        let words = StringWords(text)
        guard words.isSmall else { return nil }
        let bytes = UnsafeBufferPointer(
            start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: words.smallCount)
        assert(bytes.elementsEqual(text.pointee.utf8), "a small string's bytes are read in place")
        return bytes
    }
}
