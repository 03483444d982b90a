/// The documents the editor has open, by normalised URI.
///
/// Only the server's actor mutates it; requests receive copies.
struct DocumentStore: Sendable {
    private var documents: [String: TextDocument] = [:]

    /// The open document at `uri` (compared after normalisation: editors differ in how
    /// they percent-encode).
    subscript(uri: String) -> TextDocument? {
        get { documents[DocumentURI.normalized(uri)] }
        set { documents[DocumentURI.normalized(uri)] = newValue }
    }

    /// Every open document.
    var all: [TextDocument] { Array(documents.values) }

    /// The open document whose file path is `path`.
    func document(atPath path: String) -> TextDocument? {
        documents[DocumentURI.fileURI(forPath: path)] ?? documents.values.first { $0.path == path }
    }
}
