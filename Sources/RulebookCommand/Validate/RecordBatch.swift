/// A run of whole records from one input, handed to a worker as one unit of work.
///
/// The batch owns its bytes. Array elements and whole documents arrive framed: each
/// record is a byte range into the bytes, or a problem the reader found while framing it.
/// NDJSON arrives as whole lines still to be split: the reader only cuts its chunks at
/// their last line break, and ``records()`` splits the lines on the worker, so the
/// reading thread does nothing per record (see ``LineNumbering`` for their numbers).
struct RecordBatch: Sendable {
    /// The batch's position in the input (0, 1, 2, …): results are written in this order.
    let sequence: Int
    /// The bytes the record ranges point into.
    let bytes: [UInt8]
    private let framing: Framing
    /// Where ``recycle()`` gives the bytes back for reading later batches into.
    private let recycler: BufferRecycler?

    private enum Framing: Sendable {
        /// Records framed by the reader, numbered.
        case framed([RecordSlice])
        /// Whole NDJSON lines (the last may lack its `\n`), split by ``records()``.
        case lines(LineNumbering, limit: Int)
        /// One line beyond `limit` bytes, not held in memory.
        case overlongLine(LineNumbering, limit: Int)
    }

    /// A batch of records framed by the reader.
    init(sequence: Int, bytes: [UInt8], records: [RecordSlice]) {
        self.sequence = sequence
        self.bytes = bytes
        self.framing = .framed(records)
        self.recycler = nil
    }

    /// A batch of whole lines; lines over `limit` bytes become error records.
    /// `recycler`: where the bytes go once validated (see ``recycle()``).
    init(sequence: Int, lines: [UInt8], numbering: LineNumbering, limit: Int, recycler: BufferRecycler? = nil) {
        self.sequence = sequence
        self.bytes = lines
        self.framing = .lines(numbering, limit: limit)
        self.recycler = recycler
    }

    /// A batch holding one line over `limit` bytes, which the reader skipped.
    init(sequence: Int, overlongLineOf numbering: LineNumbering, limit: Int) {
        self.sequence = sequence
        self.bytes = []
        self.framing = .overlongLine(numbering, limit: limit)
        self.recycler = nil
    }

    /// The records, in input order.
    ///
    /// For NDJSON lines this splits them and takes their numbers from the input's
    /// ``LineNumbering``, which waits until every earlier batch of the input has been
    /// split: call it once per batch (the numbering advances by the batch's lines), on
    /// batches taken in sequence order or concurrently from a FIFO queue.
    func records() -> [RecordSlice] {
        switch framing {
        case .framed(let records):
            return records
        case .overlongLine(let numbering, let limit):
            let index = numbering.firstLine(ofBatch: sequence, lineCount: 1)
            return [RecordSlice(index: index, range: 0..<0, problem: .overlong(limit))]
        case .lines(let numbering, let limit):
            var records = Self.split(bytes, limit: limit)
            let first = numbering.firstLine(ofBatch: sequence, lineCount: records.count)
            guard first > 0 else { return records }
            for position in records.indices { records[position].number(from: first) }
            return records
        }
    }

    /// Gives the bytes back to the reader to read a later batch into: call it once the
    /// batch's records have been validated, as the last use of the batch.
    func recycle() {
        recycler?.give(bytes)
    }

    /// The same records, framed now (for a caller that needs their numbers on the
    /// reading thread, such as `--changed-from`, which pairs records by number).
    func framed() -> RecordBatch {
        RecordBatch(sequence: sequence, bytes: bytes, records: records())
    }

    /// Splits whole lines into records numbered from 0.
    ///
    /// - Lines end at `\n`; a `\r` before it (Windows line endings) is dropped.
    /// - The last line may lack its `\n` (a truncated file); the final `\n` does not
    ///   start a line.
    /// - A blank line (empty or only white space) and a line over `limit` bytes are
    ///   error records, so every line has exactly one result.
    static func split(_ bytes: [UInt8], limit: Int) -> [RecordSlice] {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return [] }
            var records: [RecordSlice] = []
            records.reserveCapacity(buffer.count / 64 + 1)
            let count = buffer.count
            var start = 0
            while start < count {
                let newline = LineReader.firstNewline(in: base, count: count, from: start) ?? count
                var end = newline
                if end > start, base[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let index = records.count
                if end - start > limit {
                    records.append(RecordSlice(index: index, range: start..<start, problem: .overlong(limit)))
                } else if base[start] > 0x20 || !isBlank(buffer, start..<end) {
                    records.append(RecordSlice(index: index, range: start..<end))
                } else {
                    records.append(RecordSlice(index: index, range: start..<start, problem: .blankLine))
                }
                start = newline + 1
            }
            return records
        }
    }

    /// Whether the range holds only JSON white space (a blank line).
    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        for index in range where !JSONStructureScanner.isWhitespace(bytes[index]) { return false }
        return true
    }
}

/// One record of a batch.
struct RecordSlice: Sendable, Equatable {
    /// The 0-based line index (NDJSON) or element index (array input).
    private(set) var index: Int
    /// The record's bytes in the batch.
    let range: Range<Int>
    /// Set when the reader already knows the record cannot be read (e.g. too long);
    /// the worker reports it without parsing.
    var problem: String? { problemKind.map { $0.message(index) } }
    private let problemKind: LineProblem?

    init(index: Int, range: Range<Int>, problem: String? = nil) {
        self.index = index
        self.range = range
        self.problemKind = problem.map(LineProblem.message)
    }

    fileprivate init(index: Int, range: Range<Int>, problem: LineProblem) {
        self.index = index
        self.range = range
        self.problemKind = problem
    }

    /// Moves a record numbered within its batch to its number in the input.
    fileprivate mutating func number(from first: Int) { index += first }
}

/// Why a record cannot be read, its message made only when it is shown (a line's
/// number is known only once the batches before it have been split).
private enum LineProblem: Sendable, Equatable {
    case blankLine
    case overlong(Int)
    case message(String)

    func message(_ index: Int) -> String {
        switch self {
        case .blankLine: "line \(index + 1): empty line, expected a JSON object"
        case .overlong(let limit): "line \(index + 1): longer than the limit of \(limit) bytes"
        case .message(let text): text
        }
    }
}

/// Limits and sizes of the streaming reader.
struct ReaderLimits: Sendable {
    /// How many bytes one read asks for; also the target size of a batch.
    var chunkSize = 1 << 19
    /// A record (line, array element or whole document) longer than this is reported
    /// as an error and skipped without being held in memory.
    var maxRecordBytes = 64 << 20
}
