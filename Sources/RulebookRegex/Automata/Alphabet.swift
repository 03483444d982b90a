/// The pattern's alphabet: Unicode scalars partitioned into equivalence classes, where two
/// scalars share a class when every set in the pattern contains both or neither. Automata
/// then step on class numbers instead of scalars or bytes.
///
/// Why classes of scalars and not UTF-8 bytes (as RE2 does): a byte automaton has to spell
/// out the UTF-8 structure of each Unicode class, about 300 DFA states for `\p{L}` alone,
/// and a counted repetition multiplies that: `[\p{L} '-]{2,50}` needs some 15,000 byte-DFA
/// states, but 52 over scalar classes. Decoding UTF-8 in the match loop costs a predictable
/// branch for ASCII and a few instructions otherwise; the class of a scalar is two table
/// lookups (a block index over 256-scalar blocks, then the block).
struct Alphabet: Sendable {
    /// The number of classes.
    let classCount: Int
    /// Class of each ASCII scalar (the hot path).
    let asciiClasses: [UInt16]
    /// Per 256-scalar block (up to the block of the last class boundary): the offset of its
    /// 256 classes in `blocks`.
    let blockOffsets: [UInt32]
    /// Deduplicated blocks of 256 classes each.
    let blocks: [UInt16]
    /// The class of every scalar past the blocks covered by `blockOffsets`.
    let tailClass: UInt16
    /// For each input set (in the order given), the classes it contains.
    let setClasses: [ClassSet]

    /// The class of a scalar value.
    @inline(__always)
    func classOf(_ scalar: UInt32) -> Int {
        let block = Int(scalar >> 8)
        guard block < blockOffsets.count else { return Int(tailClass) }
        return Int(blocks[Int(blockOffsets[block]) + Int(scalar & 0xFF)])
    }

    /// The same alphabet with the tables matching reads in buffers of their own (see
    /// ``Pattern/independentCopy()``).
    func independentCopy() -> Alphabet { Alphabet(copying: self) }

    private init(copying other: Alphabet) {
        classCount = other.classCount
        asciiClasses = other.asciiClasses.independentCopy()
        blockOffsets = other.blockOffsets.independentCopy()
        blocks = other.blocks.independentCopy()
        tailClass = other.tailClass
        setClasses = other.setClasses
    }

    /// Partitions the scalars by `sets`; nil when there would be more than `maxClasses`.
    init?(sets scalarSets: [ScalarSet], maxClasses: Int = 65_535) {
        let sets = scalarSets.map(Alphabet.bridgingSurrogates)
        // Elementary intervals: cut the scalar range at every set boundary.
        var cuts: [UInt32] = [0]
        for set in sets {
            for range in set {
                cuts.append(range.lowerBound)
                if range.upperBound < 0x10FFFF { cuts.append(range.upperBound + 1) }
            }
        }
        cuts.sort()
        var starts: [UInt32] = []
        starts.reserveCapacity(cuts.count)
        for cut in cuts where cut != starts.last { starts.append(cut) }
        // Each interval's signature: which sets contain it (flat, `words` per interval).
        let words = max(1, (sets.count + 63) / 64)
        var signatures = [UInt64](repeating: 0, count: starts.count * words)
        for (setIndex, set) in sets.enumerated() {
            let word = setIndex / 64, bit: UInt64 = 1 << UInt64(setIndex % 64)
            for range in set {
                var interval = Alphabet.intervalIndex(of: range.lowerBound, in: starts)
                while interval < starts.count, starts[interval] <= range.upperBound {
                    signatures[interval * words + word] |= bit
                    interval += 1
                }
            }
        }
        // Intervals with equal signatures form one class. One word (at most 64 distinct sets,
        // nearly every pattern) keys the dictionary by integer, not by array.
        var intervalClasses = [UInt16](repeating: 0, count: starts.count)
        var representatives: [Int] = []  // an interval of each class
        var classOfWord: [UInt64: Int] = [:]
        var classOfWords: [ArraySlice<UInt64>: Int] = [:]
        for interval in starts.indices {
            let signature = signatures[(interval * words)..<((interval + 1) * words)]
            let id: Int
            if words == 1 {
                id = classOfWord[signature[signature.startIndex]] ?? representatives.count
                classOfWord[signature[signature.startIndex]] = id
            } else {
                id = classOfWords[signature] ?? representatives.count
                classOfWords[signature] = id
            }
            if id == representatives.count { representatives.append(interval) }
            guard id < maxClasses else { return nil }
            intervalClasses[interval] = UInt16(id)
        }
        classCount = representatives.count
        var setClasses = [ClassSet](repeating: ClassSet(count: classCount), count: sets.count)
        for (id, interval) in representatives.enumerated() {
            for setIndex in sets.indices where signatures[interval * words + setIndex / 64] & (1 << UInt64(setIndex % 64)) != 0 {
                setClasses[setIndex].insert(id)
            }
        }
        self.setClasses = setClasses
        let (offsets, blockTable, tail) = Alphabet.blockTables(starts: starts, classes: intervalClasses)
        (blockOffsets, blocks, tailClass) = (offsets, blockTable, tail)
        let firstBlock = Int(offsets.first ?? 0)
        asciiClasses = Array(blockTable[firstBlock..<(firstBlock + 128)])
    }

