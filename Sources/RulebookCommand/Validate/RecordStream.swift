/// Reads the records of one input in batches, whatever its layout, and numbers them
/// from a given offset (record numbers continue across several inputs).
struct RecordStream {
    private enum Reader {
        case lines(LineReader)
        case elements(ArrayElementReader)
        case document([UInt8]?)
        case empty
    }

    let layout: InputLayout
    private var reader: Reader
    private let source: ByteSource
    private let limits: ReaderLimits

    /// Detects the layout of `source` and prepares the matching reader.
    init(source: ByteSource, limits: ReaderLimits) throws(CommandError) {
        self.source = source
        self.limits = limits
        let (layout, prefix) = try InputLayoutDetector(limits: limits).detect(source)
        self.layout = layout
        switch layout {
        case .empty: reader = .empty
        case .ndjson: reader = .lines(LineReader(source: source, prefix: prefix, limits: limits))
        case .array: reader = .elements(ArrayElementReader(source: source, prefix: prefix, limits: limits))
        case .document: reader = .document(prefix)
        }
    }

    /// The next batch, or `nil` at the end.
    mutating func next() throws(CommandError) -> RecordBatch? {
        switch reader {
        case .empty:
            return nil
        case .lines(var lines):
            let batch = try lines.next()
            reader = .lines(lines)
            return batch
        case .elements(var elements):
            let batch = try elements.next()
            reader = .elements(elements)
            return batch
        case .document(let prefix):
            guard var bytes = prefix else { return nil }
            reader = .document(nil)
            return try readDocument(&bytes)
        }
    }

    /// How many record numbers the input has used so far (for NDJSON, lines including
    /// blank ones): where the next input's numbering starts.
    var recordNumbersUsed: Int {
        switch reader {
        case .empty: 0
        case .lines(let lines): lines.linesRead
        case .elements(let elements): elements.elementsRead
        case .document(let prefix): prefix == nil ? 1 : 0
        }
    }

    /// Problems with the input's framing (array inputs only).
    var framingErrors: [String] {
        if case .elements(let elements) = reader { return elements.framingErrors }
        return []
    }

    /// The whole input as one record (index 0), or an error record when it is too large.
    private func readDocument(_ bytes: inout [UInt8]) throws(CommandError) -> RecordBatch {
        while !source.reachedEnd && bytes.count <= limits.maxRecordBytes {
            try source.fill(&bytes, count: limits.chunkSize)
        }
        guard bytes.count <= limits.maxRecordBytes else {
            return RecordBatch(
                sequence: 0, bytes: [],
                records: [
                    RecordSlice(index: 0, range: 0..<0, problem: "the input is larger than the limit of \(limits.maxRecordBytes) bytes")
                ])
        }
        var start = 0, end = bytes.count
        while start < end, JSONStructureScanner.isWhitespace(bytes[start]) { start += 1 }
        while end > start, JSONStructureScanner.isWhitespace(bytes[end - 1]) { end -= 1 }
        return RecordBatch(sequence: 0, bytes: bytes, records: [RecordSlice(index: 0, range: start..<end)])
    }
}
