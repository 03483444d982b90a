/// "Did you mean …?" suggestions: the closest candidate by edit distance, or none when
/// nothing is close enough to be a plausible typo.
///
/// Distance is Damerau–Levenshtein (optimal string alignment, so `minLenght` →
/// `minLength` is one transposition) over lowercased Unicode scalars; a candidate that
/// differs only in case wins outright. Ties go to the smaller case-sensitive distance,
/// then to the earlier candidate (callers list validators in documentation order), so the
/// answer is deterministic.
package struct Suggestions {
    /// The candidates (field paths have their own ``PathSuggestions``).
    private let names: [String]
    /// The lowercased scalars of every candidate, one after another: candidate `i` is
    /// `scalars[starts[i]..<starts[i + 1]]`.
    ///
    /// Performance: one flat array instead of two arrays per candidate (building
    /// per-candidate arrays, and their signatures by sorting, once cost more than the
    /// lookups); the case-sensitive scalars are only needed for candidates that pass the
    /// threshold, so they are computed then.
    private let scalars: [UInt32]
    private let starts: [Int]
    private let signatures: [Signature]
    /// Whether ties go to the smaller name (`<`) rather than the earlier candidate.
    private let tieBreakByName: Bool
    /// When ties go to the smaller name (the answer does not depend on the order of the
    /// scan): the candidates by increasing length (in scalars), those of length `n` at
    /// `byLength[lengthStarts[n]..<lengthStarts[n + 1]]`.
    ///
    /// Performance: a lookup then visits only the lengths within its threshold; most
    /// candidates are too long or too short to be a typo of the name.
    private let byLength: [Int32]
    private let lengthStarts: [Int]

    /// Prepares `candidates` once, for many lookups. Ties go to the earlier candidate.
    init(_ candidates: [String]) {
        self.init(candidates, tieBreakByName: false)
    }

    /// Prepares distinct `candidates` in any order; ties go to the smaller name, which is
    /// what ``init(_:)`` gives for the same names sorted (and spares sorting them all
    /// for the few lookups that happen).
    init(unordered candidates: [String]) {
        self.init(candidates, tieBreakByName: true)
    }

    private init(_ names: [String], tieBreakByName: Bool) {
        self.names = names
        self.tieBreakByName = tieBreakByName
        let count = names.count
        var scalars: [UInt32] = []
        scalars.reserveCapacity(count * 12)
        var starts = [0]
        starts.reserveCapacity(count + 1)
        var signatures: [Signature] = []
        signatures.reserveCapacity(count)
        for index in 0..<count {
            let start = scalars.count
            Suggestions.appendLowercasedScalars(of: names[index], to: &scalars)
            signatures.append(scalars.withUnsafeBufferPointer { Suggestions.signature(UnsafeBufferPointer(rebasing: $0[start...])) })
            starts.append(scalars.count)
        }
        self.scalars = scalars
        self.starts = starts
        self.signatures = signatures
        (byLength, lengthStarts) = tieBreakByName ? Suggestions.orderByLength(starts: starts) : ([], [])
    }

    /// Candidate indices by increasing length (a counting sort; stable), and where each
    /// length starts among them.
    private static func orderByLength(starts: [Int]) -> ([Int32], [Int]) {
        let count = starts.count - 1
        var longest = 0
        for index in 0..<count { longest = Swift.max(longest, starts[index + 1] - starts[index]) }
        var lengthStarts = [Int](repeating: 0, count: longest + 2)
        for index in 0..<count { lengthStarts[starts[index + 1] - starts[index] + 1] += 1 }
        for length in 0...longest { lengthStarts[length + 1] += lengthStarts[length] }
        var next = lengthStarts
        var order = [Int32](repeating: 0, count: count)
        for index in 0..<count {
            let length = starts[index + 1] - starts[index]
            order[next[length]] = Int32(index)
            next[length] += 1
        }
        return (order, lengthStarts)
    }

    /// The number of candidates (what one lookup costs against a budget).
    var count: Int { names.count }

    /// Candidate `index`.
    private func name(at index: Int) -> String { names[index] }

    /// The candidate closest to `name`, if any is within the typo threshold.
    ///
    /// - Parameter budget: how many candidates may still be compared; decremented, and
    ///   once spent no more suggestions are made, so that a generated file with thousands
    ///   of unknown names and thousands of candidates cannot take quadratic time.
    func closest(to name: String, budget: inout Int) -> String? {
        // Performance: once the budget is spent (early in a large file with many unknown
        // references) a lookup returns before preparing its name.
        guard let target = Suggestions.chargedTarget(name, candidates: count, budget: &budget) else { return nil }
        var scan = Scan(name: name, target: target, tieBreakByName: tieBreakByName)
        // Performance: the cheap bounds (length, then signature) come first and reject
        // almost every candidate; the name itself (distance 0) is skipped only after them.
        // The scan runs over raw buffers (no bounds checks), since a lookup visits every
        // candidate and the two bounds are a handful of instructions each.
        scalars.withUnsafeBufferPointer { all in
            target.withUnsafeBufferPointer { target in
                starts.withUnsafeBufferPointer { starts in
                    signatures.withUnsafeBufferPointer { signatures in
                        func visit(_ index: Int) {
                            let start = starts[index], end = starts[index + 1]
                            if abs(end - start - target.count) > scan.threshold || scan.rulesOut(signatures[index]) { return }
                            scan.consider(UnsafeBufferPointer(rebasing: all[start..<end]), target: target) { self.name(at: index) }
                        }
                        if tieBreakByName {
                            // Only the lengths within the threshold (the answer is the same in any order).
                            if let lengths = scan.lengthsInReach(lengthStarts: lengthStarts) {
                                for position in lengthStarts[lengths.lowerBound]..<lengthStarts[lengths.upperBound + 1] {
                                    visit(Int(byLength[position]))
                                }
                            }
                        } else {
                            for index in 0..<count { visit(index) }
                        }
                    }
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

    /// The multiset of characters a name uses, hashed into 128 bits: the k-th occurrence
    /// of a character (k counted up to 4) is its own element. An insertion or deletion
    /// changes one element and a substitution two (a transposition none), and collisions
    /// only hide differences, so half the differing bits is a lower bound of the edit
    /// distance. Counting occurrences (not just which characters appear) rejects far more
    /// of the look-alike generated names (`field12` against `flag21`) before the distance.
    package struct Signature: Hashable {
        package var low: UInt64 = 0
        package var high: UInt64 = 0

        /// The signature of no scalars.
        package init() {}

        /// A signature of the given bits.
        package init(low: UInt64, high: UInt64) {
            self.low = low
            self.high = high
        }

        func differingBits(from other: Signature) -> Int {
            (low ^ other.low).nonzeroBitCount + (high ^ other.high).nonzeroBitCount
        }

        /// Adds the `occurrence`-th (0-based) occurrence of `scalar`.
        package mutating func insert(_ scalar: UInt32, occurrence: Int) {
            // Scalars fit in 21 bits, so the occurrence above them makes each (character, k) distinct.
            let hash = ((scalar ^ UInt32(occurrence) << 21) &* 2_654_435_761) >> 25 & 127
            if hash < 64 { low |= 1 << UInt64(hash) } else { high |= 1 << UInt64(hash - 64) }
        }
    }

    package static func signature(_ scalars: [UInt32]) -> Signature {
        scalars.withUnsafeBufferPointer(signature)
    }

    package static func signature(_ scalars: UnsafeBufferPointer<UInt32>) -> Signature {
        var result = Signature()
        // The k-th occurrence of a character is k earlier equal characters. Performance:
        // counted in place for names of usual length (no sorted copy); the set of
        // (character, k) elements is the same whichever way it is counted.
        guard scalars.count <= 64 else {
            var run = 0
            var previous: UInt32?
            for scalar in scalars.sorted() {  // equal characters side by side: count occurrences
                run = scalar == previous ? run + 1 : 0
                previous = scalar
                if run < 4 { result.insert(scalar, occurrence: run) }
            }
            return result
        }
        // Performance: ASCII names (nearly all) count occurrences in a table on the stack,
        // one step per character instead of a scan of the earlier ones.
        if scalars.allSatisfy({ $0 < 128 }) {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { counts in
                counts.initialize(repeating: 0)
                for scalar in scalars {
                    let run = counts[Int(scalar)]
                    counts[Int(scalar)] = run &+ 1
                    if run < 4 { result.insert(scalar, occurrence: Int(run)) }
                }
                return result
            }
        }
        for index in scalars.indices {
            let scalar = scalars[index]
            var run = 0
            for earlier in 0..<index where scalars[earlier] == scalar { run += 1 }
            if run < 4 { result.insert(scalar, occurrence: run) }
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
