// Character classes over UTF-8 bytes. ASCII is decided by byte; only non-ASCII scalars
// are decoded (to ask whether they are letters), so ordinary files never decode at all.

@inline(__always)
func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

@inline(__always)
func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
}

@inline(__always)
func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
}

/// Whether `byte` is an ASCII letter, digit or `_` (a byte that continues an identifier).
/// Performance: two 64-bit masks instead of three range tests, on the lexer's hottest loop.
@inline(__always)
func isASCIIIdentifierContinue(_ byte: UInt8) -> Bool {
    // Bits 48–57 are '0'–'9'; in the upper word, bits 1–26 are 'A'–'Z', bit 31 '_', bits 33–58 'a'–'z'.
    let low: UInt64 = 0x03FF_0000_0000_0000
    let high: UInt64 = 0x07FF_FFFE_87FF_FFFE
    if byte < 64 { return (low >> UInt64(byte)) & 1 != 0 }
    if byte < 128 { return (high >> UInt64(byte &- 64)) & 1 != 0 }
    return false
}

/// How many of the eight bytes of `word` (the first in memory in its low byte), from the
/// first, are ASCII identifier bytes (letters, digits, `_`): 0...8.
///
/// Performance: the lexer's identifier scan tests eight bytes at once here instead of one
/// at a time. Per byte: a digit is `0x30 <= byte <= 0x39`, a letter `0x61 <= byte | 0x20
/// <= 0x7A` (the `| 0x20` folds upper case to lower; digits are tested on the byte itself,
/// since it would also fold 0x10–0x19 onto them), each bound tested by an addition that
/// sets the byte's top bit; `_` is `byte ^ 0x5F == 0`, tested without a borrow between bytes. An ASCII byte's additions stay inside it; a non-ASCII byte
/// (top bit set) is a stop, and whatever its additions carry into the bytes after it is
/// never read, because the count ends at the first stop.
@inline(__always)
func asciiIdentifierPrefixLength(_ word: UInt64) -> Int {
    let top: UInt64 = 0x8080_8080_8080_8080
    let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let folded = word | 0x2020_2020_2020_2020
    let digit = (word &+ 0x5050_5050_5050_5050) & ~(word &+ 0x4646_4646_4646_4646)
    let letter = (folded &+ 0x1F1F_1F1F_1F1F_1F1F) & ~(folded &+ 0x0505_0505_0505_0505)
    let underscoreDiff = word ^ 0x5F5F_5F5F_5F5F_5F5F
    let underscore = ~(((underscoreDiff & low7) &+ low7) | underscoreDiff)
    let identifier = (digit | letter | underscore) & ~word & top
    return (~identifier & top).trailingZeroBitCount / 8
}

extension LexerState {
    /// The number of bytes of the UTF-8 sequence starting at `offset` (1 for a stray
    /// continuation byte, clamped to the text).
    func scalarWidth(at offset: Int) -> Int { LexerState.scalarWidth(bytes, at: offset) }

    /// The scalar starting at `offset`, if the bytes there are well-formed UTF-8.
    func scalar(at offset: Int) -> Unicode.Scalar? { LexerState.scalar(bytes, at: offset) }

    // Performance: the character classes are static functions of the bytes alone, so that
    // the lexer's hot paths call them without copying the lexer's state.

    /// ``scalarWidth(at:)`` over `bytes`.
    static func scalarWidth(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
        guard offset < bytes.count else { return 0 }
        let width = LineTable.scalarWidth(bytes[offset])
        return min(width, bytes.count - offset)
    }

    /// ``scalar(at:)`` over `bytes`.
    static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Unicode.Scalar? {
        let width = scalarWidth(bytes, at: offset)
        guard width > 0 else { return nil }
        var value = UInt32(bytes[offset])
        switch width {
        case 1: return Unicode.Scalar(value)
        case 2: value &= 0x1F
        case 3: value &= 0x0F
        default: value &= 0x07
        }
        for position in 1..<width {
            let continuation = bytes[offset + position]
            guard continuation & 0xC0 == 0x80 else { return nil }
            value = (value << 6) | UInt32(continuation & 0x3F)
        }
        return Unicode.Scalar(value)
    }

    /// How many bytes the identifier-start character at `offset` takes, 0 if none:
    /// `_`, an ASCII letter, or a non-ASCII alphabetic scalar (as ``FieldPath/isIdentifier(_:)``).
    @inline(__always)
    func identifierStartWidth(at offset: Int) -> Int { LexerState.identifierStartWidth(bytes, at: offset) }

    /// ``identifierStartWidth(at:)`` over `bytes`.
    @inline(__always)
    static func identifierStartWidth(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
        let byte = offset < bytes.count ? bytes[offset] : 0
        if byte < 0x80 { return (isASCIILetter(byte) || byte == UInt8(ascii: "_")) ? 1 : 0 }
        return nonASCIIIdentifierStartWidth(bytes, at: offset)
    }

    /// ``identifierStartWidth(at:)`` for a non-ASCII lead byte. Performance: kept out of
    /// line, because asking for Unicode properties makes every function that inlines it
    /// fetch the (resilient) properties type's metadata on entry — on every identifier.
    @inline(never)
    static func nonASCIIIdentifierStartWidth(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
        guard let scalar = scalar(bytes, at: offset), scalar.properties.isAlphabetic else { return 0 }
        return scalarWidth(bytes, at: offset)
    }

    /// Like ``identifierStartWidth(at:)`` but also accepting ASCII digits.
    func identifierContinueWidth(at offset: Int) -> Int {
        isDigit(byte(at: offset)) ? 1 : identifierStartWidth(at: offset)
    }
}
