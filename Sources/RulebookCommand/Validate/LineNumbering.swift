import Foundation

/// The line numbers of one NDJSON input whose batches are split on worker threads.
///
/// The reading thread cuts the input into batches of whole lines without counting
/// them. Each worker splits its batch, then asks here where its lines start: that is
/// known once every earlier batch has reported its line count, so a worker that got
/// ahead waits for the ones before it. Splitting is a small part of a batch's work and
/// batches leave the queue in order, so the wait is short and usually none.
final class LineNumbering: @unchecked Sendable {
    // @unchecked: `counted` and `nextLine` are read and written only under `condition`.
    private let condition = NSCondition()
    /// How many batches have reported their line count.
    private var counted = 0
    /// The first line of batch `counted`: the lines of every batch before it.
    private var nextLine = 0

    /// The index of the first line of batch `sequence`, which holds `lineCount` lines.
    /// Blocks until batch `sequence - 1` has reported; call it once per batch.
    func firstLine(ofBatch sequence: Int, lineCount: Int) -> Int {
        condition.lock()
        defer { condition.unlock() }
        while counted < sequence { condition.wait() }
        precondition(counted == sequence, "a batch's lines were counted twice")
        let first = nextLine
        nextLine += lineCount
        counted += 1
        condition.broadcast()
        return first
    }

    /// The lines of every batch counted so far (blank and over-long ones included).
    var linesCounted: Int {
        condition.lock()
        defer { condition.unlock() }
        return nextLine
    }
}
