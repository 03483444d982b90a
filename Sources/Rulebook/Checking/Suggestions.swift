/// "Did you mean …?" suggestions: the closest candidate by edit distance, or none when
/// nothing is close enough to be a plausible typo.
///
/// Distance is Damerau–Levenshtein (optimal string alignment, so `minLenght` →
/// `minLength` is one transposition) over lowercased Unicode scalars; a candidate that
/// differs only in case wins outright. Ties go to the smaller case-sensitive distance,
/// then to the earlier candidate (callers list validators in documentation order), so the
/// answer is deterministic.
struct Suggestions {
    private let names: [String]
    private let lowered: [[UInt32]]
    private let exact: [[UInt32]]
    private let signatures: [Signature]

    /// Prepares `candidates` once, for many lookups.
    init(_ candidates: [String]) {
        names = candidates
        lowered = candidates.map { Suggestions.scalars($0.lowercased()) }
        exact = candidates.map { Suggestions.scalars($0) }
        signatures = lowered.map(Suggestions.signature)
    }

    /// The number of candidates (what one lookup costs against a budget).
    var count: Int { names.count }

    /// The candidate closest to `name`, if any is within the typo threshold.
    ///
    /// - Parameter budget: how many candidates may still be compared; decremented, and
    ///   once spent no more suggestions are made, so that a generated file with thousands
    ///   of unknown names and thousands of candidates cannot take quadratic time.
    func closest(to name: String, budget: inout Int) -> String? {
        let target = Suggestions.scalars(name.lowercased())
        guard !target.isEmpty, budget >= names.count else { return nil }
        budget -= names.count
        // Never more edits than the name has characters minus one: replacing all of `b`
        // to get `x` is not a typo.
        let threshold = min(Suggestions.maximumDistance(forLength: target.count), target.count - 1)
        let targetExact = Suggestions.scalars(name)
        let targetSignature = Suggestions.signature(target)
        var best: (index: Int, distance: Int, exactDistance: Int)?
        // Performance: the cheap bounds (length, then signature) come first and reject
        // almost every candidate; the name itself (distance 0) is skipped only after them.
        for index in names.indices {
            let candidate = lowered[index]
            if abs(candidate.count - target.count) > threshold { continue }
            // Each edit flips at most two bits of the character-multiset signature.
            if (targetSignature.differingBits(from: signatures[index]) + 1) / 2 > threshold { continue }
            let distance = candidate == target ? 0 : Suggestions.editDistance(target, candidate, limit: threshold)
            guard distance <= threshold, names[index] != name else { continue }
            let exactDistance = Suggestions.editDistance(targetExact, exact[index], limit: Int.max)
            if let current = best, (current.distance, current.exactDistance) <= (distance, exactDistance) { continue }
            best = (index, distance, exactDistance)
        }
        return best.map { names[$0.index] }
    }

    /// ``closest(to:budget:)`` for a one-off list.
    static func closest(to name: String, among candidates: [String]) -> String? {
        var budget = Int.max
        return Suggestions(candidates).closest(to: name, budget: &budget)
    }

    /// How many edits still read as a typo of a name this long: one for very short
    /// names (so `foo` does not become `url`), growing slowly with length.
    static func maximumDistance(forLength length: Int) -> Int {
        switch length {
        case ...3: 1
        case ...6: 2
        default: 3
        }
    }

    private static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    /// The multiset of characters a name uses, hashed into 128 bits: the k-th occurrence
    /// of a character (k counted up to 4) is its own element. An insertion or deletion
    /// changes one element and a substitution two (a transposition none), and collisions
    /// only hide differences, so half the differing bits is a lower bound of the edit
    /// distance. Counting occurrences (not just which characters appear) rejects far more
    /// of the look-alike generated names (`field12` against `flag21`) before the distance.
    struct Signature: Hashable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        func differingBits(from other: Signature) -> Int {
            (low ^ other.low).nonzeroBitCount + (high ^ other.high).nonzeroBitCount
        }
    }

    static func signature(_ scalars: [UInt32]) -> Signature {
        var result = Signature()
        var run = 0
        var previous: UInt32?
        for scalar in scalars.sorted() {  // equal characters side by side: count occurrences
            run = scalar == previous ? run + 1 : 0
            previous = scalar
            guard run < 4 else { continue }
            // Scalars fit in 21 bits, so `run` above them makes each (character, k) distinct.
            let hash = ((scalar ^ UInt32(run) << 21) &* 2_654_435_761) >> 25 & 127
            if hash < 64 { result.low |= 1 << UInt64(hash) } else { result.high |= 1 << UInt64(hash - 64) }
        }
        return result
    }

    /// Optimal-string-alignment distance; returns a value above `limit` as soon as every
    /// cell of a row exceeds it (the answer can only grow).
    ///
    /// Performance: the three rows live in one stack allocation, not three arrays, and
    /// only the diagonal band `|i - j| <= limit` is computed (a cell outside it is at
    /// least `limit + 1`, and stands in as exactly that, which cannot bring a result at
    /// or below `limit` from above it). A lookup compares hundreds of candidates; heap
    /// traffic and full rows were most of the cost of "did you mean" on large files.
    static func editDistance(_ a: [UInt32], _ b: [UInt32], limit: Int) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        // A band as wide as the strings is no band; also keeps `limit + 1` from overflowing.
        let band = limit < Swift.max(a.count, b.count) ? Swift.max(limit, 0) : Swift.max(a.count, b.count)
        let outside = band + 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { rows in
            var previousPrevious = 0, previous = width, current = 2 * width  // row offsets
            for j in 0..<width {
                rows[previousPrevious + j] = outside
                rows[previous + j] = Swift.min(j, outside)
                rows[current + j] = outside
            }
            return a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    for i in 1...a.count {
                        let low = Swift.max(1, i - band), high = Swift.min(b.count, i + band)
                        guard low <= high else { return outside }  // `a` is longer than `b` by more than the band
                        rows[current] = Swift.min(i, outside)
                        if low > 1 { rows[current + low - 1] = outside }
                        var rowMinimum = low == 1 ? rows[current] : outside
                        for j in low...high {
                            let cost = a[i - 1] == b[j - 1] ? 0 : 1
                            var value = Swift.min(rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + cost)
                            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                                value = Swift.min(value, rows[previousPrevious + j - 2] + 1)
                            }
                            value = Swift.min(value, outside)
                            rows[current + j] = value
                            rowMinimum = Swift.min(rowMinimum, value)
                        }
                        if high < b.count { rows[current + high + 1] = outside }
                        if rowMinimum > limit { return rowMinimum }
                        (previousPrevious, previous, current) = (previous, current, previousPrevious)
                    }
                    return rows[previous + b.count]
                }
            }
        }
    }
}
