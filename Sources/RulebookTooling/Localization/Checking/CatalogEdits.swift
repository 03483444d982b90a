import Rulebook

/// Edits to catalogue files, for fix-its: the checker's `unknown-message-key` fix adds
/// the missing key to the base catalogue.
package enum CatalogEdits {
    /// A fix that adds `"key": "message"` to the catalogue whose text is `text`, at
    /// `path` (usually `Localizations/en.json`).
    ///
    /// The member goes after the last member sharing the key's first dotted component
    /// (`address.stateCode` joins `address.postcodeFormat`), else after the last
    /// message that is not a display name, else at the end; indentation follows the
    /// file. When `text` is nil (no such file yet) the fix creates the file.
    package static func insertKey(_ key: String, message: String, intoCatalogAt path: String, text: String?) -> FixIt {
        let title = "Add '\(key)' to \(path)"
        let member = quoted(key) + ": " + quoted(message)
        guard let text else {
            return FixIt(message: title, edits: [TextEdit(file: path, range: .empty(at: 0), replacement: "{\n  \(member)\n}\n")])
        }
        guard let document = try? JSONDocument(parsing: text), case .object(let members) = document.root.content else {
            // Not a JSON object: nothing sensible to insert into; offer the member on its own line at the end.
            let end = text.utf8.count
            return FixIt(message: title, edits: [TextEdit(file: path, range: .empty(at: end), replacement: member + "\n")])
        }
        guard let anchor = anchor(for: key, in: members) else {
            let open = document.root.range.start + 1
            return FixIt(message: title, edits: [TextEdit(file: path, range: .empty(at: open), replacement: "\n  \(member)\n")])
        }
        let indentation = self.indentation(before: anchor.keyRange.start, in: document.source)
        return FixIt(
            message: title,
            edits: [
                TextEdit(
                    file: path, range: .empty(at: anchor.value.range.end),
                    replacement: ",\n" + indentation + member)
            ])
    }

    /// The member to insert after.
    private static func anchor(for key: String, in members: [JSONDocument.Member]) -> JSONDocument.Member? {
        let namespace = key.split(separator: ".").first.map(String.init) ?? key
        if key.contains("."),
            let sibling = members.last(where: { $0.key.hasPrefix(namespace + ".") && !$0.key.hasPrefix(CatalogKey.displayNamePrefix) })
        {
            return sibling
        }
        return members.last { !$0.key.hasPrefix(CatalogKey.displayNamePrefix) } ?? members.last
    }

    /// The spaces and tabs between the start of the line and `offset`.
    private static func indentation(before offset: Int, in source: [UInt8]) -> String {
        var start = Swift.min(offset, source.count)
        while start > 0, source[start - 1] == UInt8(ascii: " ") || source[start - 1] == UInt8(ascii: "\t") { start -= 1 }
        guard start == 0 || source[start - 1] == UInt8(ascii: "\n") || source[start - 1] == UInt8(ascii: "\r") else { return "  " }
        return String(decoding: source[start..<Swift.min(offset, source.count)], as: UTF8.self)
    }

    /// `text` as a JSON string literal (non-ASCII kept as is).
    static func quoted(_ text: String) -> String {
        var buffer: [UInt8] = []
        JSONWriter.appendJSONString(text, into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }
}
