import Rulebook

/// What `initialize` settled for the rest of the session.
public struct Session: Sendable {
    /// The position encoding every message uses.
    public let encoding: PositionEncoding
    /// What the client can do.
    public let client: ClientCapabilities
    /// Workspace root directories (file-system paths).
    public var roots: [String]
    /// The locale hovers render messages in (`nil`: the base catalogue).
    public let locale: String?

    public init(encoding: PositionEncoding, client: ClientCapabilities, roots: [String], locale: String?) {
        self.encoding = encoding
        self.client = client
        self.roots = roots
        self.locale = locale
    }
}
