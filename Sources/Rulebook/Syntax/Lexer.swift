/// Splits a rule file into tokens over its UTF-8 bytes in one pass.
///
/// The lexer works on bytes, not `Character`s: every decision is made on ASCII bytes
/// (non-ASCII is only ever part of an identifier, a string, a regex or a comment), which
/// keeps it linear and fast — a 100,000-line file lexes in milliseconds.
///
/// Tokenisation does not depend on the parser's state: a `/` always starts a regular
/// expression (the language has no division), `-` followed by a digit always starts a
/// number, and `DIGITS-DIGITS` always is a date.
package enum Lexer {
    /// Tokenises UTF-8 `bytes` (the parser passes the text's own storage: no copy) into
    /// the lexer's own buffer, which the parser reads in place. Never fails: bytes that
    /// start no token become one ``TokenKind/invalid`` token per run, with one
    /// `unexpected-character` diagnostic.
    ///
    /// At most ``CompactToken/maxOffset`` bytes are lexed (4 GiB, far past any limit the
    /// parser is given; `Parser.parse` refuses larger files): the rest is reported once.
    /// - Parameter start: where to begin, a line start (an incremental reparse lexes from
    ///   the first statement an edit touches; every token ends at its line's end, so lexing
    ///   from a line start gives exactly the tokens a whole-file pass gives there).
    package static func lexTokens(bytes: UnsafeBufferPointer<UInt8>, file: String, limits: ParserLimits, from start: Int = 0) -> LexedTokens
    {
        lexTokens(bytes: bytes, file: file, limits: limits, from: start, maxBytes: CompactToken.maxOffset)
    }

    /// ``lexTokens(bytes:file:limits:from:)`` with the cap on the bytes lexed as a
    /// parameter (tests lower it to exercise the cut).
    static func lexTokens(
        bytes: UnsafeBufferPointer<UInt8>, file: String, limits: ParserLimits, from start: Int,
        maxBytes: Int
    ) -> LexedTokens {
        let cap = max(0, min(maxBytes, CompactToken.maxOffset))
        let lexable = bytes.count > cap ? UnsafeBufferPointer(rebasing: bytes[0..<cap]) : bytes
        var state = LexerState(bytes: lexable, file: file, limits: limits, start: min(start, lexable.count))
        state.run()
        // After the run, so that the diagnostics stay in source order.
        if lexable.count < bytes.count {
            state.report(
                .limitExceeded, SourceRange(start: cap, end: bytes.count),
                "text is \(bytes.count) bytes long, more than the \(cap) the lexer reads; the rest was not read")
        }
        return LexedTokens(
            tokens: TokenStorage(
                adopting: state.tokenBase, count: state.tokenCount, lineBreaks: state.lineBreaks,
                byteCount: lexable.count - min(start, lexable.count)),
            comments: state.comments, diagnostics: state.diagnostics)
    }
}

/// The lexer's cursor and products. Lives only for one `lex` call, inside the scope
/// where `bytes` is valid. (Unsafe buffer access because this is the hot loop over every
/// byte of a file; every index is checked against `bytes.count` before use.)
///
/// It owns a manually allocated token buffer (`tokenBase`), which `Lexer.lexTokens` hands
/// to a ``TokenStorage`` that frees it: never copy a `LexerState` (a copy that grew the
/// buffer would leave the other pointing at freed memory), and hand the buffer on once.
struct LexerState {
    let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    let limits: ParserLimits
    var index = 0
    var lineStart = 0
    /// The tokens so far: `tokenCount` of `tokenCapacity` (Performance: a buffer of its
    /// own, written without `Array`'s per-append checks; see `TokenStorage.swift`).
    /// (Performance: 12-byte ``CompactToken``s, half the bytes of package tokens; see
    /// `Token.swift`.)
    var tokenBase: UnsafeMutablePointer<CompactToken>
    var tokenCount = 0
    var tokenCapacity: Int
    /// How many line-break tokens were lexed (the parser sizes its statement list by it).
    var lineBreaks = 0
    var comments: [CommentSyntax] = []
    var diagnostics: [Diagnostic] = []

