#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A buffered byte sink: the process's stdout or stderr (a file descriptor), or memory
/// (unit tests and renderers that build a string).
///
/// Output is collected in a buffer and written with few large `write(2)` calls, which
/// matters when `validate` prints a million lines. Used from one thread at a time.
final class Output {
    /// Where the bytes go.
    enum Destination {
        case fileDescriptor(Int32)
        case memory
    }

    let destination: Destination
    /// Whether the destination is a terminal (colour, progress lines).
    let isTerminal: Bool
    private var buffer: [UInt8] = []
    /// Everything written so far, for ``Destination/memory``.
    private(set) var captured: [UInt8] = []
    /// Bytes are written out once this many are pending.
    private let flushThreshold: Int
    /// The `errno` of the first write that failed (a full disk, a reader of a pipe that
    /// went away); later output is dropped. The command ends with status 2 and the
    /// system's reason (``failureDescription``) instead of reporting success.
    private(set) var failure: Int32?
    private var failureTaken = false
    /// Whether a write failed.
    var failed: Bool { failure != nil }
    /// What the process calls its destination in messages (`standard output`).
    let name: String

    init(_ destination: Destination, isTerminal: Bool? = nil, flushThreshold: Int = 1 << 16, name: String = "output") {
        self.destination = destination
        self.name = name
        self.flushThreshold = flushThreshold
        switch destination {
        case .fileDescriptor(let descriptor): self.isTerminal = isTerminal ?? (isatty(descriptor) == 1)
        case .memory: self.isTerminal = isTerminal ?? false
        }
        buffer.reserveCapacity(flushThreshold)
    }

    deinit { flush() }

    /// Appends `text`.
    func write(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends raw bytes.
    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Appends raw bytes.
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        if buffer.count + bytes.count > flushThreshold { flush() }
        if bytes.count >= flushThreshold {
            // Large blocks go straight out instead of through the buffer.
            emit(bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// Writes out everything buffered.
    func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBufferPointer { emit($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// `cannot write to standard output: No space left on device` when a write failed
    /// (after flushing what is buffered, so a failure of the last bytes counts too); given
    /// once, so whoever reports it first does and the failure is never printed twice.
    func takeFailure() -> String? {
        flush()
        guard let failure, !failureTaken else { return nil }
        failureTaken = true
        return "cannot write to \(name): \(String(cString: strerror(failure)))"
    }

    /// What was written, as text (memory destinations; flushed first).
    var text: String {
        flush()
        return String(decoding: captured, as: UTF8.self)
    }

    private func emit(_ bytes: UnsafeBufferPointer<UInt8>) {
        switch destination {
        case .memory:
            captured.append(contentsOf: bytes)
        case .fileDescriptor(let descriptor):
            guard !failed, var pointer = bytes.baseAddress else { return }
            var remaining = bytes.count
            while remaining > 0 {
                let written = systemWrite(descriptor, pointer, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                remaining -= written
                pointer += written
            }
        }
    }
}

/// `write(2)` under one name on every platform.
@inline(__always)
private func systemWrite(_ descriptor: Int32, _ pointer: UnsafePointer<UInt8>, _ count: Int) -> Int {
    write(descriptor, pointer, count)
}
