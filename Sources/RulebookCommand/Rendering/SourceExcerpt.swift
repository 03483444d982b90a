import Rulebook

/// The source line under a diagnostic and the caret line beneath it, aligned on a
/// terminal: tabs are copied into the caret line, wide characters (CJK, emoji) take two
/// columns, combining marks none.
struct SourceExcerpt: Sendable, Equatable {
    /// The 1-based line number.
    let lineNumber: Int
    /// The line's text without its line break (tabs kept).
    let line: String
    /// Spaces (and tabs) up to the range, then `^` under every column of the range on
    /// this line; a single `^` for an empty range.
    let carets: String

    /// The excerpt for `range` in `source`: a range spanning lines is underlined to the
    /// end of its first line.
    init(range: SourceRange, in source: SourceFile) {
        let lineIndex = source.lines.line(containing: range.start)
        let content = source.lines.contentRange(ofLine: lineIndex, in: source.text)
        let lineText = String(source.text(in: content))
        let start = min(max(range.start, content.start), content.end)
        let end = min(max(range.end, start), content.end)
        let before = source.text(in: SourceRange(start: content.start, end: start))
        let inside = source.text(in: SourceRange(start: start, end: end))
        var carets = ""
        for scalar in before.unicodeScalars {
            carets += scalar == "\t" ? "\t" : String(repeating: " ", count: Self.width(of: scalar))
        }
        let underline = inside.unicodeScalars.reduce(0) { $0 + ($1 == "\t" ? 1 : Self.width(of: $1)) }
        carets += String(repeating: "^", count: max(1, underline))
        self.lineNumber = lineIndex + 1
        self.line = lineText
        self.carets = carets
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
