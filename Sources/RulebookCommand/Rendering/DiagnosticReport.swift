import Rulebook
import RulebookTooling

/// What a diagnostic renderer prints: the diagnostics of one run, the source text of
/// each file they point into (for lines, columns and excerpts), and how many files
/// were checked (for the summary).
struct DiagnosticReport: Sendable {
    /// The diagnostics, in the order they are printed (file, then position).
    let diagnostics: [Diagnostic]
    /// Source text by ``SourceFile/path``.
    let sources: [String: SourceFile]
    /// The number of files checked.
    let fileCount: Int

    init(diagnostics: [Diagnostic], sources: [SourceFile], fileCount: Int) {
        self.diagnostics = diagnostics.sorted()
        var byPath: [String: SourceFile] = [:]
        for source in sources { byPath[source.path] = source }
        self.sources = byPath
        self.fileCount = fileCount
    }

    /// How many diagnostics have `severity`.
    func count(_ severity: Severity) -> Int { diagnostics.count { $0.severity == severity } }

    /// `2 errors, 1 warning in 6 files`, or `No problems found in 6 files.`
    var summary: String {
        let files = Self.plural(fileCount, "file")
        var parts: [String] = []
        if count(.error) > 0 { parts.append(Self.plural(count(.error), "error")) }
        if count(.warning) > 0 { parts.append(Self.plural(count(.warning), "warning")) }
        if count(.note) > 0 { parts.append(Self.plural(count(.note), "note")) }
        return parts.isEmpty ? "No problems found in \(files)." : parts.joined(separator: ", ") + " in \(files)"
    }

    /// `1 error`, `2 errors`, `0 files`, `2 fixes`.
    static func plural(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
    }

    /// The span of `range` in `file`: 1-based line and Unicode-scalar column of both
    /// ends (end exclusive), and the 0-based UTF-16 positions LSP clients use. `nil`
    /// when the file's text is unknown.
    func span(of range: SourceRange, in file: String) -> Span? {
        guard let source = sources[file] else { return nil }
        let start = source.location(of: range.start)
        let end = source.location(of: range.end)
        let utf16Start = source.lines.position(of: range.start, in: source.text, encoding: .utf16)
        let utf16End = source.lines.position(of: range.end, in: source.text, encoding: .utf16)
        return Span(start: start, end: end, utf16Start: utf16Start, utf16End: utf16End)
    }

    /// Both ends of a range, in the forms the renderers print.
    struct Span: Sendable, Equatable {
        /// 1-based line and scalar column of the first character.
        let start: SourceLocation
        /// 1-based line and scalar column just past the last character.
        let end: SourceLocation
        /// 0-based, UTF-16 (LSP's default encoding).
        let utf16Start: LinePosition
        let utf16End: LinePosition
    }
}
