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

    /// The number of `Character`s of ASCII text: its bytes, less one per CR LF pair (a
    /// single `Character` in Swift).
    static func asciiCharacterCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = bytes.count
        var previousWasCR = false
        for byte in bytes {
            if byte == 0x0A && previousWasCR { count -= 1 }
            previousWasCR = byte == 0x0D
        }
        return count
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
    /// what makes a string "empty". Stops at the first other character.
    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                guard byte == 0x20 || (0x09...0x0D).contains(byte) else { return false }
                index += 1
            } else {
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[index...]), as: UTF8.self)
                    .unicodeScalars.allSatisfy(\.properties.isWhitespace)
            }
        }
        return true
    }

    /// Whether the text contains a white-space scalar outside ASCII (ASCII is checked by
    /// the callers' byte loops).
    static func containsNonASCIIWhitespace(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        String(decoding: bytes, as: UTF8.self).unicodeScalars.contains { !$0.isASCII && $0.properties.isWhitespace }
    }
}
