// Shape checks for `email`, `url`, `uuid` and `digits`, written on UTF-8 bytes in one
// linear pass each (no regular expressions, nothing to backtrack).

enum TextFormats {
    private static let at = UInt8(ascii: "@")
    private static let dot = UInt8(ascii: ".")

    /// `local@domain.tld`: exactly one `@` with text before it; no white space or control
    /// characters anywhere; the domain has at least one dot and no empty label (so no
    /// leading, trailing or doubled dot). Non-ASCII letters are allowed (internationalised
    /// addresses).
    static func isEmail(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let end = bytes.count
        let raw = UnsafeRawPointer(base)
        var atIndex = -1
        var sawNonASCII = false
        var dots: UInt64 = 0  // after the `@`: one bit per byte that is a dot (see below)
        var previousDot = false
        var sawDot = false
        var index = 0
        // Eight bytes at a time: control characters and spaces rule the text out, `@` is
        // located by its mask in the word that holds it, and dots after the `@` are
        // checked for doubles with an exact per-byte mask.
        while index + 8 <= end {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if SWAR.containsLess(word, than: 0x21) || SWAR.contains(word, 0x7F) { return false }
            if word & SWAR.high != 0 { sawNonASCII = true }
            if SWAR.contains(word, at) {
                // The `@`'s position from its exact mask (Performance: was a byte loop over
                // the word); a second `@` here or before rules the text out.
                let ats = SWAR.equalMask(word, at)
                guard atIndex < 0, ats & (ats &- 1) == 0 else { return false }
                atIndex = index + ats.trailingZeroBitCount / 8
            }
            if atIndex >= 0 {
                // Dots of this word, keeping only those after the `@`.
                dots = SWAR.equalMask(word, dot)
                if atIndex >= index { dots &= ~0 << UInt64((atIndex - index + 1) * 8) }
                if dots != 0 {
                    if dots & (dots << 8) != 0 || (previousDot && dots & 0x80 != 0) { return false }
                    sawDot = true
                }
                previousDot = dots >> 56 != 0
            }
            index += 8
        }
        while index < end {
            let byte = base[index]
            if byte == at {
                guard atIndex < 0 else { return false }
                atIndex = index
                previousDot = false
            } else if byte <= 0x20 || byte == 0x7F {
                return false
            } else if byte >= 0x80 {
                sawNonASCII = true
            } else if byte == dot && atIndex >= 0 {
                if previousDot { return false }
                sawDot = true
            }
            previousDot = byte == dot
            index += 1
        }
        guard atIndex > 0, atIndex + 1 < end, sawDot, base[atIndex + 1] != dot, base[end - 1] != dot else { return false }
        return !sawNonASCII || !TextScan.containsNonASCIIWhitespace(bytes)
    }

    /// An absolute `http` or `https` URL (scheme in any case) with a non-empty host:
    /// `scheme://[userinfo@]host[:port][/path][?query][#fragment]`. The host is a name
    /// (letters, digits, `-._~%!$&'()*+,;=`, non-ASCII for internationalised names) or a
    /// bracketed IPv6 literal; a port, when written, is 1–5 digits. White space, control
    /// characters and the characters RFC 3986 never allows unescaped (`<>"{}|\^` and the
    /// backtick) are rejected anywhere.
    static func isURL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let afterScheme = schemeEnd(bytes) else { return false }
        var sawNonASCII = false
        var authorityEnd = bytes.count
        for index in afterScheme..<bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0...0x20, 0x7F, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "{"),
                 UInt8(ascii: "}"), UInt8(ascii: "|"), UInt8(ascii: "\\"), UInt8(ascii: "^"), UInt8(ascii: "`"):
                return false
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"):
                if authorityEnd == bytes.count { authorityEnd = index }
            case 0x80...:
                sawNonASCII = true
            default:
                break
            }
        }
        var hostStart = afterScheme
        for index in afterScheme..<authorityEnd where bytes[index] == at { hostStart = index + 1 }
        guard isHostAndPort(UnsafeBufferPointer(rebasing: bytes[hostStart..<authorityEnd])) else { return false }
        return !sawNonASCII || !TextScan.containsNonASCIIWhitespace(bytes)
    }

    /// The index after `http://` or `https://` (scheme case-insensitive), if present.
    private static func schemeEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count > 7, bytes[0] | 0x20 == UInt8(ascii: "h"), bytes[1] | 0x20 == UInt8(ascii: "t"),
              bytes[2] | 0x20 == UInt8(ascii: "t"), bytes[3] | 0x20 == UInt8(ascii: "p") else { return nil }
        var index = 4
        if bytes[index] | 0x20 == UInt8(ascii: "s") { index += 1 }
        guard index + 3 <= bytes.count, bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
              bytes[index + 2] == UInt8(ascii: "/") else { return nil }
        return index + 3
    }

    private static func isHostAndPort(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !bytes.isEmpty else { return false }
        var hostEnd = bytes.count
        if bytes[0] == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")), close > 1 else { return false }
            for index in 1..<close {
                let byte = bytes[index]
                guard isHexDigit(byte) || byte == UInt8(ascii: ":") || byte == dot else { return false }
            }
            hostEnd = close + 1
            guard hostEnd == bytes.count || bytes[hostEnd] == UInt8(ascii: ":") else { return false }
        } else {
            if let colon = bytes.lastIndex(of: UInt8(ascii: ":")) { hostEnd = colon }
            guard hostEnd > 0 else { return false }
            for index in 0..<hostEnd where !isHostByte(bytes[index]) { return false }
        }
        guard hostEnd < bytes.count else { return true }
        let portDigits = bytes.count - hostEnd - 1
        guard (1...5).contains(portDigits) else { return false }
        for index in (hostEnd + 1)..<bytes.count where !isASCIIDigit(bytes[index]) { return false }
        return true
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "%"),
             UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
             UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
             UInt8(ascii: "="), 0x80...:
            true
        default:
            false
        }
    }

    /// `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, hexadecimal digits in either case.
    static func isUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 36 else { return false }
        for index in 0..<36 {
            let byte = bytes[index]
            switch index {
            case 8, 13, 18, 23: guard byte == UInt8(ascii: "-") else { return false }
            default: guard isHexDigit(byte) else { return false }
            }
        }
        return true
    }

    /// Only ASCII digits, and exactly `count` of them when given.
    static func isDigits(_ bytes: UnsafeBufferPointer<UInt8>, count: Int?) -> Bool {
        if let count, bytes.count != count { return false }
        for byte in bytes where !isASCIIDigit(byte) { return false }
        return true
    }

    @inline(__always)
    static func isASCIIDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool { isASCIIDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 6 }
}
