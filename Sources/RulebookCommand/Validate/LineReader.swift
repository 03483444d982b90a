#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Cuts NDJSON input into batches of whole lines, in constant memory.
///
/// The reading thread does almost nothing per record: it reads a chunk, finds the
/// chunk's last line break by scanning back from its end, and hands over everything
/// before it; the bytes after it start the next batch. The worker splits the lines
/// (``RecordBatch/records()``: line endings, blank lines, over-long lines) and numbers
/// them through the input's ``LineNumbering``.
///
/// A line longer than ``ReaderLimits/maxRecordBytes`` that does not fit in a batch is
/// not held in memory: it is read past chunk by chunk and becomes an error record.
struct LineReader {
    private let source: ByteSource
    private let limits: ReaderLimits
    /// Bytes after the last line break of the previous batch (the start of a line).
    private var carry: [UInt8]
    private var nextSequence = 0
    /// Whether an over-long line is being discarded up to its line break.
    private var skippingLine = false
    /// The numbers of the lines, known as workers split the batches.
    let numbering = LineNumbering()

    /// `prefix`: bytes already read from `source` (during format detection).
    init(source: ByteSource, prefix: [UInt8] = [], limits: ReaderLimits = ReaderLimits()) {
        self.source = source
        self.limits = limits
        self.carry = prefix
    }

    /// How many lines the batches split so far held (blank ones included): once every
    /// batch has been split, the number of lines of the input.
    var linesRead: Int { numbering.linesCounted }

    /// The next batch, or `nil` at the end of the input.
    ///
    /// - Complexity: O(bytes read), and O(1) per line: each new byte is looked at once
    ///   at most, backwards from the end of what was read until a line break, however
    ///   long a line grows over many reads; a line over the limit is discarded chunk by
    ///   chunk.
    mutating func next() throws(CommandError) -> RecordBatch? {
        var buffer = carry
        carry = []
        // `buffer[..<searched]` has been searched: its last line break is `lastNewline`.
        var searched = 0
        var lastNewline: Int?
        while true {
            if skippingLine {
                if let newline = Self.firstNewline(in: buffer, from: 0) {
                    buffer.removeSubrange(0...newline)
                    skippingLine = false
                } else {
                    buffer.removeAll(keepingCapacity: true)
                    if source.reachedEnd { return nil }
                    try source.fill(&buffer, count: limits.chunkSize)
                    continue
                }
            }
            if let found = Self.lastNewline(in: buffer, from: searched) { lastNewline = found }
            searched = buffer.count
            if let lastNewline, buffer.count >= limits.chunkSize || source.reachedEnd {
                carry = Array(buffer[(lastNewline + 1)...])
                buffer.removeSubrange((lastNewline + 1)...)
                return lines(buffer)
            }
            if source.reachedEnd {
                return buffer.isEmpty ? nil : lines(buffer)
            }
            if lastNewline == nil, buffer.count > limits.maxRecordBytes {
                skippingLine = true
                return RecordBatch(sequence: takeSequence(), overlongLineOf: numbering, limit: limits.maxRecordBytes)
            }
            try source.fill(&buffer, count: limits.chunkSize)  // (reserves the room it needs)
        }
    }

    private mutating func lines(_ bytes: [UInt8]) -> RecordBatch {
        RecordBatch(
            sequence: takeSequence(), lines: bytes, numbering: numbering, limit: limits.maxRecordBytes,
            recycler: source.recycler)
    }

    private mutating func takeSequence() -> Int {
        defer { nextSequence += 1 }
        return nextSequence
    }

    /// The offset of the first `\n` at or after `from`.
    static func firstNewline(in bytes: [UInt8], from: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { firstNewline(in: $0, count: buffer.count, from: from) }
        }
    }

    /// The offset of the first `\n` in `base[from..<count]`.
    @inline(__always)
    static func firstNewline(in base: UnsafePointer<UInt8>, count: Int, from: Int) -> Int? {
        guard from < count, let found = memchr(base + from, Int32(UInt8(ascii: "\n")), count - from) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// The offset of the last `\n` at or after `from`, searched backwards from the end:
    /// in NDJSON the search stops within the last line.
    static func lastNewline(in bytes: [UInt8], from: Int = 0) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            var offset = buffer.count
            while offset > from {
                offset -= 1
                if buffer[offset] == UInt8(ascii: "\n") { return offset }
            }
            return nil
        }
    }
}
