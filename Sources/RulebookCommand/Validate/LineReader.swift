#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Cuts NDJSON input into batches of whole lines, in constant memory.
///
/// - Lines end at `\n`; a `\r` before it (Windows line endings) is dropped.
/// - A last line without `\n` (a truncated file) is still a record.
/// - Blank lines (empty or only white space) are records that cannot be read: each gets
///   its own error result, so there is exactly one result per line and `record` is
///   always the 0-based line index. The final line terminator of the input does not
///   start a line (`{}\n` is one line; `{}\n\n` is two, the second blank).
/// - A line longer than ``ReaderLimits/maxRecordBytes`` becomes an error record and is
///   skipped without being held in memory.
struct LineReader {
    private let source: ByteSource
    private let limits: ReaderLimits
    /// Bytes after the last line break of the previous batch (the start of a line).
    private var carry: [UInt8]
    private var nextLineIndex = 0
    private var nextSequence = 0
    /// Whether an over-long line is being discarded up to its line break.
    private var skippingLine = false

    /// `prefix`: bytes already read from `source` (during format detection).
    init(source: ByteSource, prefix: [UInt8] = [], limits: ReaderLimits = ReaderLimits()) {
        self.source = source
        self.limits = limits
        self.carry = prefix
    }

    /// How many lines have been read (blank ones included): the next line's index.
    var linesRead: Int { nextLineIndex }

    /// The next batch, or `nil` at the end of the input.
    ///
    /// - Complexity: O(bytes read): each byte is searched for a line break once, however
    ///   long its line grows over many reads (a 60 MB line is not re-scanned per chunk),
    ///   and a line over the limit is discarded chunk by chunk.
    mutating func next() throws(CommandError) -> RecordBatch? {
        var buffer = carry
        carry = []
        // `buffer[..<scanned]` has been searched: its last line break is `lastNewline`.
        var scanned = 0
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
            if let found = Self.lastNewline(in: buffer, from: scanned) { lastNewline = found }
            scanned = buffer.count
            if let lastNewline, buffer.count >= limits.chunkSize || source.reachedEnd {
                carry = Array(buffer[(lastNewline + 1)...])
                buffer.removeSubrange((lastNewline + 1)...)
                return makeBatch(buffer)
            }
            if source.reachedEnd {
                return buffer.isEmpty ? nil : makeBatch(buffer)
            }
            if lastNewline == nil, buffer.count > limits.maxRecordBytes {
                return oversizedLine()
            }
            try source.fill(&buffer, count: limits.chunkSize)  // (reserves the room it needs)
        }
    }

    /// An error batch for a line beyond the limit; the rest of the line is skipped.
    private mutating func oversizedLine() -> RecordBatch {
        let index = nextLineIndex
        nextLineIndex += 1
        skippingLine = true
        return batch(
            [],
            [
                RecordSlice(
                    index: index, range: 0..<0,
                    problem: "line \(index + 1): longer than the limit of \(limits.maxRecordBytes) bytes")
            ])
    }

    /// Splits `bytes` (whole lines; the last may lack its `\n`) into records.
    private mutating func makeBatch(_ bytes: [UInt8]) -> RecordBatch {
        var records: [RecordSlice] = []
        records.reserveCapacity(bytes.count / 64)
        var start = 0
        while start < bytes.count {
            let newline = Self.firstNewline(in: bytes, from: start)
            var end = newline ?? bytes.count
            if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            let index = nextLineIndex
            nextLineIndex += 1
            if end - start > limits.maxRecordBytes {
                records.append(
                    RecordSlice(
                        index: index, range: start..<start,
                        problem: "line \(index + 1): longer than the limit of \(limits.maxRecordBytes) bytes"))
            } else if Self.isBlank(bytes, start..<end) {
                records.append(
                    RecordSlice(
                        index: index, range: start..<start,
                        problem: "line \(index + 1): empty line, expected a JSON object"))
            } else {
                records.append(RecordSlice(index: index, range: start..<end))
            }
            start = (newline ?? bytes.count) + 1
        }
        return batch(bytes, records)
    }

    private mutating func batch(_ bytes: [UInt8], _ records: [RecordSlice]) -> RecordBatch {
        defer { nextSequence += 1 }
        return RecordBatch(sequence: nextSequence, bytes: bytes, records: records)
    }

    /// Whether the range holds only JSON white space (a blank line).
    static func isBlank(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        for index in range where !JSONStructureScanner.isWhitespace(bytes[index]) { return false }
        return true
    }

    /// The offset of the first `\n` at or after `from`.
    static func firstNewline(in bytes: [UInt8], from: Int) -> Int? {
        guard from < bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { pointer -> Int? in
            guard let base = pointer.baseAddress,
                let found = memchr(base + from, Int32(UInt8(ascii: "\n")), bytes.count - from)
            else { return nil }
            return UnsafeRawPointer(found) - UnsafeRawPointer(base)
        }
    }

    /// The offset of the last `\n` at or after `from`: `memchr` from one line break to
    /// the next, so each byte is looked at once (fast in debug builds too).
    static func lastNewline(in bytes: [UInt8], from: Int = 0) -> Int? {
        var last: Int?
        var offset = from
        while let found = firstNewline(in: bytes, from: offset) {
            last = found
            offset = found + 1
        }
        return last
    }
}
