import Foundation
import Rulebook

extension TextFile {
    /// The UTF-8 byte order mark, kept when a file that starts with one is rewritten.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Replaces the text of `path` (`check --fix`, `fmt`, `catalogs export -o`), treating
    /// the file with care:
    /// - a symbolic link is followed: its target is rewritten and the link stays a link;
    /// - a file that starts with a byte order mark keeps it;
    /// - a file nobody may write (no owner write bit, or not writable by this process)
    ///   is refused with an error, never replaced;
    /// - with `expected` (the text the file had when it was read), a file whose text
    ///   changed since (an editor saved it meanwhile) is refused with an error instead
    ///   of being overwritten;
    /// - the file keeps its inode, mode and owner: a file with one link that this
    ///   process owns is replaced atomically (a temporary file in the same directory,
    ///   given the original's mode, then renamed over it, so a crash never leaves half a
    ///   file); a file with several hard links or another owner is rewritten in place.
    static func write(_ text: String, to path: String, expected: String? = nil) throws(CommandError) {
        let target = resolvedTarget(path)
        var bytes = Array(text.utf8)
        var info = stat()
        guard stat(target, &info) == 0 else {
            try replaceAtomically(target, with: bytes, mode: nil, displayPath: path)
            return
        }
        if access(target, W_OK) != 0 || info.st_mode & S_IWUSR == 0 {
            throw CommandError("'\(path)' is read-only; not changed")
        }
        let current = try readBytes(target)
        let startsWithMark = current.starts(with: byteOrderMark)
        if let expected {
            func body<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> ArraySlice<UInt8> {
                let all = ArraySlice(bytes)
                return all.starts(with: byteOrderMark) ? all.dropFirst(3) : all
            }
            guard body(current) == body(expected.utf8) else {
                throw CommandError("'\(path)' changed since it was read; not overwritten (run again to use the new text)")
            }
        }
        if startsWithMark && !bytes.starts(with: byteOrderMark) { bytes = byteOrderMark + bytes }
        if info.st_nlink > 1 || info.st_uid != geteuid() || info.st_gid != getegid() {
            try writeInPlace(target, bytes, displayPath: path)
        } else {
            try replaceAtomically(target, with: bytes, mode: info.st_mode & 0o7777, displayPath: path)
        }
    }

    /// The file a path names, its symbolic links followed; the path itself when it does
    /// not exist yet.
    static func resolvedTarget(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Truncates and rewrites `target` through its own inode (hard links and owner kept).
    private static func writeInPlace(_ target: String, _ bytes: [UInt8], displayPath: String) throws(CommandError) {
        let descriptor = open(target, O_WRONLY | O_TRUNC)
        guard descriptor >= 0 else { throw writeError(displayPath) }
        defer { close(descriptor) }
        try writeAll(bytes, to: descriptor, displayPath: displayPath)
    }

    /// Writes a temporary file next to `target` and renames it over `target`.
    private static func replaceAtomically(
        _ target: String, with bytes: [UInt8], mode: mode_t?,
        displayPath: String
    ) throws(CommandError) {
        let directory = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let temporary = (directory.isEmpty ? "." : directory) + "/." + name + ".rulebook-" + UUID().uuidString.prefix(8)
        // Created like any new file (0666 less the umask), then given the original's mode.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o666)
        guard descriptor >= 0 else { throw writeError(displayPath) }
        var isOpen = true
        do throws(CommandError) {
            if let mode { guard fchmod(descriptor, mode) == 0 else { throw writeError(displayPath) } }
            try writeAll(bytes, to: descriptor, displayPath: displayPath)
            guard fsync(descriptor) == 0 else { throw writeError(displayPath) }
            isOpen = false
            guard close(descriptor) == 0 else { throw writeError(displayPath) }
            guard rename(temporary, target) == 0 else { throw writeError(displayPath) }
        } catch {
            if isOpen { close(descriptor) }
            unlink(temporary)
            throw error
        }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, displayPath: String) throws(CommandError) {
        var failure: Int32 = 0
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure != 0 { throw CommandError("cannot write '\(displayPath)': \(FileErrorText.systemReason(failure))") }
    }

    /// `cannot write 'x': <the system's reason>` for the current `errno`.
    private static func writeError(_ displayPath: String) -> CommandError {
        CommandError("cannot write '\(displayPath)': \(FileErrorText.systemReason(errno))")
    }
}
