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
///
/// Nodes are pointers to `Value`s inside the record, never copies: reading a member or
/// an element copies no `Value` (a copy is a retain and release of its payload, which
/// dominated evaluation). Invariant: the record outlives every `ValueAccess` and node
/// made from it and is not mutated meanwhile — ``with(_:_:)`` holds it for the duration,
/// and the pointers into its arrays' storage stay valid because `Value`s are immutable
/// while borrowed.
struct ValueAccess: RecordAccess {
    typealias Node = UnsafePointer<Value>
    let root: UnsafePointer<Value>
    /// The root's members, found once per record: every field's lookup starts there.
    private let rootMembers: UnsafeBufferPointer<Member>?

    private init(root: UnsafePointer<Value>) {
        self.root = root
        self.rootMembers = Self.members(root)
    }

    /// Runs `body` with access to `record`; nodes must not escape `body`.
    @inline(__always)
    static func with<R>(_ record: Value, _ body: (ValueAccess) throws -> R) rethrows -> R {
        try withUnsafePointer(to: record) { try body(ValueAccess(root: $0)) }
    }

    /// One object member as `ValueObject` stores it.
    private typealias Member = (key: String, value: Value)
    /// Where a member's value sits within the member: after the key, aligned (a tuple
    /// lays out its elements in order, as a struct does). A constant, where
    /// `MemoryLayout.offset(of:)` would be a lazily initialised global read per lookup;
    /// the debug assertion holds the two equal.
    @inline(__always)
    private static var valueOffset: Int {
        let alignment = MemoryLayout<Value>.alignment
        let offset = (MemoryLayout<String>.size + alignment - 1) / alignment * alignment
        assert(offset == MemoryLayout<Member>.offset(of: \Member.value))
        return offset
    }

    @inline(__always)
    private static func valuePointer(_ member: UnsafePointer<Member>) -> UnsafePointer<Value> {
        (UnsafeRawPointer(member) + valueOffset).assumingMemoryBound(to: Value.self)
    }

    /// A member's key in place: the tuple's first element, at its start.
    @inline(__always)
    private static func keyPointer(_ member: UnsafePointer<Member>) -> UnsafePointer<String> {
        assert(MemoryLayout<Member>.offset(of: \Member.key) == 0)
        return UnsafeRawPointer(member).assumingMemoryBound(to: String.self)
    }

    /// The members of an object node in place (nil for anything else).
    @inline(__always)
    private static func members(_ node: Node) -> UnsafeBufferPointer<Member>? {
        guard case .object(let object) = node.pointee else { return nil }
        // The buffer stays valid after the closure: the record owns the array (see the
        // invariant above).
        return object.members.withUnsafeBufferPointer { $0 }
    }

