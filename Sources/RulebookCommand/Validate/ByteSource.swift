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
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    /// Set once `read(2)` returned 0.
    private(set) var reachedEnd = false
    /// Where `read(2)` writes before the bytes are appended to the caller's buffer.
    private var scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 0)

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
        var remaining = count
        while remaining > 0 {
            let got = try read(into: &buffer, count: remaining)
            if got == 0 { return }
            remaining -= got
        }
    }
}

@inline(__always)
private func systemRead(_ descriptor: Int32, _ pointer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    read(descriptor, pointer, count)
}
