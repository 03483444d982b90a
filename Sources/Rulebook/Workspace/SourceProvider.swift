/// Reads rule files by path. The workspace reads every file through one, so the command
/// (disk), the language server (open editor buffers over the disk) and tests (memory)
/// share all of the loading and checking code.
package protocol SourceProvider: Sendable {
    /// The text of the file at `path` (a normalised path, see ``SourcePath``).
    func read(_ path: String) throws(SourceReadError) -> String
}

/// Why a file could not be read.
package struct SourceReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    package enum Reason: Sendable, Hashable {
        /// No file at that path.
        case notFound
        /// The path is a directory.
        case isDirectory
        /// The bytes are not UTF-8.
        case notUTF8
        /// Any other failure, described by the system.
        case unreadable(String)
    }

    /// The path that was read.
    package let path: String
    /// What went wrong.
    package let reason: Reason

    /// Creates an error.
    package init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// "no such file 'Rules/x.rules'", for messages.
    package var description: String {
        switch reason {
        case .notFound: FileErrorText.missing(path)
        case .isDirectory: "'\(path)' is a directory"
        case .notUTF8: "'\(path)' is not UTF-8 text"
        case .unreadable(let why): "cannot read '\(path)': \(why)"
        }
    }
}

/// Files held in memory, keyed by normalised path (tests, generated rules, playgrounds).
package struct InMemorySourceProvider: SourceProvider {
    /// The files, keyed by normalised path.
    package let files: [String: String]

    /// Creates a provider; the keys are normalised.
    package init(files: [String: String] = [:]) {
        self.files = Dictionary(files.map { (SourcePath.normalize($0.key), $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// The file's text, or ``SourceReadError/Reason/notFound``.
    package func read(_ path: String) throws(SourceReadError) -> String {
        guard let text = files[SourcePath.normalize(path)] else { throw SourceReadError(path: path, reason: .notFound) }
        return text
    }
}
