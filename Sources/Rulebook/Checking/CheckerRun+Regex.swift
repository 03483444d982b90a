import RulebookRegex

// Patterns are compiled once, here; their errors point at the offending characters in
// the rule file.

extension CheckerRun {
    /// The flags a pattern literal may carry, all honoured by the engine
    /// (docs/regex.md): `i` ignores case, `s` lets `.` match `\n`, `u` changes nothing
    /// (matching is always Unicode). `m` is refused by the engine with its own reason.
    static let patternFlags: Set<Character> = ["i", "s", "u"]

    /// Compiles `/pattern/flags`, or reports why it cannot run.
    func compilePattern(
        _ pattern: String, flags: String, patternRange: SourceRange, argument: ArgumentSyntax,
        in source: SourceFile
    ) -> RuleArgument? {
        // An unterminated literal (reported by the lexer) runs to the end of its line: its
        // "pattern" is not what the user meant, so compiling it would only add noise.
        guard patternRange.end < argument.range.end else { return nil }
        guard checkFlags(flags, patternRange: patternRange, argument: argument, in: source) else { return nil }
        do {
            return .regex(try compiled(pattern, flags: flags).get(), source: pattern)
        } catch {
            let map = PatternOffsetMap(
                pattern: pattern, raw: Array(source.text(in: patternRange).utf8), base: patternRange.start,
                limit: argument.range.end)
            let range = map.fileRange(of: error.range)
            switch error.kind {
            case .syntax:
                report(source.path, range, .invalidRegex, "invalid regular expression: \(error.message)")
            case .unsupported:
                report(source.path, range, .unsupportedRegex, error.message)
            case .tooComplex:
                report(source.path, range, .limitExceeded, error.message)
            }
            return nil
        }
    }

    /// The pattern compiled once per check, however often it is written, and once across
    /// checks when the options carry a ``PatternCache``.
    ///
    /// Performance: generated and real rule files repeat the same few patterns on many
    /// fields; compiling each occurrence was an eighth of the checker's time. A failure is
    /// cached too and still reported at every occurrence. The run's own table is looked
    /// at first, so a shared cache's lock is taken once per distinct pattern.
    private func compiled(_ pattern: String, flags: String) -> Result<Pattern, PatternError> {
        let key = PatternKey(source: pattern, flags: flags)
        if let cached = patterns[key] { return cached }
        let compile = { Result { () throws(PatternError) in try Pattern(pattern, flags: flags) } }
        let result = options.patternCache?.compilation(of: key, compile: compile) ?? compile()
        patterns[key] = result
        return result
    }

    /// Reports flags other than ``patternFlags``, and repeated ones, at the flag itself.
    private func checkFlags(_ flags: String, patternRange: SourceRange, argument: ArgumentSyntax, in source: SourceFile) -> Bool {
        guard !flags.isEmpty else { return true }
        // The flags follow the closing slash; when the literal is not laid out as expected
        // (recovery), fall back to the whole argument.
        let flagsStart = patternRange.end + 1
        let laidOut = flagsStart + flags.utf8.count == argument.range.end
        var seen: Set<Character> = []
        var offset = flagsStart
        var valid = true
        for flag in flags {
            let width = String(flag).utf8.count
            let range = laidOut ? SourceRange(start: offset, end: offset + width) : argument.range
            let removal = [FixIt(message: "Remove the flag '\(flag)'", edits: [TextEdit(file: source.path, range: range, replacement: "")])]
            if !CheckerRun.patternFlags.contains(flag) {
                report(
                    source.path, range, .invalidRegex,
                    "unknown pattern flag '\(flag)'; the flags are 'i' (ignore case), 's' (dot matches newline) and 'u' (Unicode, always on)",
                    fixIts: laidOut ? removal : [])
                valid = false
            } else if !seen.insert(flag).inserted {
                report(source.path, range, .invalidRegex, "pattern flag '\(flag)' is given twice", fixIts: laidOut ? removal : [])
                valid = false
            }
            offset += width
        }
        return valid
    }
}

/// A pattern as written: what ``CheckerRun/patterns`` caches compilations by.
struct PatternKey: Hashable {
    let source: String
    let flags: String
}

/// Maps UTF-8 offsets in a pattern string to offsets in the rule file.
///
/// The parser hands the bytes between the slashes over verbatim, so the map is normally
/// the identity plus the literal's start. It still aligns the two byte by byte, so that a
/// parser that decoded `\/` to `/` would not shift every later position: equal bytes map
/// one to one and a backslash in the file that the pattern lacks is skipped. Offsets past
/// the pattern (the engine reports a bad flag at `count + 1 + k`, where it sits in
/// `/source/flags`) continue past the closing slash, never beyond `limit`.
struct PatternOffsetMap {
    /// File offset (relative to `base`) of each pattern offset `0...pattern.utf8.count`.
    private let offsets: [Int]
    private let base: Int
    private let limit: Int

    init(pattern: String, raw: [UInt8], base: Int, limit: Int) {
        let bytes = Array(pattern.utf8)
        var offsets = [Int](repeating: 0, count: bytes.count + 1)
        var rawIndex = 0
        for index in bytes.indices {
            if rawIndex < raw.count, raw[rawIndex] != bytes[index], raw[rawIndex] == UInt8(ascii: "\\"),
                rawIndex + 1 < raw.count, raw[rawIndex + 1] == bytes[index]
            {
                offsets[index] = rawIndex  // an escape the parser decoded: point at the backslash
                rawIndex += 2
                continue
            }
            offsets[index] = min(rawIndex, raw.count)
            rawIndex += 1
        }
        offsets[bytes.count] = raw.count
        self.offsets = offsets
        self.base = base
        self.limit = Swift.max(limit, base + raw.count)
    }

    /// The file offset of a pattern offset.
    private func fileOffset(_ offset: Int) -> Int {
        let last = offsets.count - 1
        if offset <= 0 { return base }
        if offset <= last { return base + offsets[offset] }
        return Swift.min(base + offsets[last] + (offset - last), limit)
    }

    /// The file range of a pattern range.
    func fileRange(of range: Range<Int>) -> SourceRange {
        let start = fileOffset(range.lowerBound)
        return SourceRange(start: start, end: Swift.max(start, fileOffset(range.upperBound)))
    }
}
