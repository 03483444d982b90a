import Rulebook

extension Value {
    /// The value at a path of keys (nil when absent or when the path has `[*]`).
    func value(at path: FieldPath) -> Value? {
        var current = self
        for segment in path.segments {
            guard case .key(let key) = segment, let next = current[key] else { return nil }
            current = next
        }
        return current
    }

    /// Sets (or with nil removes) the value at a path of keys, making the objects on the
    /// way; a non-object on the way is replaced by an object.
    mutating func setValue(_ value: Value?, at path: FieldPath) {
        setValue(value, at: path.segments[...])
    }

    private mutating func setValue(_ value: Value?, at segments: ArraySlice<FieldPath.Segment>) {
        guard let first = segments.first, case .key(let key) = first else { return }
        var object = ValueObject()
        if case .object(let existing) = self {
            object = existing
            // Performance: the record lets go of its object first, so the object is
            // edited in place instead of copied member by member on every keystroke.
            self = .null
        }
        if segments.count == 1 {
            object[key] = value
        } else {
            var child = object[key] ?? .object(ValueObject())
            child.setValue(value, at: segments.dropFirst())
            object[key] = child
        }
        self = .object(object)
    }
}
