/// Byte-level helpers for LSP's header block (`Name: value` lines, case-insensitive
/// names, ended by an empty line).
enum HeaderSyntax {
    /// `content-length`, lowercased, the name every message must carry.
    static let contentLength: [UInt8] = Array("content-length".utf8)

    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) ? byte + 32 : byte
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
    }

    /// The first case-insensitive occurrence of `needle` (lowercase) at or after `from`.
    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, bytes.count - from >= needle.count else { return nil }
        var index = from
        let last = bytes.count - needle.count
        while index <= last {
            if lowercased(bytes[index]) == first {
                var offset = 1
                while offset < needle.count && lowercased(bytes[index + offset]) == needle[offset] { offset += 1 }
                if offset == needle.count { return index }
            }
            index += 1
        }
        return nil
    }

    /// The range of the empty line ending the header block that starts at `from`:
    /// `start` is where the last header line's terminator begins, `end` is the first
    /// body byte. Accepts `\r\n\r\n` and, leniently, bare `\n` line ends.
    static func findBlockEnd(in bytes: [UInt8], from: Int) -> (start: Int, end: Int)? {
        var index = from
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                var next = index + 1
                if next < bytes.count && bytes[next] == UInt8(ascii: "\r") { next += 1 }
                if next < bytes.count && bytes[next] == UInt8(ascii: "\n") { return (index, next + 1) }
            }
            index += 1
        }
        return nil
    }

    /// Where the header block containing the `Content-Length` at `position` starts:
    /// earlier lines directly above it that look like headers (`Content-Type: …`) belong
    /// to it, as long as the block stays within `maximumSize` bytes up to `position`;
    /// anything else before it is garbage. `lowerBound` counts as a line start only when
    /// `lowerBoundIsLineStart` (the framer may have dropped the start of that line).
    static func headerBlockStart(
        in bytes: [UInt8], from lowerBound: Int, lowerBoundIsLineStart: Bool,
        contentLengthAt position: Int, maximumSize: Int
    ) -> Int {
        var start = position
        while start > lowerBound && bytes[start - 1] == UInt8(ascii: "\n") {
            var lineEnd = start - 1
            if lineEnd > lowerBound && bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            var lineStart = lineEnd
            while lineStart > lowerBound && bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
            guard lineStart > lowerBound || lowerBoundIsLineStart, position - lineStart <= maximumSize,
                lineEnd > lineStart, isHeaderLine(bytes[lineStart..<lineEnd])
            else { break }
            start = lineStart
        }
        return start
    }

    /// While no `Content-Length` has arrived: the first byte that could still belong to
    /// the header block of one arriving later, as ``headerBlockStart`` would compute it
    /// once it has — the run of complete header lines directly above the unfinished last
    /// line (when that line can still become a header), within `maximumSize` plus the
    /// length of a split header name; otherwise only a tail that might be the start of
    /// `Content-Length`. Everything before it can be dropped.
    static func retainedStart(
        in bytes: [UInt8], from lowerBound: Int, atLineStart: Bool,
        maximumSize: Int
    ) -> (offset: Int, atLineStart: Bool) {
        let count = bytes.count
        let nameTail = count - (contentLength.count - 1)
        let dropToTail = nameTail > lowerBound ? (nameTail, false) : (lowerBound, atLineStart)
        var lastLineStart = count
        while lastLineStart > lowerBound && bytes[lastLineStart - 1] != UInt8(ascii: "\n") { lastLineStart -= 1 }
        let lastLine = bytes[lastLineStart..<count]
        // A `Content-Length` can only begin the block at a line start; otherwise it starts
        // within the last `contentLength.count - 1` bytes or later, with nothing above it.
        guard lastLineStart > lowerBound || atLineStart,
            lastLine.prefix(while: { $0 != UInt8(ascii: ":") }).allSatisfy(isTokenByte)
        else { return dropToTail }
        var keep = lastLineStart
        while keep > lowerBound {
            var lineEnd = keep - 1
            if lineEnd > lowerBound && bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            var lineStart = lineEnd
            while lineStart > lowerBound && bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
            guard lineStart > lowerBound || atLineStart, count - lineStart <= maximumSize + contentLength.count,
                lineEnd > lineStart, isHeaderLine(bytes[lineStart..<lineEnd])
            else { break }
            keep = lineStart
        }
        // Past the size cap even the last line alone is too long to end up in a block.
        if count - keep > maximumSize + contentLength.count { return dropToTail }
        return keep == lowerBound ? (lowerBound, atLineStart) : (keep, true)
    }

    /// `Name: value` with an RFC 7230 token as the name.
    static func isHeaderLine(_ line: ArraySlice<UInt8>) -> Bool {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else { return false }
        return line[..<colon].allSatisfy(isTokenByte)
    }

    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// Reads the `Content-Length` from a header block (without its final empty line).
    static func parse(_ block: ArraySlice<UInt8>) -> Result<Int, HeaderProblem> {
        var length: Int?
        for rawLine in block.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            var line = rawLine
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if line.isEmpty { continue }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), isHeaderLine(line) else {
                return .failure(HeaderProblem("malformed header line '\(printable(line))'"))
            }
            let name = String(decoding: line[..<colon].map(lowercased), as: UTF8.self)
            guard name == "content-length" else { continue }  // Content-Type and others are accepted and ignored
            let value = line[(colon + 1)...].drop(while: isWhitespace).reversed().drop(while: isWhitespace).reversed()
            guard !value.isEmpty, value.count <= 15,
                value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                let parsed = Int(String(decoding: value, as: UTF8.self))
            else {
                return .failure(HeaderProblem("invalid Content-Length '\(printable(line[(colon + 1)...]))'"))
            }
            if let length, length != parsed { return .failure(HeaderProblem("conflicting Content-Length headers")) }
            length = parsed
        }
        guard let length else { return .failure(HeaderProblem("header block without Content-Length")) }
        return .success(length)
    }

    /// At most 60 bytes of `bytes`, non-printable ones as `?`, for log lines.
    static func printable<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        String(decoding: bytes.prefix(60).map { ($0 >= 0x20 && $0 < 0x7F) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }
}

/// Why a header block was rejected (for the log).
struct HeaderProblem: Error, Sendable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
