/// Conversions between `file:` URIs and file-system paths.
///
/// Editors percent-encode paths differently (VS Code encodes `:` in `c%3A`, others do
/// not), so URIs are compared after decoding, and every URI the server creates is made
/// by ``fileURI(forPath:)``.
public enum DocumentURI {
    /// The path of a `file:` URI (percent-decoded), or `nil` for other schemes
    /// (`untitled:`), which have no file on disk.
    public static func path(fromURI uri: String) -> String? {
        guard uri.lowercased().hasPrefix("file://") else { return nil }
        var rest = Substring(uri.dropFirst("file://".count))
        // Drop an authority (`file://localhost/…`); an empty one is the common case.
        if !rest.hasPrefix("/"), let slash = rest.firstIndex(of: "/") { rest = rest[slash...] }
        if let query = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<query] }
        return percentDecoded(rest)
    }

    /// A `file://` URI for an absolute path.
    public static func fileURI(forPath path: String) -> String {
        var uri = "file://"
        if !path.hasPrefix("/") { uri += "/" }
        for byte in path.utf8 {
            if isUnreserved(byte) || byte == UInt8(ascii: "/") {
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                uri += "%" + hex(byte >> 4) + hex(byte & 0xF)
            }
        }
        return uri
    }

    /// A canonical form for comparing URIs: file URIs re-encoded from their path.
    public static func normalized(_ uri: String) -> String {
        guard let path = path(fromURI: uri) else { return uri }
        return fileURI(forPath: path)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static func hex(_ nibble: UInt8) -> String {
        String(UnicodeScalar(nibble < 10 ? nibble + 48 : nibble + 55))
    }

    private static func percentDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%"), iterator.count >= 2,
                let high = hexValue(iterator[iterator.startIndex]), let low = hexValue(iterator[iterator.startIndex + 1])
            {
                bytes.append(high << 4 | low)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - 48
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - 87
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - 55
        default: nil
        }
    }
}
