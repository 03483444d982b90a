// The slow path from a tape to `Value`, for reports, patches and the Swift API. It walks
// the entries in document order with an explicit stack (no recursion), so it accepts
// whatever nesting the parse accepted.

extension JSONTape.View {
    /// `node`'s subtree as a ``Value`` (allocates; the streaming path avoids it).
    package func value(of node: JSONTape.Node) -> Value {
        let kind = rawKind(node)
        guard kind == JSONTape.RawKind.array || kind == JSONTape.RawKind.object else { return scalarValue(node) }
        let end = next(after: node).index
        var isObject: [Bool] = []
        var arrays: [[Value]] = []
        var objects: [[(key: String, value: Value)]] = []
        var keys: [String?] = []
        var index = node.index
        while index < end {
            let entry = JSONTape.Node(index)
            index += 1
            let completed: Value
            switch rawKind(entry) {
            case JSONTape.RawKind.array:
                isObject.append(false)
                arrays.append([])
                continue
            case JSONTape.RawKind.object:
                isObject.append(true)
                objects.append([])
                keys.append(nil)
                continue
            case JSONTape.RawKind.arrayEnd:
                isObject.removeLast()
                completed = .array(arrays.removeLast())
            case JSONTape.RawKind.objectEnd:
                isObject.removeLast()
                keys.removeLast()
                completed = .object(ValueObject(uniquing: objects.removeLast()))
            default:
                if isObject.last == true, keys[keys.count - 1] == nil {
                    keys[keys.count - 1] = string(of: entry) ?? ""
                    continue
                }
                completed = scalarValue(entry)
            }
            guard let inObject = isObject.last else { return completed }
            if inObject {
                objects[objects.count - 1].append((keys[keys.count - 1] ?? "", completed))
                keys[keys.count - 1] = nil
            } else {
                arrays[arrays.count - 1].append(completed)
            }
        }
        return .null  // unreachable for a well-formed tape: the root's closing entry returns
    }

    /// The value of a scalar entry.
    func scalarValue(_ node: JSONTape.Node) -> Value {
        switch rawKind(node) {
        case JSONTape.RawKind.true: .bool(true)
        case JSONTape.RawKind.false: .bool(false)
        case JSONTape.RawKind.number: number(of: node)?.value ?? .null
        case JSONTape.RawKind.string: .string(string(of: node) ?? "")
        default: .null
        }
    }
}
