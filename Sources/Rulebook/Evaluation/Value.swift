/// A record value: what rules are evaluated against. Built from JSON bytes
/// (`Value(json:)`), from `[String: Any]`, or from any `Encodable`.
///
/// Equality follows JSON: `2 == 2.0`, strings compare exactly, object key order does
/// not matter.
public enum Value: Sendable {
    case null
    case bool(Bool)
    /// A number without fraction or exponent that fits in `Int`.
    case integer(Int)
    /// Any other number.
    case decimal(Double)
    case string(String)
    case array([Value])
    case object(ValueObject)
}

/// A JSON object: members in their original order, looked up by key.
///
/// Keys are compared exactly, Unicode scalar by scalar (their UTF-8 bytes), as JSON text
/// is read (RFC 8259 §8.3) and as `CompiledRuleSet.validate(json:options:limits:)` matches them:
/// `"é"` written precomposed (U+00E9) and decomposed (`e` + U+0301) are two keys, though
/// Swift's `String ==` calls them equal. Otherwise a record read into a `Value` could
/// lose a member that the same record validated as JSON text keeps.
///
/// Small objects (the common record) are searched linearly, which beats hashing for a
/// handful of short keys; large ones keep an index. Equality ignores order.
public struct ValueObject: Sendable {
    /// The members in insertion order; keys are unique (a later duplicate replaces the
    /// earlier value, as most JSON readers do).
    public private(set) var members: [(key: String, value: Value)]
    /// Key → index into `members`, built only for objects larger than `indexThreshold`.
    private var index: [ExactKey: Int]?

    /// Objects with more members than this get a hash index.
    static let indexThreshold = 16

    /// Creates an object from members; later duplicates replace earlier ones.
    public init(_ members: [(key: String, value: Value)] = []) {
        self.members = []
        self.members.reserveCapacity(members.count)
        for member in members { self[member.key] = member.value }
    }

    /// Takes `members` as they are when their keys are unique (what readers and encoders
    /// produce in the common case), avoiding the member-by-member rebuild of
    /// ``init(_:)``; otherwise falls back to it (a later duplicate replaces an earlier one).
    init(uniquing members: [(key: String, value: Value)]) {
        if members.count <= Self.indexThreshold && Self.keysAreUnique(members) {
            self.members = members
            return
        }
        self.members = []
        self.members.reserveCapacity(members.count)
        for member in members { self[member.key] = member.value }
    }

    /// Whether no two members share a key (quadratic: for small objects only).
    private static func keysAreUnique(_ members: [(key: String, value: Value)]) -> Bool {
        for later in members.indices {
            for earlier in 0..<later where ExactKey.same(members[earlier].key, members[later].key) { return false }
        }
        return true
    }

    /// The value for `key`, or `nil` when the object has no such member.
    public subscript(key: String) -> Value? {
        get {
            if let index { return index[ExactKey(key)].map { members[$0].value } }
            // By index: iterating `members` would copy (retain) every value passed over.
            for position in members.indices where ExactKey.same(members[position].key, key) { return members[position].value }
            return nil
        }
        set {
            if let position = position(of: key) {
                if let newValue {
                    members[position].value = newValue
                } else {
                    members.remove(at: position)
                    rebuildIndex()
                }
            } else if let newValue {
                members.append((key, newValue))
                if index != nil { index![ExactKey(key)] = members.count - 1 } else if members.count > Self.indexThreshold { rebuildIndex() }
            }
        }
    }

    /// The number of members.
    public var count: Int { members.count }

    /// The keys in order.
    public var keys: [String] { members.map(\.key) }

    private func position(of key: String) -> Int? {
        if let index { return index[ExactKey(key)] }
        return members.firstIndex { ExactKey.same($0.key, key) }
    }

    private mutating func rebuildIndex() {
        guard members.count > Self.indexThreshold else { index = nil; return }
        var built = [ExactKey: Int](minimumCapacity: members.count)
        for (offset, member) in members.enumerated() { built[ExactKey(member.key)] = offset }
        index = built
    }
}

/// An object key compared and hashed by its UTF-8 bytes (see ``ValueObject``).
struct ExactKey: Hashable {
    let text: String
    init(_ text: String) { self.text = text }

    /// Whether `a` and `b` are the same key: the same Unicode scalars.
    @inline(__always)
    static func same(_ a: String, _ b: String) -> Bool {
        // The length (O(1) for native strings) rules out most other keys first.
        a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
    }

    static func == (lhs: ExactKey, rhs: ExactKey) -> Bool { same(lhs.text, rhs.text) }

    func hash(into hasher: inout Hasher) { ExactKey.hash(text, into: &hasher) }

    /// Hashes `key` by its bytes, consistently with ``same(_:_:)``.
    static func hash(_ key: String, into hasher: inout Hasher) {
        hasher.combine(key.utf8.count)
        if key.utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) == nil {
            for byte in key.utf8 { hasher.combine(byte) }
        }
    }
}
