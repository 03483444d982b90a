/// A set of Unicode scalar values kept as sorted, disjoint, non-adjacent closed ranges.
///
/// Every character class, property and literal of a pattern becomes one of these before it
/// is compiled to UTF-8 byte sequences, so negation, union and case folding are plain range
/// arithmetic instead of per-scalar work (a negated class covers about 1.1 million scalars).
/// Surrogate code points (U+D800–U+DFFF) are never members: they have no UTF-8 encoding.
struct ScalarSet: Hashable, Sendable {
    /// Sorted, disjoint and non-adjacent; never contains a surrogate.
    private(set) var ranges: [ClosedRange<UInt32>]

    /// The empty set.
    init() { ranges = [] }

    /// Hashes the size and a few ranges only: a Unicode class has over a thousand ranges, and
    /// the compiler looks sets up by value for every occurrence (`[\p{L}]{2,50}` has 50).
    /// Equality still compares every range.
    func hash(into hasher: inout Hasher) {
        hasher.combine(ranges.count)
        for range in ranges.prefix(4) { hasher.combine(range.lowerBound); hasher.combine(range.upperBound) }
        if let last = ranges.last { hasher.combine(last.lowerBound); hasher.combine(last.upperBound) }
        if ranges.count > 8 { hasher.combine(ranges[ranges.count / 2].lowerBound) }
    }

    /// A set from arbitrary (possibly overlapping, unsorted) ranges; surrogates are removed.
    init<S: Sequence>(ranges input: S) where S.Element == ClosedRange<UInt32> {
        ranges = ScalarSet.normalized(Array(input))
    }

    /// The set holding one scalar.
    init(_ scalar: UInt32) { self.init(ranges: [scalar...scalar]) }

    /// Every Unicode scalar value.
    static let all = ScalarSet(ranges: [0...0x10FFFF])

    /// Whether the set has no member.
    var isEmpty: Bool { ranges.isEmpty }

    /// The single member, when the set has exactly one.
    var singleScalar: UInt32? {
        guard ranges.count == 1, ranges[0].lowerBound == ranges[0].upperBound else { return nil }
        return ranges[0].lowerBound
    }

    /// Whether `scalar` is a member (binary search).
    func contains(_ scalar: UInt32) -> Bool {
        var low = 0, high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if ranges[mid].upperBound < scalar { low = mid + 1 } else if ranges[mid].lowerBound > scalar { high = mid } else { return true }
        }
        return false
    }

    /// Whether any member lies in `range` (binary search).
    func intersects(_ range: ClosedRange<UInt32>) -> Bool {
        var low = 0, high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if ranges[mid].upperBound < range.lowerBound { low = mid + 1 } else { high = mid }
        }
        return low < ranges.count && ranges[low].lowerBound <= range.upperBound
    }

    /// The members of either set.
    func union(_ other: ScalarSet) -> ScalarSet {
        if other.isEmpty { return self }
        if isEmpty { return other }
        return ScalarSet(ranges: ranges + other.ranges)
    }

    /// Every scalar that is not a member (surrogates excluded).
    func inverted() -> ScalarSet {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = range.upperBound + 1
        }
        if next <= 0x10FFFF { result.append(next...0x10FFFF) }
        return ScalarSet(ranges: result)
    }

    /// The members of both sets.
    func intersection(_ other: ScalarSet) -> ScalarSet {
        inverted().union(other.inverted()).inverted()
    }

    /// Sorts, merges overlapping or adjacent ranges and cuts out the surrogate block.
    private static func normalized(_ input: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        let sorted = input.map { $0.clamped(to: 0...0x10FFFF) }.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = []
        for range in sorted {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return removingSurrogates(merged)
    }

    private static func removingSurrogates(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var result: [ClosedRange<UInt32>] = []
        result.reserveCapacity(ranges.count + 1)
        for range in ranges {
            if range.upperBound < 0xD800 || range.lowerBound > 0xDFFF {
                result.append(range)
                continue
            }
            if range.lowerBound < 0xD800 { result.append(range.lowerBound...0xD7FF) }
            if range.upperBound > 0xDFFF { result.append(0xE000...range.upperBound) }
        }
        return result
    }
}
