/// "Did you mean …?" suggestions: the closest candidate by edit distance, or none when
/// nothing is close enough to be a plausible typo.
///
/// Distance is Damerau–Levenshtein (optimal string alignment, so `minLenght` →
/// `minLength` is one transposition) over lowercased Unicode scalars; a candidate that
/// differs only in case wins outright. Ties go to the smaller case-sensitive distance,
/// then to the earlier candidate (callers list validators in documentation order), so the
/// answer is deterministic.
package struct Suggestions {
    /// The candidates (field paths have their own `PathSuggestions` in the tooling).
    private let names: [String]
    /// The lowercased scalars of each candidate.
    private let lowercased: [[UInt32]]

    /// Prepares `candidates` once, for many lookups. Ties go to the earlier candidate.
    package init(_ candidates: [String]) {
        names = candidates
        lowercased = candidates.map { name in
            var scalars: [UInt32] = []
            Suggestions.appendLowercasedScalars(of: name, to: &scalars)
            return scalars
        }
    }

    /// The number of candidates (what one lookup costs against a budget).
    var count: Int { names.count }

    /// The candidate closest to `name`, if any is within the typo threshold.
    ///
    /// - Parameter budget: how many candidates may still be compared; decremented, and
    ///   once spent no more suggestions are made, so that a generated file with thousands
    ///   of unknown names and thousands of candidates cannot take quadratic time.
    func closest(to name: String, budget: inout Int) -> String? {
        guard let target = Suggestions.chargedTarget(name, candidates: count, budget: &budget) else { return nil }
        var scan = Scan(name: name, target: target, tieBreakByName: false)
        target.withUnsafeBufferPointer { target in
            for index in names.indices where abs(lowercased[index].count - target.count) <= scan.threshold {
                lowercased[index].withUnsafeBufferPointer { candidate in
                    scan.consider(candidate, target: target) { names[index] }
                }
            }
        }
        return scan.best?.spelling
    }

    /// Appends the Unicode scalars of `name.lowercased()`; ASCII names (nearly all) are
    /// lowercased byte by byte, which is what `lowercased()` does to them.
    package static func appendLowercasedScalars(of name: String, to scalars: inout [UInt32]) {
        let ascii = name.utf8.withContiguousStorageIfAvailable { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
            // Performance: one append of a counted sequence (reserved once, written in a
            // loop) rather than one `append` per byte, each checking uniqueness and capacity.
            scalars.append(
                contentsOf: bytes.lazy.map { byte in
                    UInt32(ASCIIKeySpelling.lowercased(byte))
                })
            return true
        }
        guard ascii != true else { return }
        for scalar in name.lowercased().unicodeScalars { scalars.append(scalar.value) }
    }

    /// The lowercased scalars of `name`, with `count` comparisons charged to `budget`;
    /// nil, and nothing charged, when the budget cannot pay for them or the name is empty.
    /// (Every search charges its whole candidate count, so that the answer never depends
    /// on where a search would have stopped.)
    package static func chargedTarget(_ name: String, candidates count: Int, budget: inout Int) -> [UInt32]? {
        guard budget >= count else { return nil }
        var target: [UInt32] = []
        appendLowercasedScalars(of: name, to: &target)
        guard !target.isEmpty else { return nil }
        budget -= count
        return target
    }

    /// ``closest(to:budget:)`` for a one-off list.
    package static func closest(to name: String, among candidates: [String]) -> String? {
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

    static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    /// The most edits a suggestion for a name of `length` (lowercased) characters may be
    /// away: ``maximumDistance(forLength:)``, and never more than the name has characters
    /// minus one (replacing all of `b` to get `x` is not a typo).
    package static func threshold(forTargetLength length: Int) -> Int {
        min(maximumDistance(forLength: length), length - 1)
    }

    /// Optimal-string-alignment distance; returns a value above `limit` as soon as every
    /// cell of a row exceeds it (the answer can only grow). Only the diagonal band
    /// `|i - j| <= limit` is computed: a cell outside it is at least `limit + 1`, and
    /// stands in as exactly that, which cannot bring a result at or below `limit` from
    /// above it.
    static func editDistance(_ a: [UInt32], _ b: [UInt32], limit: Int) -> Int {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in editDistance(a, b, limit: limit) } }
    }

    static func editDistance(_ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>, limit: Int) -> Int {
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
