// Records read straight from a JSON tape (the streaming path): nodes are entry indices,
// strings are read in place from the input bytes, and no `Value` is built unless a slow
// path (`unique`, a composite `oneOf` literal) asks for one.

/// `RecordAccess` over a parsed ``JSONTape``.
struct TapeAccess: RecordAccess {
    let view: JSONTape.View
    let root: JSONTape.Node
    /// The root's members by ``CompiledKey/rootSlot`` (a node index, or -1 when absent),
    /// filled by ``fillRootSlots(_:keys:view:root:)``; nil to search the root instead.
    let rootSlots: UnsafePointer<Int>?

    init(view: JSONTape.View, root: JSONTape.Node, rootSlots: UnsafePointer<Int>? = nil) {
        self.view = view
        self.root = root
        self.rootSlots = rootSlots
    }

    /// Finds the root's members that rules read in one pass: `slots[s]` is the node of
    /// the member named `keys[s]` (the last one when a key is repeated, as
    /// ``JSONTape/View/member(of:key:)`` and ``JSONReader`` decide), or -1. `heads` are
    /// the keys' ``KeyHead``s, made once per rule set.
    ///
    /// Performance bends the lookup here: searching the root per field walked the
    /// record's members once per field (the largest single cost of the tape path, 9–14%).
    /// Records usually list their members in rule order, so each member is first compared
    /// with the key after the last one found: one comparison per member in the common case.
    /// A member whose length no root key has (`lengths`, see
    /// ``CompiledProgram/rootKeyLengths``) is passed over; the others are compared by
    /// head (two integer comparisons), so a shuffled record costs a few comparisons per
    /// member rather than a byte loop per key.
    static func fillRootSlots(
        _ slots: UnsafeMutableBufferPointer<Int>, keys: [UnsafeRawBufferPointer], heads: [KeyHead], lengths: UInt64 = ~0,
        view: JSONTape.View, root: JSONTape.Node
    ) {
        slots.update(repeating: -1)
        let count = min(slots.count, keys.count, heads.count)
        guard count > 0, view.kind(of: root) == .object else { return }
        var expected = 0
        for member in view.members(of: root) {
            // An escaped key's raw bytes are not its text: it is decoded and compared.
            if view.hasEscapes(member.key) {
                for slot in 0..<count where view.stringEquals(member.key, keys[slot]) {
                    slots[slot] = member.value.index
                    expected = slot + 1
                    break
                }
                continue
            }
            let head = view.keyHead(member.key)
            guard lengths & 1 << UInt64(min(head.length, 63)) != 0 else { continue }
            var found = -1
            if expected < count, heads[expected] == head {
                found = expected
            } else {
                for slot in 0..<count where heads[slot] == head {
                    found = slot
                    break
                }
            }
            // Keys longer than eight bytes share a head when they share their first eight.
            if found >= 0, head.length > 8, !view.stringEquals(member.key, keys[found]) {
                found = -1
                for slot in 0..<count where heads[slot] == head && view.stringEquals(member.key, keys[slot]) {
                    found = slot
                    break
                }
            }
            guard found >= 0 else { continue }
            slots[found] = member.value.index
            expected = found + 1
        }
    }

    /// ``fillRootSlots(_:keys:heads:lengths:view:root:)`` with the keys' heads made here.
    static func fillRootSlots(
        _ slots: UnsafeMutableBufferPointer<Int>, keys: [UnsafeRawBufferPointer], lengths: UInt64 = ~0,
        view: JSONTape.View, root: JSONTape.Node
    ) {
        fillRootSlots(slots, keys: keys, heads: keys.map(KeyHead.init), lengths: lengths, view: view, root: root)
    }

    @inline(__always)
    func kind(_ node: JSONTape.Node) -> NodeKind {
        switch view.kind(of: node) {
        case .null: .null
        case .bool: .bool
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    @inline(__always)
    func member(_ node: JSONTape.Node, _ key: CompiledKey) -> JSONTape.Node? {
        view.member(of: node, key: key.bytes)
    }

    /// From the root slots when they were filled (the evaluator asks this only for the
    /// root's members), else a search.
    @inline(__always)
    func member(_ node: JSONTape.Node, _ key: CompiledKey, hint: inout Int) -> JSONTape.Node? {
        guard let rootSlots, key.rootSlot >= 0, node == root else { return member(node, key) }
        let index = rootSlots[key.rootSlot]
        return index < 0 ? nil : JSONTape.Node(index)
    }

    func elementCount(_ node: JSONTape.Node) -> Int {
        view.kind(of: node) == .array ? view.count(of: node) : 0
    }

    func forEachElement(_ node: JSONTape.Node, _ body: (Int, JSONTape.Node) -> Bool) {
        var index = 0
        for element in view.elements(of: node) {
            guard body(index, element) else { return }
            index += 1
        }
    }

    @inline(__always)
    func withUTF8<R>(_ node: JSONTape.Node, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        guard view.kind(of: node) == .string else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        let raw = Self.typed(view.rawUTF8(of: node))
        guard view.hasEscapes(node), let base = raw.baseAddress else { return body(raw) }
        // A string with escapes is decoded into a temporary buffer (on the stack when
        // small): decoding never lengthens, so the raw length is enough.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { buffer in
            guard let out = buffer.baseAddress else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
            let length = JSONScan.decodeEscaped(base, 0, raw.count, into: out)
            return body(UnsafeBufferPointer(start: out, count: length))
        }
    }

    @inline(__always)
    private static func typed(_ raw: UnsafeRawBufferPointer) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: raw.count)
    }

    func string(_ node: JSONTape.Node) -> String { view.string(of: node) ?? "" }

    @inline(__always)
    func number(_ node: JSONTape.Node) -> NumberReading {
        guard let number = view.number(of: node) else { return NumberReading(double: .nan, integer: nil) }
        return NumberReading(double: number.doubleValue, integer: number.integerValue)
    }

    func bool(_ node: JSONTape.Node) -> Bool { view.bool(of: node) ?? false }

    func value(_ node: JSONTape.Node) -> Value { view.value(of: node) }

    /// JSON equality with a literal, without building a `Value` for scalars.
    func equals(_ node: JSONTape.Node, _ literal: Value) -> Bool {
        switch literal {
        case .string(let text):
            guard view.kind(of: node) == .string else { return false }
            var text = text
            return text.withUTF8 { view.stringEquals(node, UnsafeRawBufferPointer($0)) }
        case .integer, .decimal:
            return view.number(of: node).map { $0.value == literal } ?? false
        case .bool(let flag):
            return view.bool(of: node) == flag
        case .null:
            return view.kind(of: node) == .null
        case .array, .object:
            let kind = view.kind(of: node)
            guard kind == .array || kind == .object else { return false }
            return view.value(of: node) == literal
        }
    }

    /// JSON equality between two nodes.
    func equal(_ lhs: JSONTape.Node, _ rhs: JSONTape.Node) -> Bool {
        let kind = view.kind(of: lhs)
        guard kind == view.kind(of: rhs) else { return false }
        switch kind {
        case .null: return true
        case .bool: return view.bool(of: lhs) == view.bool(of: rhs)
        case .number: return view.number(of: lhs)?.value == view.number(of: rhs)?.value
        case .string: return withUTF8(lhs) { left in withUTF8(rhs) { right in left.elementsEqual(right) } }
        case .array, .object: return view.value(of: lhs) == view.value(of: rhs)
        }
    }
}
