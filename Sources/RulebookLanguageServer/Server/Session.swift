import Rulebook
import RulebookTooling

/// What `initialize` settled for the rest of the session.
struct Session: Sendable {
    /// The position encoding every message uses.
    let encoding: PositionEncoding
    /// What the client can do.
    let client: ClientCapabilities
    /// Workspace root directories (file-system paths).
    var roots: [String]
    /// The locale hovers render messages in (`nil`: the base catalogue).
    let locale: String?

    init(encoding: PositionEncoding, client: ClientCapabilities, roots: [String], locale: String?) {
        self.encoding = encoding
        self.client = client
        self.roots = roots
        self.locale = locale
    }
}