    /// The set's ranges with the surrogate gap closed where the set holds scalars on both
    /// sides. No input scalar is ever a surrogate, so this changes no answer, but it spares
    /// `.` and `[^a]` two cuts at U+D800 and U+E000 and with them 224 lookup blocks.
    private static func bridgingSurrogates(_ set: ScalarSet) -> [ClosedRange<UInt32>] {
        var ranges = set.ranges
        if let before = ranges.firstIndex(where: { $0.upperBound == 0xD7FF }), before + 1 < ranges.count,
            ranges[before + 1].lowerBound == 0xE000
        {
            ranges[before] = ranges[before].lowerBound...ranges[before + 1].upperBound
            ranges.remove(at: before + 1)
        }
        return ranges
    }

    /// The index of the interval holding `scalar` (the last start ≤ scalar).
    private static func intervalIndex(of scalar: UInt32, in starts: [UInt32]) -> Int {
        var low = 0, high = starts.count
        while high - low > 1 {
            let mid = (low + high) / 2
            if starts[mid] <= scalar { low = mid } else { high = mid }
        }
        return low
    }

    /// Two-level lookup tables. Blocks lying inside one interval are uniform and shared per
    /// class, so only blocks that contain a cut cost memory.
    private static func blockTables(starts: [UInt32], classes: [UInt16]) -> ([UInt32], [UInt16], UInt16) {
        // Past the block of the last cut every scalar has the last interval's class.
        let blockCount = Int((starts.last ?? 0) >> 8) + 1
        var offsets = [UInt32](repeating: 0, count: blockCount)
        var blocks: [UInt16] = []
        var uniformBlocks: [UInt16: UInt32] = [:]
        var builtBlocks: [BlockKey: UInt32] = [:]
        func store(_ content: [UInt16]) -> UInt32 {
            if let existing = builtBlocks[BlockKey(content: content)] { return existing }
            let offset = UInt32(blocks.count)
            blocks.append(contentsOf: content)
            builtBlocks[BlockKey(content: content)] = offset
            return offset
        }
        var interval = 0
        for block in 0..<blockCount {
            let first = UInt32(block << 8), last = first + 0xFF
            while interval + 1 < starts.count, starts[interval + 1] <= first { interval += 1 }
            if interval + 1 >= starts.count || starts[interval + 1] > last {
                let id = classes[interval]
                if let offset = uniformBlocks[id] {
                    offsets[block] = offset
                } else {
                    let offset = store([UInt16](repeating: id, count: 256))
                    uniformBlocks[id] = offset
                    offsets[block] = offset
                }
            } else {
                var content = [UInt16](repeating: 0, count: 256)
                var cursor = interval
                for low in 0..<256 {
                    let scalar = first + UInt32(low)
                    while cursor + 1 < starts.count, starts[cursor + 1] <= scalar { cursor += 1 }
                    content[low] = classes[cursor]
                }
                offsets[block] = store(content)
            }
        }
        return (offsets, blocks, classes[classes.count - 1])
    }
}

/// A block's classes as a dictionary key, hashed as raw bytes (hashing 256 elements one by
/// one dominated compiling patterns with large Unicode classes).
private struct BlockKey: Hashable {
    let content: [UInt16]

    func hash(into hasher: inout Hasher) {
        content.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}

/// A set of class numbers, as a bitset.
struct ClassSet: Hashable, Sendable {
    private(set) var words: [UInt64]

    init(count: Int) { words = [UInt64](repeating: 0, count: max(1, (count + 63) / 64)) }

    mutating func insert(_ id: Int) { words[id >> 6] |= 1 << UInt64(id & 63) }

    @inline(__always)
    func contains(_ id: Int) -> Bool { words[id >> 6] & (1 << UInt64(id & 63)) != 0 }

    /// The members in ascending order.
    var members: [Int] {
        var result: [Int] = []
        for (index, word) in words.enumerated() {
            var remaining = word
            while remaining != 0 {
                result.append(index * 64 + remaining.trailingZeroBitCount)
                remaining &= remaining - 1
            }
        }
        return result
    }
}
