import Foundation

/// Byte arrays of batches already validated, handed back to the reader to read the next
/// batches into.
///
/// Performance: a batch's bytes are about one chunk (``ReaderLimits/chunkSize``), read
/// on the reading thread and released on a worker. Allocated afresh for every batch,
/// that memory goes back to the system between batches often enough that nearly every
/// page `read(2)` writes is a new page fault, zeroed by the kernel first: the most
/// system time of a run, and more on two cores, where the batches are released out of
/// allocation order on another thread. Reading into a recycled array touches pages that
/// are already mapped.
///
/// An array is handed out only once a newer one has been given back: the worker gives a
/// batch's bytes back just before it releases the batch, and a second reference still
/// held makes the reader's write copy the array (correct, but a copy and a fresh
/// allocation). On two cores that still happens to some batches, the pipeline holding a
/// batch a little longer than this lag covers; moving the bytes out of the batch would
/// avoid it, at the price of a mutable box shared between threads, for about 1% of a
/// run's time.
final class BufferRecycler: @unchecked Sendable {
    // @unchecked: `spares` is read and written only under `lock`.
    private let lock = NSLock()
    private var spares: [[UInt8]] = []
    /// The largest capacity kept: bigger arrays (a very long line) are released.
    private let largest: Int
    /// How many arrays are kept at most (more than the batches in flight).
    private let most: Int

    init(largest: Int, most: Int = 16) {
        self.largest = largest
        self.most = most
    }

    /// The oldest array given back, its bytes stale, or an empty one.
    func take() -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        return spares.count >= 2 ? spares.removeFirst() : []
    }

    /// Keeps `bytes` for a later ``take()``, unless too many or too large are kept.
    func give(_ bytes: [UInt8]) {
        guard bytes.capacity > 0, bytes.capacity <= largest else { return }
        lock.lock()
        defer { lock.unlock() }
        if spares.count < most { spares.append(bytes) }
    }
}
