/// The first segments of a file's statement paths, for `unknown-field`: whether a
/// reference's first segment starts some statement's path. Answers as a
/// `Set<FieldPath.Segment>` of them would (keys compared as Swift compares strings).
///
/// Performance: a file's paths are tens of thousands (52,000 in the 100,000-line
/// benchmark file) and inserting each first key into a `Set` (hashing the `String` with
/// the standard `Hasher`, ≈ 470 instructions a path) cost more than the lookups. ASCII
/// keys (nearly all) are hashed by their bytes into an open-addressing table, where
/// byte equality is string equality. Keys with a non-ASCII byte go into a `Set<String>`,
/// which an ASCII reference also consults (a non-ASCII key such as U+212A KELVIN SIGN
/// can equal an ASCII one); a reference with a non-ASCII first key is answered by the
/// plain set of every first segment, built on that first need.
///
/// The byte hash is not seeded, so keys could be written to collide; an insertion that
/// probes more than `maximumProbes` slots (256 by default; a table at most half full
/// probes a few dozen at worst for 100,000 keys) gives the table up for the plain set (whose
/// hashing is seeded per process), so such a file costs no more than before.
struct FirstSegmentSet {
    private let paths: [FieldPath]
    /// Open addressing: a slot holds a path index + 1 (0 is empty) and its key's hash.
    private var slots: [(hash: UInt64, path: Int32)]
    private let mask: Int
    private var startsWithWildcard = false
    private var nonASCIIKeys: Set<String> = []
    /// Every first segment, made for a reference whose first key is not ASCII, or when
    /// the table was given up.
    private var all: Set<FieldPath.Segment>?
    /// Probes allowed per insertion before the table is given up.
    private let maximumProbes: Int
    /// Whether the table was given up for the plain set.
    private(set) var givenUp = false

    init(_ paths: [FieldPath], maximumProbes: Int = 256) {
        self.paths = paths
        self.maximumProbes = maximumProbes
        var capacity = 16
        while capacity < 2 * paths.count { capacity *= 2 }
        slots = Array(repeating: (0, 0), count: capacity)
        mask = capacity - 1
        for index in paths.indices {
            switch paths[index].segments.first {
            case .wildcard?:
                startsWithWildcard = true
            case .key(let key)?:
                if let hash = FirstSegmentSet.hash(key) {
                    guard insert(index, hash: hash, key: key) else {
                        givenUp = true
                        all = Set(paths.compactMap(\.segments.first))
                        return
                    }
                } else {
                    nonASCIIKeys.insert(key)
                }
            case nil:
                break
            }
        }
    }

    /// Whether some path starts with `segment`.
    mutating func contains(_ segment: FieldPath.Segment) -> Bool {
        if givenUp, let all { return all.contains(segment) }
        guard case .key(let key) = segment else { return startsWithWildcard }
        guard let hash = FirstSegmentSet.hash(key) else {
            let all = self.all ?? Set(paths.compactMap(\.segments.first))
            self.all = all
            return all.contains(segment)
        }
        if slot(for: key, hash: hash).found { return true }
        return !nonASCIIKeys.isEmpty && nonASCIIKeys.contains(key)
    }

    /// Adds path `index`, whose first key is `key`, unless an equal key is there; false
    /// when that took more than `maximumProbes` probes.
    private mutating func insert(_ index: Int, hash: UInt64, key: String) -> Bool {
        let (slot, found, probes) = slot(for: key, hash: hash)
        if !found { slots[slot] = (hash, Int32(index + 1)) }
        return probes <= maximumProbes
    }

    /// The slot holding `key`, or the empty slot where it would go, and how many slots
    /// were probed.
    private func slot(for key: String, hash: UInt64) -> (slot: Int, found: Bool, probes: Int) {
        var slot = Int(truncatingIfNeeded: hash) & mask
        var probes = 1
        while slots[slot].path != 0 {
            if slots[slot].hash == hash, case .key(let other)? = paths[Int(slots[slot].path) - 1].segments.first,
               key == other {  // both ASCII: equal as strings exactly when their bytes are
                return (slot, true, probes)
            }
            slot = (slot + 1) & mask
            probes += 1
        }
        return (slot, false, probes)
    }

    /// FNV-1a over the UTF-8 bytes of an ASCII key (mixed so that the low bits index
    /// well); `nil` when a byte is not ASCII.
    private static func hash(_ key: String) -> UInt64? {
        key.utf8.withContiguousStorageIfAvailable { bytes -> UInt64? in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            return hash ^ (hash >> 29)
        } ?? nil
    }
}
