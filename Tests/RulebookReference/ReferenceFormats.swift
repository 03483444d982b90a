/// The text shapes of `email`, `url` and `uuid`, as their documentation states them,
/// written plainly over Unicode scalars.
enum ReferenceFormats {
    /// `local@domain.tld`: exactly one `@` with text before it; no white space or control
    /// characters; the domain has a dot and no empty label.
    static func isEmail(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) else { return false }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }

    /// `http`/`https` (any case) `://[userinfo@]host[:port][/path][?query][#fragment]`:
    /// a non-empty host of name characters (or a bracketed IPv6 literal), a port of 1–5
    /// digits; no white space, control characters or `<>"{}|\^` and backtick anywhere.
    static func isURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        let schemeLength: Int
        if lower.hasPrefix("https://") { schemeLength = 8 } else if lower.hasPrefix("http://") { schemeLength = 7 } else { return false }
        let rest = Array(text.unicodeScalars.dropFirst(schemeLength))
        let forbidden: Set<Unicode.Scalar> = ["<", ">", "\"", "{", "}", "|", "\\", "^", "`"]
        guard !rest.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || forbidden.contains($0) || $0.properties.isWhitespace }) else {
            return false
        }
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let hostAndPort = Array(authority.split(separator: "@", omittingEmptySubsequences: false).last ?? [])
        guard !hostAndPort.isEmpty else { return false }
        var host = hostAndPort[...]
        var port: ArraySlice<Unicode.Scalar>? = nil
        if hostAndPort.first == "[" {
            guard let close = hostAndPort.firstIndex(of: "]"), close > 1 else { return false }
            guard hostAndPort[1..<close].allSatisfy({ $0.properties.isASCIIHexDigit || $0 == ":" || $0 == "." }) else { return false }
            host = hostAndPort[...close]
            if close + 1 < hostAndPort.count {
                guard hostAndPort[close + 1] == ":" else { return false }
                port = hostAndPort[(close + 2)...]
            }
        } else {
            if let colon = hostAndPort.lastIndex(of: ":") {
                host = hostAndPort[..<colon]
                port = hostAndPort[(colon + 1)...]
            }
            let allowed = Set("-._~%!$&'()*+,;=".unicodeScalars)
            guard !host.isEmpty,
                host.allSatisfy({
                    $0.value >= 0x80 || ("a"..."z").contains($0) || ("A"..."Z").contains($0)
                        || ("0"..."9").contains($0) || allowed.contains($0)
                })
            else { return false }
        }
        if let port {
            guard (1...5).contains(port.count), port.allSatisfy({ ("0"..."9").contains($0) }) else { return false }
        }
        return true
    }

    /// `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, hexadecimal digits in either case.
    static func isUUID(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 36 else { return false }
        for (index, scalar) in scalars.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard scalar == "-" else { return false }
            } else {
                guard ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar) else { return false }
            }
        }
        return true
    }
}
