import Rulebook

// What an editor needs beyond line and column: a line's content, and the byte offset of
// an LSP position.

extension LineTable {
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
