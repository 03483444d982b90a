/// The ids of a walk's interned statement paths (an id is the path's index in the walk's
/// list of distinct paths), found by the path's standard hash in an open-addressing table.
///
/// Performance: interning every statement's path through a `[HashedPath: Int]` looked the
/// path up and then inserted it, and each of the two ran the standard `Hasher` again over
/// the precomputed hash (the dictionary's own seeding) besides probing: together ≈ 600
/// instructions per statement of the 100,000-line file. Here the precomputed hash (the
/// standard one, so paths that are equal as Swift compares their keys hash equally) picks
/// the slot directly, and one probe sequence answers both questions.
struct PathIDTable {
    /// Each id's path hash, by id.
    private(set) var hashes: [Int] = []
    /// An id plus one at the first free position from its hash (0: empty); at most half full.
    private var slots: [Int32]

    /// - Parameter expected: how many paths are likely to be stored (room is made for them).
    init(expected: Int) {
        var size = 16
        while size < 2 * expected { size *= 2 }
        slots = Array(repeating: 0, count: size)
        hashes.reserveCapacity(expected)
    }

    /// The number of ids stored.
    var count: Int { hashes.count }

    /// The id of the stored path equal to `path` (whose hash is `hash`); `paths` holds the
    /// stored paths by id.
    func id(of path: FieldPath, hash: Int, in paths: [FieldPath]) -> Int? {
        let mask = slots.count - 1
        var position = hash & mask
        while true {
            let slot = Int(slots[position])
            if slot == 0 { return nil }
            let id = slot - 1
            if hashes[id] == hash, id < paths.count, paths[id] == path { return id }
            position = (position + 1) & mask
        }
    }

    /// Stores the next id (``count``) for a path whose hash is `hash`; the caller has found
    /// no equal path stored.
    mutating func insert(hash: Int) {
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
