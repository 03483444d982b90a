// Paths in the form evaluation walks: keys pre-encoded, wildcards either expanded (a
// field's own path, see `FieldPlan`) or bound to the element being validated (paths inside
// conditions and field arguments).

/// An object key ready for lookup in either record storage: the `String` for `Value`
/// records, its UTF-8 bytes for the JSON tape (compared without decoding).
struct CompiledKey: Sendable {
    let string: String
    let utf8: [UInt8]
    /// Whether the key is ASCII (then String `==` is byte equality).
    let isASCII: Bool

    init(_ string: String) {
        self.string = string
        self.utf8 = Array(string.utf8)
        self.isASCII = utf8.allSatisfy { $0 < 0x80 }
    }

    /// Whether `candidate` is this key, byte for byte (JSON keys are not normalised).
    @inline(__always)
    func matches(_ candidate: String) -> Bool {
        // The length is O(1) for native strings and rules out nearly every other key; two
        // ASCII strings are equal under `==` exactly when their bytes are.
        guard candidate.utf8.count == utf8.count, candidate == string else { return false }
        return isASCII || candidate.utf8.elementsEqual(utf8)
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

    init(_ path: FieldPath, relativeTo field: FieldPath) {
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
            case .key(let key): .key(CompiledKey(key))
            case .wildcard: .any
            }
        }
        self.written = path
    }
}
