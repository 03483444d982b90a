#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Blocking reads and writes on raw file descriptors, retrying on `EINTR` and partial
/// writes. The server talks to stdio through these rather than `FileHandle` so that a
/// closed pipe is an error value, never an exception or a signal.
enum FileDescriptorIO {
    /// Reads up to `capacity` bytes; an empty result means end of input (or an error,
    /// which ends the session the same way).
    static func read(_ descriptor: Int32, capacity: Int = 1 << 16) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: capacity)
        while true {
            let count = buffer.withUnsafeMutableBytes { raw in
                #if canImport(Darwin)
                    Darwin.read(descriptor, raw.baseAddress, raw.count)
                #else
                    Glibc.read(descriptor, raw.baseAddress, raw.count)
                #endif
            }
            if count > 0 { return Array(buffer[0..<count]) }
            if count < 0 && errno == EINTR { continue }
            return []
        }
    }

    /// Writes all of `bytes`; returns `false` when the descriptor is closed or broken.
    @discardableResult
    static func write(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { write(descriptor, $0) }
    }

    /// Writes all of `raw`; returns `false` when the descriptor is closed or broken.
    @discardableResult
    static func write(_ descriptor: Int32, _ raw: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < raw.count {
            let written = {
                #if canImport(Darwin)
                    Darwin.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                #else
                    Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                #endif
            }()
            if written > 0 { offset += written; continue }
            if written < 0 && errno == EINTR { continue }
            return false
        }
        return true
    }

    /// Makes writes to a closed pipe fail with `EPIPE` instead of killing the process,
    /// which is what an editor closing our stdout would otherwise do.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }
}
