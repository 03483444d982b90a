import Rulebook

/// "Did you mean" among a file's statement paths (`unknown-field`): the answers of
/// `Suggestions` over the paths' spellings (``FieldPath/description``) in sorted order
/// (ties go to the smaller spelling), prepared only as far as the lookups reach.
///
/// Performance: the candidates are every distinct statement path of a file (tens of
/// thousands in a very large file), but the budget of candidate comparisons allows only a
/// few lookups among that many, and a lookup visits only the candidates whose length is
/// within its typo threshold, so writing every candidate's lowercased scalars and
/// signature up front would be mostly wasted. Here
/// the first lookup measures the lengths (one pass over the paths' bytes, nothing
/// written), a length's signatures are computed when a lookup first reaches it, and a
/// candidate's scalars are written only when its signature is close enough for the edit
/// distance. The budget is charged the whole candidate count per lookup, as
/// `Suggestions.closest(to:budget:)` charges it.
struct PathSuggestions {
    private let paths: [FieldPath]
    /// Whether the lengths below have been measured (on the first lookup).
    private var measured = false
    /// Candidate indices by increasing length of the lowercased spelling (in scalars),
    /// in candidate order within a length; those of length `n` are at
    /// `byLength[lengthStarts[n]..<lengthStarts[n + 1]]`.
    private var byLength: [Int32] = []
    private var lengthStarts: [Int] = []
    /// The signature of `byLength[position]` at `signatures[position]`, valid for the
    /// lengths whose `signed[length]` is set.
    private var signatures: [PathSignature] = []
    private var signed: [Bool] = []
    /// The lowercased scalars of the candidates with a non-ASCII key (spelt and
    /// lowercased as a whole, as ``Suggestions/appendLowercasedSpelling(of:to:)`` does);
    /// the others are written from their ASCII bytes when needed.
    private var nonASCIIScalars: [Int32: [UInt32]] = [:]

    /// Distinct paths (distinct paths spell distinctly), in any order: ties go to the
    /// smaller spelling.
    init(_ paths: [FieldPath]) {
        self.paths = paths
    }

    /// The number of candidates (what one lookup costs against a budget).
    var count: Int { paths.count }

    /// The spelling of the candidate closest to `name`, if any is within the typo
    /// threshold; ``Suggestions/closest(to:budget:)`` with the same budget accounting.
    mutating func closest(to name: String, budget: inout Int) -> String? {
        guard let target = Suggestions.chargedTarget(name, candidates: count, budget: &budget) else { return nil }
        measureIfNeeded()
        var scan = Suggestions.Scan(name: name, target: target, tieBreakByName: true)
        guard let lengths = scan.lengthsInReach(lengthStarts: lengthStarts) else { return nil }
        for length in lengths { signIfNeeded(length) }
        search(&scan, lengths: lengths)
        return scan.best?.spelling
    }

    /// The candidate lengths a lookup of a name whose lowercased spelling has
    /// `targetLength` scalars visits (nil: none); the lengths must have been measured.
    func lengthsInReach(ofTargetLength targetLength: Int) -> ClosedRange<Int>? {
        Suggestions.Scan.lengths(
            inReachOf: targetLength, threshold: Suggestions.threshold(forTargetLength: targetLength),
            lengthStarts: lengthStarts)
    }

