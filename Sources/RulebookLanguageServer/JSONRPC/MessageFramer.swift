/// Splits a byte stream into JSON-RPC message bodies using LSP's base protocol:
/// `Content-Length: N\r\n` (plus optional headers such as `Content-Type`), an empty
/// line, then exactly N bytes of body.
///
/// The framer is a pure value: feed it bytes as they arrive (``append(_:)``) and pull
/// events (``next()``). It never traps and never waits for bytes that cannot come:
/// - header names are matched case-insensitively, `\n` alone is accepted for `\r\n`;
/// - bytes before a header (garbage, the tail of a body whose length was understated)
///   are skipped up to the next `Content-Length`, and reported once per run;
/// - a header block without a valid `Content-Length` is reported and skipped;
/// - a body that contains a `Content-Length: N` header line cannot be valid JSON, so an
///   overstated length is cut there and the next message is not swallowed;
/// - a body larger than ``maximumBodySize`` is discarded as it streams past, without
///   being buffered.
public struct MessageFramer: Sendable {
    /// What the framer found in the stream.
    public enum Event: Sendable, Equatable {
        /// A complete body (not yet parsed: it may still be broken JSON).
        case message([UInt8])
        /// A message was announced but its body is larger than ``maximumBodySize``; the
        /// body is discarded as it arrives. The sender deserves an answer (its id is
        /// unknown), unlike for ``skipped(reason:)``.
        case oversized(length: Int)
        /// Bytes that are not part of any message, a header block that could not be
        /// used, or a body cut short at the next header: worth a log line, nothing to
        /// answer.
        case skipped(reason: String)
    }

    /// Bodies larger than this are discarded (the default is far above any real
    /// document: a 10 MB file is fine).
    public let maximumBodySize: Int
    /// Header blocks longer than this are treated as garbage.
    public let maximumHeaderSize: Int

    private var buffer: [UInt8] = []
    /// The most room the buffer keeps when it is empty.
    private static let keptCapacity = 1 << 20
    /// Where unread bytes start in `buffer` (compacted lazily, so feeding is O(n)).
    private var cursor = 0
    private var state: State = .header
    private var events: [Event] = []
    private var queueStart = 0
    /// Whether `cursor` is where a line starts (false after garbage was dropped mid-line,
    /// so the kept tail of that line is not mistaken for a header line).
    private var cursorAtLineStart = true

    private enum State: Sendable {
        /// Looking for (or inside) a header block.
        case header
        /// Collecting a body of `length` bytes starting at `cursor`.
        case body(length: Int, scan: BodyScanner)
        /// Dropping `remaining` bytes of an oversized body.
        case discarding(remaining: Int)
    }

    /// Creates a framer.
    public init(maximumBodySize: Int = 64 << 20, maximumHeaderSize: Int = 8 << 10) {
        self.maximumBodySize = maximumBodySize
        self.maximumHeaderSize = maximumHeaderSize
    }

    /// Adds bytes read from the stream.
    public mutating func append<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        process()
    }

    /// The next event, if one is ready.
    public mutating func next() -> Event? {
        guard queueStart < events.count else { return nil }
        let event = events[queueStart]
        queueStart += 1
        if queueStart == events.count { events.removeAll(keepingCapacity: true); queueStart = 0 }
        return event
    }

    /// The number of buffered bytes not yet consumed (for tests and limits).
    public var pendingByteCount: Int { buffer.count - cursor }

    private mutating func process() {
        var progressed = true
        while progressed {
            switch state {
            case .header: progressed = readHeader()
            case .body(let length, var scan): progressed = readBody(length: length, scan: &scan)
            case .discarding(let remaining): progressed = discard(remaining)
            }
        }
        compact()
    }

    private mutating func compact() {
        // Memory: once a large message (a long document's text) is consumed, its room is
        // given back rather than kept for the rest of the session.
        if cursor >= buffer.count && buffer.capacity > MessageFramer.keptCapacity {
            buffer = []
            cursor = 0
            return
        }
        if cursor > 0 && (cursor >= buffer.count || cursor > 1 << 16) {
            buffer.removeSubrange(0..<cursor)
            cursor = 0
        }
    }
}

