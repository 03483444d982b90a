/// The first segments of a file's statement paths, for `unknown-field`: whether a
/// reference's first segment starts some statement's path. Answers as a
/// `Set<FieldPath.Segment>` of them would (keys compared as Swift compares strings).
///
/// Performance: a file's paths are tens of thousands (52,000 in the 100,000-line
/// benchmark file) and inserting each first key into a `Set` (hashing the `String` with
/// the standard `Hasher`, ≈ 470 instructions a path, callgrind of `rulebook-bench check
/// --only 1`; docs/performance.md, "Checker round 5") cost more than the lookups.
/// ASCII keys (nearly all) are hashed by their bytes (``UTF8Bytes/hash(_:)``) into an
/// open-addressing table, where byte equality is string equality. Keys with a non-ASCII
/// byte go into a `Set<String>`, which an ASCII reference also consults (a non-ASCII key
/// such as U+212A KELVIN SIGN can equal an ASCII one); a reference with a non-ASCII first
/// key is answered by the plain set of every first segment, built on that first need.
///
/// The byte hash is not seeded, so keys could be written to collide; an insertion that
/// probes more than `maximumProbes` slots (256 by default; a table at most half full
/// probes a few dozen at worst for 100,000 keys) gives the table up for the plain set (whose
/// hashing is seeded per process), so such a file costs no more than before.
struct FirstSegmentSet {
    private let paths: [FieldPath]
    /// Open addressing: a slot holds a path index + 1 (0 is empty) and its key's hash.
    private let slots: [(hash: UInt64, path: Int32)]
    private let mask: Int
    private let startsWithWildcard: Bool
    private let nonASCIIKeys: Set<String>
    /// Every first segment, made for a reference whose first key is not ASCII, or when
    /// the table was given up.
    private var all: Set<FieldPath.Segment>?
    /// Probes allowed per insertion before the table is given up.
    private let maximumProbes: Int
    /// Whether the table was given up for the plain set.
    let givenUp: Bool

    init(_ paths: [FieldPath], maximumProbes: Int = 256) {
        self.paths = paths
        self.maximumProbes = maximumProbes
        var capacity = 16
        while capacity < 2 * paths.count { capacity *= 2 }
        mask = capacity - 1
        // Performance: built in local variables over the table's buffer, then stored (the
        // same loop through `self` in an initialiser read and wrote it in memory).
        var slots = [(hash: UInt64, path: Int32)](repeating: (0, 0), count: capacity)
        var startsWithWildcard = false, givenUp = false
        var nonASCIIKeys: Set<String> = []
        let mask = self.mask
        slots.withUnsafeMutableBufferPointer { table in
            for index in paths.indices {
                guard let first = paths[index].segments.first else { continue }
                guard case .key(let key) = first else {
                    startsWithWildcard = true
                    continue
                }
                guard let hash = FirstSegmentSet.hash(key) else {
                    nonASCIIKeys.insert(key)
                    continue
                }
                var slot = Int(truncatingIfNeeded: hash) & mask
                var probes = 1
                while table[slot].path != 0, !FirstSegmentSet.holds(table[slot], key, hash: hash, in: paths) {
                    slot = (slot + 1) & mask
                    probes += 1
                }
                if table[slot].path == 0 { table[slot] = (hash, Int32(index + 1)) }
                if probes > maximumProbes {
                    givenUp = true
                    return
                }
            }
        }
        self.slots = slots
        self.startsWithWildcard = startsWithWildcard
        self.nonASCIIKeys = nonASCIIKeys
        self.givenUp = givenUp
        if givenUp { all = Set(paths.compactMap(\.segments.first)) }
    }

    /// Whether `entry` holds the ASCII key `key` (whose hash is `hash`).
    private static func holds(_ entry: (hash: UInt64, path: Int32), _ key: String, hash: UInt64, in paths: [FieldPath]) -> Bool {
        // Both ASCII: equal as strings exactly when their bytes are.
        guard entry.hash == hash, case .key(let other)? = paths[Int(entry.path) - 1].segments.first else { return false }
        return key == other
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
        if tableHolds(key, hash: hash) { return true }
        return !nonASCIIKeys.isEmpty && nonASCIIKeys.contains(key)
    }

    /// Whether the table holds `key`.
    private func tableHolds(_ key: String, hash: UInt64) -> Bool {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot].path != 0 {
            if FirstSegmentSet.holds(slots[slot], key, hash: hash, in: paths) { return true }
            slot = (slot + 1) & mask
        }
        return false
    }

    /// ``UTF8Bytes/hash(_:)`` of an ASCII key's bytes; `nil` when a byte is not ASCII.
    private static func hash(_ key: String) -> UInt64? {
        key.utf8.withContiguousStorageIfAvailable { bytes -> UInt64? in
            UTF8Bytes.hashIfASCII(bytes).map { UInt64(truncatingIfNeeded: $0) }
        } ?? nil
    }
}
