// Character classes for the text validators, read from UTF-8 bytes. ASCII-only text
// (the overwhelmingly common case) is classified byte by byte; only text with a
// non-ASCII byte is segmented into `Character`s, each classified by Unicode properties
// of its first scalar (so "é" composed or decomposed is one letter).

/// What a character is, for the text validators.
struct TextTraits: OptionSet, Sendable {
    let rawValue: UInt8

    /// A letter of any script (Unicode `Alphabetic`).
    static let letter = TextTraits(rawValue: 1)
    /// A decimal digit of any script (Unicode general category `Nd`).
    static let digit = TextTraits(rawValue: 2)
    /// White space (Unicode `White_Space`: spaces, tabs, line breaks).
    static let whitespace = TextTraits(rawValue: 4)
    /// A space character (Unicode general category `Zs`: U+0020, no-break and
    /// ideographic spaces; not tabs or line breaks), what `noSpecialChars` allows.
    static let space = TextTraits(rawValue: 8)
    static let uppercase = TextTraits(rawValue: 16)
    static let lowercase = TextTraits(rawValue: 32)

    @inline(__always)
    static func ascii(_ byte: UInt8) -> TextTraits {
        switch byte {
        case 0x41...0x5A: [.letter, .uppercase]
        case 0x61...0x7A: [.letter, .lowercase]
        case 0x30...0x39: .digit
        case 0x20: [.whitespace, .space]
        case 0x09...0x0D: .whitespace
        default: []
        }
    }

    static func of(_ character: Character) -> TextTraits {
        guard let scalar = character.unicodeScalars.first else { return [] }
        if scalar.isASCII && character.unicodeScalars.count == 1 { return ascii(UInt8(scalar.value)) }
        let properties = scalar.properties
        var traits: TextTraits = []
        if properties.isAlphabetic { traits.insert(.letter) }
        if properties.generalCategory == .decimalNumber { traits.insert(.digit) }
        if properties.isWhitespace { traits.insert(.whitespace) }
        if properties.generalCategory == .spaceSeparator { traits.insert(.space) }
        if character.isUppercase { traits.insert(.uppercase) }
        if character.isLowercase { traits.insert(.lowercase) }
        return traits
    }
}

