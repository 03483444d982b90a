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

    /// The file's bytes when it is a JSON object, to map offsets inside decoded messages
    /// back to the file.
    package let json: [UInt8]?
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
        json = loader.json
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
    /// source ranges and bytes are `top`'s, and `bottom`'s other entries keep theirs.
    init(layering top: MessageCatalog, over bottom: MessageCatalog) {
        locale = top.locale
        file = top.file
        let own = Set(top.entries.map(\.key))
        entries = top.entries + bottom.entries.filter { !own.contains($0.key) }
        objectRange = top.objectRange
        diagnostics = top.diagnostics + bottom.diagnostics
        json = top.json
        messages = bottom.messages.merging(top.messages) { _, app in app }
        displayNames = bottom.displayNames.merging(top.displayNames) { _, app in app }
        fieldMessages = bottom.fieldMessages.merging(top.fieldMessages) { _, app in app }
    }

    /// The parsed message for `key`, if the catalogue defines it and it parses.
    package func message(forKey key: String) -> MessageFormat? { messages[key] }
}

/// A field path and a message key: the index of field-specific messages, hashed
/// without building the `path.key` string.
struct FieldMessageKey: Hashable, Sendable {
    let path: FieldPath
    let messageKey: String
}

/// Reads a catalogue's JSON (the tape keeps every member's source range, duplicates
/// included) and turns problems into diagnostics.
private struct CatalogLoader {
    let file: SourceFile
    var entries: [MessageCatalog.Entry] = []
    var objectRange: SourceRange?
    var diagnostics: [Diagnostic] = []
    var json: [UInt8]?

    init(file: SourceFile) { self.file = file }

    mutating func load() {
        let bytes = Array(file.text.utf8)
        var tape = JSONTape()
        do {
            try tape.parse(bytes)
        } catch {
            let offset = Swift.min(Swift.max(error.offset, 0), file.lines.byteCount)
            let end = Swift.min(offset + 1, file.lines.byteCount)
            diagnostics.append(
                Diagnostic(
                    file: file.path, range: SourceRange(start: offset, end: end), code: .catalogInvalidJSON,
                    message: "catalogue is not valid JSON: \(error.message)"))
            return
        }
        tape.withView(over: bytes) { view in
            guard let root = view.root else { return }
            guard view.kind(of: root) == .object else {
                diagnostics.append(
                    Diagnostic(
                        file: file.path, range: view.range(of: root), code: .catalogNotFlat,
                        message: "a catalogue must be one JSON object mapping keys to message strings"))
                return
            }
            objectRange = view.range(of: root)
            json = bytes
            var firstRange: [String: SourceRange] = [:]
            for member in view.members(of: root) {
                add(member, of: view, bytes: bytes, firstRange: &firstRange)
            }
        }
    }

    /// One `"key": value` member: an entry when the value is a message string.
    private mutating func add(
        _ member: JSONTape.Member, of view: JSONTape.View, bytes: [UInt8], firstRange: inout [String: SourceRange]
    ) {
        let key = view.string(of: member.key) ?? ""
        let keyRange = view.range(of: member.key), valueRange = view.range(of: member.value)
        guard view.kind(of: member.value) == .string, let text = view.string(of: member.value) else {
            diagnostics.append(
                Diagnostic(
                    file: file.path, range: valueRange, code: .catalogNotFlat,
                    message:
                        "the value of '\(key)' must be a message string; catalogues are flat (no nested objects, arrays, numbers or null)"
                ))
            return
        }
        if let first = firstRange[key] {
            diagnostics.append(
                Diagnostic(
                    file: file.path, range: keyRange, code: .catalogDuplicateKey,
                    message: "'\(key)' is defined twice; the later message wins",
                    notes: [Note(message: "first defined here", file: file.path, range: first)]))
        } else {
            firstRange[key] = keyRange
        }
        var format: MessageFormat?
        switch MessageFormat.parse(text) {
        case .success(let parsed):
            format = parsed
        case .failure(let error):
            let range = JSONStringMapping.sourceRange(forDecoded: error.range, inStringAt: valueRange, in: bytes)
            diagnostics.append(
                Diagnostic(
                    file: file.path, range: range, code: .messageSyntax,
                    message: "message '\(key)': \(error.message)"))
        }
        entries.append(MessageCatalog.Entry(key: key, keyRange: keyRange, text: text, valueRange: valueRange, format: format))
    }
}
