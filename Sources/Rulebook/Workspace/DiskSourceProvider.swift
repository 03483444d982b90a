import Foundation

/// Reads rule files from the file system.
package struct DiskSourceProvider: SourceProvider {
    /// Relative paths are read against this directory (`nil`: the process's current one).
    package let baseDirectory: String?

    /// Creates a provider.
    package init(baseDirectory: String? = nil) {
        self.baseDirectory = baseDirectory
    }

    /// The file's text; relative paths are read against ``baseDirectory``.
    package func read(_ path: String) throws(SourceReadError) -> String {
        let location = fileSystemPath(path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: location, isDirectory: &isDirectory) else {
            throw SourceReadError(path: path, reason: .notFound)
        }
        guard !isDirectory.boolValue else { throw SourceReadError(path: path, reason: .isDirectory) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: location))
        } catch {
            throw SourceReadError(path: path, reason: .unreadable(FileErrorText.reason(error)))
        }
        // Invalid UTF-8 is refused rather than repaired: a repaired text's byte offsets
        // would no longer match the file an editor or a CI annotation points into.
        guard let text = String(data: data, encoding: .utf8) else { throw SourceReadError(path: path, reason: .notUTF8) }
        return text
    }

    /// Where `path` is in the file system (a `file://` URL or relative to
    /// ``baseDirectory``).
    package func fileSystemPath(_ path: String) -> String {
        var path = path
        if path.hasPrefix("file://") { path = String(path.dropFirst("file://".count)) }
        guard let baseDirectory, !path.hasPrefix("/") else { return path }
        return baseDirectory + "/" + path
    }
}
