/// How an input holds its records, detected from its first bytes.
enum InputLayout: String, Sendable, Equatable {
    /// Nothing but white space.
    case empty
    /// One JSON value (usually an object), on one line or pretty-printed over many.
    case document
    /// A JSON array whose elements are the records.
    case array
    /// One JSON object per line.
    case ndjson
}

/// Detects an input's ``InputLayout`` by reading as little of it as needed (usually
/// its first line), and keeps what it read for the reader that follows.
///
/// The rules, in order (after an optional UTF-8 byte order mark):
/// 1. No bytes at all → ``InputLayout/empty``; only white space → ``InputLayout/ndjson``
///    (each blank line is then reported as a record that cannot be read, whatever the
///    input's size).
/// 2. `[` first (after white space) → ``InputLayout/array``.
/// 3. A `{…}` that closes on its first line: if a blank line precedes or follows it,
///    or anything but white space follows it → ``InputLayout/ndjson`` (record N stays
///    line N, every line is answered), else ``InputLayout/document``.
/// 4. A first line longer than the record limit → ``InputLayout/ndjson``: the line is
///    reported and skipped like any other over-long line, and the lines after it are
///    still read.
/// 5. An object still open at the end of its first line: if the next non-blank line
///    starts with `{` it is a malformed NDJSON line → ``InputLayout/ndjson``; else a
///    pretty-printed ``InputLayout/document``.
/// 6. Anything else → ``InputLayout/ndjson`` (each line is then reported on its own).
struct InputLayoutDetector {
    let limits: ReaderLimits

    /// The layout and the bytes read so far (the byte order mark removed).
    func detect(_ source: ByteSource) throws(CommandError) -> (layout: InputLayout, prefix: [UInt8]) {
        var buffer: [UInt8] = []
        try source.fill(&buffer, count: limits.chunkSize)
        if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { buffer.removeFirst(3) }
        guard let start = try firstNonWhitespace(in: &buffer, from: 0, source) else {
            return (buffer.isEmpty ? .empty : .ndjson, buffer)
        }
        switch buffer[start] {
        case UInt8(ascii: "["): return (.array, buffer)
        case UInt8(ascii: "{"): break
        default: return (.ndjson, buffer)
        }
        let blankLineFirst = LineReader.firstNewline(in: buffer, from: 0).map { $0 < start } ?? false
        guard let lineEnd = try newline(in: &buffer, from: start, source) else {
            // One line only: one document. A line too long to look at is an NDJSON line
            // over the limit, reported on its own while the lines after it are read.
            // A blank line before it is a line to answer: NDJSON.
            return (source.reachedEnd && buffer.count <= limits.maxRecordBytes && !blankLineFirst ? .document : .ndjson, buffer)
        }
        // A first line over the limit is reported as a line; there is no need to scan it.
        if lineEnd - start > limits.maxRecordBytes { return (.ndjson, buffer) }
        var scanner = JSONStructureScanner()
        var closedAt: Int?
        for offset in start..<lineEnd {
            if scanner.consume(buffer[offset]) == .closed, scanner.depth == 0 {
                closedAt = offset
                break
            }
        }
        if let closedAt {
            if blankLineFirst { return (.ndjson, buffer) }
            let more = try firstNonWhitespace(in: &buffer, from: closedAt + 1, source)
            // A blank line after the object's line is a line of its own to answer.
            let blankLineAfter = LineReader.firstNewline(in: buffer, from: lineEnd + 1) != nil
            return (more == nil && !blankLineAfter ? .document : .ndjson, buffer)
        }
        guard let next = try firstNonWhitespace(in: &buffer, from: lineEnd + 1, source) else {
            return (.document, buffer)
        }
        return (buffer[next] == UInt8(ascii: "{") ? .ndjson : .document, buffer)
    }

    /// The offset of the first non-white-space byte at or after `from`, reading on as
    /// needed (up to the record limit).
    private func firstNonWhitespace(in buffer: inout [UInt8], from: Int, _ source: ByteSource) throws(CommandError) -> Int? {
        var offset = from
        while true {
            while offset < buffer.count {
                if !JSONStructureScanner.isWhitespace(buffer[offset]) { return offset }
                offset += 1
            }
            if source.reachedEnd || buffer.count > limits.maxRecordBytes { return nil }
            try source.fill(&buffer, count: limits.chunkSize)
        }
    }

    /// The offset of the first `\n` at or after `from`, reading on as needed.
    private func newline(in buffer: inout [UInt8], from: Int, _ source: ByteSource) throws(CommandError) -> Int? {
        var offset = from
        while true {
            if let found = LineReader.firstNewline(in: buffer, from: offset) { return found }
            offset = buffer.count
            if source.reachedEnd || buffer.count > limits.maxRecordBytes { return nil }
            try source.fill(&buffer, count: limits.chunkSize)
        }
    }
}
