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
    /// A `[*]` that stands for the same element as the field being validated: the
    /// binding-th index of the concrete field (`items[*].total: min items[*].floor`
    /// compares within one element).
    case bound(Int)
    /// A `[*]` not shared with the field being validated.
    case any
}

/// A path read relative to the field being validated.
struct ReferencePath: Sendable {
    let steps: [ReferenceStep]
    /// As written, for parameters and messages.
    let written: FieldPath

    /// Binds the wildcards of `path` that it shares with `field`: the k-th `[*]` of
    /// `path` is bound when every segment of `path` up to and including it equals the
    /// segment at the same position of `field`.
    init(_ path: FieldPath, relativeTo field: FieldPath) {
        var steps: [ReferenceStep] = []
        steps.reserveCapacity(path.segments.count)
        var sharedPrefix = true
        var wildcards = 0
        for (position, segment) in path.segments.enumerated() {
            sharedPrefix = sharedPrefix && position < field.segments.count && field.segments[position] == segment
            switch segment {
            case .key(let key):
                steps.append(.key(CompiledKey(key)))
            case .wildcard:
                steps.append(sharedPrefix ? .bound(wildcards) : .any)
                wildcards += 1
            }
        }
        self.steps = steps
        self.written = path
    }

    /// Whether some `[*]` is not bound (conditions then ask whether *any* element fits).
    var hasFreeWildcard: Bool {
        steps.contains { if case .any = $0 { true } else { false } }
    }
}
