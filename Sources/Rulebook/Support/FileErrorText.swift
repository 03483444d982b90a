import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Plain wording for file-system errors: the operating system's reason ("Permission
/// denied", "No space left on device") rather than Foundation's "The operation could not
/// be completed (NSCocoaErrorDomain error 512.)", which names neither file nor cause.
package enum FileErrorText {
    /// What every command says about a path that does not exist.
    package static func missing(_ path: String) -> String { "no such file '\(path)'" }

    /// The reason `error` (thrown by Foundation's file APIs, or a `POSIXError`) gives,
    /// as the OS words it.
    package static func reason(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return systemReason(posix.code.rawValue) }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return systemReason(Int32(underlying.code))
        }
        if nsError.domain == NSPOSIXErrorDomain { return systemReason(Int32(nsError.code)) }
        if nsError.domain == NSCocoaErrorDomain, let errno = cocoaErrno[nsError.code] { return systemReason(errno) }
        if nsError.domain == NSCocoaErrorDomain {
            return nsError.code >= 512 && nsError.code < 640 ? "the file could not be written" : "the file could not be read"
        }
        return String(describing: error)
    }

    /// Foundation's file error codes that stand for one OS error.
    private static let cocoaErrno: [Int: Int32] = [
        4: ENOENT, 260: ENOENT,  // no such file
        257: EACCES, 513: EACCES,  // no permission to read / write
        640: ENOSPC,  // out of space
        642: EROFS,  // read-only volume
        516: EEXIST,
    ]

    /// `strerror` for `code`.
    package static func systemReason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
