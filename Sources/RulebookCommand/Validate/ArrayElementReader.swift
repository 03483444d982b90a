/// Cuts a JSON array of records (`[{…}, {…}, …]`) into batches of elements, in constant
/// memory: elements are found by following the structure (strings, nesting) at depth 1,
/// without parsing them; each element is then parsed and validated like an NDJSON line.
///
/// Problems of the array itself (no closing `]`, text after it) are not records: they
/// are collected in ``framingErrors`` and make the run end with status 2.
struct ArrayElementReader {
    private let source: ByteSource
    private let limits: ReaderLimits
    private var buffer: [UInt8]
    /// How far `buffer` has been scanned.
    private var position = 0
    /// Where the current element starts in `buffer`, once its first byte is seen.
    private var elementStart: Int?
    private var scanner = JSONStructureScanner()
    private var state = State.beforeArray
    private var nextIndex = 0
    private var nextSequence = 0
    /// Whether the current element grew beyond the limit and is being skipped.
    private var skippingElement = false
    /// Messages about the array's own framing.
    private(set) var framingErrors: [String] = []

    private enum State {
        case beforeArray, inArray, afterArray, finished
    }

    init(source: ByteSource, prefix: [UInt8] = [], limits: ReaderLimits = ReaderLimits()) {
        self.source = source
        self.limits = limits
        self.buffer = prefix
    }

    /// How many elements have been read: the next element's index.
    var elementsRead: Int { nextIndex }

    /// The next batch, or `nil` at the end of the input.
    mutating func next() throws(CommandError) -> RecordBatch? {
        var records: [RecordSlice] = []
        while state != .finished {
            guard position == buffer.count else {
                scan(&records)
                continue
            }
            // Everything read so far is scanned: emit a batch once it is big enough,
            // else read on.
            if !records.isEmpty, (elementStart ?? position) >= limits.chunkSize { break }
            if skippingElement, let start = elementStart {
                // An over-long element is not kept: drop what was scanned of it.
                buffer.removeSubrange(start..<position)
                position = start
            }
            if source.reachedEnd {
                finish()
                break
            }
            try source.fill(&buffer, count: limits.chunkSize)
        }
        guard !records.isEmpty else { return nil }
        let cut = elementStart ?? position
        let bytes = Array(buffer[..<cut])
        buffer.removeSubrange(..<cut)
        position -= cut
        elementStart = elementStart.map { $0 - cut }
        defer { nextSequence += 1 }
        return RecordBatch(sequence: nextSequence, bytes: bytes, records: records)
    }

    /// Scans the buffer from `position` to its end (or the array's end).
    private mutating func scan(_ records: inout [RecordSlice]) {
        while position < buffer.count {
            let byte = buffer[position]
            switch state {
            case .beforeArray:
                if byte == UInt8(ascii: "[") {
                    state = .inArray
                } else if !JSONStructureScanner.isWhitespace(byte) {
                    framingErrors.append("expected '[' at the start of the input")
                    state = .finished
                    return
                }
            case .inArray:
                scanInArray(byte, &records)
            case .afterArray:
                if !JSONStructureScanner.isWhitespace(byte) {
                    framingErrors.append("unexpected text after the array's closing ']'")
                    state = .finished
                    return
                }
            case .finished:
                return
            }
            position += 1
        }
    }

    private mutating func scanInArray(_ byte: UInt8, _ records: inout [RecordSlice]) {
        let atTop = scanner.depth == 0 && !scanner.isInString
        if atTop && (byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]")) {
            endElement(at: position, &records, closing: byte == UInt8(ascii: "]"))
            if byte == UInt8(ascii: "]") { state = .afterArray }
            return
        }
        if elementStart == nil {
            if JSONStructureScanner.isWhitespace(byte) { return }
            elementStart = position
        }
        _ = scanner.consume(byte)
        if let start = elementStart, !skippingElement, position - start >= limits.maxRecordBytes {
            skippingElement = true
        }
    }

    /// Ends the element that runs up to `end` (exclusive).
    private mutating func endElement(at end: Int, _ records: inout [RecordSlice], closing: Bool) {
        let index = nextIndex
        if skippingElement {
            records.append(
                RecordSlice(
                    index: index, range: end..<end,
                    problem: "element \(index): longer than the limit of \(limits.maxRecordBytes) bytes"))
        } else if let start = elementStart {
            var trimmed = end
            while trimmed > start, JSONStructureScanner.isWhitespace(buffer[trimmed - 1]) { trimmed -= 1 }
            records.append(RecordSlice(index: index, range: start..<trimmed))
        } else if closing && index == 0 {
            return  // `[]`: no records.
        } else {
            records.append(RecordSlice(index: index, range: end..<end, problem: "element \(index): missing value"))
        }
        nextIndex += 1
        elementStart = nil
        skippingElement = false
        scanner = JSONStructureScanner()
    }

    /// The input ended: report an unfinished array.
    private mutating func finish() {
        switch state {
        case .beforeArray: framingErrors.append("expected a JSON array")
        case .inArray: framingErrors.append("the input ends before the array's closing ']'")
        case .afterArray, .finished: break
        }
        state = .finished
    }
}
