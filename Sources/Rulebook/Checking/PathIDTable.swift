/// The ids of a walk's interned statement paths (an id is the path's index in the walk's
/// list of distinct paths), found by the path's standard hash in an open-addressing table.
///
/// Performance: interning every statement's path through a `[HashedPath: Int]` looked the
/// path up and then inserted it, and each of the two ran the standard `Hasher` again over
/// the precomputed hash (the dictionary's own seeding) besides probing: together ≈ 600
/// instructions per statement of the 100,000-line file (callgrind, docs/performance.md, "The checker's calling thread and footprint"). Here the precomputed hash (the
/// standard one, so paths that are equal as Swift compares their keys hash equally) picks
/// the slot directly, and one probe sequence answers both questions.
struct PathIDTable {
    private var slots: HashSlots

    /// - Parameter expected: how many paths are likely to be stored (room is made for them).
    init(expected: Int) {
        slots = HashSlots(expected: expected)
    }

    /// Each id's path hash, by id.
    var hashes: [Int] { slots.hashes }

    /// The number of ids stored.
    var count: Int { slots.count }

    /// The id of the stored path equal to `path` (whose hash is `hash`); `paths` holds the
    /// stored paths by id.
    func id(of path: FieldPath, hash: Int, in paths: [FieldPath]) -> Int? {
        slots.firstID(hash: hash) { $0 < paths.count && paths[$0] == path }
    }

    /// Stores the next id (``count``) for a path whose hash is `hash`; the caller has found
    /// no equal path stored.
    mutating func insert(hash: Int) {
        slots.append(hash: hash)
    }

    /// The id of `path` (hashed with `hash`) among `paths`, the stored paths by id,
    /// appending it to them (with the next id) when it is new; whether it was.
    mutating func intern(_ path: FieldPath, hash: Int, in paths: inout [FieldPath]) -> (id: Int, isNew: Bool) {
        assert(count == paths.count, "a path interned after a merge would get a wrong id")
        if let id = id(of: path, hash: hash, in: paths) { return (id, false) }
        paths.append(path)
        insert(hash: hash)
        return (paths.count - 1, true)
    }
}
