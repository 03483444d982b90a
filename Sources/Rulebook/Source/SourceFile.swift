/// One source text with its name and a precomputed line table.
///
/// A `SourceFile` is immutable; an edited document is a new `SourceFile`.
package struct SourceFile: Sendable, Hashable {
    /// The file name as the user gave it (a relative or absolute path, or a URI for
    /// editor buffers). It is what diagnostics print.
    package let path: String
    /// The whole text.
    package let text: String
    /// Line starts, for converting offsets to line and column.
    package let lines: LineTable

    /// Creates a source file, scanning `text` once for line breaks.
    package init(path: String, text: String) {
        self.path = path
        self.text = text
        self.lines = LineTable(text)
    }

    /// Equal path and text (the line table follows from the text).
    package static func == (lhs: SourceFile, rhs: SourceFile) -> Bool {
        lhs.path == rhs.path && lhs.text == rhs.text
    }

    /// Hashes the path and the text.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(text)
    }

    /// The text of `range` (clamped to the file, never trapping).
    package func text(in range: SourceRange) -> Substring {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: Swift.max(0, Swift.min(range.start, utf8.count)))
        let end = utf8.index(utf8.startIndex, offsetBy: Swift.max(0, Swift.min(range.end, utf8.count)))
        return text[start..<end]
    }

    /// The 1-based line and 1-based Unicode-scalar column of `offset`, for messages
    /// like `Rules/profile.rules:2:23`.
    package func location(of offset: Int) -> SourceLocation {
        let (line, column) = lines.lineAndColumn(of: offset, in: text)
        return SourceLocation(file: path, line: line + 1, column: column + 1)
    }

    /// Where `diagnostic` starts in this file (the diagnostic's ``Diagnostic/file`` is
    /// this file's ``path``).
    package func location(of diagnostic: Diagnostic) -> SourceLocation {
        location(of: diagnostic.range.start)
    }
}

/// A human-facing place in a file: 1-based line and 1-based column counted in Unicode
/// scalars (what SARIF calls `unicodeCodePoints`).
public struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The file name, as the rules were loaded.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column in Unicode scalars.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }
}
