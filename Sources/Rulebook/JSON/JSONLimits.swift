/// Bounds on what a JSON reader accepts, so hostile input fails as a ``JSONError``
/// instead of exhausting the stack or memory.
///
/// The readers never recurse per nesting level (they keep an explicit stack), so for
/// the JSON tape (the streaming path, which builds no `Value`) `maxDepth` bounds memory,
/// not stack depth, and can be raised safely. A ``Value`` tree is different: comparing,
/// hashing, writing and releasing it recurse once per level, so keep `maxDepth` in the
/// low thousands when reading into a `Value` (the default, 512, is walked on a
/// 1 MiB thread stack in the tests).
@usableFromInline package struct JSONLimits: Sendable, Hashable {
    /// The deepest nesting of arrays and objects (`[[1]]` has depth 2).
    @usableFromInline package var maxDepth: Int
    /// The longest string, counted in the encoded bytes between its quotes.
    @usableFromInline package var maxStringBytes: Int
    /// The longest number, in characters of its text.
    @usableFromInline package var maxNumberLength: Int
    /// The largest document, in bytes. Values above 4 GiB − 1 are treated as 4 GiB − 1
    /// because the JSON tape stores offsets and indices in 32 bits.
    @usableFromInline package var maxDocumentBytes: Int

    /// Creates limits; the defaults suit records and catalogues.
    package init(
        maxDepth: Int = 512, maxStringBytes: Int = 16 << 20, maxNumberLength: Int = 1_000,
        maxDocumentBytes: Int = 256 << 20
    ) {
        self.maxDepth = maxDepth
        self.maxStringBytes = maxStringBytes
        self.maxNumberLength = maxNumberLength
        self.maxDocumentBytes = maxDocumentBytes
    }

    /// The document limit the readers enforce: ``maxDocumentBytes``, capped at 4 GiB − 1.
    @usableFromInline
    var effectiveMaxDocumentBytes: Int { Swift.min(maxDocumentBytes, Int(UInt32.max) - 1) }

    /// Depth 512, strings 16 MiB, numbers 1,000 characters, documents 256 MiB.
    package static let `default` = JSONLimits()
}