    /// The lookup itself, once `lengths` (the scan's lengths in reach) are measured and
    /// signed: reads the prepared tables and writes nothing, so two threads may search
    /// one prepared value at once.
    private func search(_ scan: inout Suggestions.Scan, lengths: ClosedRange<Int>) {
        // Performance: the window's signatures are contiguous and every candidate in it
        // has a length in reach, so the scan is a handful of instructions a candidate.
        let window = lengthStarts[lengths.lowerBound]..<lengthStarts[lengths.upperBound + 1]
        let target = scan.target  // (not read through `scan`, which the loop changes)
        let targetSignature = PathSignature(target)
        let threshold = scan.threshold
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: lengths.upperBound + 1) { scratch in
            target.withUnsafeBufferPointer { target in
                signatures.withUnsafeBufferPointer { signatures in
                    for position in window where !signatures[position].rulesOut(against: targetSignature, threshold: threshold) {
                        let index = byLength[position]
                        withScalars(of: index, in: scratch) { candidate in
                            scan.consider(candidate, target: target) { paths[Int(index)].description }
                        }
                    }
                }
            }
        }
    }

    /// Measures every candidate's length and orders the candidates by it (a stable
    /// counting sort), once.
    mutating func measureIfNeeded() {
        guard !measured else { return }
        measured = true
        var lengths = [Int](repeating: 0, count: paths.count)
        var longest = 0
        ASCIIKeySpelling.byteClasses.withUnsafeBufferPointer { classes in
            for index in paths.indices {
                let path = paths[index]
                if let length = PathSuggestions.asciiSpellingLength(of: path, classes: classes) {
                    lengths[index] = length
                } else {
                    // Not all ASCII (rare): the one spelling function, which spells such a
                    // path as a whole.
                    var scalars: [UInt32] = []
                    Suggestions.appendLowercasedSpelling(of: path, to: &scalars)
                    lengths[index] = scalars.count
                    nonASCIIScalars[Int32(index)] = scalars
                }
                longest = Swift.max(longest, lengths[index])
            }
        }
        var starts = [Int](repeating: 0, count: longest + 2)
        for length in lengths { starts[length + 1] += 1 }
        for length in 0...longest { starts[length + 1] += starts[length] }
        var next = starts
        var order = [Int32](repeating: 0, count: paths.count)
        for (index, length) in lengths.enumerated() {
            order[next[length]] = Int32(index)
            next[length] += 1
        }
        byLength = order
        lengthStarts = starts
        signatures = [PathSignature](repeating: PathSignature(), count: paths.count)
        signed = [Bool](repeating: false, count: longest + 1)
    }

    /// Computes the signatures of the candidates of `length`, once.
    mutating func signIfNeeded(_ length: Int) {
        guard !signed[length] else { return }
        signed[length] = true
        let range = lengthStarts[length]..<lengthStarts[length + 1]
        guard !range.isEmpty else { return }
        var signatures = self.signatures
        self.signatures = []  // Performance: mutated in place, not copied
        ASCIIKeySpelling.byteClasses.withUnsafeBufferPointer { classes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { counts in
                counts.initialize(repeating: 0)
                for position in range {
                    let index = byLength[position]
                    if let scalars = nonASCIIScalars[index] {
                        signatures[position] = PathSignature(scalars)
                    } else {
                        signatures[position] = PathSuggestions.asciiSignature(of: paths[Int(index)], classes: classes, counts: counts)
                    }
                }
            }
        }
        self.signatures = signatures
    }

    /// Calls `body` with the lowercased scalars of candidate `index` (written into
    /// `scratch` for an ASCII path; `scratch` holds at least its length).
    private func withScalars<Result>(
        of index: Int32, in scratch: UnsafeMutableBufferPointer<UInt32>,
        _ body: (UnsafeBufferPointer<UInt32>) -> Result
    ) -> Result {
        if let scalars = nonASCIIScalars[index] { return scalars.withUnsafeBufferPointer(body) }
        let written = PathSuggestions.writeASCIISpelling(of: paths[Int(index)], to: scratch)
        return body(UnsafeBufferPointer(rebasing: scratch[..<written]))
    }
}

extension PathSuggestions {
    /// The length in scalars of the lowercased spelling of `path` when all its keys are
    /// ASCII (`nil` otherwise): ``FieldPath/description``'s quoting and escaping, counted.
    static func asciiSpellingLength(of path: FieldPath) -> Int? {
        ASCIIKeySpelling.byteClasses.withUnsafeBufferPointer { asciiSpellingLength(of: path, classes: $0) }
    }

    private static func asciiSpellingLength(of path: FieldPath, classes: UnsafeBufferPointer<UInt8>) -> Int? {
        var measurer = LengthMeasurer(classes: classes)
        return ASCIIKeySpelling.walk(path, &measurer) ? measurer.length : nil
    }

    /// Measures a path's lowercased ASCII spelling.
    private struct LengthMeasurer: PathSpellingVisitor {
        let classes: UnsafeBufferPointer<UInt8>
        var length = 0

        mutating func punctuation(_ scalar: UInt8) { length += 1 }

        mutating func key(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let shape = ASCIIKeySpelling.shape(of: bytes, classes: classes) else { return false }
            length += shape.length(ofKeyWith: bytes.count)
            return true
        }
    }

    /// The signature (``PathSignature/init(_:)-([UInt32])``) of the lowercased spelling of a path
    /// whose keys are ASCII, counted from its keys' bytes without writing the spelling:
    /// a signature does not depend on the order of the characters, so a quoted key's
    /// quotes and escapes are added once the key is known not to be an identifier.
    static func asciiSignature(of path: FieldPath) -> PathSignature {
        ASCIIKeySpelling.byteClasses.withUnsafeBufferPointer { classes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { counts in
                counts.initialize(repeating: 0)
                return asciiSignature(of: path, classes: classes, counts: counts)
            }
        }
    }

