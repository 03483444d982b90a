import Foundation
import Rulebook

/// Reading and writing whole text files, with errors worded for the command line.
enum TextFile {
    /// The UTF-8 text of `path`; invalid UTF-8 is refused, not repaired (repairing would
    /// move every byte offset a diagnostic points at).
    static func read(_ path: String) throws(CommandError) -> String {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                throw CommandError(FileErrorText.missing(path))
            }
            if isDirectory.boolValue { throw CommandError("'\(path)' is a directory") }
            throw CommandError("cannot read '\(path)': \(FileErrorText.reason(error))")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw CommandError("'\(path)' is not UTF-8 text")
        }
        return text
    }

    /// Replaces the contents of `path` atomically (a crash never leaves half a file).
    static func write(_ text: String, to path: String) throws(CommandError) {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandError("cannot write '\(path)': \(FileErrorText.reason(error))")
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
