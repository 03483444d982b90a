/// One locale's catalogue (`Localizations/<locale>.json`), parsed once: every message
/// is an immutable ``MessageFormat``, indexed by the key scheme of ``CatalogKey``.
///
/// Loading never fails: a file that is not JSON, not a flat object of strings, or
/// holds messages that do not parse still yields a catalogue (with what could be
/// read) and ``diagnostics`` pointing at exact ranges in the file.
package struct MessageCatalog: Sendable {
    /// The canonical locale tag (from the file name).
    package let locale: String
    /// The file as read; ranges in ``entries`` and ``diagnostics`` refer to it.
    package let file: SourceFile
    /// The string members in file order (duplicates included).
    package let entries: [Entry]
    /// The root object's range (`{` … `}`), when the file is a JSON object.
    package let objectRange: SourceRange?
    /// Problems found while loading (JSON, shape, duplicate keys, message syntax).
    package let diagnostics: [Diagnostic]

    /// The located JSON, to map offsets inside decoded messages back to the file.
    let document: JSONDocument?
    let messages: [String: MessageFormat]
    let displayNames: [FieldPath: MessageFormat]
    let fieldMessages: [FieldMessageKey: MessageFormat]

    /// One `"key": "message"` member.
    package struct Entry: Sendable {
        package let key: String
        /// The key's range, quotes included.
        package let keyRange: SourceRange
        /// The decoded message text.
        package let text: String
        /// The string literal's range, quotes included.
        package let valueRange: SourceRange
        /// The parsed message; nil when it has a syntax error (see ``MessageCatalog/diagnostics``).
        package let format: MessageFormat?
    }

    /// Parses `text`, the contents of the catalogue file at `path`, for `locale`.
    package init(locale: String, path: String, text: String) {
        self.locale = LocaleTag.canonical(locale)
        file = SourceFile(path: path, text: text)
        var loader = CatalogLoader(file: file)
        loader.load()
        entries = loader.entries
        objectRange = loader.objectRange
        diagnostics = loader.diagnostics
        document = loader.document
        var messages: [String: MessageFormat] = [:]
        var displayNames: [FieldPath: MessageFormat] = [:]
        var fieldMessages: [FieldMessageKey: MessageFormat] = [:]
        for entry in entries {
            guard let format = entry.format else { continue }
            messages[entry.key] = format
            switch CatalogKey.meaning(of: entry.key) {
            case .displayName(let path): displayNames[path] = format
            case .fieldSpecific(let path, let key): fieldMessages[FieldMessageKey(path: path, messageKey: key)] = format
            case .message: break
            }
        }
        self.messages = messages
        self.displayNames = displayNames
        self.fieldMessages = fieldMessages
    }

    /// `top`'s entries over `bottom`'s (same locale): a key of `top` wins; the file,
    /// source ranges and document are `top`'s, and `bottom`'s other entries keep theirs.
    init(layering top: MessageCatalog, over bottom: MessageCatalog) {
        locale = top.locale
        file = top.file
        let own = Set(top.entries.map(\.key))
        entries = top.entries + bottom.entries.filter { !own.contains($0.key) }
        objectRange = top.objectRange
        diagnostics = top.diagnostics + bottom.diagnostics
        document = top.document
        messages = bottom.messages.merging(top.messages) { _, app in app }
        displayNames = bottom.displayNames.merging(top.displayNames) { _, app in app }
        fieldMessages = bottom.fieldMessages.merging(top.fieldMessages) { _, app in app }
    }

    /// The parsed message for `key`, if the catalogue defines it and it parses.
    package func message(forKey key: String) -> MessageFormat? { messages[key] }

    /// Every key with a string value, in file order, without repeats.
    package var keys: [String] {
        var seen: Set<String> = []
        return entries.map(\.key).filter { seen.insert($0).inserted }
    }

    /// The file range of the UTF-8 range `decoded` inside `entry`'s decoded message
    /// (escapes such as `\n` or `\u00e9` make the two differ).
    package func sourceRange(ofDecoded decoded: Range<Int>, in entry: Entry) -> SourceRange {
        guard let document else { return entry.valueRange }
        return document.sourceRange(forDecoded: decoded, inStringAt: entry.valueRange)
    }

    /// The last entry for `key`.
    package func entry(forKey key: String) -> Entry? { entries.last { $0.key == key } }
}

/// A field path and a message key: the index of field-specific messages, hashed
/// without building the `path.key` string.
struct FieldMessageKey: Hashable, Sendable {
    let path: FieldPath
    let messageKey: String
}

/// Reads a catalogue's JSON with source ranges and turns problems into diagnostics.
private struct CatalogLoader {
    let file: SourceFile
    var entries: [MessageCatalog.Entry] = []
    var objectRange: SourceRange?
    var diagnostics: [Diagnostic] = []
    var document: JSONDocument?

    init(file: SourceFile) { self.file = file }

    mutating func load() {
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: file.text)
        } catch {
            let offset = Swift.min(Swift.max(error.offset, 0), file.lines.byteCount)
            let end = Swift.min(offset + 1, file.lines.byteCount)
            diagnostics.append(
                Diagnostic(
                    file: file.path, range: SourceRange(start: offset, end: end), code: .catalogInvalidJSON,
                    message: "catalogue is not valid JSON: \(error.message)"))
            return
        }
        guard case .object(let members) = document.root.content else {
            diagnostics.append(
                Diagnostic(
                    file: file.path, range: document.root.range, code: .catalogNotFlat,
                    message: "a catalogue must be one JSON object mapping keys to message strings"))
            return
        }
        objectRange = document.root.range
        self.document = document
        var firstRange: [String: SourceRange] = [:]
        for member in members {
            guard case .string(let text) = member.value.content else {
                diagnostics.append(
                    Diagnostic(
                        file: file.path, range: member.value.range, code: .catalogNotFlat,
                        message:
                            "the value of '\(member.key)' must be a message string; catalogues are flat (no nested objects, arrays, numbers or null)"
                    ))
                continue
            }
            if let first = firstRange[member.key] {
                diagnostics.append(
                    Diagnostic(
                        file: file.path, range: member.keyRange, code: .catalogDuplicateKey,
                        message: "'\(member.key)' is defined twice; the later message wins",
                        notes: [Note(message: "first defined here", file: file.path, range: first)]))
            } else {
                firstRange[member.key] = member.keyRange
            }
            var format: MessageFormat?
            switch MessageFormat.parse(text) {
            case .success(let parsed):
                format = parsed
            case .failure(let error):
                let range = document.sourceRange(forDecoded: error.range, inStringAt: member.value.range)
                diagnostics.append(
                    Diagnostic(
                        file: file.path, range: range, code: .messageSyntax,
                        message: "message '\(member.key)': \(error.message)"))
            }
            entries.append(
                MessageCatalog.Entry(
                    key: member.key, keyRange: member.keyRange, text: text,
                    valueRange: member.value.range, format: format))
        }
    }
}
