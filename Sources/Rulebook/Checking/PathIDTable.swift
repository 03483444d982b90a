/// The ids of a walk's interned statement paths (an id is the path's index in the walk's
/// list of distinct paths), found by the path's hash in an open-addressing table.
///
/// Performance: interning every statement's path through a `[HashedPath: Int]` looked the
/// path up and then inserted it, and each of the two ran the standard `Hasher` again over
/// the precomputed hash (the dictionary's own seeding) besides probing: together ≈ 600
/// instructions per statement of the 100,000-line file (callgrind, docs/performance.md, "The checker's calling thread and footprint"). Here the precomputed hash
/// picks the slot directly, and one probe sequence answers both questions.
///
/// Performance: while every stored path's keys are ASCII, paths are hashed from their
/// keys' bytes (``asciiHash(of:)``, ≈ 60 instructions for a short path) instead of with
/// the standard `Hasher` over the segment array (≈ 520: 14M instructions per check of the
/// 100,000-line file on each thread; callgrind, docs/performance.md, "The checker's
/// calling thread (seventh session)"). Two ASCII keys are equal exactly when their bytes
/// are, but a non-ASCII key can equal an ASCII one (`"\u{212A}"`, KELVIN SIGN, equals `K`
/// as Swift compares strings), so the first path with a non-ASCII key switches the table
/// to the standard hash for good, rehashing what it holds, before it is looked up.
struct PathIDTable {
    private var slots: HashSlots
    /// Whether the stored hashes are the standard ones (else ``asciiHash(of:)``'s, and
    /// every stored path's keys are ASCII).
    private(set) var usesStandardHash = false

    /// - Parameter expected: how many paths are likely to be stored (room is made for them).
    init(expected: Int) {
        slots = HashSlots(expected: expected)
    }

    /// Each id's path hash, by id (in this table's hashing, see ``hash(of:)``).
    var hashes: [Int] { slots.hashes }

    /// The number of ids stored.
    var count: Int { slots.count }

    /// `path`'s hash as this table hashes paths now, or nil when the table would have to
    /// switch to the standard hash first (`path` has a non-ASCII key and the table does
    /// not use it yet).
    func hash(of path: FieldPath) -> Int? {
        usesStandardHash ? path.hashValue : PathIDTable.asciiHash(of: path)
    }

    /// This table using the standard hash (itself when it already does); `paths` holds
    /// the stored paths by id.
    func usingStandardHash(_ paths: [FieldPath]) -> PathIDTable {
        guard !usesStandardHash else { return self }
        var copy = self
        copy.switchToStandardHash(paths)
        return copy
    }

    /// The id of the stored path equal to `path`, whose hash (in this table's hashing) is
    /// `hash`; `paths` holds the stored paths by id.
    func id(of path: FieldPath, hash: Int, in paths: [FieldPath]) -> Int? {
        slots.firstID(hash: hash) { $0 < paths.count && paths[$0] == path }
    }

    /// Lookups by the byte hash look at no more than this many slots (see ``search(_:hash:in:)``).
    static let maximumProbes = 256

    /// ``id(of:hash:in:)``, bounded while the table uses the byte hash: `.tooLong` says
    /// that the paths crowd one stretch of the table, and the caller switches to the
    /// standard hash, which is seeded per process and cannot be crowded on purpose.
    func search(_ path: FieldPath, hash: Int, in paths: [FieldPath]) -> HashSlots.Search {
        slots.firstID(hash: hash, maximumProbes: usesStandardHash ? Int.max : PathIDTable.maximumProbes) {
            $0 < paths.count && paths[$0] == path
        }
    }

    /// The id of `path` among `paths`, the stored paths by id, appending it to them (with
    /// the next id) when it is new; whether it was.
    mutating func intern(_ path: FieldPath, in paths: inout [FieldPath]) -> (id: Int, isNew: Bool) {
        assert(count == paths.count, "a path interned after a merge would get a wrong id")
        if !usesStandardHash, let hash = PathIDTable.asciiHash(of: path) {
            switch search(path, hash: hash, in: paths) {
            case .found(let id): return (id, false)
            case .absent: return append(path, hash: hash, to: &paths)
            case .tooLong: break
            }
        }
        // A non-ASCII key, or paths crowding the byte hash's table (hostile input).
        if !usesStandardHash { switchToStandardHash(paths) }
        return intern(path, hash: path.hashValue, in: &paths)
    }

    /// ``intern(_:in:)`` with `path`'s hash given (it must be the table's hashing of it;
    /// tests give colliding hashes).
    mutating func intern(_ path: FieldPath, hash: Int, in paths: inout [FieldPath]) -> (id: Int, isNew: Bool) {
        if let id = id(of: path, hash: hash, in: paths) { return (id, false) }
        return append(path, hash: hash, to: &paths)
    }

    /// Stores `path`, found absent, with the next id.
    private mutating func append(_ path: FieldPath, hash: Int, to paths: inout [FieldPath]) -> (id: Int, isNew: Bool) {
        paths.append(path)
        slots.append(hash: hash)
        return (paths.count - 1, true)
    }

    /// Rehashes the stored paths (`paths`, by id) with the standard hash.
    private mutating func switchToStandardHash(_ paths: [FieldPath]) {
        var rehashed = HashSlots(expected: Swift.max(count, slots.room))
        for path in paths.prefix(count) { rehashed.append(hash: path.hashValue) }
        slots = rehashed
        usesStandardHash = true
    }

    /// A hash of `path` from its keys' bytes, or nil when a key is not ASCII. Equal ASCII
    /// paths hash equally (equal ASCII keys have equal bytes).
    static func asciiHash(of path: FieldPath) -> Int? {
        var hash = UInt64(truncatingIfNeeded: path.segments.count) &* 0x9E37_79B9_7F4A_7C15
        for segment in path.segments {
            let part: Int
            switch segment {
            case .wildcard:
                part = 0x2A5D  // any constant: a key hashing alike is told apart by comparing
            case .key(let key):
                // (nil from `withContiguousStorageIfAvailable`, never for a native string:
                // treated as non-ASCII, which only costs the fast hash.)
                guard let ascii = key.utf8.withContiguousStorageIfAvailable(UTF8Bytes.hashIfASCII) ?? nil else { return nil }
                part = ascii
            }
            hash = (hash ^ UInt64(bitPattern: Int64(part))) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
        }
        return Int(truncatingIfNeeded: hash)
    }
}
