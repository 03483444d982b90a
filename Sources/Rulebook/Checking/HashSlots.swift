/// Ids `0..<count`, each stored with a precomputed hash, found again by that hash in an
/// open-addressing table (linear probing, at most half full): the index over their own
/// arrays that ``PathIDTable`` (statement paths) and ``LoweringCache`` (rule heads) keep.
///
/// Performance: both once used dictionaries, which hash their key again with the
/// standard `Hasher` (≈ 400–600 instructions a lookup, docs/performance.md, "Checker
/// round 4" and "The checker's calling thread and footprint"); here the caller's hash
/// picks the slot directly.
struct HashSlots {
    /// Each id's hash, by id.
    private(set) var hashes: [Int] = []
    /// An id plus one at the first free position from its hash (0: empty).
    private var slots: [Int32]

    /// - Parameter expected: how many ids are likely to be stored (room is made for them).
    init(expected: Int) {
        var size = 16
        while size < 2 * expected { size *= 2 }
        slots = Array(repeating: 0, count: size)
        hashes.reserveCapacity(expected)
    }

    /// The number of ids stored.
    var count: Int { hashes.count }

    /// The first id stored with `hash` for which `matches` holds.
    @inline(__always)
    func firstID(hash: Int, where matches: (Int) -> Bool) -> Int? {
        let mask = slots.count - 1
        var position = hash & mask
        while true {
            let slot = Int(slots[position])
            if slot == 0 { return nil }
            let id = slot - 1
            if hashes[id] == hash, matches(id) { return id }
            position = (position + 1) & mask
        }
    }

    /// What ``firstID(hash:maximumProbes:where:)`` found.
    enum Search: Equatable {
        case found(Int)
        case absent
        /// Stopped after the maximum number of slots: the hashes crowd one stretch of the
        /// table (crafted input), and the caller falls back (see ``PathIDTable``, ``LoweringCache``).
        case tooLong
    }

    /// ``firstID(hash:where:)``, looking at no more than `maximumProbes` slots.
    ///
    /// (Linear probing with an unseeded hash, as ``UTF8Bytes/hash(_:)`` is, lets a
    /// hostile file crowd every key into one stretch of the table, and each lookup would
    /// then walk all of it: quadratic time. Tables on such hashes bound their probing,
    /// as ``FirstSegmentSet`` does.)
    @inline(__always)
    func firstID(hash: Int, maximumProbes: Int, where matches: (Int) -> Bool) -> Search {
        let mask = slots.count - 1
        var position = hash & mask
        for _ in 0..<maximumProbes {
            let slot = Int(slots[position])
            if slot == 0 { return .absent }
            let id = slot - 1
            if hashes[id] == hash, matches(id) { return .found(id) }
            position = (position + 1) & mask
        }
        return .tooLong
    }

    /// Stores the next id (``count``) with `hash`.
    mutating func append(hash: Int) {
        _ = append(hash: hash, maximumProbes: .max)
    }

    /// Stores the next id (``count``) with `hash` when a free slot is among the first
    /// `maximumProbes` from where `hash` points; otherwise stores nothing and returns false.
    mutating func append(hash: Int, maximumProbes: Int) -> Bool {
        if 2 * (hashes.count + 1) > slots.count { grow() }
        let mask = slots.count - 1
        var position = hash & mask
        var probes = 1
        while slots[position] != 0 {
            guard probes < maximumProbes else { return false }
            position = (position + 1) & mask
            probes += 1
        }
        hashes.append(hash)
        slots[position] = Int32(truncatingIfNeeded: hashes.count)
        return true
    }

    /// The number of ids the table holds without growing.
    var room: Int { slots.count / 2 }

    private mutating func grow() {
        slots = Array(repeating: 0, count: 2 * slots.count)
        for id in hashes.indices { place(id) }
    }

    private mutating func place(_ id: Int) {
        let mask = slots.count - 1
        var position = hashes[id] & mask
        while slots[position] != 0 { position = (position + 1) & mask }
        slots[position] = Int32(truncatingIfNeeded: id + 1)
    }
}
