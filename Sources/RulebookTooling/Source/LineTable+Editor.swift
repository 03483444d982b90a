import Rulebook

// What editors and SARIF need beyond a rule file location: positions with columns in
// any encoding, a line's content, and the byte offset of an LSP position.

/// How columns are counted when an offset is turned into a line and column.
package enum PositionEncoding: String, Sendable, Hashable, CaseIterable {
    /// UTF-8 code units (bytes): LSP `utf-8`.
    case utf8 = "utf-8"
    /// UTF-16 code units: LSP's default `utf-16`, and SARIF's `utf16CodeUnits`.
    case utf16 = "utf-16"
    /// Unicode scalars: LSP `utf-32`, SARIF `unicodeCodePoints`, and the columns
    /// `rulebook check` prints.
    case unicodeScalars = "utf-32"
}

/// A 0-based line and a 0-based column in some ``PositionEncoding`` (an LSP `Position`).
package struct LinePosition: Hashable, Sendable, Comparable {
    /// The 0-based line.
    package var line: Int
    /// The 0-based column, in the encoding it was computed for.
    package var character: Int

    /// Creates a position.
    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    package static func < (lhs: LinePosition, rhs: LinePosition) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
}

extension LineTable {
    /// The line and column of `offset` (clamped to the text), columns counted in `encoding`.
    package func position(of offset: Int, in text: String, encoding: PositionEncoding) -> LinePosition {
        if encoding == .utf8 {
            let offset = Swift.max(0, Swift.min(offset, byteCount))
            let line = line(containing: offset)
            return LinePosition(line: line, character: offset - lineStarts[line])
        }
        let (line, column) = lineAndColumn(of: offset, in: text, utf16: encoding == .utf16)
        return LinePosition(line: line, character: column)
    }

    /// The number of lines (a text without a final line break still has its last line).
    package var lineCount: Int { lineStarts.count }

    /// The byte range of `line`'s content, without its line break.
    package func contentRange(ofLine line: Int, in text: String) -> SourceRange {
        let line = Swift.max(0, Swift.min(line, lineStarts.count - 1))
        let start = lineStarts[line]
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : byteCount
        let utf8 = text.utf8
        // Strip the terminator: "\n", "\r\n" or "\r".
        while end > start {
            let byte = utf8[utf8.index(utf8.startIndex, offsetBy: end - 1)]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { end -= 1 } else { break }
        }
        return SourceRange(start: start, end: end)
    }

    /// The byte offset of `position` (columns in `encoding`), clamped to the line's
    /// content as LSP asks: a column past the end means the end of the line, a line
    /// past the end means the end of the text.
    package func offset(of position: LinePosition, in text: String, encoding: PositionEncoding) -> Int {
        if position.line < 0 { return 0 }
        if position.line >= lineStarts.count { return byteCount }
        let content = contentRange(ofLine: position.line, in: text)
        if encoding == .utf8 {
            // Never land inside a scalar: back up to its first byte.
            var offset = content.start + Swift.max(0, Swift.min(position.character, content.length))
            let utf8 = text.utf8
            while offset > content.start && offset < content.end
                && (utf8[utf8.index(utf8.startIndex, offsetBy: offset)] & 0xC0) == 0x80
            {
                offset -= 1
            }
            return offset
        }
        let utf8 = text.utf8
        var index = utf8.index(utf8.startIndex, offsetBy: content.start)
        let end = utf8.index(utf8.startIndex, offsetBy: content.end)
        var offset = content.start
        var column = 0
        while index < end && column < position.character {
            let width = LineTable.scalarWidth(utf8[index])
            let units = (encoding == .utf16 && width == 4) ? 2 : 1
            if column + units > position.character { break }  // inside a surrogate pair
            column += units
            offset += width
            index = utf8.index(index, offsetBy: width, limitedBy: end) ?? end
        }
        return Swift.min(offset, content.end)
    }
}
