// Shape checks for `email`, `url`, `uuid` and `digits`, written on UTF-8 bytes in one
// linear pass each (no regular expressions, nothing to backtrack).

enum TextFormats {
    private static let at = UInt8(ascii: "@")
    private static let dot = UInt8(ascii: ".")

    /// `local@domain.tld`: exactly one `@` with text before it; no white space or control
    /// characters anywhere; the domain has at least one dot and no empty label (so no
    /// leading, trailing or doubled dot). Non-ASCII letters are allowed (internationalised
    /// addresses).
    static func isEmail(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { emailShape(bytes) }

    /// ``isEmail(_:)``'s body.
    @inline(__always)
    static func emailShape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // The shortest address is `a@b.c`; below that nothing passes.
        guard let base = bytes.baseAddress, bytes.count >= 5 else { return false }
        let end = bytes.count
        let raw = UnsafeRawPointer(base)
        // Performance: two passes of eight bytes at a time. The first, over the whole
        // text, only collects white space and control characters into one mask (tested
        // once, after it), notes a byte that could lead a non-ASCII white-space scalar,
        // and locates the `@`, exactly only in a word the borrow test says has one. The
        // second reads the domain alone for its dots. The last 1–7 bytes are one word
        // read before the loop (loaded from the text's last eight bytes, or gathered for a
        // text of fewer than eight, and shifted down, topped with `a`s, which no test here
        // reacts to), so the loop's words are plain loads.
        let whole = end & ~7
        let last = whole < end ? Self.lastWord(base, from: whole, end: end) : 0
        var spaceOrControl: UInt64 = 0
        var mayHaveSpace = false
        var atIndex = -1
        var index = 0
        repeat {
            let word = index < whole ? raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) : last
            spaceOrControl |= Self.spaceOrControlBits(word)
            if SWAR.mayLeadNonASCIIWhitespace(word) { mayHaveSpace = true }
            if SWAR.contains(word, at) {
                // The `@`'s position from its exact mask; a second `@` rules the text out.
                let ats = SWAR.equalMask(word, at)
                guard atIndex < 0, ats & (ats &- 1) == 0 else { return false }
                atIndex = index &+ ats.trailingZeroBitCount &>> 3
            }
            index &+= 8
        } while index < end
        guard spaceOrControl & SWAR.high == 0, atIndex > 0, atIndex &+ 1 < end, base[atIndex &+ 1] != dot,
            base[end &- 1] != dot, Self.isDottedDomain(raw, from: atIndex &+ 1, end: end)
        else { return false }
        return !mayHaveSpace || !TextScan.containsNonASCIIWhitespace(bytes)
    }

    /// Whether the bytes `start..<end` (`0 < start < end`, `end >= 5`) hold a dot and no
    /// two dots in a row: eight at a time, a dot in a word's last byte carried to the next
    /// word's first.
    @inline(__always)
    private static func isDottedDomain(_ raw: UnsafeRawPointer, from start: Int, end: Int) -> Bool {
        var index = start
        var carried: UInt64 = 0  // 0x80 when the previous word ended with a dot
        var dots: UInt64 = 0  // every word's dots, or-ed
        while index &+ 8 <= end {
            let found = SWAR.equalMask(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self), dot)
            if found & (found &<< 8 | carried) != 0 { return false }
            dots |= found
            carried = found &>> 56
            index &+= 8
        }
        if index < end {
            // The last 1–7 bytes, shifted down (zeros above: not dots).
            let word = SWAR.trailingWord(raw, from: index, end: end)
            let found = SWAR.equalMask(word, dot)
            if found & (found &<< 8 | carried) != 0 { return false }
            dots |= found
        }
        return dots != 0
    }

    /// Bit 7 of each byte of `word` that is an ASCII control character, a space or DEL: an
    /// ASCII byte whose low seven bits are below 0x21 (adding 0x5F leaves bit 7 clear) or
    /// 0x7F (adding 1 sets it); exact per byte in bit 7 (no carry: at most 0x7F + 0x5F);
    /// the other bits are not meaningful.
    @inline(__always)
    static func spaceOrControlBits(_ word: UInt64) -> UInt64 {
        let seven = word & 0x7F7F_7F7F_7F7F_7F7F
        let printable = seven &+ 0x5F5F_5F5F_5F5F_5F5F
        let delete = seven &+ SWAR.ones
        return (~printable | delete) & ~word
    }

    /// The last 1–7 bytes of a text from `index` (`end - 8 < index < end`, `end >= 5`),
    /// little-endian; past `end`, `a`s.
    @inline(__always)
    private static func lastWord(_ base: UnsafePointer<UInt8>, from index: Int, end: Int) -> UInt64 {
        // (A masking shift: `end - index` is 1–7, so the shift is 8–56 bits.)
        let filler: UInt64 = 0x6161_6161_6161_6161 &<< UInt64(truncatingIfNeeded: (end &- index) &* 8)
        return SWAR.trailingWord(UnsafeRawPointer(base), from: index, end: end) | filler
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
            bytes[2] | 0x20 == UInt8(ascii: "t"), bytes[3] | 0x20 == UInt8(ascii: "p")
        else { return nil }
        var index = 4
        if bytes[index] | 0x20 == UInt8(ascii: "s") { index += 1 }
        guard index + 3 <= bytes.count, bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
            bytes[index + 2] == UInt8(ascii: "/")
        else { return nil }
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
