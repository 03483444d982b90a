// Decoded-text offsets → source offsets. The ICU message parser reports errors at UTF-8
// offsets inside a message's *decoded* text; escapes (`\n`, `\u00e9`, `\"`) make those
// differ from offsets in the `.json` file, so diagnostics are mapped back here.

package enum JSONStringMapping {
    /// The source offset of the decoded UTF-8 offset `decodedOffset` inside the string
    /// literal at `range` of `source` (quotes included).
    ///
    /// A decoded offset that falls on a character produced by an escape maps to the
    /// escape's backslash; the decoded length maps to the closing quote; offsets are
    /// clamped to the string.
    package static func sourceOffset(forDecodedOffset decodedOffset: Int, inStringAt range: SourceRange, in source: [UInt8]) -> Int {
        map(source, decodedOffset, range, roundUp: false)
    }

    /// The source range covering the decoded UTF-8 range `decoded` inside the string
    /// literal at `range` of `source`: its start maps like
    /// ``sourceOffset(forDecodedOffset:inStringAt:in:)``,
    /// its end rounds up to cover a partly included escape.
    package static func sourceRange(forDecoded decoded: Range<Int>, inStringAt range: SourceRange, in source: [UInt8]) -> SourceRange {
        let start = map(source, decoded.lowerBound, range, roundUp: false)
        let end = map(source, decoded.upperBound, range, roundUp: true)
        return SourceRange(start: start, end: Swift.max(start, end))
    }

    /// Walks the literal's raw bytes, advancing the decoded position by each escape's
    /// decoded length.
    static func map(_ source: [UInt8], _ decodedOffset: Int, _ range: SourceRange, roundUp: Bool) -> Int {
        let contentStart = Swift.max(0, Swift.min(range.start + 1, source.count))
        let contentEnd = Swift.max(contentStart, Swift.min(range.end - 1, source.count))
        var raw = contentStart
        var decoded = 0
        let target = Swift.max(0, decodedOffset)
        while raw < contentEnd && decoded < target {
            guard source[raw] == ASCII.backslash, raw + 1 < contentEnd else {
                raw += 1
                decoded += 1
                continue
            }
            let (rawLength, decodedLength) = escapeLengths(source, raw, contentEnd)
            if target < decoded + decodedLength {
                return roundUp ? raw + rawLength : raw  // inside the escape's output
            }
            raw += rawLength
            decoded += decodedLength
        }
        return raw
    }

    /// The source and decoded byte lengths of the escape whose backslash is at `index`.
    static func escapeLengths(_ source: [UInt8], _ index: Int, _ end: Int) -> (raw: Int, decoded: Int) {
        guard source[index + 1] == 0x75, index + 6 <= end else { return (2, 1) }  // not \u
        var unit: UInt32 = 0
        for offset in 2..<6 { unit = unit << 4 | (JSONScan.hexValue(source[index + offset]) ?? 0) }
        switch unit {
        case 0..<0x80: return (6, 1)
        case 0x80..<0x800: return (6, 2)
        case 0xD800..<0xDC00 where index + 12 <= end: return (12, 4)  // a surrogate pair
        default: return (6, 3)
        }
    }
}
