import Rulebook
import RulebookTooling

/// `textDocument/formatting`: the library's formatter (what `rulebook fmt` writes), sent
/// as one edit covering only the part that changes, so the editor keeps the cursor and
/// undo history outside it. A file with syntax errors is not formatted (`null`).
enum Formatting {
    static let method = "textDocument/formatting"

    static let route = Route.typed(DocumentParams.self) { params, context in
        let analysis = try await context.analysis(params.textDocument.uri)
        guard let tree = analysis.tree, let formatted = Formatter.format(tree) else { return .null }
        let converter = analysis.document.converter(context.encoding)
        return .array(
            edits(from: analysis.document.text, to: formatted).map { edit in
                LSPTextEdit(range: converter.range(of: edit.range), newText: edit.replacement).json
            })
    }

    /// The smallest single replacement turning `old` into `new` (common prefix and suffix
    /// kept), cut at scalar boundaries; empty when they are equal.
    static func edits(from old: String, to new: String) -> [(range: SourceRange, replacement: String)] {
        let a = Array(old.utf8), b = Array(new.utf8)
        guard a != b else { return [] }
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        // Never split a multi-byte scalar or a CRLF pair.
        while prefix > 0 && (isContinuation(a, prefix) || isContinuation(b, prefix) || splitsCRLF(a, prefix) || splitsCRLF(b, prefix)) {
            prefix -= 1
        }
        while suffix > 0
            && (isContinuation(a, a.count - suffix) || isContinuation(b, b.count - suffix)
                || splitsCRLF(a, a.count - suffix) || splitsCRLF(b, b.count - suffix))
        { suffix -= 1 }
        let replacement = String(decoding: b[prefix..<(b.count - suffix)], as: UTF8.self)
        return [(SourceRange(start: prefix, end: a.count - suffix), replacement)]
    }

    private static func isContinuation(_ bytes: [UInt8], _ index: Int) -> Bool {
        index < bytes.count && (bytes[index] & 0xC0) == 0x80
    }

    private static func splitsCRLF(_ bytes: [UInt8], _ index: Int) -> Bool {
        index > 0 && index < bytes.count && bytes[index - 1] == UInt8(ascii: "\r") && bytes[index] == UInt8(ascii: "\n")
    }
}
