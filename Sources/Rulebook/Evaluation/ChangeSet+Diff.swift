// Change tracking between an original record and its edited version.

extension ChangeSet {
    /// Compares two records.
    ///
    /// - `changedFields` lists the deepest paths whose values differ, in the original's
    ///   member order followed by added members: a changed scalar at its own path, an
    ///   added or removed member at its path, objects compared member by member, arrays
    ///   element by element (`items[2].sku`, and `items[3]` for an element only one side
    ///   has), and a change of kind (object to array, …) at the path itself.
    /// - `patch` is an RFC 7386 JSON Merge Patch with only the changed members: removed
    ///   members are `null`, nested objects patch recursively, and an array that changed
    ///   at all is replaced whole (merge patches cannot address elements). Like every merge
    ///   patch it cannot express "set this member to `null`"; applying it removes the member.
    ///   When the records are not both objects, the patch is the edited record.
    public init(from original: Value, to edited: Value) {
        var changed: [ConcretePath.Segment] = []
        var fields: [ConcretePath] = []
        let patch = ChangeSet.diff(original, edited, path: &changed, into: &fields)
        self.init(changedFields: fields, patch: patch ?? .object(ValueObject()))
    }

    /// Whether `field` changed: a changed path equals it, lies inside it, or contains it.
    public func touches(_ field: ConcretePath) -> Bool {
        changedFields.contains { changed in
            let shared = min(changed.segments.count, field.segments.count)
            return changed.segments[..<shared] == field.segments[..<shared]
        }
    }

    /// Records the changed paths below `path` and returns the merge patch turning
    /// `original` into `edited`, or nil when they are equal.
    private static func diff(
        _ original: Value, _ edited: Value, path: inout [ConcretePath.Segment],
        into fields: inout [ConcretePath]
    ) -> Value? {
        switch (original, edited) {
        case (.object(let before), .object(let after)):
            var members: [(key: String, value: Value)] = []
            for member in before.members {
                path.append(.key(member.key))
                if let now = after[member.key] {
                    if let patch = diff(member.value, now, path: &path, into: &fields) { members.append((member.key, patch)) }
                } else {
                    fields.append(ConcretePath(path))
                    members.append((member.key, .null))
                }
                path.removeLast()
            }
            for member in after.members where before[member.key] == nil {
                path.append(.key(member.key))
                fields.append(ConcretePath(path))
                members.append((member.key, member.value))
                path.removeLast()
            }
            return members.isEmpty ? nil : .object(ValueObject(members))
        case (.array(let before), .array(let after)):
            guard before != after else { return nil }
            for index in 0..<max(before.count, after.count) {
                path.append(.index(index))
                if index < before.count && index < after.count {
                    _ = diff(before[index], after[index], path: &path, into: &fields)
                } else {
                    fields.append(ConcretePath(path))
                }
                path.removeLast()
            }
            return edited
        default:
            guard original != edited else { return nil }
            fields.append(ConcretePath(path))
            return edited
        }
    }
}
