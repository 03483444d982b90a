// The lowercased spelling of a field path as "did you mean" candidate scalars.

extension Suggestions {
    /// Appends the Unicode scalars of `path.description.lowercased()`.
    ///
    /// Performance: a path whose keys are all ASCII (nearly all) is written from its
    /// segments byte by byte, with the quoting and escaping of ``FieldPath/appendKey(_:to:)``
    /// and ASCII lowercasing, without building its spelling; any other path is spelt and
    /// lowercased as a whole (so lowercasing that depends on context stays exact).
    static func appendLowercasedSpelling(of path: FieldPath, to scalars: inout [UInt32]) {
        let start = scalars.count
        var first = true
        for segment in path.segments {
            switch segment {
            case .wildcard:
                scalars.append(0x5B); scalars.append(0x2A); scalars.append(0x5D)  // [*]
            case .key(let key):
                if !first { scalars.append(0x2E) }  // .
                let written = key.utf8.withContiguousStorageIfAvailable { appendASCIIKey($0, to: &scalars) } ?? false
                guard written else {
                    scalars.removeSubrange(start...)
                    appendLowercasedScalars(of: path.description, to: &scalars)
                    return
                }
            }
            first = false
        }
    }

    /// Appends an ASCII key as ``FieldPath/appendKey(_:to:)`` spells it, lowercased;
    /// false (nothing appended) when the key has a non-ASCII byte.
    private static func appendASCIIKey(_ bytes: UnsafeBufferPointer<UInt8>, to scalars: inout [UInt32]) -> Bool {
        var identifier = !bytes.isEmpty
        for (index, byte) in bytes.enumerated() {
            guard byte < 0x80 else { return false }
            // The ASCII rule of `FieldPath.isIdentifier`.
            let letter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            let digit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            if !(letter || byte == UInt8(ascii: "_") || (digit && index > 0)) { identifier = false }
        }
        if identifier {
            // Performance: a plain loop of appends; `append(contentsOf:)` of a lazy map
            // took its generic path (≈ 370 instructions a key).
            for byte in bytes {
                scalars.append(UInt32(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte))
            }
            return true
        }
        scalars.append(0x22)  // "
        for byte in bytes {
            if byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") { scalars.append(0x5C) }
            scalars.append(UInt32(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte))
        }
        scalars.append(0x22)
        return true
    }
}
