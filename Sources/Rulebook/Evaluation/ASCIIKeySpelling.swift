/// How an ASCII key of a field path is spelt in ``FieldPath/description``, lowercased:
/// bare when it is an identifier, otherwise in quotes with `\` and `"` escaped (as
/// ``FieldPath/appendKey(_:to:)`` writes it). The one ASCII identifier rule of the
/// package: ``FieldPath/isIdentifier(_:)`` asks it too.
///
/// "Did you mean" compares lowercased path spellings, and a file's paths are tens of
/// thousands, so the spelling is measured, hashed into a signature and written from the
/// keys' bytes rather than built as a string (`PathSuggestions` in `RulebookTooling`);
/// ASCII lowercasing is ``lowercased(_:)`` for every suggestion.
///
/// Performance: one table load per byte answers the three questions (is it ASCII, may it
/// start or continue an identifier, is it escaped when quoted).
package enum ASCIIKeySpelling {
    /// The spelling of one key: whether it is quoted, and how many bytes are escaped.
    package struct Shape: Equatable {
        package let quoted: Bool
        package let escapes: Int

        /// The spelt length in scalars of a key of `byteCount` bytes.
        package func length(ofKeyWith byteCount: Int) -> Int {
            quoted ? byteCount + 2 + escapes : byteCount
        }
    }

    /// A key's shape being worked out byte by byte, for loops that do something else
    /// with each byte too (counting a signature).
    package struct Classifier {
        /// The ``byteClasses`` bits every byte so far has.
        private var all: UInt8 = 0xFF
        private var escapes = 0

        /// A key of no bytes yet.
        package init() {}

        @inline(__always)
        package mutating func add(_ byteClass: UInt8) {
            all &= byteClass
            escapes &+= Int(byteClass >> 2 & 1)  // ByteClass.escaped
        }

        /// The shape of the key, given the class of its first byte (`nil` for an empty
        /// key, which is spelt `""`); `nil` when a byte was not ASCII.
        package func shape(firstByteClass: UInt8?) -> Shape? {
            guard all & ByteClass.ascii != 0 else { return nil }
            let identifier =
                all & ByteClass.identifierPart != 0
                && (firstByteClass.map { $0 & ByteClass.identifierStart != 0 } ?? false)
            return Shape(quoted: !identifier, escapes: identifier ? 0 : escapes)
        }
    }

    /// The shape of the key `bytes`; `nil` when a byte is not ASCII.
    package static func shape(of bytes: UnsafeBufferPointer<UInt8>) -> Shape? {
        byteClasses.withUnsafeBufferPointer { shape(of: bytes, classes: $0) }
    }

    /// ``shape(of:)`` with the table at hand (loops over many keys fetch it once).
    @inline(__always)
    package static func shape(of bytes: UnsafeBufferPointer<UInt8>, classes: UnsafeBufferPointer<UInt8>) -> Shape? {
        var classifier = Classifier()
        for byte in bytes { classifier.add(classes[Int(byte)]) }
        return classifier.shape(firstByteClass: bytes.first.map { classes[Int($0)] })
    }

    /// An ASCII byte lowercased.
    @inline(__always)
    package static func lowercased(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    /// What a byte is to a key's spelling: bits of ``byteClasses``.
    enum ByteClass {
        static let identifierPart: UInt8 = 1
        static let identifierStart: UInt8 = 2
        static let escaped: UInt8 = 4  // bit 2, read as `>> 2 & 1`
        static let ascii: UInt8 = 8
    }

    /// ``ByteClass`` bits of every byte: the ASCII rule of `FieldPath.isIdentifier` (a
    /// letter or `_` starts an identifier; those and digits continue one), and the two
    /// characters `FieldPath.appendKey` escapes inside quotes.
    package static let byteClasses: [UInt8] = (0..<256).map { value in
        guard value < 0x80 else { return 0 }
        let byte = UInt8(value)
        let letter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        let digit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        var result = ByteClass.ascii
        if letter || byte == UInt8(ascii: "_") { result |= ByteClass.identifierStart | ByteClass.identifierPart }
        if digit { result |= ByteClass.identifierPart }
        if FieldPath.isEscapedInQuotes(UInt32(byte)) { result |= ByteClass.escaped }
        return result
    }
}