    init(bytes: UnsafeBufferPointer<UInt8>, file: String, limits: ParserLimits, start: Int = 0) {
        self.bytes = bytes
        self.file = file
        self.limits = limits
        index = start
        lineStart = start
        // About one token per 5 bytes in ordinary files; grown by doubling when more.
        tokenCapacity = (bytes.count - start) / 4 + 16
        tokenBase = UnsafeMutablePointer<CompactToken>.allocate(capacity: tokenCapacity)
    }

    /// The byte at `offset`, or 0 past the end (0 starts no token, so it ends every scan).
    @inline(__always)
    func byte(at offset: Int) -> UInt8 {
        offset < bytes.count ? bytes[offset] : 0
    }

    mutating func run() {
        // A UTF-8 byte order mark, as some Windows editors write, is not content.
        if index == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while index < bytes.count {
            // Performance: runs of spaces between tokens are skipped here, without a call
            // per byte.
            let byte = bytes[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                index += 1
                continue
            }
            // Performance: the commonest tokens, ASCII names and single-byte punctuation,
            // are lexed here and only here, without `lexOne`'s call and dispatch.
            if isASCIILetter(byte) || byte == UInt8(ascii: "_") {
                lexIdentifier()
                continue
            }
            if let kind = LexerState.punctuation(byte) {
                index += 1
                append(CompactToken(kind: kind, start: index - 1, end: index))
                continue
            }
            lexOne()
        }
        checkLineLength(endingAt: bytes.count)
        append(CompactToken(kind: .endOfFile, start: bytes.count, end: bytes.count))
    }

    @inline(__always)
    mutating func add(_ kind: TokenKind, from start: Int, hasError: Bool = false) {
        append(CompactToken(kind: kind, start: start, end: index, hasError: hasError))
    }

    @inline(__always)
    mutating func append(_ token: CompactToken) {
        if tokenCount == tokenCapacity { growTokens() }
        (tokenBase + tokenCount).initialize(to: token)
        tokenCount += 1
    }

    /// Doubles the token buffer.
    @inline(never)
    mutating func growTokens() {
        let larger = UnsafeMutablePointer<CompactToken>.allocate(capacity: tokenCapacity * 2)
        larger.moveInitialize(from: tokenBase, count: tokenCount)
        tokenBase.deallocate()
        tokenBase = larger
        tokenCapacity *= 2
    }

    mutating func report(_ code: DiagnosticCode, _ range: SourceRange, _ message: String) {
        diagnostics.append(Diagnostic(file: file, range: range, code: code, message: message))
    }

