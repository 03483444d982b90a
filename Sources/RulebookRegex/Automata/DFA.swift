/// A complete DFA over the pattern's scalar classes, built eagerly at compile time, so
/// matching is a UTF-8 decode, a class lookup and a table lookup per scalar, and the
/// compiled pattern is immutable (no lazily filled cache behind a lock; any number of
/// threads match concurrently).
///
/// Layout (why it is not a nested array): one flat `[UInt32]` with `stride = classCount + 1`
/// entries per state. Entry `c` of a row is the next state's row offset (premultiplied, so
/// the hot loop does no multiplication); the extra last entry is 1 when the state accepts at
/// the end of the text. Row 0 is the dead state: every transition stays there, and the loop
/// exits as soon as it is reached.
struct DFA: Sendable {
    /// Scalar → class.
    let alphabet: Alphabet
    /// Entries per row: the class count plus the acceptance entry.
    let stride: Int
    /// Rows of `stride` entries; transitions are row offsets.
    let table: [UInt32]
    /// Row offset of the start state (used when the text is not empty).
    let start: Int
    /// Whether the empty text matches (anchors are evaluated at the start and end at once).
    let acceptsEmpty: Bool

    /// The number of states, the dead state included.
    var stateCount: Int { table.count / stride }

    /// The same automaton in buffers of its own (see ``Pattern/independentCopy()``).
    func independentCopy() -> DFA {
        DFA(
            alphabet: alphabet.independentCopy(), stride: stride, table: table.independentCopy(), start: start,
            acceptsEmpty: acceptsEmpty)
    }

    /// Whether the whole of `bytes` matches. Invalid UTF-8 never matches.
    @inline(__always)
    func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.isEmpty { return acceptsEmpty }
        return table.withUnsafeBufferPointer { table in
            alphabet.asciiClasses.withUnsafeBufferPointer { ascii in
                alphabet.blockOffsets.withUnsafeBufferPointer { blockOffsets in
                    alphabet.blocks.withUnsafeBufferPointer { blocks in
                        RawDFA(
                            table: table.baseAddress, ascii: ascii.baseAddress, blockOffsets: blockOffsets.baseAddress,
                            blockCount: blockOffsets.count, blocks: blocks.baseAddress, tailClass: alphabet.tailClass,
                            start: start, acceptColumn: stride - 1, acceptsEmpty: acceptsEmpty
                        ).matches(bytes)
                    }
                }
            }
        }
    }
}

/// Strict UTF-8 decoding of one non-ASCII scalar (no overlongs, surrogates or values past
/// U+10FFFF), so untrusted bytes given to `matches(utf8:)` can never be misread.
enum UTF8Decoding {
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, lead: UInt8) -> (UInt32, Int)? {
        let remaining = bytes.count - index
        @inline(__always) func continuation(_ offset: Int) -> UInt32? {
            let byte = bytes[index + offset]
            return byte & 0xC0 == 0x80 ? UInt32(byte & 0x3F) : nil
        }
        switch lead {
        case 0xC2...0xDF:
            guard remaining >= 2, let b1 = continuation(1) else { return nil }
            return (UInt32(lead & 0x1F) << 6 | b1, 2)
        case 0xE0...0xEF:
            guard remaining >= 3, let b1 = continuation(1), let b2 = continuation(2) else { return nil }
            let value = UInt32(lead & 0x0F) << 12 | b1 << 6 | b2
            guard value >= 0x800, !(0xD800...0xDFFF).contains(value) else { return nil }
            return (value, 3)
        case 0xF0...0xF4:
            guard remaining >= 4, let b1 = continuation(1), let b2 = continuation(2), let b3 = continuation(3) else { return nil }
            let value = UInt32(lead & 0x07) << 18 | b1 << 12 | b2 << 6 | b3
            guard (0x10000...0x10FFFF).contains(value) else { return nil }
            return (value, 4)
        default:
            return nil
        }
    }
}

extension Array {
    /// The elements in a new buffer (`Array(self)` would share this one).
    func independentCopy() -> [Element] {
        withUnsafeBufferPointer { Array($0) }
    }
}