/// Scans over the characters of one text.
///
enum TextScan {
    /// Whether every byte is ASCII. Reads eight bytes at a time.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        let raw = UnsafeRawPointer(base)
        while index + 8 <= count {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        while index < count {
            if base[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }

    /// Whether every character has at least one of `traits`.
    static func all(_ traits: TextTraits, ascii bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where TextTraits.ascii(byte).isDisjoint(with: traits) { return false }
        return true
    }

    /// Whether some character has one of `traits`.
    static func any(_ traits: TextTraits, ascii bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where !TextTraits.ascii(byte).isDisjoint(with: traits) { return true }
        return false
    }

    static func all(_ traits: TextTraits, in text: String) -> Bool {
        text.allSatisfy { !TextTraits.of($0).isDisjoint(with: traits) }
    }

    static func any(_ traits: TextTraits, in text: String) -> Bool {
        text.contains { !TextTraits.of($0).isDisjoint(with: traits) }
    }

    /// Whether the text is only white space (Unicode `White_Space`, scalar by scalar):
    /// what makes a string "empty". Stops at the first other character. Read on the
    /// bytes, as ``containsNonASCIIWhitespace(_:)`` reads them.
    @inline(__always)
    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Most text starts with a visible ASCII character: decided where it is asked.
        if let first = bytes.first, first > 0x20, first < 0x7F { return false }
        return isBlankScan(bytes)
    }

    /// ``isBlank(_:)``'s scan.
    private static func isBlankScan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                guard byte == 0x20 || (0x09...0x0D).contains(byte) else { return false }
                index += 1
            } else {
                let length = nonASCIIWhitespaceLength(bytes, at: index)
                guard length > 0 else { return false }
                index += length
            }
        }
        return true
    }

    /// The length in bytes of the white-space scalar outside ASCII that starts at
    /// `index`, or 0 when none does: U+0085, U+00A0, U+1680, U+2000–U+200A, U+2028,
    /// U+2029, U+202F, U+205F and U+3000 are the only ones (Unicode `White_Space`).
    @inline(__always)
    static func nonASCIIWhitespaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let count = bytes.count
        let lead = bytes[index]
        let second: UInt8 = index + 1 < count ? bytes[index + 1] : 0
        let third: UInt8 = index + 2 < count ? bytes[index + 2] : 0
        switch lead {
        case 0xC2 where second == 0x85 || second == 0xA0: return 2
        case 0xE1 where second == 0x9A && third == 0x80: return 3
        case 0xE2 where second == 0x80 && (third <= 0x8A || third == 0xA8 || third == 0xA9 || third == 0xAF): return 3
        case 0xE2 where second == 0x81 && third == 0x9F: return 3
        case 0xE3 where second == 0x80 && third == 0x80: return 3
        default: return 0
        }
    }

    /// Whether the text contains a white-space scalar outside ASCII (ASCII is checked by
    /// the callers' byte loops; see ``nonASCIIWhitespaceLength(_:at:)``).
    static func containsNonASCIIWhitespace(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        while index < count {
            // Performance: eight bytes at a time past words with no possible lead byte
            // (0xC2, 0xE1–0xE3): an internationalised address is mostly ASCII and Latin.
            if index + 8 <= count, !SWAR.mayLeadNonASCIIWhitespace(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                index += 8
                continue
            }
            if nonASCIIWhitespaceLength(bytes, at: index) > 0 { return true }
            index += 1
        }
        return false
    }

    /// Whether ``characterCount(_:)`` is within `bounds`, counted only when the bytes do
    /// not decide it. A character is at least one byte, so a text of fewer bytes than the
    /// low bound has fewer characters, and one of no more bytes than the high bound no more
    /// characters. And each of the text's first bytes that is ASCII other than CR, while
    /// those before it are too, starts a character of its own (nothing joins an ASCII
    /// character to the one before it but CR LF; a mark after it joins its own
    /// character), so a text whose first `low` bytes are such has at least `low`.
    @inline(__always)
    static func characterCount(_ bytes: UnsafeBufferPointer<UInt8>, isWithin bounds: CountBounds) -> Bool {
        guard bytes.count >= bounds.low else { return false }
        if bytes.count <= bounds.high, bounds.low <= 8, startsWithPlainASCII(bytes, count: bounds.low) { return true }
        return bounds.contains(characterCount(bytes))
    }

    /// Whether the first `count` bytes (`count <= min(8, bytes.count)`; none when it is
    /// not positive) are ASCII other than CR (see ``characterCount(_:isWithin:)``).
    @inline(__always)
    private static func startsWithPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>, count: Int) -> Bool {
        guard count > 0, let base = bytes.baseAddress else { return true }
        let word = SWAR.leadingWord(UnsafeRawPointer(base), count: count)
        return word & SWAR.high == 0 && !SWAR.contains(word, 0x0D)
    }

    /// The number of user-perceived characters (an emoji with a skin tone is one): text
    /// in scripts whose scalars never join (``simpleCharacterCount(_:)``,
    /// ``simpleScalarCount(_:)``) is counted on its bytes; only other text is segmented
    /// into graphemes.
    static func characterCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        simpleCharacterCount(bytes) ?? simpleScalarCount(bytes) ?? String(decoding: bytes, as: UTF8.self).count
    }

    /// The number of `Character`s when the text is ASCII or uses, beyond ASCII, only
    /// U+0080–U+02FF (Latin-1 Supplement, Latin Extended-A/B, IPA: most European names)
    /// and U+0380–U+047F (Greek, Cyrillic): the two-byte scalars whose lead byte is
    /// 0xC2–0xCB or 0xCE–0xD1. None of those scalars joins a neighbour into one grapheme
    /// (combining marks are U+0300–U+036F and U+0483–U+0489), so each counts as one
    /// character, and CR LF as one. Nil for any other text.
    static func simpleCharacterCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return 0 }
        let end = bytes.count
        var index = 0
        var count = 0
        // Eight bytes at a time while they hold no CR: each byte that is not a UTF-8
        // continuation byte starts a character (Performance: Latin text — most European
        // names — was counted byte by byte); a lead byte of a scalar from U+0300 on means
        // the text is not simple.
        let raw = UnsafeRawPointer(base)
        while index + 8 <= end {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if SWAR.contains(word, 0x0D) { break }
            if word & SWAR.high != 0 {
                if SWAR.hasComplexLead(word) { return nil }
                count -= SWAR.continuationCount(word)
            }
            count += 8
            index += 8
        }
        // The rest of a text of 8 bytes or more, read as the last 8 bytes shifted past the
        // ones already counted.
        if index < end, end >= 8, index + 8 > end {
            let rest = end - index
            let word = raw.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self) >> UInt64((8 - rest) * 8)
            if !SWAR.contains(word, 0x0D) {
                if word & SWAR.high != 0 && SWAR.hasComplexLead(word) { return nil }
                return count + rest - SWAR.continuationCount(word)
            }
        }
        guard index < end else { return count }
        // A whole text of 1 to 7 bytes gathered into one word, so that a short name is
        // decided without a byte loop.
        if end < 8 {
            let word = SWAR.leadingWord(raw, count: end)
            if !SWAR.contains(word, 0x0D) {
                if word & SWAR.high == 0 { return end }
                if SWAR.hasComplexLead(word) { return nil }
                return end - SWAR.continuationCount(word)
            }
        }
        // Byte by byte from a word with a CR, or a short text: the byte before `index`
        // is not a CR (the words before had none).
        var previousWasCR = false
        while index < end {
            let byte = base[index]
            if byte < 0x80 {
                if !(byte == 0x0A && previousWasCR) { count += 1 }
                previousWasCR = byte == 0x0D
            } else if byte >= 0xC0 {
                guard byte <= 0xCB || (0xCE...0xD1).contains(byte) else { return nil }
                count += 1
                previousWasCR = false
            }  // else: a continuation byte of a two-byte sequence already counted
            index += 1
        }
        return count
    }

    /// The number of `Character`s when every scalar beyond ASCII is one that never joins
    /// a neighbour: U+0080–U+02FF, U+0370–U+0482 (Greek, Cyrillic), U+1E00–U+1FFF (Latin
    /// Extended Additional, Greek Extended: precomposed letters); CR LF counts as one.
    /// Nil for any other text. Decodes scalar by scalar: the tier between
    /// ``simpleCharacterCount(_:)``'s words and `String.count`'s segmentation.
    static func simpleScalarCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var count = 0
        var index = 0
        var previousWasCR = false
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                if !(lead == 0x0A && previousWasCR) { count += 1 }
                previousWasCR = lead == 0x0D
                index += 1
                continue
            }
            // Valid UTF-8 (the bytes come from a string): the lead byte gives the length.
            let scalar: UInt32
            if lead < 0xE0, index + 1 < bytes.count {
                scalar = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                index += 2
            } else if lead < 0xF0, index + 2 < bytes.count {
                scalar = UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                index += 3
            } else {
                return nil
            }
            guard scalar < 0x300 || (0x370...0x482).contains(scalar) || (0x1E00...0x1FFF).contains(scalar) else { return nil }
            count += 1
            previousWasCR = false
        }
        return count
    }
}

