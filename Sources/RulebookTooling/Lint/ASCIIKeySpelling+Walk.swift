import Rulebook

// Going through a field path's lowercased spelling from its keys' bytes, for the
// "did you mean" of `unknown-field` (`PathSuggestions`).

/// What is done with a path's spelling as ``ASCIIKeySpelling/walk(_:_:)`` goes through
/// it: measured, counted into a signature or written.
package protocol PathSpellingVisitor {
    /// One scalar of the spelling outside the keys: the `.` between keys, or one of `[*]`.
    mutating func punctuation(_ scalar: UInt8)
    /// A key's bytes; false stops the walk (a key with a non-ASCII byte).
    mutating func key(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool
}

extension ASCIIKeySpelling {
    /// Passes the scalars of the lowercased spelling of the key `bytes`, whose shape is
    /// `shape`, to `put` one by one.
    @inline(__always)
    package static func write(_ bytes: UnsafeBufferPointer<UInt8>, shape: Shape, _ put: (UInt32) -> Void) {
        if shape.quoted { put(0x22) }  // "
        for byte in bytes {
            if shape.quoted, FieldPath.isEscapedInQuotes(UInt32(byte)) { put(0x5C) }
            put(UInt32(lowercased(byte)))
        }
        if shape.quoted { put(0x22) }
    }

    /// Goes through the spelling of `path` in order (``FieldPath/description``: keys
    /// joined by `.`, `[*]` directly after the key before it); false when the visitor
    /// stopped at a key.
    @inline(__always)
    package static func walk<Visitor: PathSpellingVisitor>(_ path: FieldPath, _ visitor: inout Visitor) -> Bool {
        var first = true
        for segment in path.segments {
            switch segment {
            case .wildcard:
                visitor.punctuation(0x5B); visitor.punctuation(0x2A); visitor.punctuation(0x5D)  // [*]
            case .key(let key):
                if !first { visitor.punctuation(0x2E) }  // .
                let going =
                    key.utf8.withContiguousStorageIfAvailable { visitor.key($0) }
                    ?? Array(key.utf8).withUnsafeBufferPointer { visitor.key($0) }
                guard going else { return false }
            }
            first = false
        }
        return true
    }
}
