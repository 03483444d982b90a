// The `Encodable` path keeps only what the rules read of a record: the root members
// named in the compiled program's `recordKeys`, one slot each, and evaluates the rules
// from those slots (`SlotAccess`).
//
// Performance bends the encoder here (issue 6: an `Encodable` in at most 1 µs). Encoding
// a struct to a whole `Value` built a member list, checked its keys for duplicates
// (String comparisons, quadratic) and destroyed the list again through the runtime's
// generic tuple destructor; then evaluation searched it by key per field. Here the
// encoder and its slots are one allocation (a `ManagedBuffer`: an array would also cost
// a runtime lookup of its storage class per record), members are matched against the
// rule set's key table as they arrive (usually one comparison: members come in rule
// order), and a member no rule reads is dropped.
//
// The result must be exactly what validating the whole `Value` gives. What that takes:
// - a later member with the same key replaces an earlier one (as `ValueObject` keeps
//   the last duplicate); a nested container placed at a key counts as written there;
// - asking for another kind of container drops what was written, as
//   `ValueEncodingNode.become` does (arrays and single values are encoded whole, by a
//   `ValueEncodingNode`);
// - keys are compared byte for byte, as a `ValueObject` and the rules compare them: a
//   member whose key is canonically equal to a rule's key but spelt differently
//   (`"\u{212A}"`, the Kelvin sign, and `"K"`) is another member, which no rule reads;
// - encoding errors are thrown exactly as before, with the same coding paths: members no
//   rule reads are still encoded (a non-finite number still throws).

/// The state of a ``RecordEncoder`` (its slots are the buffer's elements).
struct RecordEncoderState {
    let program: CompiledProgram
    let userInfo: [CodingUserInfoKey: any Sendable]
    var kind = ValueEncodingNode.Kind.empty
    /// The slot after the last one written: members usually arrive in rule order.
    var expected = 0
    /// Nested containers and super-encoders placed in slots, filled at the end.
    var pending: [(slot: Int, node: ValueEncodingNode)] = []
    /// The storage of an array or single value at the root, made when first asked for.
    var other: ValueEncodingNode?
}

/// The root `Encoder` of a record encoded for one program's rules only: the members the
/// rules read, by ``CompiledKey/rootSlot`` in ``CompiledProgram/recordKeys`` (nil while
/// absent), are this buffer's elements.
final class RecordEncoder: ManagedBuffer<RecordEncoderState, Value?>, Encoder {
    /// A new encoder with every slot absent.
    static func make(program: CompiledProgram, userInfo: [CodingUserInfoKey: any Sendable]) -> RecordEncoder {
        let count = program.recordKeys.count
        let buffer = unsafeDowncast(RecordEncoder.create(minimumCapacity: count) { _ in
            RecordEncoderState(program: program, userInfo: userInfo)
        }, to: RecordEncoder.self)
        buffer.withUnsafeMutablePointerToElements { $0.initialize(repeating: nil, count: count) }
        return buffer
    }

    deinit {
        // Each slot moved out and dropped by this type's own code: `deinitialize(count:)`
        // went through the runtime's generic destructors (≈ 90 instructions per slot).
        withUnsafeMutablePointers { state, slots in
            for slot in 0..<state.pointee.program.recordKeys.count { _ = (slots + slot).move() }
        }
    }

    var codingPath: [any CodingKey] { [] }

    var userInfo: [CodingUserInfoKey: Any] { sendableUserInfo }

    /// The user info, read through a pointer. (Performance: `ManagedBuffer.header` is a
    /// class property, and every access to it was checked for exclusivity at run time,
    /// ≈ 550 instructions per record; the pointers are not.)
    var sendableUserInfo: [CodingUserInfoKey: any Sendable] { withUnsafeMutablePointerToHeader { $0.pointee.userInfo } }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        become(.object)
        return KeyedEncodingContainer(RecordKeyedEncodingContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        become(.array)
        return ValueUnkeyedEncodingContainer(node: otherNode())
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        RecordSingleValueEncodingContainer(encoder: self)
    }

    /// Switches to `newKind`, dropping what was written (see the file comment).
    func become(_ newKind: ValueEncodingNode.Kind) {
        let other: ValueEncodingNode? = withUnsafeMutablePointers { state, slots in
            let old = state.pointee.kind
            guard old != newKind else { return nil }
            state.pointee.kind = newKind
            // Nothing can have been written before the first container was asked for.
            guard old != .empty else { return nil }
            for slot in 0..<state.pointee.program.recordKeys.count { slots[slot] = nil }
            state.pointee.expected = 0
            state.pointee.pending = []
            return state.pointee.other
        }
        other?.become(newKind)
    }

