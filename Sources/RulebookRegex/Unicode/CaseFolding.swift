/// Simple (one scalar to one scalar) case equivalence, for the `i` flag.
///
/// Two scalars are equivalent when one is the single-scalar lowercase, uppercase or
/// titlecase mapping of the other, closed transitively; that yields the orbits of Unicode
/// simple case folding, e.g. {k, K, U+212A KELVIN SIGN}, {s, S, ſ} and {Σ, σ, ς}. Mappings
/// that expand to several scalars (ß → "SS", İ → "i̇") are full case mappings and are left
/// out, as in every regex engine that folds simply. The Turkic dotted and dotless i (U+0130,
/// U+0131: status T in CaseFolding.txt, excluded from default folding) stay alone, so `i`
/// matches `I` but not `ı` — as in JavaScript's `/iu` and Rust's regex (Python differs).
///
/// Why only planes 0–1 are scanned: no scalar above U+1FFFF changes when case-mapped, and
/// scanning 130k scalars instead of 1.1 million keeps the one-time cost near 4 ms;
/// `UnicodeTablesTests` checks the assumption.
enum CaseFolding {
    /// Each orbit (two or more mutually equivalent scalars), sorted.
    static let orbits: [[UInt32]] = {
        var parent: [UInt32: UInt32] = [:]
        func root(_ value: UInt32) -> UInt32 {
            var current = value
            while let next = parent[current], next != current { current = next }
            return current
        }
        func join(_ a: UInt32, _ b: UInt32) {
            let rootA = root(a), rootB = root(b)
            if rootA != rootB { parent[max(rootA, rootB)] = min(rootA, rootB) }
        }
        for value: UInt32 in 0...0x1FFFF {
            guard value != 0x130, value != 0x131,
                let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseMapped
            else { continue }
            let properties = scalar.properties
            for mapping in [properties.lowercaseMapping, properties.uppercaseMapping, properties.titlecaseMapping] {
                let scalars = mapping.unicodeScalars
                if scalars.count == 1, let other = scalars.first, other.value != value {
                    parent[value] = parent[value] ?? value
                    parent[other.value] = parent[other.value] ?? other.value
                    join(value, other.value)
                }
            }
        }
        var groups: [UInt32: [UInt32]] = [:]
        for member in parent.keys { groups[root(member), default: []].append(member) }
        return groups.values.filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }()

    /// `closed` for a set of ASCII scalars without building the Unicode table (a few ms, once):
    /// the orbits of ASCII letters are their two cases, plus U+212A KELVIN SIGN for k and
    /// U+017F LATIN SMALL LETTER LONG S for s. `CaseFoldingTests` checks this against `orbits`.
    static func closedASCII(_ set: ScalarSet) -> ScalarSet {
        var added: [ClosedRange<UInt32>] = []
        for range in set.ranges {
            if range.overlaps(0x41...0x5A) {
                let upper = range.clamped(to: 0x41...0x5A)
                added.append((upper.lowerBound + 0x20)...(upper.upperBound + 0x20))
            }
            if range.overlaps(0x61...0x7A) {
                let lower = range.clamped(to: 0x61...0x7A)
                added.append((lower.lowerBound - 0x20)...(lower.upperBound - 0x20))
            }
        }
        let letters = set.union(ScalarSet(ranges: added))
        if letters.contains(0x6B) { added.append(0x212A...0x212A) }
        if letters.contains(0x73) { added.append(0x017F...0x017F) }
        return added.isEmpty ? set : set.union(ScalarSet(ranges: added))
    }

    /// The members of `orbits` as ranges, to find quickly whether a set touches any of them.
    private static let orbitMembers = ScalarSet(ranges: orbits.joined().map { $0...$0 })

    /// `set` with every case variant of each member added.
    static func closed(_ set: ScalarSet) -> ScalarSet {
        if let last = set.ranges.last, last.upperBound < 0x80 { return closedASCII(set) }
        guard set.ranges.contains(where: { orbitMembers.intersects($0) }) else { return set }
        var added: [ClosedRange<UInt32>] = []
        for orbit in orbits where orbit.contains(where: set.contains) {
            added.append(contentsOf: orbit.map { $0...$0 })
        }
        return added.isEmpty ? set : set.union(ScalarSet(ranges: added))
    }
}
