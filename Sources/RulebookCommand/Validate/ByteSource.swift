import Rulebook

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A readable file descriptor: a file opened for `validate`, or stdin.
///
/// Reads go straight to `read(2)` into caller-owned buffers: no Foundation, no copies.
final class ByteSource {
    /// The name used in messages (`users.ndjson`, `<stdin>`).
    let name: String
    fileprivate let descriptor: Int32
    private let ownsDescriptor: Bool
    /// Set once `read(2)` returned 0.
    fileprivate(set) var reachedEnd = false
    /// Where `read(2)` writes before the bytes are appended to the caller's buffer.
    private var scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 0)
    /// Arrays of batches already validated, read into again (see ``BufferRecycler``).
    let recycler = BufferRecycler(largest: 2 << 20, most: 8)

    /// Wraps an open descriptor (stdin); it is not closed.
    init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
        self.ownsDescriptor = false
    }

    /// Opens `path` for reading.
    init(path: String) throws(CommandError) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            if errno == ENOENT { throw CommandError(FileErrorText.missing(path)) }
            throw CommandError("cannot read '\(path)': \(String(cString: strerror(errno)))")
        }
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw CommandError("cannot read '\(path)': it is a directory")
        }
        self.descriptor = descriptor
        self.name = path
        self.ownsDescriptor = true
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
        scratch.deallocate()
    }

    /// Appends up to `count` bytes to `buffer`; returns how many were read (0 at the end).
    func read(into buffer: inout [UInt8], count: Int) throws(CommandError) -> Int {
        guard !reachedEnd, count > 0 else { return 0 }
        if scratch.count < count {
            scratch.deallocate()
            scratch = .allocate(capacity: count)
        }
        guard let base = scratch.baseAddress else { return 0 }
        var result: Int
        repeat {
            result = systemRead(descriptor, base, count)
        } while result < 0 && errno == EINTR
        if result < 0 { throw CommandError("cannot read '\(name)': \(String(cString: strerror(errno)))") }
        if result == 0 {
            reachedEnd = true
            return 0
        }
        // One memcpy into the caller's buffer; no zero-filling of the destination.
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<result]))
        return result
    }

    /// Reads until `buffer` holds `count` more bytes or the input ends.
    func fill(_ buffer: inout [UInt8], count: Int) throws(CommandError) {
        // Performance: a buffer holding at most a line's remainder (the common case: the
        // line reader's carry) is rebuilt with `read(2)` writing straight into its new
        // storage, instead of into `scratch` and then copied (≈ 1 instruction per input
        // byte, ≈ 150 per address record). A fuller buffer (a line longer than a chunk, a
        // whole document, stdin) is appended to, its capacity at least doubled when it
        // must grow: `reserveCapacity` allocates exactly what it is asked for, so asking
        // for one more chunk each time would copy the whole buffer on every fill.
        if buffer.count <= count / 8 {
            buffer = try readFresh(keeping: buffer, count: count)
            return
        }
        if buffer.capacity < buffer.count + count {
            buffer.reserveCapacity(Swift.max(buffer.count + count, 2 * buffer.capacity))
        }
        var remaining = count
        while remaining > 0 {
            let got = try read(into: &buffer, count: remaining)
            if got == 0 { return }
            remaining -= got
        }
    }
}

extension ByteSource {
    /// `prefix` followed by up to `count` bytes read from the input (fewer only at its
    /// end), in an array from ``recycler`` (or a new one) that `read(2)` fills in place.
    private func readFresh(keeping prefix: [UInt8], count: Int) throws(CommandError) -> [UInt8] {
        var result = recycler.take()
        let end = prefix.count + count
        // A new array gets room for the longest prefix this is called with (an eighth of
        // `count`), so it is never reallocated later; only the part of an array that was
        // never written is zero-filled.
        if result.capacity < end {
            result = []
            result.reserveCapacity(Swift.max(end, count + count / 8))
        }
        if result.count < end { result.append(contentsOf: repeatElement(0, count: end - result.count)) }
        var failure: Int32 = 0
        var total = prefix.count
        result.withUnsafeMutableBufferPointer { storage in
            guard let base = storage.baseAddress else { return }
            prefix.withUnsafeBufferPointer { old in
                if let start = old.baseAddress { base.update(from: start, count: old.count) }
            }
            while total < end, !reachedEnd {
                let got = systemRead(descriptor, base + total, end - total)
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if got == 0 { reachedEnd = true } else { total += got }
            }
        }
        result.removeLast(result.count - total)
        if failure != 0 { throw CommandError("cannot read '\(name)': \(String(cString: strerror(failure)))") }
        return result
    }
}

@inline(__always)
private func systemRead(_ descriptor: Int32, _ pointer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    read(descriptor, pointer, count)
}