    /// The node holding an array or single value at the root, in this encoder's kind.
    func otherNode() -> ValueEncodingNode {
        withUnsafeMutablePointerToHeader { state in
            if let other = state.pointee.other { return other }
            let node = ValueEncodingNode(parent: nil, key: nil, userInfo: state.pointee.userInfo)
            node.become(state.pointee.kind)
            state.pointee.other = node
            return node
        }
    }

    /// What was encoded: the slots of an object, else the value (nil when nothing).
    func finish() -> EncodedRecord? {
        let (kind, pending, other) = withUnsafeMutablePointerToHeader { state in
            defer { state.pointee.pending = [] }
            return (state.pointee.kind, state.pointee.pending, state.pointee.other)
        }
        switch kind {
        case .empty:
            return nil
        case .object:
            for (slot, node) in pending {
                let value = node.finish() ?? .object(ValueObject())
                withUnsafeMutablePointerToElements { $0[slot] = value }
            }
            return .members(self)
        case .array, .single:
            return other?.finish().map(EncodedRecord.value)
        }
    }

    /// Calls `body` with the slots.
    func withSlots<R>(_ body: (UnsafeBufferPointer<Value?>) throws -> R) rethrows -> R {
        try withUnsafeMutablePointers { state, slots in
            try body(UnsafeBufferPointer(start: slots, count: state.pointee.program.recordKeys.count))
        }
    }
}

extension RecordEncoder {
    /// Writes the member `key`, when a rule reads it.
    @inline(__always)
    func put(_ value: Value, forKey key: String) {
        withUnsafeMutablePointers { state, slots in
            guard let slot = Self.slot(for: key, state) else { return }
            slots[slot] = value
            if !state.pointee.pending.isEmpty { state.pointee.pending.removeAll { $0.slot == slot } }
        }
    }

    /// A node for a nested container or super-encoder at the member `key`: filled in its
    /// slot at the end when a rule reads the member; written and dropped otherwise.
    func place(_ key: any CodingKey) -> ValueEncodingNode {
        withUnsafeMutablePointers { state, slots in
            let node = ValueEncodingNode(parent: nil, key: key, userInfo: state.pointee.userInfo)
            guard let slot = Self.slot(for: key.stringValue, state) else { return node }
            slots[slot] = .null  // written (a placeholder), as `ValueEncodingNode.placeMember` does
            state.pointee.pending.removeAll { $0.slot == slot }
            state.pointee.pending.append((slot, node))
            return node
        }
    }

    /// The slot the member `key` writes to, or nil when no rule reads it. Keys match byte
    /// for byte, as in a `ValueObject` (a key canonically equal to a rule's but spelt with
    /// other scalars, `"\u{212A}a"` for `Ka`, is another member, which no rule reads).
    @inline(__always)
    private static func slot(for key: String, _ state: UnsafeMutablePointer<RecordEncoderState>) -> Int? {
        let keys = state.pointee.program.recordKeys
        let count = keys.count
        let expected = state.pointee.expected
        if expected < count, keys[expected].matches(key) {
            state.pointee.expected = expected + 1
            return expected
        }
        for slot in 0..<count where slot != expected && keys[slot].matches(key) {
            state.pointee.expected = slot + 1
            return slot
        }
        return nil
    }
}

/// What ``ValueEncoder/encodeRecord(_:for:)`` produced.
enum EncodedRecord {
    /// A top-level object: the members the rules read, by root slot.
    case members(RecordEncoder)
    /// Anything else (an array, a single value), whole.
    case value(Value)
}

extension ValueEncoder {
    /// Encodes `value` for validation by `program` only: of a top-level object, only the
    /// members the rules read (see ``RecordEncoder``); anything else as a `Value`.
    /// Throws exactly what ``encode(_:)`` throws.
    func encodeRecord<T: Encodable>(_ value: T, for program: CompiledProgram) throws -> EncodedRecord {
        if ValueEncodingNode.isSpecial(T.self), let special = try ValueEncodingNode.special(value, at: nil) {
            return .value(special)
        }
        let encoder = RecordEncoder.make(program: program, userInfo: userInfo)
        try value.encode(to: encoder)
        guard let result = encoder.finish() else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        return result
    }
}
