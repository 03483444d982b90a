import Rulebook

// The cheap bounds of a field-path lookup (`PathSuggestions`), before the edit distance:
// the candidate lengths within the threshold, and a signature of the characters used.

extension Suggestions.Scan {
    /// The lengths (in scalars) of candidates that can be within the threshold, among
    /// lengths `0..<lengthStarts.count - 1` (nil: none).
    func lengthsInReach(lengthStarts: [Int]) -> ClosedRange<Int>? {
        Self.lengths(inReachOf: target.count, threshold: threshold, lengthStarts: lengthStarts)
    }

    static func lengths(inReachOf targetLength: Int, threshold: Int, lengthStarts: [Int]) -> ClosedRange<Int>? {
        let shortest = Swift.max(0, targetLength - threshold)
        let longest = Swift.min(lengthStarts.count - 2, targetLength + threshold)
        return shortest <= longest ? shortest...longest : nil
    }
}

/// The multiset of characters a name uses, hashed into 128 bits: the k-th occurrence
/// of a character (k counted up to 4) is its own element. An insertion or deletion
/// changes one element and a substitution two (a transposition none), and collisions
/// only hide differences, so half the differing bits is a lower bound of the edit
/// distance. Counting occurrences (not just which characters appear) rejects far more
/// of the look-alike generated names (`field12` against `flag21`) before the distance.
package struct PathSignature: Hashable {
    package var low: UInt64 = 0
    package var high: UInt64 = 0

    /// The signature of no scalars.
    package init() {}

    /// A signature of the given bits.
    package init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    package func differingBits(from other: PathSignature) -> Int {
        (low ^ other.low).nonzeroBitCount + (high ^ other.high).nonzeroBitCount
    }

    /// Adds the `occurrence`-th (0-based) occurrence of `scalar`.
    package mutating func insert(_ scalar: UInt32, occurrence: Int) {
        // Scalars fit in 21 bits, so the occurrence above them makes each (character, k) distinct.
        let hash = ((scalar ^ UInt32(occurrence) << 21) &* 2_654_435_761) >> 25 & 127
        if hash < 64 { low |= 1 << UInt64(hash) } else { high |= 1 << UInt64(hash - 64) }
    }
}

extension PathSignature {
    /// The signature of `scalars`.
    package init(_ scalars: [UInt32]) {
        self = scalars.withUnsafeBufferPointer(PathSignature.init)
    }

    /// The signature of `scalars`.
    package init(_ scalars: UnsafeBufferPointer<UInt32>) {
        self.init()
        // The k-th occurrence of a character is k earlier equal characters, counted in
        // place for names of usual length; the set of (character, k) elements is the
        // same whichever way it is counted.
        guard scalars.count <= 64 else {
            var run = 0
            var previous: UInt32?
            for scalar in scalars.sorted() {  // equal characters side by side: count occurrences
                run = scalar == previous ? run + 1 : 0
                previous = scalar
                if run < 4 { insert(scalar, occurrence: run) }
            }
            return
        }
        for index in scalars.indices {
            let scalar = scalars[index]
            var run = 0
            for earlier in 0..<index where scalars[earlier] == scalar { run += 1 }
            if run < 4 { insert(scalar, occurrence: run) }
        }
    }

    /// Whether a candidate of this signature is too far from a name of signature
    /// `target` to be within `threshold` edits: each edit flips at most two bits.
    func rulesOut(against target: PathSignature, threshold: Int) -> Bool {
        differingBits(from: target) > 2 * threshold
    }
}
