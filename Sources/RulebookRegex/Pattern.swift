/// A compiled regular expression that matches in time linear in its input.
///
/// (Skeleton: the regex engine fills this in.)
public struct Pattern: Sendable {
    /// The source text between the slashes.
    public let source: String
}
