/// The rule occurrences of consecutive checked statements of one walk, as rows of one
/// block: a statement holds the block, where its rows start and how many there are.
///
/// Performance: an array per statement would be one allocation per field statement (and
/// its release when the rule set goes); rows in blocks of a few thousand cost one
/// allocation per block.
///
/// Only the walk that made a block appends to it or truncates it, and it truncates only
/// rows past those of every statement made so far (the current statement's, when they
/// move to a new block). The rows a made statement refers to never change, so statements
/// may be read on any thread once the check has handed them out (`@unchecked Sendable`).
final class RuleRows: @unchecked Sendable {
    /// How many rows a block holds unless a statement needs more (8 bytes a row).
    static let blockCapacity = 4096

    private let storage: UnsafeMutablePointer<ExpandedRule>
    /// How many rows the block can hold.
    let capacity: Int
    /// How many rows it holds.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = Swift.max(1, capacity)
        storage = UnsafeMutablePointer<ExpandedRule>.allocate(capacity: self.capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    /// The row at `index` (`0..<count`).
    subscript(index: Int) -> ExpandedRule {
        storage[index]
    }

    /// Whether `extra` more rows fit.
    func hasRoom(for extra: Int) -> Bool {
        extra <= capacity - count
    }

    /// Appends `rule` (the caller made sure there is room).
    func append(_ rule: ExpandedRule) {
        (storage + count).initialize(to: rule)
        count += 1
    }

    /// Moves the rows from `start` on to the end of `other` (which has room for them).
    func moveRows(from start: Int, to other: RuleRows) {
        let moved = count - start
        guard moved > 0 else { return }
        (other.storage + other.count).moveInitialize(from: storage + start, count: moved)
        other.count += moved
        count = start
    }

    /// The rows `start..<start + length` (within `0..<count`).
    func rows(_ start: Int, _ length: Int) -> UnsafeBufferPointer<ExpandedRule> {
        UnsafeBufferPointer(start: storage + start, count: length)
    }
}

/// Where a statement's rows are being appended in a walk (see ``RuleRows``).
struct RuleRowsWriter {
    /// The block being filled.
    private(set) var block: RuleRows
    /// The capacity of new blocks (``RuleRows/blockCapacity``; smaller in tests).
    private let blockCapacity: Int

    /// - Parameter expected: about how many rows the walk will write (the first block is
    ///   no larger than needed for a small file).
    init(expected: Int, blockCapacity: Int = RuleRows.blockCapacity) {
        self.blockCapacity = blockCapacity
        block = RuleRows(capacity: Swift.min(blockCapacity, Swift.max(8, expected)))
    }

    /// Appends `entries` to the statement whose rows start at `start` in the current
    /// block and number `count` so far; when they do not fit, the statement's rows move to
    /// a new block first (`start` then changes).
    mutating func append(_ entries: UseEntries, start: inout Int, count: inout Int) {
        let needed = entries.count
        if !block.hasRoom(for: needed) {
            let next = RuleRows(capacity: Swift.max(blockCapacity, 2 * (count + needed)))
            block.moveRows(from: start, to: next)
            block = next
            start = 0
        }
        switch entries {
        case .one(let entry):
            block.append(entry)
        case .many(let expansion):
            for entry in expansion { block.append(entry) }
        }
        count += needed
    }
}