/// Byte-parallel tests on eight bytes in a `UInt64` ("SIMD within a register").
enum SWAR {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let high: UInt64 = 0x8080_8080_8080_8080

    /// The first `count` bytes at `raw` (`count <= 8`; more than 0 unless nothing is
    /// read) in a word, zeros above: eight in one load, four to seven in two four-byte
    /// loads inside the bytes (the second shifted past the bytes they share), fewer one
    /// by one, so a short text is read without a byte loop.
    @inline(__always)
    static func leadingWord(_ raw: UnsafeRawPointer, count: Int) -> UInt64 {
        if count >= 8 { return raw.loadUnaligned(as: UInt64.self) }
        if count >= 4 {
            return UInt64(raw.loadUnaligned(as: UInt32.self))
                | (UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) >> UInt64((8 - count) * 8)) << 32
        }
        var word: UInt64 = 0
        if count > 0 { word = UInt64(raw.load(as: UInt8.self)) }
        if count > 1 { word |= UInt64(raw.load(fromByteOffset: 1, as: UInt8.self)) << 8 }
        if count > 2 { word |= UInt64(raw.load(fromByteOffset: 2, as: UInt8.self)) << 16 }
        return word
    }

    /// The bytes `index..<end` at `raw` (`0 < end - index < 8`) shifted down to the word's
    /// low end, zeros above: the eight bytes ending at `end` in one load when there are
    /// eight, else the first `end` (``leadingWord(_:count:)``).
    @inline(__always)
    static func trailingWord(_ raw: UnsafeRawPointer, from index: Int, end: Int) -> UInt64 {
        if end >= 8 {
            return raw.loadUnaligned(fromByteOffset: end &- 8, as: UInt64.self)
                &>> UInt64(truncatingIfNeeded: (8 &- (end &- index)) &* 8)
        }
        return leadingWord(raw, count: end) &>> UInt64(truncatingIfNeeded: index &* 8)
    }

    /// Whether some byte of `word` equals `byte`.
    @inline(__always)
    static func contains(_ word: UInt64, _ byte: UInt8) -> Bool {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & high != 0
    }

    /// The high bit of every byte of `word` that equals `byte`, and no other bit (exact,
    /// unlike the borrow trick of ``contains(_:_:)``, which only answers "any").
    @inline(__always)
    static func equalMask(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((x & low) &+ low) | x | low)
    }

    /// Whether some byte of `word` is a UTF-8 lead byte other than 0xC2–0xCB and
    /// 0xCE–0xD1 (see ``TextScan/simpleCharacterCount(_:)``): 0xCC or 0xCD, or a set high
    /// bit with low seven bits at least 0x52 (adding 0x2E to them sets bit 7 exactly
    /// then, with no carry into the next byte).
    @inline(__always)
    static func hasComplexLead(_ word: UInt64) -> Bool {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let fromD2 = ((word & low) &+ 0x2E2E_2E2E_2E2E_2E2E) & word & high
        return fromD2 | equalMask(word & 0xFEFE_FEFE_FEFE_FEFE, 0xCC) != 0
    }

    /// The number of UTF-8 continuation bytes (`10xxxxxx`) in `word`: one bit per such
    /// byte, summed into the top byte by a multiplication (Performance: the baseline
    /// x86-64 target has no `popcnt`, and `nonzeroBitCount` is a dozen instructions).
    @inline(__always)
    static func continuationCount(_ word: UInt64) -> Int {
        Int(truncatingIfNeeded: (((word & ~(word << 1) & high) >> 7) &* ones) >> 56)
    }

    /// Whether some byte of `word` can lead a white-space scalar outside ASCII: 0xC2
    /// (U+0085, U+00A0) or 0xE1–0xE3 (U+1680, U+2000–U+205F, U+3000); see
    /// ``TextScan/containsNonASCIIWhitespace(_:)``, which decides on the bytes after it.
    /// Exact per byte.
    @inline(__always)
    static func mayLeadNonASCIIWhitespace(_ word: UInt64) -> Bool {
        guard word & high != 0 else { return false }
        let e0ToE3 = equalMask(word & 0xFCFC_FCFC_FCFC_FCFC, 0xE0)
        return equalMask(word, 0xC2) | (e0ToE3 & ~equalMask(word, 0xE0)) != 0
    }
}
