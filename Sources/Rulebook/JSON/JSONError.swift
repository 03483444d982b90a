/// Why a JSON text was rejected: a precise byte offset and a human message.
///
/// Every reader in this folder (the reader, the tape, the located document) throws the
/// same errors at the same offsets for the same input, so a record that fails on the
/// streaming path fails identically through the Swift API.
public struct JSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The class of problem, for callers that branch on it (the command maps limits to
    /// a different message than syntax errors, for example).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The text ended inside a value (or was empty).
        case unexpectedEndOfInput
        /// A byte that cannot appear where it does (`expected ',' or '}' …`).
        case unexpectedCharacter
        /// A backslash escape that JSON does not define (`\q`) or a malformed `\u`.
        case invalidEscape
        /// A `\u` escape of a UTF-16 surrogate without its partner.
        case loneSurrogate
        /// An unescaped control character (U+0000…U+001F) inside a string.
        case controlCharacterInString
        /// Bytes that are not well-formed UTF-8.
        case invalidUTF8
        /// A number that breaks the JSON number grammar (`01`, `1.`, `1e`, `-`).
        case invalidNumber
        /// Anything but white space after the top-level value.
        case trailingCharacters
        /// Containers nested deeper than 512 levels (`[[1]]` has depth 2).
        case depthLimitExceeded
        /// A string longer than 16 MiB, counted in the encoded bytes between its quotes.
        case stringTooLong
        /// A number longer than 1,000 characters.
        case numberTooLong
        /// A document larger than 256 MiB.
        case documentTooLarge
    }

    /// The class of problem.
    public let kind: Kind
    /// The 0-based UTF-8 byte offset of the offending byte (the input's length when the
    /// input ended too early).
    public let offset: Int
    /// A short lower-case message without the position, e.g.
    /// `expected ',' or '}' after object member`.
    public let message: String

    /// Creates an error.
    public init(_ kind: Kind, at offset: Int, _ message: String) {
        self.kind = kind
        self.offset = offset
        self.message = message
    }

    /// `message at byte N`.
    public var description: String { "\(message) at byte \(offset)" }

    /// The 1-based line and 1-based column (in Unicode scalars, as ``SourceLocation``
    /// counts) of ``offset`` in `bytes`, the text that was read.
    ///
    /// Lines end at `\n`, `\r\n` or a lone `\r`. An offset past the end is clamped.
    public func lineAndColumn(in bytes: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
        let end = Swift.min(Swift.max(offset, 0), bytes.count)
        var line = 1, column = 1, index = 0
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && !(index + 1 < bytes.count && bytes[index + 1] == 0x0A)) {
                line += 1
                column = 1
            } else if byte != 0x0D && (byte & 0xC0) != 0x80 {
                // Count lead bytes only, so a multi-byte scalar is one column.
                column += 1
            }
            index += 1
        }
        return (line, column)
    }

    /// The 1-based line and column of ``offset`` in `bytes`; see
    /// ``lineAndColumn(in:)-(UnsafeRawBufferPointer)``.
    public func lineAndColumn(in bytes: [UInt8]) -> (line: Int, column: Int) {
        bytes.withUnsafeBytes { lineAndColumn(in: $0) }
    }

    /// The 1-based line and column of ``offset`` in `text`, the text that was read.
    public func lineAndColumn(in text: String) -> (line: Int, column: Int) {
        var text = text
        return text.withUTF8 { lineAndColumn(in: UnsafeRawBufferPointer($0)) }
    }
}

extension JSONError {
    // Constructors for the readers. They are never inlined so the hot scanning loops
    // stay small; an error is the rare path.

    @usableFromInline @inline(never)
    static func endOfInput(_ offset: Int) -> JSONError {
        JSONError(.unexpectedEndOfInput, at: offset, "unexpected end of input")
    }

    @usableFromInline @inline(never)
    static func unexpected(_ offset: Int, _ message: String) -> JSONError {
        JSONError(.unexpectedCharacter, at: offset, message)
    }

    /// The error for the unexpected byte at `offset` of `p` (`count` bytes) where a value
    /// or token was expected: `message`, unless the byte starts a sequence that is not
    /// well-formed UTF-8 (`\xff{}`), which is then reported as invalid UTF-8, as inside a
    /// string. Only ever called on the error path.
    @usableFromInline @inline(never)
    static func unexpected(_ p: UnsafePointer<UInt8>, _ count: Int, _ offset: Int, _ message: String) -> JSONError {
        guard offset < count, p[offset] >= 0x80 else { return unexpected(offset, message) }
        do {
            _ = try JSONScan.scanUTF8Sequence(p, count, offset)
            return unexpected(offset, message)
        } catch {
            return error
        }
    }

    /// ``trailing(_:)``, or invalid UTF-8 as for ``unexpected(_:_:_:_:)``.
    @usableFromInline @inline(never)
    static func trailing(_ p: UnsafePointer<UInt8>, _ count: Int, _ offset: Int) -> JSONError {
        let error = unexpected(p, count, offset, "")
        return error.kind == .invalidUTF8 ? error : trailing(offset)
    }

    @usableFromInline @inline(never)
    static func invalidUTF8(_ offset: Int) -> JSONError {
        JSONError(.invalidUTF8, at: offset, "invalid UTF-8")
    }

    @usableFromInline @inline(never)
    static func trailing(_ offset: Int) -> JSONError {
        JSONError(.trailingCharacters, at: offset, "trailing characters after the value")
    }

    @usableFromInline @inline(never)
    static func tooDeep(_ offset: Int, _ limits: JSONLimits) -> JSONError {
        JSONError(.depthLimitExceeded, at: offset, "nesting deeper than \(limits.maxDepth) levels")
    }

    @usableFromInline @inline(never)
    static func documentTooLarge(_ limits: JSONLimits) -> JSONError {
        JSONError(
            .documentTooLarge, at: limits.effectiveMaxDocumentBytes,
            "document larger than \(limits.effectiveMaxDocumentBytes) bytes")
    }
}
