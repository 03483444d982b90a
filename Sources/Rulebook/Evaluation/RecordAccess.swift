// Evaluation is written once, generic over how a record is stored. The optimiser
// specialises it per storage, so the `Value` path and the streaming JSON-tape path run
// the same validators without dynamic dispatch and without building `Value`s on the tape.

/// The JSON kind of a record node.
enum NodeKind: UInt8, Sendable {
    case null, bool, number, string, array, object
}

/// Read access to one record, as the validators need it.
///
/// `Node` is a handle to one value inside the record (`Value` itself for the Swift API, an
/// index for the tape). Absent values are `nil` at the call sites, never a node.
protocol RecordAccess {
    associatedtype Node

    /// The record's root.
    var root: Node { get }
    /// The node's JSON kind.
    func kind(_ node: Node) -> NodeKind
    /// The member `key` of an object; nil when the node is not an object or has no such member.
    func member(_ node: Node, _ key: CompiledKey) -> Node?
    /// `member(_:_:)` for the root's members, with a position hint carried from one lookup
    /// to the next (records usually list their members in the order the rules name them).
    func member(_ node: Node, _ key: CompiledKey, hint: inout Int) -> Node?
    /// The number of elements of an array; 0 for anything else.
    func elementCount(_ node: Node) -> Int
    /// Calls `body` with each element of an array in order until it returns false;
    /// does nothing for anything else.
    func forEachElement(_ node: Node, _ body: (Int, Node) -> Bool)
    /// Calls `body` with the UTF-8 bytes of a string (unescaped, valid UTF-8); with an
    /// empty buffer for anything else.
    func withUTF8<R>(_ node: Node, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R
    /// The text of a string node (slow paths: grapheme counting, Unicode classes).
    func string(_ node: Node) -> String
    /// The value of a number node, exact when it is a whole number that fits `Int`.
    func number(_ node: Node) -> NumberReading
    /// The value of a boolean node.
    func bool(_ node: Node) -> Bool
    /// The node as a `Value` (slow paths: `unique`, reports).
    func value(_ node: Node) -> Value
    /// JSON equality with a literal.
    func equals(_ node: Node, _ literal: Value) -> Bool
    /// JSON equality between two nodes of this record.
    func equal(_ lhs: Node, _ rhs: Node) -> Bool
}

/// `Value` records: the Swift API.
struct ValueAccess: RecordAccess {
    let root: Value

    init(_ root: Value) { self.root = root }

    @inline(__always)
    func kind(_ node: Value) -> NodeKind {
        switch node {
        case .null: .null
        case .bool: .bool
        case .integer, .decimal: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    @inline(__always)
    func member(_ node: Value, _ key: CompiledKey) -> Value? {
        guard case .object(let object) = node else { return nil }
        // JSON keys match byte for byte (as `ValueObject`'s own lookup does, but this
        // compares a compiled key's bytes, which is faster), by a linear scan
        // with a length check first: records are small; a huge object costs O(members)
        // per rule field, still linear in the input.
        let members = object.members
        for position in members.indices where key.matches(members[position].key) { return members[position].value }
        return nil
    }

    /// Starts at `hint` and wraps around: with members in rule order each lookup is one
    /// comparison. (Keys in a `ValueObject` are unique, so the first match is the match.)
    @inline(__always)
    func member(_ node: Value, _ key: CompiledKey, hint: inout Int) -> Value? {
        guard case .object(let object) = node else { return nil }
        let members = object.members
        let count = members.count
        guard count > 0 else { return nil }
        var position = hint < count ? hint : 0
        for _ in 0..<count {
            if key.matches(members[position].key) {
                hint = position + 1
                return members[position].value
            }
            position = position + 1 == count ? 0 : position + 1
        }
        return nil
    }

    func elementCount(_ node: Value) -> Int {
        guard case .array(let elements) = node else { return 0 }
        return elements.count
    }

    func forEachElement(_ node: Value, _ body: (Int, Value) -> Bool) {
        guard case .array(let elements) = node else { return }
        for index in elements.indices where !body(index, elements[index]) { return }
    }

    @inline(__always)
    func withUTF8<R>(_ node: Value, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        guard case .string(let text) = node else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        // Native Swift strings are contiguous UTF-8 (small ones are spilled to the stack),
        // so this reads the bytes in place; the copy is for the rare bridged string.
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }

    func string(_ node: Value) -> String {
        guard case .string(let text) = node else { return "" }
        return text
    }

    @inline(__always)
    func number(_ node: Value) -> NumberReading {
        switch node {
        case .integer(let number): NumberReading(double: Double(number), integer: number)
        case .decimal(let number): NumberReading(number)
        default: NumberReading(double: .nan, integer: nil)
        }
    }

    func bool(_ node: Value) -> Bool {
        guard case .bool(let flag) = node else { return false }
        return flag
    }

    func value(_ node: Value) -> Value { node }

    func equals(_ node: Value, _ literal: Value) -> Bool { node == literal }

    func equal(_ lhs: Value, _ rhs: Value) -> Bool { lhs == rhs }
}
