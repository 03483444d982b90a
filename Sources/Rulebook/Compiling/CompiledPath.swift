// Paths in the form evaluation walks: keys pre-encoded, wildcards either expanded (a
// field's own path, see `FieldPlan`) or bound to the element being validated (paths inside
// conditions and field arguments).

/// An object key ready for lookup in either record storage: its UTF-8 bytes, compared
/// byte for byte with a `Value` member's key or a tape key (JSON keys are not
/// normalised, so `"é"` composed and decomposed are different keys).
///
/// Performance bends this type: the bytes live in memory owned by the program's
/// ``KeyStorage`` (allocated once, freed with the program), so a key is plain words and
/// reading one from the program costs no reference counting. Evaluation always holds
/// the program, so the pointer is valid whenever a key is read.
struct CompiledKey: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    /// The words of the key as a `String` (small for a key of at most 15 bytes): a
    /// `Value` member's key that is a small string is this key exactly when its words
    /// are these (see ``StringWords``).
    let words: StringWords
    /// For the first key of a field's path (a member of the record's root): its index in
    /// ``CompiledProgram/rootKeys``, where the tape path finds the member's value without
    /// a search (see `TapeAccess`). -1 for every other key: a key with a slot is only
    /// ever looked up in the root.
    let rootSlot: Int

    /// The key as text (for tests and messages; evaluation compares ``bytes`` and
    /// ``words``).
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether the string at `candidate` is this key, byte for byte.
    @inline(__always)
    func matches(_ candidate: UnsafePointer<String>) -> Bool {
        let candidateWords = StringWords(candidate)
        guard candidateWords.isSmall else { return sameBytes(candidate.pointee) }
        // Small strings are canonical: equal words, equal bytes. (A key of more than
        // 15 bytes is never small, so never equals a small candidate.)
        assert((candidateWords == words) == sameBytes(candidate.pointee), "small-string words agree with the bytes")
        return candidateWords == words
    }

    /// Whether `candidate`'s UTF-8 bytes are this key's.
    @inline(never)
    private func sameBytes(_ candidate: String) -> Bool {
        candidate.utf8.count == bytes.count && candidate.utf8.elementsEqual(bytes)
    }
}

/// Owns the bytes of every ``CompiledKey`` of one program.
final class KeyStorage: @unchecked Sendable {
    private var buffers: [UnsafeMutableRawBufferPointer] = []

    /// A key whose bytes live as long as this storage. Only called while compiling.
    func key(_ text: String, rootSlot: Int = -1) -> CompiledKey {
        let utf8 = Array(text.utf8)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(utf8.count, 1), alignment: 8)
        buffer.copyBytes(from: utf8)
        buffers.append(buffer)
        return CompiledKey(
            bytes: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[0..<utf8.count]),
            words: StringWords(smallFormOf: text), rootSlot: rootSlot)
    }

    deinit {
        for buffer in buffers { buffer.deallocate() }
    }
}

/// One step of a path read from inside a field's rules (a condition or a field argument).
enum ReferenceStep: Sendable {
    case key(CompiledKey)
    /// A `[*]` not shared with the field being validated: conditions ask whether *any*
    /// element fits; a single value (`same`, `before`) is absent.
    case any
}

/// A path read relative to the field being validated.
///
/// Wildcards it shares with the field stand for the same element: in
/// `items[*].total: min items[*].floor`-style rules and `when items[*].type == …` blocks
/// the k-th `[*]` of the path is *bound* when every segment up to and including it equals
/// the field's segment at the same position. Bound wildcards always form a prefix, so the
/// path is resolved from the element the field's own expansion is visiting (its
/// `anchor`-th `[*]`), not from the root: O(1) per element, never a re-walk.
struct ReferencePath: Sendable {
    /// The `[*]` level (0-based) of the field's expansion to start from; -1 for the root.
    let anchor: Int
    /// The steps after the anchor.
    let steps: [ReferenceStep]
    /// As written, for parameters and messages.
    let written: FieldPath

    init(_ path: FieldPath, relativeTo field: FieldPath, keys: KeyStorage) {
        var anchor = -1
        var anchorPosition = -1
        var wildcards = 0
        for (position, segment) in path.segments.enumerated() {
            guard position < field.segments.count, field.segments[position] == segment else { break }
            if segment == .wildcard {
                anchor = wildcards
                anchorPosition = position
                wildcards += 1
            }
        }
        self.anchor = anchor
        self.steps = path.segments[(anchorPosition + 1)...].map { segment in
            switch segment {
            case .key(let key): .key(keys.key(key))
            case .wildcard: .any
            }
        }
        self.written = path
    }
}