extension MessageFramer {
    /// Reads one header block starting at `cursor`; returns whether it made progress.
    private mutating func readHeader() -> Bool {
        // Skip anything before the next `Content-Length` (case-insensitive).
        guard let start = HeaderSyntax.find(HeaderSyntax.contentLength, in: buffer, from: cursor) else {
            // Headers such as `Content-Type` may arrive before `Content-Length` does: keep
            // exactly the bytes that could still belong to its block (see
            // `HeaderSyntax.retainedStart`), so how the stream is cut into reads never
            // changes which block is found.
            let keep = HeaderSyntax.retainedStart(
                in: buffer, from: cursor, atLineStart: cursorAtLineStart,
                maximumSize: maximumHeaderSize)
            if keep.offset > cursor {
                let dropped = buffer[cursor..<keep.offset]
                if !dropped.allSatisfy(HeaderSyntax.isWhitespace) {
                    events.append(.skipped(reason: "skipped \(dropped.count) bytes outside any message"))
                }
                cursor = keep.offset
                cursorAtLineStart = keep.atLineStart
            }
            return false
        }
        if start > cursor {
            // Other headers (Content-Type) may legitimately precede Content-Length: back up
            // to the start of the line when the bytes before it on that line look like headers.
            let lineStart = HeaderSyntax.headerBlockStart(
                in: buffer, from: cursor, lowerBoundIsLineStart: cursorAtLineStart,
                contentLengthAt: start, maximumSize: maximumHeaderSize)
            if lineStart > cursor {
                let dropped = buffer[cursor..<lineStart]
                if !dropped.allSatisfy(HeaderSyntax.isWhitespace) {
                    events.append(.skipped(reason: "skipped \(dropped.count) bytes outside any message"))
                }
                cursor = lineStart
            }
        }
        // From here on `cursor` only moves to where a header, body or resync ends.
        cursorAtLineStart = true
        // A block longer than the maximum is skipped the same way whether its end has
        // arrived or not, so how the stream is cut into reads never changes the outcome
        // (the end, `\n\r\n` at most after the block, can still be arriving).
        let terminator = HeaderSyntax.findBlockEnd(in: buffer, from: cursor)
        if terminator.map({ $0.start - cursor > maximumHeaderSize }) ?? (buffer.count - cursor > maximumHeaderSize + 3) {
            events.append(.skipped(reason: "header block longer than \(maximumHeaderSize) bytes"))
            cursor = start + 1  // resync after this `Content-Length`
            return true
        }
        guard let terminator else { return false }
        let header = HeaderSyntax.parse(buffer[cursor..<terminator.start])
        cursor = terminator.end
        switch header {
        case .failure(let problem):
            events.append(.skipped(reason: problem.description))
        case .success(let length) where length > maximumBodySize:
            events.append(.oversized(length: length))
            state = .discarding(remaining: length)
        case .success(let length):
            state = .body(length: length, scan: BodyScanner())
        }
        return true
    }

    private mutating func readBody(length: Int, scan: inout BodyScanner) -> Bool {
        // A header line inside the body means the length was overstated and the next
        // message has begun: cut the body there rather than swallowing that message.
        switch scan.scan(buffer, bodyStart: cursor, bodyEnd: cursor + length) {
        case .header(let cut):
            // The bytes before the header are delivered: when only the length was wrong
            // they are the intended message and parse fine.
            let body = Array(buffer[cursor..<cut])
            cursor = cut
            state = .header
            events.append(.skipped(reason: "declared length \(length) overruns the next header after \(body.count) bytes"))
            events.append(.message(body))
            return true
        case .needMoreBytes:
            state = .body(length: length, scan: scan)
            return false
        case .clean:
            events.append(.message(Array(buffer[cursor..<(cursor + length)])))
            cursor += length
            state = .header
            return true
        }
    }

    private mutating func discard(_ remaining: Int) -> Bool {
        let available = Swift.min(buffer.count - cursor, remaining)
        cursor += available
        if available == remaining {
            state = .header
            return true
        }
        state = .discarding(remaining: remaining - available)
        return false
    }
}

/// Scans a body incrementally for a `Content-Length: N` header line.
///
/// Such a line can never occur in a valid JSON body: outside strings the name is not
/// JSON, and inside strings the raw line break that ends the header is not allowed.
/// So finding one proves the declared length overran into the next message, whatever
/// quotes the (possibly broken) body contains.
struct BodyScanner: Sendable {
    enum Outcome: Sendable { case clean, needMoreBytes, header(at: Int) }

    /// Body offsets below this (relative to the body's start) start no header.
    private var scanned = 0

    /// Scans candidate starts inside `bodyStart..<bodyEnd`, looking past `bodyEnd` when a
    /// match starting inside the body needs it.
    mutating func scan(_ bytes: [UInt8], bodyStart: Int, bodyEnd: Int) -> Outcome {
        var index = bodyStart + scanned
        while index < bodyEnd {
            if index >= bytes.count {
                scanned = index - bodyStart
                return .needMoreBytes
            }
            if HeaderSyntax.lowercased(bytes[index]) == UInt8(ascii: "c") {
                switch BodyScanner.headerLine(in: bytes, at: index) {
                case .match: return .header(at: index)
                case .incomplete:
                    scanned = index - bodyStart
                    return .needMoreBytes
                case .noMatch: break
                }
            }
            index += 1
        }
        scanned = index - bodyStart
        return .clean
    }

    private enum Match { case match, noMatch, incomplete }

    /// Whether `content-length[ \t]*:[ \t]*DIGITS[ \t]*(\r|\n)` starts at `start`.
    private static func headerLine(in bytes: [UInt8], at start: Int) -> Match {
        var index = start
        for expected in HeaderSyntax.contentLength {
            guard index < bytes.count else { return .incomplete }
            guard HeaderSyntax.lowercased(bytes[index]) == expected else { return .noMatch }
            index += 1
        }
        func skipBlanks() {
            while index < bytes.count && (bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")) { index += 1 }
        }
        skipBlanks()
        guard index < bytes.count else { return .incomplete }
        guard bytes[index] == UInt8(ascii: ":") else { return .noMatch }
        index += 1
        skipBlanks()
        var digits = 0
        while index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9") && digits <= 15 {
            index += 1
            digits += 1
        }
        guard index < bytes.count else { return .incomplete }
        guard digits > 0 && digits <= 15 else { return .noMatch }
        skipBlanks()
        guard index < bytes.count else { return .incomplete }
        return bytes[index] == UInt8(ascii: "\r") || bytes[index] == UInt8(ascii: "\n") ? .match : .noMatch
    }
}
