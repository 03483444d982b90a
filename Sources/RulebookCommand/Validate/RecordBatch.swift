/// A run of whole records from one input, handed to a worker as one unit of work.
///
/// The batch owns its bytes; each record is a byte range into them (line terminator
/// and a trailing `\r` removed), or a problem the reader found while framing it.
struct RecordBatch: Sendable {
    /// The batch's position in the input (0, 1, 2, …): results are written in this order.
    let sequence: Int
    /// The bytes the record ranges point into.
    let bytes: [UInt8]
    /// The records, in input order.
    let records: [RecordSlice]
}

/// One record of a batch.
struct RecordSlice: Sendable, Equatable {
    /// The 0-based line index (NDJSON) or element index (array input).
    let index: Int
    /// The record's bytes in the batch.
    let range: Range<Int>
    /// Set when the reader already knows the record cannot be read (e.g. too long);
    /// the worker reports it without parsing.
    let problem: String?

    init(index: Int, range: Range<Int>, problem: String? = nil) {
        self.index = index
        self.range = range
        self.problem = problem
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
