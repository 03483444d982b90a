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

    /// Stores the next id (``count``) with `hash`.
    mutating func append(hash: Int) {
        hashes.append(hash)
        if 2 * hashes.count > slots.count {
            slots = Array(repeating: 0, count: 2 * slots.count)
            for id in hashes.indices { place(id) }
        } else {
            place(hashes.count - 1)
        }
    }

    private mutating func place(_ id: Int) {
        let mask = slots.count - 1
        var position = hashes[id] & mask
        while slots[position] != 0 { position = (position + 1) & mask }
        slots[position] = Int32(truncatingIfNeeded: id + 1)
    }
}
