// The lexical layer shared by every JSON reader in this folder: white space, strings
// (validated in one pass: escapes, surrogates, UTF-8, control characters), numbers
// (validated against the RFC 8259 grammar) and literals.
//
// Performance bends this code: it works on a raw `UnsafePointer<UInt8>` with an explicit
// length so the streaming path (``JSONTape``) runs without bounds checks or allocations.
// Every read is guarded by an explicit `index < count` test instead.

/// Byte constants, so the scanners read as grammar rather than numbers.
@usableFromInline
enum ASCII {
    @usableFromInline static let quote: UInt8 = 0x22  // "
    @usableFromInline static let backslash: UInt8 = 0x5C  // \
    @usableFromInline static let slash: UInt8 = 0x2F  // /
    @usableFromInline static let comma: UInt8 = 0x2C  // ,
    @usableFromInline static let colon: UInt8 = 0x3A  // :
    @usableFromInline static let openBrace: UInt8 = 0x7B  // {
    @usableFromInline static let closeBrace: UInt8 = 0x7D  // }
    @usableFromInline static let openBracket: UInt8 = 0x5B  // [
    @usableFromInline static let closeBracket: UInt8 = 0x5D  // ]
    @usableFromInline static let minus: UInt8 = 0x2D  // -
    @usableFromInline static let plus: UInt8 = 0x2B  // +
    @usableFromInline static let dot: UInt8 = 0x2E  // .
    @usableFromInline static let zero: UInt8 = 0x30  // 0
    @usableFromInline static let nine: UInt8 = 0x39  // 9
    @usableFromInline static let lowerE: UInt8 = 0x65  // e
    @usableFromInline static let space: UInt8 = 0x20
    @usableFromInline static let tab: UInt8 = 0x09
    @usableFromInline static let newline: UInt8 = 0x0A
    @usableFromInline static let carriageReturn: UInt8 = 0x0D
}

/// Stateless scanning functions over `(pointer, count, index)`.
@usableFromInline
enum JSONScan {
    /// Advances `index` past JSON white space (space, tab, line feed, carriage return).
    @inlinable @inline(__always)
    static func skipWhitespace(_ p: UnsafePointer<UInt8>, _ count: Int, _ index: inout Int) {
        while index < count {
            let byte = p[index]
            // One comparison rejects every byte above space, the common case.
            if byte > ASCII.space { return }
            guard
                byte == ASCII.space || byte == ASCII.newline || byte == ASCII.carriageReturn
                    || byte == ASCII.tab
            else { return }
            index += 1
        }
    }

