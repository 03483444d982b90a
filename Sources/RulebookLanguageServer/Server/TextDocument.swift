import Rulebook
import RulebookTooling

/// An open document: its text at one version, with the line table that converts between
/// byte offsets (what the library speaks) and LSP positions (what the editor speaks).
///
/// A value: every edit makes a new document, so a snapshot handed to a request or an
/// analysis never changes under it.
struct TextDocument: Sendable {
    /// The URI as the client sent it (answers echo it back unchanged).
    let uri: String
    /// The client's version number.
    let version: Int
    /// `rulebook`, `json`, … as the client said.
    let languageID: String
    /// The text, named by its file path (or by the URI when it has no path), as the
    /// library's diagnostics name it.
    let source: SourceFile

    /// Creates a document.
    init(uri: String, version: Int, languageID: String, text: String) {
        self.uri = uri
        self.version = version
        self.languageID = languageID
        self.source = SourceFile(path: DocumentURI.path(fromURI: uri) ?? uri, text: text)
    }

    /// The text.
    var text: String { source.text }
    /// The file path the library knows the document by.
    var path: String { source.path }

    /// Whether this document is a message catalogue (a `.json` file) rather than rules.
    var isCatalogue: Bool { path.hasSuffix(".json") || languageID == "json" || languageID == "jsonc" }

    /// The document after `changes`, applied in order as LSP requires (each range refers
    /// to the text after the previous change). Out-of-range positions are clamped; a
    /// range whose end precedes its start is read backwards.
    func applying(_ changes: [TextDocumentContentChange], version: Int, encoding: PositionEncoding) -> TextDocument {
        var text = self.text
        var lines = source.lines
        for (index, change) in changes.enumerated() {
            // Performance: the next change's positions need the new text's line table; after
            // the last change the new document builds its own (one scan per edit, not two).
            let needsLines = index < changes.count - 1
            guard let range = change.range else {
                text = change.text
                if needsLines { lines = LineTable(text) }
                continue
            }
            var start = lines.offset(of: range.start, in: text, encoding: encoding)
            var end = lines.offset(of: range.end, in: text, encoding: encoding)
            if end < start { swap(&start, &end) }
            text = TextDocument.replacing(bytes: start..<end, in: text, with: change.text)
            if needsLines { lines = LineTable(text) }
        }
        return TextDocument(uri: uri, version: version, languageID: languageID, text: text)
    }

    /// `text` with the UTF-8 byte range replaced (offsets are scalar boundaries, as
    /// ``LineTable/offset(of:in:encoding:)`` guarantees).
    ///
    /// Performance: splices the strings themselves (memory copies of already valid UTF-8)
    /// instead of copying bytes into an array and decoding it again, which validated the
    /// whole 190 KB text on every keystroke (two thirds of an edit's cost here).
    static func replacing(bytes range: Range<Int>, in text: String, with replacement: String) -> String {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let upper = utf8.index(utf8.startIndex, offsetBy: range.upperBound)
        var result = String()
        result.reserveCapacity(utf8.count - range.count + replacement.utf8.count)
        result.append(contentsOf: text[utf8.startIndex..<lower])
        result.append(replacement)
        result.append(contentsOf: text[upper..<utf8.endIndex])
        return result
    }
}

/// Conversions between byte offsets and LSP positions for one text, in the session's
/// encoding.
struct PositionConverter: Sendable {
    /// The text and its line table.
    let source: SourceFile
    /// The negotiated encoding.
    let encoding: PositionEncoding

    init(source: SourceFile, encoding: PositionEncoding) {
        self.source = source
        self.encoding = encoding
    }

    /// The byte offset of a position (clamped).
    func offset(of position: LinePosition) -> Int {
        source.lines.offset(of: position, in: source.text, encoding: encoding)
    }

    /// The position of a byte offset (clamped).
    func position(of offset: Int) -> LinePosition {
        source.lines.position(of: offset, in: source.text, encoding: encoding)
    }

    /// The LSP range of a byte range.
    func range(of range: SourceRange) -> LSPRange {
        LSPRange(start: position(of: range.start), end: position(of: range.end))
    }

    /// The byte range of an LSP range (ordered, clamped).
    func sourceRange(of range: LSPRange) -> SourceRange {
        let start = offset(of: range.start), end = offset(of: range.end)
        return SourceRange(start: Swift.min(start, end), end: Swift.max(start, end))
    }
}

extension TextDocument {
    /// Converts positions of this document in `encoding`.
    func converter(_ encoding: PositionEncoding) -> PositionConverter {
        PositionConverter(source: source, encoding: encoding)
    }
}
