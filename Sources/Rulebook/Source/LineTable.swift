/// The byte offsets where each line starts, for converting between offsets and
/// line/column positions.
///
/// Lines end at `\n`, `\r\n` or a lone `\r` (as LSP requires).
/// - Complexity: building is O(n) in the text's bytes; a lookup is O(log lines) plus
///   O(length of the line) to count columns.
package struct LineTable: Sendable, Hashable {
    /// The byte offset at which each line starts; the first is always 0.
    package let lineStarts: [Int]
    /// The text's length in bytes.
    package let byteCount: Int

    /// Scans `text` once for line breaks.
    package init(_ text: String) {
        // Performance: the language server builds a table for every version of a document
        // (and the workspace one per check), and iterating `String.UTF8View` is slow per
        // byte: the raw bytes are scanned (a bridged text is made contiguous first).
        var text = text
        lineStarts = text.withUTF8(LineTable.lineStarts(in:))
        byteCount = text.utf8.count
    }

    /// Where each line starts: after `\n`, after `\r\n` (one break), after a lone `\r`.
    static func lineStarts(in bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts = [0]
        starts.reserveCapacity(bytes.count / 32 + 1)
        var index = 0
        let count = bytes.count
        while index < count {
            // Performance: eight bytes at a time while none of them is a control
            // character (below 14, where `\n` and `\r` are): ≈ 1 instruction a byte
            // instead of ≈ 7 (the language server builds a table for every edit).
            if let base = bytes.baseAddress {
                while index + 8 <= count {
                    let flags = bytesBelow14(UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)))
                    if flags != 0 {
                        index += flags.trailingZeroBitCount >> 3  // straight to the first such byte
                        break
                    }
                    index += 8
                }
                if index >= count { break }
            }
            let byte = bytes[index]
            index += 1
            if byte > UInt8(ascii: "\r") { continue }  // neither break: nearly every byte
            if byte == UInt8(ascii: "\n") {
                starts.append(index)
            } else if byte == UInt8(ascii: "\r") {
                if index < count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
                starts.append(index)
            }
        }
        return starts
    }

    /// The high bit of each byte of `word` (bytes in little-endian order) that is below 14,
    /// and possibly of bytes above such a byte: a borrow only passes upwards, starting at a
    /// byte below 14, so the lowest set bit marks the first byte below 14 exactly (a byte
    /// of 0x80 or more is never marked), and no bit is set when there is none.
    @inline(__always)
    static func bytesBelow14(_ word: UInt64) -> UInt64 {
        (word &- 0x0E0E_0E0E_0E0E_0E0E) & ~word & 0x8080_8080_8080_8080
    }

    /// The 0-based line containing `offset` (clamped to the text).
    package func line(containing offset: Int) -> Int {
        let offset = Swift.max(0, Swift.min(offset, byteCount))
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The 0-based line and column of `offset` (clamped to the text), the column counted
    /// in Unicode scalars, or in UTF-16 code units when `utf16` is set.
    package func lineAndColumn(of offset: Int, in text: String, utf16: Bool = false) -> (line: Int, column: Int) {
        let offset = Swift.max(0, Swift.min(offset, byteCount))
        let line = line(containing: offset)
        // Performance: the checker asks for the location of every rule and statement it
        // checks, and stepping `String.UTF8View` indices is slow: the raw bytes are read.
        var text = text
        return (line, text.withUTF8 { LineTable.column(in: $0, from: lineStarts[line], to: offset, utf16: utf16) })
    }

    /// The column of `to` on a line starting at `from`: whole scalars (or their UTF-16
    /// lengths) only; an offset inside a multi-byte scalar counts that scalar as not yet
    /// reached.
    static func column(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int, utf16: Bool) -> Int {
        var column = 0
        var index = from
        while index < to {
            let lead = bytes[index]
            if lead < 0x80 {  // ASCII: nearly every byte of a rule file
                column += 1
                index += 1
                continue
            }
            let width = scalarWidth(lead)
            let next = Swift.min(index + width, bytes.count)
            if next > to { break }
            column += (utf16 && width == 4) ? 2 : 1
            index = next
        }
        return column
    }

    /// The number of bytes of the UTF-8 sequence that starts with `lead`.
    @inline(__always)
    package static func scalarWidth(_ lead: UInt8) -> Int {
        switch lead {
        case 0..<0x80: return 1
        case 0xC0..<0xE0: return 2
        case 0xE0..<0xF0: return 3
        case 0xF0...0xFF: return 4
        default: return 1  // a continuation byte where a lead was expected: count it alone
        }
    }
}
