import Foundation
import Rulebook

/// Reading and writing whole text files, with errors worded for the command line.
enum TextFile {
    /// The UTF-8 text of `path`; invalid UTF-8 is refused, not repaired (repairing would
    /// move every byte offset a diagnostic points at).
    static func read(_ path: String) throws(CommandError) -> String {
        switch readText(path) {
        case .success(let text): return text
        case .failure(let unreadable): throw CommandError(unreadable.file.diagnostic.message)
        }
    }

    /// The UTF-8 text of `path`, or the diagnostic saying why there is none.
    static func readText(_ path: String) -> Result<String, UnreadableFileError> {
        let bytes: [UInt8]
        do {
            bytes = try readBytes(path)
        } catch {
            return .failure(UnreadableFileError(file: UnreadableFile(path: path, reason: error.message)))
        }
        if let offset = firstInvalidUTF8Offset(bytes) {
            return .failure(UnreadableFileError(file: UnreadableFile(path: path, bytes: bytes, invalidOffset: offset)))
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// The bytes of `path`, with errors worded for the command line (the system's reason,
    /// never a Foundation error code).
    static func readBytes(_ path: String) throws(CommandError) -> [UInt8] {
        let source = try ByteSource(path: path)
        var bytes: [UInt8] = []
        while !source.reachedEnd { try source.fill(&bytes, count: 1 << 20) }
        return bytes
    }

    /// `'x.rules' is not UTF-8 text: invalid byte 0xFF`.
    static func notUTF8Message(_ path: String, bytes: [UInt8], invalidOffset: Int) -> String {
        let byte = String(bytes[invalidOffset], radix: 16, uppercase: true)
        return "'\(path)' is not UTF-8 text: invalid byte 0x\(byte.count == 1 ? "0" : "")\(byte) at byte offset \(invalidOffset)"
    }

    /// The offset of the first byte that does not belong to a valid UTF-8 sequence, or
    /// nil when all of `bytes` is UTF-8.
    static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// Everything on stdin.
    static func readStandardInput(_ descriptor: Int32) throws(CommandError) -> [UInt8] {
        let source = ByteSource(descriptor: descriptor, name: "<stdin>")
        var bytes: [UInt8] = []
        while !source.reachedEnd { try source.fill(&bytes, count: 1 << 20) }
        return bytes
    }
}

/// A file whose text could not be had, with the diagnostic that says why.
struct UnreadableFileError: Error, Sendable {
    let file: UnreadableFile
}