    /// `counts` is 256 zeroed bytes, and is left zeroed.
    private static func asciiSignature(
        of path: FieldPath, classes: UnsafeBufferPointer<UInt8>,
        counts: UnsafeMutableBufferPointer<UInt8>
    ) -> PathSignature {
        occurrenceBits.withUnsafeBufferPointer { bits in
            var counter = SignatureCounter(counts: counts, bits: bits, classes: classes)
            _ = ASCIIKeySpelling.walk(path, &counter)
            // Performance: 32 words cleared, not a pass over the spelling again.
            UnsafeMutableRawBufferPointer(counts).withMemoryRebound(to: UInt64.self) { $0.update(repeating: 0) }
            return PathSignature(low: counter.low, high: counter.high)
        }
    }

    /// The bit ``PathSignature/insert(_:occurrence:)`` sets for an ASCII scalar
    /// `c` and occurrence `k` < 4, at `k << 7 | c` (0–63 in `low`, 64–127 in `high`),
    /// read off the signature itself so that the two cannot differ.
    private static let occurrenceBits: [UInt8] = (0..<512).map { index in
        var signature = PathSignature()
        signature.insert(UInt32(index & 127), occurrence: index >> 7)
        return UInt8(signature.low != 0 ? signature.low.trailingZeroBitCount : 64 + signature.high.trailingZeroBitCount)
    }

    /// A signature being counted from ASCII bytes.
    ///
    /// Performance: the two words are a value the loops keep in registers (a closure
    /// capturing the signature read and wrote it in memory per character), and the bit
    /// of each (character, occurrence) comes from a table, not a multiply.
    private struct SignatureCounter: PathSpellingVisitor {
        let counts: UnsafeMutableBufferPointer<UInt8>
        let bits: UnsafeBufferPointer<UInt8>
        let classes: UnsafeBufferPointer<UInt8>
        var low: UInt64 = 0
        var high: UInt64 = 0

        init(counts: UnsafeMutableBufferPointer<UInt8>, bits: UnsafeBufferPointer<UInt8>, classes: UnsafeBufferPointer<UInt8>) {
            self.counts = counts
            self.bits = bits
            self.classes = classes
        }

        /// Adds one more occurrence of the ASCII scalar `scalar`.
        @inline(__always)
        mutating func add(_ scalar: UInt8) {
            let index = Int(scalar & 0x7F)
            let run = counts[index]
            counts[index] = run &+ 1
            guard run < 4 else { return }
            let bit = bits[Int(run) << 7 | index]
            if bit < 64 { low |= 1 << UInt64(bit) } else { high |= 1 << UInt64(bit &- 64) }
        }

        mutating func punctuation(_ scalar: UInt8) { add(scalar) }

        /// Adds a key's lowercased bytes, classifying them in the same pass, then its
        /// quotes and escapes when it is not an identifier.
        mutating func key(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var classifier = ASCIIKeySpelling.Classifier()
            for byte in bytes {
                classifier.add(classes[Int(byte)])
                add(ASCIIKeySpelling.lowercased(byte))
            }
            // Only measured (ASCII) paths are signed, so the shape is never nil here.
            guard let shape = classifier.shape(firstByteClass: bytes.first.map { classes[Int($0)] }) else { return false }
            guard shape.quoted else { return true }
            add(0x22); add(0x22)  // the quotes
            for _ in 0..<shape.escapes { add(0x5C) }
            return true
        }
    }

    /// Writes the lowercased spelling of a path whose keys are ASCII into `output` (as
    /// ``Suggestions/appendLowercasedSpelling(of:to:)`` appends it) and returns how many
    /// scalars it wrote; stops at the end of `output`, and writes nothing of a key with a
    /// non-ASCII byte (neither happens for a path ``asciiSpellingLength(of:)`` measured).
    static func writeASCIISpelling(of path: FieldPath, to output: UnsafeMutableBufferPointer<UInt32>) -> Int {
        ASCIIKeySpelling.byteClasses.withUnsafeBufferPointer { classes in
            var writer = BufferWriter(output: output, classes: classes)
            _ = ASCIIKeySpelling.walk(path, &writer)
            return writer.count
        }
    }

    /// Writes a path's lowercased ASCII spelling into a buffer, as far as it reaches.
    private struct BufferWriter: PathSpellingVisitor {
        let output: UnsafeMutableBufferPointer<UInt32>
        let classes: UnsafeBufferPointer<UInt8>
        var count = 0

        @inline(__always)
        mutating func put(_ scalar: UInt32) {
            if count < output.count { output[count] = scalar; count += 1 }
        }

        mutating func punctuation(_ scalar: UInt8) { put(UInt32(scalar)) }

        mutating func key(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let shape = ASCIIKeySpelling.shape(of: bytes, classes: classes) else { return true }  // skipped
            ASCIIKeySpelling.write(bytes, shape: shape) { put($0) }
            return true
        }
    }
}