    @inline(__always)
    func kind(_ node: Node) -> NodeKind {
        switch node.pointee {
        case .null: .null
        case .bool: .bool
        case .integer, .decimal: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    @inline(__always)
    func member(_ node: Node, _ key: CompiledKey) -> Node? {
        // JSON keys match byte for byte (as `ValueObject`'s own lookup does, but this
        // compares a compiled key's bytes, which is faster), by a linear scan
        // with a length check first: records are small; a huge object costs O(members)
        // per rule field, still linear in the input.
        guard let members = node == root ? rootMembers : Self.members(node), let base = members.baseAddress else { return nil }
        for position in 0..<members.count where key.matches(Self.keyPointer(base + position)) {
            return Self.valuePointer(base + position)
        }
        return nil
    }

    /// Starts at `hint` and wraps around: with members in rule order each lookup is one
    /// comparison. (Keys in a `ValueObject` are unique, so the first match is the match.)
    @inline(__always)
    func member(_ node: Node, _ key: CompiledKey, hint: inout Int) -> Node? {
        guard let members = node == root ? rootMembers : Self.members(node), let base = members.baseAddress else { return nil }
        let count = members.count
        var position = hint < count ? hint : 0
        for _ in 0..<count {
            if key.matches(Self.keyPointer(base + position)) {
                hint = position + 1
                return Self.valuePointer(base + position)
            }
            position = position + 1 == count ? 0 : position + 1
        }
        return nil
    }

    /// The elements of an array node in place (nil for anything else).
    @inline(__always)
    private func elements(_ node: Node) -> UnsafeBufferPointer<Value>? {
        guard case .array(let elements) = node.pointee else { return nil }
        return elements.withUnsafeBufferPointer { $0 }
    }

    func elementCount(_ node: Node) -> Int {
        elements(node)?.count ?? 0
    }

    func forEachElement(_ node: Node, _ body: (Int, Node) -> Bool) {
        guard let elements = elements(node), let base = elements.baseAddress else { return }
        for index in 0..<elements.count where !body(index, base + index) { return }
    }

    @inline(__always)
    func withUTF8<R>(_ node: Node, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        guard let text = Self.text(node) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        if let bytes = StringWords.smallUTF8(text) ?? Self.storedUTF8(text) { return body(bytes) }
        // A bridged text is copied and made contiguous.
        var copy = text.pointee
        return copy.withUTF8(body)
    }

    /// The text of a string node, in place in the record (nil for anything else).
    ///
    /// Performance bends this: binding `case .string(let text)` copies the text out of
    /// the record, an outlined copy of the whole `Value` and a retain and release of its
    /// storage, for every read (a field's emptiness and each of its text rules read it).
    /// `Value` is a multi-payload enum whose cases are told apart by a tag byte after the
    /// largest payload, so each payload, the string included, starts at the value's
    /// address; the debug assertion holds the two readings equal.
    @inline(__always)
    private static func text(_ node: Node) -> UnsafePointer<String>? {
        guard case .string = node.pointee else { return nil }
        let text = payload(node, as: String.self)
        assert(
            {
                guard case .string(let copy) = node.pointee else { return false }
                return copy.utf8.elementsEqual(text.pointee.utf8)
            }())
        return text
    }

    /// The payload of `node`, whose case holds a `T` (see ``text(_:)``).
    @inline(__always)
    private static func payload<T>(_ node: Node, as type: T.Type) -> UnsafePointer<T> {
        UnsafeRawPointer(node).assumingMemoryBound(to: type)
    }

    /// The bytes of a text that is not small, in its heap storage, which the record owns
    /// (see the invariant above); nil for a bridged text. Called only when
    /// ``StringWords/smallUTF8(_:)`` found no small text (a small text's bytes would be
    /// spilled to the stack, gone when the closure returns; where small texts do not
    /// read as such, they are ruled out here by their length).
    @inline(__always)
    private static func storedUTF8(_ text: UnsafePointer<String>) -> UnsafeBufferPointer<UInt8>? {
        guard StringWords.readsSmallForm || text.pointee.utf8.count > 15 else { return nil }
        return text.pointee.utf8.withContiguousStorageIfAvailable { $0 }
    }

    func string(_ node: Node) -> String {
        Self.text(node)?.pointee ?? ""
    }

    @inline(__always)
    func number(_ node: Node) -> NumberReading {
        // Read in place, as ``text(_:)`` reads text: a bound payload is an outlined copy
        // of the whole `Value`.
        if case .integer = node.pointee {
            let number = Self.payload(node, as: Int.self).pointee
            return NumberReading(double: Double(number), integer: number)
        }
        if case .decimal = node.pointee { return NumberReading(Self.payload(node, as: Double.self).pointee) }
        return NumberReading(double: .nan, integer: nil)
    }

    func bool(_ node: Node) -> Bool {
        guard case .bool(let flag) = node.pointee else { return false }
        return flag
    }

    func value(_ node: Node) -> Value { node.pointee }

    func equals(_ node: Node, _ literal: Value) -> Bool { node.pointee == literal }

    func equal(_ lhs: Node, _ rhs: Node) -> Bool { lhs.pointee == rhs.pointee }
}
