/// A complete DFA over byte equivalence classes, built eagerly at compile time, so matching
/// is one table lookup per byte and the compiled pattern is immutable (no lazily filled
/// cache behind a lock; any number of threads match concurrently).
///
/// Layout (why it is not a nested array): one flat `[UInt32]` with `stride = classCount + 1`
/// entries per state. Entry `c` of a row is the next state's row offset (premultiplied, so
/// the hot loop does no multiplication); the extra last entry is 1 when the state accepts at
/// the end of the text. Row 0 is the dead state: every transition loops back to it and the
/// loop exits as soon as it is reached.
struct DFA: Sendable {
    /// Byte → equivalence class.
    let classMap: [UInt8]
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

    /// Whether the whole of `bytes` matches.
    @inline(__always)
    func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.isEmpty { return acceptsEmpty }
        let acceptColumn = stride - 1
        return table.withUnsafeBufferPointer { table in
            classMap.withUnsafeBufferPointer { classes in
                // Unchecked: every class is < stride - 1 and every entry is a row offset
                // of this table, by construction in DFABuilder.
                var state = start
                for byte in bytes {
                    state = Int(table[state &+ Int(classes[Int(byte)])])
                    if state == 0 { return false }
                }
                return table[state &+ acceptColumn] != 0
            }
        }
    }
}
