/// `RecordAccess` over a record's slots (see ``RecordEncoder``): the root's members by
/// slot, everything below them as `Value`s. Only for programs whose rules read nothing of
/// the root but its members (``CompiledProgram/readsRootMembersOnly``): the root itself is
/// never read, so it is a placeholder.
struct SlotAccess: RecordAccess {
    let slots: UnsafeBufferPointer<Value?>
    /// The `Value` operations below the root. (Made per call rather than stored: a
    /// stored `Value` made this access, and the evaluator holding it, non-trivial to copy
    /// and destroy.)
    private var values: ValueAccess { ValueAccess(.null) }

    init(_ slots: UnsafeBufferPointer<Value?>) { self.slots = slots }

    var root: Value { .null }

    @inline(__always)
    func kind(_ node: Value) -> NodeKind { values.kind(node) }

    /// A key with a root slot is only ever looked up in the root (see
    /// ``CompiledKey/rootSlot``).
    @inline(__always)
    func member(_ node: Value, _ key: CompiledKey) -> Value? {
        let slot = key.rootSlot
        guard slot >= 0 else { return values.member(node, key) }
        return slot < slots.count ? slots[slot] : nil
    }

    @inline(__always)
    func member(_ node: Value, _ key: CompiledKey, hint: inout Int) -> Value? { member(node, key) }

    func elementCount(_ node: Value) -> Int { values.elementCount(node) }

    func forEachElement(_ node: Value, _ body: (Int, Value) -> Bool) { values.forEachElement(node, body) }

    @inline(__always)
    func withUTF8<R>(_ node: Value, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R { values.withUTF8(node, body) }

    func string(_ node: Value) -> String { values.string(node) }

    @inline(__always)
    func number(_ node: Value) -> Double { values.number(node) }

    func bool(_ node: Value) -> Bool { values.bool(node) }

    func value(_ node: Value) -> Value { node }

    func equals(_ node: Value, _ literal: Value) -> Bool { node == literal }

    func equal(_ lhs: Value, _ rhs: Value) -> Bool { lhs == rhs }
}