    /// Whether `byte` is an ASCII digit.
    @inlinable @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- ASCII.zero < 10 }

    // MARK: Strings

    /// Scans the string whose opening quote is at `index`, validating escapes, UTF-8 and
    /// control characters; leaves `index` after the closing quote.
    /// - Returns: whether the string contains a backslash escape (then its bytes must be
    ///   decoded before use).
    @inlinable @inline(__always)
    static func scanString(
        _ p: UnsafePointer<UInt8>, _ count: Int, _ index: inout Int,
        _ limits: JSONLimits
    ) throws(JSONError) -> Bool {
        let open = index
        var i = index + 1
        var escaped = false
        while true {
            // Fast path: eight bytes at a time up to the first byte that needs a look.
            while i &+ 8 <= count {
                let mask = specialByteMask(UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)))
                if mask != 0 {
                    i &+= mask.trailingZeroBitCount >> 3  // little-endian: lowest byte first
                    break
                }
                i &+= 8
            }
            guard i < count else { throw .endOfInput(count) }
            let byte = p[i]
            if byte == ASCII.quote { break }
            if byte == ASCII.backslash {
                escaped = true
                i = try scanEscape(p, count, i)
            } else if byte < 0x20 {
                throw controlCharacter(byte, at: i)
            } else if byte >= 0x80 {
                // Two-byte sequences (Latin, Greek, Cyrillic letters) are checked here;
                // the rest (and every invalid byte) by the full check.
                if byte &- 0xC2 < 0x1E, i &+ 1 < count, p[i &+ 1] & 0xC0 == 0x80 {
                    i &+= 2
                } else {
                    i = try scanUTF8Sequence(p, count, i)
                }
            } else {
                i &+= 1
            }
        }
        if i - open - 1 > limits.maxStringBytes { throw stringTooLong(open, limits) }
        index = i + 1
        return escaped
    }

    /// A mask with the high bit set in the lowest byte of `word` that is `"`, `\`, a
    /// control character or non-ASCII (and possibly in higher bytes); zero when no byte
    /// is. SWAR: the classic "has zero byte" trick applied per condition. Only the lowest
    /// set bit is exact (borrows can mark bytes above it), which is all the scanner uses.
    @inlinable @inline(__always)
    static func specialByteMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* UInt64(ASCII.quote))
        let backslashes = word ^ (ones &* UInt64(ASCII.backslash))
        // A byte is zero after XOR exactly when it equalled the needle.
        let hasQuote = (quotes &- ones) & ~quotes
        let hasBackslash = (backslashes &- ones) & ~backslashes
        // Bytes below 0x20: subtracting 0x20 borrows into the high bit.
        let hasControl = (word &- ones &* 0x20) & ~word
        return (hasQuote | hasBackslash | hasControl | word) & highs
    }

    /// Validates the escape whose backslash is at `index`; returns the index after it.
    @inlinable
    static func scanEscape(_ p: UnsafePointer<UInt8>, _ count: Int, _ index: Int) throws(JSONError) -> Int {
        guard index + 1 < count else { throw .endOfInput(count) }
        switch p[index + 1] {
        case ASCII.quote, ASCII.backslash, ASCII.slash, 0x62, 0x66, 0x6E, 0x72, 0x74:  // " \ / b f n r t
            return index + 2
        case 0x75:  // u
            let unit = try hex4(p, count, index)
            if unit >= 0xDC00 && unit < 0xE000 { throw loneSurrogate(p, index) }
            guard unit >= 0xD800 && unit < 0xDC00 else { return index + 6 }
            // A high surrogate must be followed by `\u` and a low surrogate.
            guard index + 7 < count, p[index + 6] == ASCII.backslash, p[index + 7] == 0x75 else {
                if index + 6 >= count || (index + 7 >= count && p[index + 6] == ASCII.backslash) {
                    throw .endOfInput(count)
                }
                throw loneSurrogate(p, index)
            }
            let low = try hex4(p, count, index + 6)
            guard low >= 0xDC00 && low < 0xE000 else { throw loneSurrogate(p, index) }
            return index + 12
        default:
            throw invalidEscape(p, count, index)
        }
    }

    /// The value of the four hex digits after the `\u` at `index`.
    @inlinable
    static func hex4(_ p: UnsafePointer<UInt8>, _ count: Int, _ index: Int) throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for offset in 2..<6 {
            guard index + offset < count else { throw .endOfInput(count) }
            guard let digit = hexValue(p[index + offset]) else {
                throw JSONError(.invalidEscape, at: index, "invalid \\u escape: expected four hex digits")
            }
            value = value << 4 | digit
        }
        return value
    }

    /// The value of one hex digit, or `nil`.
    @inlinable @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }

    /// Validates the UTF-8 sequence starting at `index` (a byte ≥ 0x80) per RFC 3629:
    /// no overlong forms, no surrogates, nothing above U+10FFFF. Returns the index after it.
    @inlinable
    static func scanUTF8Sequence(_ p: UnsafePointer<UInt8>, _ count: Int, _ index: Int) throws(JSONError) -> Int {
        let lead = p[index]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF  // the allowed range of the second byte
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw .invalidUTF8(index)
        }
        guard index + length <= count else { throw .invalidUTF8(index) }
        let second = p[index + 1]
        guard second >= low && second <= high else { throw .invalidUTF8(index) }
        var offset = 2
        while offset < length {
            guard p[index + offset] & 0xC0 == 0x80 else { throw .invalidUTF8(index) }
            offset += 1
        }
        return index + length
    }

    @usableFromInline @inline(never)
    static func controlCharacter(_ byte: UInt8, at offset: Int) -> JSONError {
        let hex = String(byte, radix: 16, uppercase: true)
        return JSONError(
            .controlCharacterInString, at: offset,
            "unescaped control character U+\(String(repeating: "0", count: 4 - hex.count))\(hex) in string")
    }

    @usableFromInline @inline(never)
    static func invalidEscape(_ p: UnsafePointer<UInt8>, _ count: Int, _ index: Int) -> JSONError {
        let next = p[index + 1]
        let shown = next > 0x20 && next < 0x7F ? "\\" + String(UnicodeScalar(next)) : "\\ followed by byte \(next)"
        return JSONError(.invalidEscape, at: index, "invalid escape \(shown)")
    }

    @usableFromInline @inline(never)
    static func loneSurrogate(_ p: UnsafePointer<UInt8>, _ index: Int) -> JSONError {
        let digits = String(decoding: UnsafeBufferPointer(start: p + index + 2, count: 4), as: UTF8.self)
        return JSONError(.loneSurrogate, at: index, "unpaired surrogate \\u\(digits)")
    }

    @usableFromInline @inline(never)
    static func stringTooLong(_ offset: Int, _ limits: JSONLimits) -> JSONError {
        JSONError(.stringTooLong, at: offset, "string longer than \(limits.maxStringBytes) bytes")
    }

    // MARK: Numbers

    /// Scans the number starting at `index` (a `-` or a digit) against the JSON grammar;
    /// leaves `index` after it.
    /// - Returns: whether it has integer syntax (no fraction, no exponent).
    @inlinable
    static func scanNumber(
        _ p: UnsafePointer<UInt8>, _ count: Int, _ index: inout Int,
        _ limits: JSONLimits
    ) throws(JSONError) -> Bool {
        let start = index
        var i = index
        if p[i] == ASCII.minus { i += 1 }
        guard i < count else { throw .endOfInput(count) }
        if p[i] == ASCII.zero {
            i += 1
            if i < count && isDigit(p[i]) {
                throw JSONError(.invalidNumber, at: i - 1, "leading zeros are not allowed")
            }
        } else if isDigit(p[i]) {
            i += 1
            while i < count && isDigit(p[i]) { i += 1 }
        } else {
            throw JSONError(.invalidNumber, at: i, "expected a digit after '-'")
        }
        var integer = true
        if i < count && p[i] == ASCII.dot {
            integer = false
            i += 1
            guard i < count else { throw .endOfInput(count) }
            guard isDigit(p[i]) else { throw JSONError(.invalidNumber, at: i, "expected a digit after '.'") }
            while i < count && isDigit(p[i]) { i += 1 }
        }
        if i < count && (p[i] | 0x20) == ASCII.lowerE {
            integer = false
            i += 1
            if i < count && (p[i] == ASCII.plus || p[i] == ASCII.minus) { i += 1 }
            guard i < count else { throw .endOfInput(count) }
            guard isDigit(p[i]) else { throw JSONError(.invalidNumber, at: i, "expected a digit in the exponent") }
            while i < count && isDigit(p[i]) { i += 1 }
        }
        if i - start > limits.maxNumberLength {
            throw JSONError(.numberTooLong, at: start, "number longer than \(limits.maxNumberLength) characters")
        }
        index = i
        return integer
    }

    // MARK: Literals

    /// Scans `true`, `false` or `null` at `index`; leaves `index` after it.
    /// - Returns: 0 for `null`, 1 for `false`, 2 for `true`.
    @inlinable
    static func scanLiteral(_ p: UnsafePointer<UInt8>, _ count: Int, _ index: inout Int) throws(JSONError) -> Int {
        let start = index
        let (word, length, result): (UInt32, Int, Int)
        switch p[start] {
        case 0x6E: (word, length, result) = (0x6C6C_756E, 4, 0)  // "null", little-endian
        case 0x74: (word, length, result) = (0x6575_7274, 4, 2)  // "true"
        default: (word, length, result) = (0x6573_6C61, 5, 1)  // "alse" after the f
        }
        let first = length == 5 ? start + 1 : start
        if first + 4 <= count && UInt32(littleEndian: UnsafeRawPointer(p + first).loadUnaligned(as: UInt32.self)) == word {
            index = first + 4
            return result
        }
        // Slow path: find where it goes wrong, to tell a truncated text from a typo.
        let expected: [UInt8] = result == 0 ? Array("null".utf8) : result == 2 ? Array("true".utf8) : Array("false".utf8)
        for (offset, byte) in expected.enumerated() {
            guard start + offset < count else { throw .endOfInput(count) }
            if p[start + offset] != byte { break }
        }
        throw JSONError(.unexpectedCharacter, at: start, "invalid literal (expected true, false or null)")
    }

    // MARK: Decoding

    /// Decodes the validated string content `p[start..<end]` (escapes resolved) into
    /// `out`, which has room for `end - start` bytes; returns the decoded length.
    ///
    /// The content must have passed ``scanString(_:_:_:_:)``: this function does not
    /// re-validate.
    @inlinable
    static func decodeEscaped(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int,
        into out: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var i = start, written = 0
        while i < end {
            let byte = p[i]
            guard byte == ASCII.backslash, i + 1 < end else {
                out[written] = byte
                written += 1
                i += 1
                continue
            }
            let kind = p[i + 1]
            i += 2
            switch kind {
            case 0x62: out[written] = 0x08; written += 1  // b
            case 0x66: out[written] = 0x0C; written += 1  // f
            case 0x6E: out[written] = 0x0A; written += 1  // n
            case 0x72: out[written] = 0x0D; written += 1  // r
            case 0x74: out[written] = 0x09; written += 1  // t
            case 0x75:  // u
                var scalar = hex4Unchecked(p, i)
                i += 4
                if scalar >= 0xD800 && scalar < 0xDC00 && i + 6 <= end {
                    let low = hex4Unchecked(p, i + 2)
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                written += encodeUTF8(scalar, into: out + written)
            default: out[written] = kind; written += 1  // " \ /
            }
        }
        return written
    }

    @inlinable @inline(__always)
    static func hex4Unchecked(_ p: UnsafePointer<UInt8>, _ index: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 { value = value << 4 | (hexValue(p[index + offset]) ?? 0) }
        return value
    }

    /// Writes `scalar` as UTF-8 (1–4 bytes) and returns how many bytes it wrote.
    @inlinable @inline(__always)
    static func encodeUTF8(_ scalar: UInt32, into out: UnsafeMutablePointer<UInt8>) -> Int {
        switch scalar {
        case 0..<0x80:
            out[0] = UInt8(scalar)
            return 1
        case 0x80..<0x800:
            out[0] = UInt8(0xC0 | scalar >> 6)
            out[1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case 0x800..<0x10000:
            out[0] = UInt8(0xE0 | scalar >> 12)
            out[1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            out[0] = UInt8(0xF0 | scalar >> 18)
            out[1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            out[2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }

    /// The `String` for validated string content `p[start..<end]`.
    @inlinable
    static func makeString(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, escaped: Bool) -> String {
        guard escaped else {
            return String(decoding: UnsafeBufferPointer(start: p + start, count: end - start), as: UTF8.self)
        }
        // Decoding never lengthens: every escape is at least as long as its UTF-8.
        return String(unsafeUninitializedCapacity: end - start) { buffer in
            guard let out = buffer.baseAddress else { return 0 }
            return decodeEscaped(p, start, end, into: out)
        }
    }
}
