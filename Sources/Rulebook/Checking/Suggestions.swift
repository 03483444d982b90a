/// "Did you mean …?" suggestions: the closest candidate by edit distance, or none when
/// nothing is close enough to be a plausible typo.
enum Suggestions {
    /// The candidate closest to `name`, if any is within the typo threshold.
    ///
    /// Distance is Damerau–Levenshtein (optimal string alignment, so `minLenght` →
    /// `minLength` is one transposition) over lowercased characters; a candidate that
    /// differs only in case wins outright. Ties go to the candidate whose case-sensitive
    /// distance is smaller, then to the earlier candidate (callers list validators in
    /// documentation order), so the answer is deterministic.
    static func closest(to name: String, among candidates: [String]) -> String? {
        let lowered = Array(name.lowercased())
        guard !lowered.isEmpty else { return nil }
        // Never more edits than the name has characters minus one: replacing all of `b`
        // to get `x` is not a typo.
        let threshold = min(maximumDistance(forLength: lowered.count), lowered.count - 1)
        var best: (candidate: String, distance: Int, exactDistance: Int)?
        for candidate in candidates where candidate != name {
            let loweredCandidate = Array(candidate.lowercased())
            // Cheap length filter before the quadratic distance.
            if abs(loweredCandidate.count - lowered.count) > threshold { continue }
            let distance = loweredCandidate == lowered ? 0 : editDistance(lowered, loweredCandidate, limit: threshold)
            guard distance <= threshold else { continue }
            let exactDistance = editDistance(Array(name), Array(candidate), limit: Int.max)
            if let current = best, (current.distance, current.exactDistance) <= (distance, exactDistance) { continue }
            best = (candidate, distance, exactDistance)
        }
        return best?.candidate
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

    /// Optimal-string-alignment distance; returns a value above `limit` as soon as every
    /// cell of a row exceeds it (the answer can only grow).
    static func editDistance<C: Equatable>(_ a: [C], _ b: [C], limit: Int) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return rowMinimum }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
