// Field paths in the form evaluation walks: keys pre-split and pre-encoded, wildcards
// either expanded (the field's own path) or bound to the element being validated
// (paths inside conditions and field arguments).

/// An object key ready for lookup in either record storage: the `String` for `Value`
/// records, its UTF-8 bytes for the JSON tape (compared without decoding).
struct CompiledKey: Sendable {
    let string: String
    let utf8: [UInt8]

    init(_ string: String) {
        self.string = string
        self.utf8 = Array(string.utf8)
    }
}

/// A field's own path, split at its wildcards: `items[*].sku` is `[["items"], ["sku"]]`,
/// `a[*][*].b` is `[["a"], [], ["b"]]`. Evaluation resolves the first run from the root,
/// then for every element of the array it reached resolves the next run from that
/// element, so a `[*]` path is expanded in one linear walk.
struct ExpansionPath: Sendable {
    let runs: [[CompiledKey]]

    init(_ path: FieldPath) {
        var runs: [[CompiledKey]] = [[]]
        for segment in path.segments {
            switch segment {
            case .key(let key): runs[runs.count - 1].append(CompiledKey(key))
            case .wildcard: runs.append([])
            }
        }
        self.runs = runs
    }

    /// The number of `[*]` in the path.
    var wildcardCount: Int { runs.count - 1 }
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