    /// Lexes the token (or whitespace, comment, line break) at `index`: anything but an
    /// ASCII name or single-byte punctuation, which `run()` lexes itself.
    mutating func lexOne() {
        let start = index
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C:
            index += 1
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            checkLineLength(endingAt: index)
            index += (byte == UInt8(ascii: "\r") && self.byte(at: index + 1) == UInt8(ascii: "\n")) ? 2 : 1
            add(.newline, from: start)
            lineBreaks += 1
            lineStart = index
        case UInt8(ascii: "#"):
            lexComment()
        case UInt8(ascii: "\""):
            lexString()
        case UInt8(ascii: "/"):
            lexRegex()
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            lexNumberOrDate()
        case UInt8(ascii: "-") where isDigit(self.byte(at: index + 1)):
            lexNumberOrDate()
        case UInt8(ascii: "="):
            index += self.byte(at: index + 1) == UInt8(ascii: "=") ? 2 : 1
            add(index - start == 2 ? .equalEqual : .equals, from: start)
        case UInt8(ascii: "!") where self.byte(at: index + 1) == UInt8(ascii: "="):
            index += 2
            add(.bangEqual, from: start)
        default:
            // A name starting with a non-ASCII letter (`run()` lexes the ASCII ones).
            if identifierStartWidth(at: index) > 0 {
                lexIdentifier()
            } else {
                lexInvalid()
            }
        }
    }

    /// The token kind of a single-byte punctuation character.
    @inline(__always)
    static func punctuation(_ byte: UInt8) -> TokenKind? {
        switch byte {
        case UInt8(ascii: ":"): .colon
        case UInt8(ascii: ","): .comma
        case UInt8(ascii: "."): .dot
        case UInt8(ascii: "{"): .leftBrace
        case UInt8(ascii: "}"): .rightBrace
        case UInt8(ascii: "("): .leftParen
        case UInt8(ascii: ")"): .rightParen
        case UInt8(ascii: "["): .leftBracket
        case UInt8(ascii: "]"): .rightBracket
        case UInt8(ascii: "*"): .star
        default: nil
        }
    }

    mutating func lexComment() {
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") {
            index += 1
        }
        let range = SourceRange(start: start, end: index)
        comments.append(CommentSyntax(range: range, text: String(decoding: bytes[start..<index], as: UTF8.self)))
    }

    @inline(__always)
    mutating func lexIdentifier() {
        let start = index
        // Performance: runs of ASCII letters, digits and `_` are scanned by a static
        // function over the bytes alone, and only a non-ASCII byte decodes a scalar (out
        // of line); a loop calling methods of `self` here copied the whole lexer state
        // (128 bytes, `MemoryLayout<LexerState>.size`) on every identifier. The first byte
        // is a letter or `_` when ASCII (`run()` sends only those here; `lexOne` a
        // non-ASCII letter).
        var cursor = bytes[start] < 0x80 ? start + 1 : start + LexerState.identifierStartWidth(bytes, at: start)
        while true {
            cursor = LexerState.asciiIdentifierEnd(bytes, from: cursor)
            guard cursor < bytes.count, bytes[cursor] >= 0x80 else { break }
            let width = LexerState.nonASCIIIdentifierStartWidth(bytes, at: cursor)
            if width == 0 { break }
            cursor += width
        }
        index = cursor
        add(.identifier, from: start)
    }

    /// Where the run of ASCII identifier bytes (letters, digits, `_`) from `start` ends.
    @inline(__always)
    static func asciiIdentifierEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var cursor = start
        let count = bytes.count
        // Eight bytes at a time while eight remain (`asciiIdentifierPrefixLength`), then
        // byte by byte.
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while cursor <= count - 8 {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: cursor, as: UInt64.self))
                let run = asciiIdentifierPrefixLength(word)
                cursor += run
                if run < 8 { return cursor }
            }
        }
        while cursor < count && isASCIIIdentifierContinue(bytes[cursor]) { cursor += 1 }
        return cursor
    }

    /// A run of bytes that start no token: one token, one diagnostic.
    mutating func lexInvalid() {
        let start = index
        repeat {
            index += max(1, scalarWidth(at: index))
        } while index < bytes.count && startsNoToken(at: index)
        add(.invalid, from: start)
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        let described = LexerState.describeCharacters(text)
        let noun = text.unicodeScalars.count == 1 ? "character" : "characters"
        report(.unexpectedCharacter, SourceRange(start: start, end: index), "unexpected \(noun) \(described)")
    }

    /// Whether the byte at `offset` begins neither a token, nor white space, nor a comment.
    func startsNoToken(at offset: Int) -> Bool {
        let byte = bytes[offset]
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C, UInt8(ascii: "\n"), UInt8(ascii: "\r"),
            UInt8(ascii: "#"), UInt8(ascii: "\""), UInt8(ascii: "/"), UInt8(ascii: "="),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return false
        case UInt8(ascii: "-"):
            return !isDigit(self.byte(at: offset + 1))
        case UInt8(ascii: "!"):
            return self.byte(at: offset + 1) != UInt8(ascii: "=")
        default:
            return LexerState.punctuation(byte) == nil && identifierStartWidth(at: offset) == 0
        }
    }

    /// `'@'` for printable text, `U+0007` for control characters.
    static func describeCharacters(_ text: String) -> String {
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0.properties.generalCategory == .format }) {
            return text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }.joined(separator: " ")
        }
        return "'\(text)'"
    }

    mutating func checkLineLength(endingAt end: Int) {
        let length = end - lineStart
        if length > limits.maxLineBytes {
            report(
                .limitExceeded, SourceRange(start: lineStart + limits.maxLineBytes, end: end),
                "line is \(length) bytes long, more than the limit of \(limits.maxLineBytes)")
        }
    }
}

extension String {
    /// The string with leading zeros up to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
