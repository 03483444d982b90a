import Rulebook

/// Open editor buffers laid over another provider (usually the disk): a buffer wins over
/// the file it shadows, so imports see unsaved edits.
package struct OverlaySourceProvider: SourceProvider {
    /// What is read when no buffer covers a path.
    package let base: any SourceProvider
    /// The buffers, keyed by normalised path.
    package private(set) var buffers: [String: String]

    /// Creates an overlay; the keys are normalised.
    package init(base: any SourceProvider, buffers: [String: String] = [:]) {
        self.base = base
        self.buffers = Dictionary(buffers.map { (SourcePath.normalize($0.key), $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// Opens or updates a buffer.
    package mutating func setBuffer(_ text: String, for path: String) {
        buffers[SourcePath.normalize(path)] = text
    }

    /// Closes a buffer: the path reads from ``base`` again.
    package mutating func removeBuffer(for path: String) {
        buffers[SourcePath.normalize(path)] = nil
    }

    /// The buffer's text when one is open, else the base provider's.
    package func read(_ path: String) throws(SourceReadError) -> String {
        if let text = buffers[SourcePath.normalize(path)] { return text }
        return try base.read(path)
    }
}
