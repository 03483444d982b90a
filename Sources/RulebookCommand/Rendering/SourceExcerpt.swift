import Rulebook
import RulebookTooling

/// The source line under a diagnostic and the caret line beneath it, aligned on a
/// terminal: tabs are copied into the caret line, wide characters (CJK, emoji) take two
/// columns, combining marks none.
struct SourceExcerpt: Sendable, Equatable {
    /// The 1-based line number.
    let lineNumber: Int
    /// The line's text without its line break (tabs kept); on a long line, the part
    /// around the range with `…` where it was cut.
    let line: String
    /// Spaces (and tabs) up to the range, then `^` under every column of the range on
    /// this line; a single `^` for an empty range.
    let carets: String

    /// Lines up to this many bytes are shown whole; a longer line (a 2 MB generated
    /// line) is shown as a window around the range, cut at ``contextBytes`` on each side
    /// and marked with `…`, so one diagnostic prints a few hundred bytes, not megabytes.
    static let maxWholeLineBytes = 240
    /// How much of a long line is shown before and after the range.
    static let contextBytes = 80
    /// How much of a long range is underlined on a long line.
    static let maxUnderlinedBytes = 160

    /// The excerpt for `range` in `source`: a range spanning lines is underlined to the
    /// end of its first line.
    ///
    /// - Complexity: O(shown text), whatever the line's length.
    init(range: SourceRange, in source: SourceFile) {
        let lineIndex = source.lines.line(containing: range.start)
        let content = source.lines.contentRange(ofLine: lineIndex, in: source.text)
        let start = min(max(range.start, content.start), content.end)
        let end = min(max(range.end, start), content.end)
        var shown = content
        if content.end - content.start > Self.maxWholeLineBytes {
            let windowEnd = min(content.end, min(end, start + Self.maxUnderlinedBytes) + Self.contextBytes)
            shown = SourceRange(
                start: Self.scalarBoundary(max(content.start, start - Self.contextBytes), in: source),
                end: Self.scalarBoundary(windowEnd, in: source))
        }
        let cutBefore = shown.start > content.start, cutAfter = shown.end < content.end
        let before = source.text(in: SourceRange(start: shown.start, end: start))
        let inside = source.text(in: SourceRange(start: start, end: min(end, shown.end)))
        var carets = cutBefore ? " " : ""
        for scalar in before.unicodeScalars {
            carets += scalar == "\t" ? "\t" : String(repeating: " ", count: Self.width(of: scalar))
        }
        let underline = inside.unicodeScalars.reduce(0) { $0 + ($1 == "\t" ? 1 : Self.width(of: $1)) }
        carets += String(repeating: "^", count: max(1, underline))
        self.lineNumber = lineIndex + 1
        self.line = (cutBefore ? "…" : "") + source.text(in: shown) + (cutAfter ? "…" : "")
        self.carets = carets
    }

    /// `offset`, moved back to the start of the scalar it falls into.
    static func scalarBoundary(_ offset: Int, in source: SourceFile) -> Int {
        let utf8 = source.text.utf8
        var offset = min(max(offset, 0), utf8.count)
        while offset > 0, offset < utf8.count,
            utf8[utf8.index(utf8.startIndex, offsetBy: offset)] & 0xC0 == 0x80
        {
            offset -= 1
        }
        return offset
    }

    /// Terminal columns a scalar takes: 0 for combining marks, joiners and variation
    /// selectors; 2 for East Asian wide and fullwidth characters and emoji; else 1.
    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0xFE00...0xFE0F).contains(value) || value == 0x200D { return 0 }
        if value < 0x1100 { return 1 }
        let wideRanges: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x1F680...0x1F6FF, 0x20000...0x3FFFD,
        ]
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }
}
