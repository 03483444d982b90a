#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes placed flush against a page that may not be read, so that a scan reading one
/// byte too many (past the end, or before the start) stops the test process with a
/// memory fault instead of silently reading a neighbour's bytes.
///
/// Why: the lexer, the JSON scanner, the text validators and the byte comparisons read
/// eight bytes at a time, and guard each word read by hand. An over-read inside an
/// ordinary heap allocation returns whatever follows and passes every equality test;
/// only an unreadable page next to the last byte makes it visible (what AddressSanitizer
/// would do, without a second build of the package).
final class GuardedBytes {
    /// Which side of the bytes the unreadable page is on.
    enum Side: CaseIterable {
        /// The last byte is the last readable one.
        case after
        /// The first byte is the first readable one.
        case before
    }

    /// The bytes, in the guarded mapping.
    let buffer: UnsafeBufferPointer<UInt8>
    private let region: UnsafeMutableRawPointer
    private let regionSize: Int

    /// Maps `bytes` with an unreadable page on `side`; `nil` when the system refuses the
    /// mapping (the caller fails the test).
    init?(_ bytes: [UInt8], guardedOn side: Side) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let dataPages = max(1, (bytes.count + page - 1) / page)
        regionSize = (dataPages + 1) * page
        guard let mapped = mmap(nil, regionSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapped != MAP_FAILED
        else { return nil }
        region = mapped
        let guardPage: UnsafeMutableRawPointer
        let start: UnsafeMutableRawPointer
        switch side {
        case .after:
            guardPage = region + dataPages * page
            start = guardPage - bytes.count
        case .before:
            guardPage = region
            start = region + page
        }
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress { start.copyMemory(from: base, byteCount: source.count) }
        }
        guard mprotect(guardPage, page, PROT_NONE) == 0 else {
            munmap(region, regionSize)
            return nil
        }
        buffer = UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: bytes.count)
    }

    deinit { munmap(region, regionSize) }

    /// The bytes as a raw buffer.
    var raw: UnsafeRawBufferPointer { UnsafeRawBufferPointer(buffer) }

    /// Calls `body` with `bytes` guarded on each side in turn; `false` when a mapping failed.
    @discardableResult
    static func withEachSide(_ bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows -> Bool {
        for side in Side.allCases {
            guard let guarded = GuardedBytes(bytes, guardedOn: side) else { return false }
            try withExtendedLifetime(guarded) { try body(guarded.buffer) }
        }
        return true
    }
}
