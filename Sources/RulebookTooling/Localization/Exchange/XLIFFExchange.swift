import Rulebook
import RulebookMessageFormat

/// Exchange of catalogues with translators as XLIFF 2.0 (OASIS, namespace
/// `urn:oasis:names:tc:xliff:document:2.0`): `rulebook catalogs export --format xliff`
/// and `rulebook catalogs import FILE` call these.
///
/// One `<unit>` per key of the base catalogue, in the base's order: `name` is the key
/// (unit ids are NMTOKENs, so keys such as `field.items[*].sku` are carried in `name`),
/// `<source>` the base message, `<target>` the current translation when the target
/// catalogue has one, and a `<note>` naming the parameters and the plural categories
/// the target language needs. Messages travel as ICU MessageFormat text.
package enum XLIFFExchange {
    static let namespace = "urn:oasis:names:tc:xliff:document:2.0"

    /// The XLIFF 2.0 document for translating the base catalogue into `targetLocale`.
    package static func export(_ catalogs: MessageCatalogs, targetLocale: String) -> String {
        let target = LocaleTag.canonical(targetLocale)
        let base = catalogs.base
        let translation = catalogs.catalogs[target]
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<xliff xmlns=\"\(namespace)\" version=\"2.0\" srcLang=\"\(escape(MessageCatalogs.baseLocale))\" trgLang=\"\(escape(target))\">\n"
        xml += "  <file id=\"f1\" original=\"\(escape(base?.file.path ?? "en.json"))\">\n"
        var usedIDs: Set<String> = []
        let categories = PluralRules.forLocale(target).categories.map(\.rawValue).joined(separator: ", ")
        for key in base?.keys ?? [] {
            guard let entry = base?.entry(forKey: key) else { continue }
            let id = uniqueID(for: key, used: &usedIDs)
            let current = translation?.entry(forKey: key)?.text
            xml += "    <unit id=\"\(escape(id))\" name=\"\(escape(key))\">\n"
            xml += "      <notes>\n"
            xml += "        <note category=\"parameters\">\(escape(parameterNote(for: key, format: entry.format)))</note>\n"
            if entry.format?.pluralCases.isEmpty == false {
                xml +=
                    "        <note category=\"plural\">\(escape("Plural categories for \(target) (CLDR \(PluralRules.cldrVersion)): \(categories)."))</note>\n"
            }
            xml += "      </notes>\n"
            xml += "      <segment state=\"\(current == nil ? "initial" : "translated")\">\n"
            xml += "        <source>\(escape(entry.text))</source>\n"
            if let current { xml += "        <target>\(escape(current))</target>\n" }
            xml += "      </segment>\n"
            xml += "    </unit>\n"
        }
        xml += "  </file>\n</xliff>\n"
        return xml
    }

    /// What an import produced.
    package struct ImportResult: Sendable {
        /// The target language of the XLIFF file (`trgLang`).
        package let locale: String
        /// The catalogue text to write to `Localizations/<locale>.json`.
        package let json: String
        /// The keys whose translations the file carried.
        package let importedKeys: [String]
        /// Problems in the imported messages (syntax errors), at ranges in ``json``;
        /// run ``CatalogChecker`` over the written file for the full checks.
        package let diagnostics: [Diagnostic]
    }

    /// Reads an XLIFF 2.0 file and merges its translations into the existing catalogue
    /// text of its target locale (nil when there is none yet). Keys keep the base
    /// catalogue's order, then the rest sorted; the output is pretty-printed JSON.
    /// Units without a `<target>`, or with an empty one, leave the catalogue unchanged.
    package static func importXLIFF(
        _ xliff: String, catalogs: MessageCatalogs, existing: String?,
        path: String? = nil
    ) throws(XLIFFError) -> ImportResult {
        let root: XMLElement
        do { root = try XMLReader.parse(xliff) } catch { throw XLIFFError(message: "not well-formed XML: \(error)") }
        guard root.name == "xliff" else { throw XLIFFError(message: "the root element is <\(root.name)>, not <xliff>") }
        guard root.attributes["version"]?.hasPrefix("2.") == true else {
            throw XLIFFError(message: "only XLIFF 2.x is supported (version=\"\(root.attributes["version"] ?? "")\")")
        }
        guard let target = root.attributes["trgLang"], !target.isEmpty else { throw XLIFFError(message: "the file has no trgLang") }
        let locale = LocaleTag.canonical(target)
        var translations: [(key: String, text: String)] = []
        for file in root.elements(named: "file") {
            for unit in units(in: file) {
                guard let key = unit.attributes["name"] ?? unit.attributes["id"] else { continue }
                let text = unit.elements(named: "segment").compactMap { $0.element(named: "target")?.text }.joined()
                if !text.isEmpty { translations.append((key, text)) }
            }
        }
        let existingPairs =
            existing.map { MessageCatalog(locale: locale, path: path ?? "\(locale).json", text: $0) }
            .map { catalog in catalog.keys.compactMap { key in catalog.entry(forKey: key).map { (key, $0.text) } } } ?? []
        var merged: [String: String] = [:]
        for (key, text) in existingPairs { merged[key] = text }
        for (key, text) in translations { merged[key] = text }
        let json = CatalogWriter.json(merged, order: catalogs.base?.keys ?? [])
        let written = MessageCatalog(locale: locale, path: path ?? "\(locale).json", text: json)
        return ImportResult(locale: locale, json: json, importedKeys: translations.map(\.key), diagnostics: written.diagnostics)
    }

    /// Units directly in a file or inside `<group>`s.
    private static func units(in element: XMLElement) -> [XMLElement] {
        element.children.flatMap { child -> [XMLElement] in
            guard case .element(let inner) = child else { return [] }
            if inner.name == "unit" { return [inner] }
            return inner.name == "group" ? units(in: inner) : []
        }
    }

    /// "Parameters: {field} – the field's display name; {min} – a number." from the
    /// validator table when the key is a validator's, else the names the message uses.
    static func parameterNote(for key: String, format: MessageFormat?) -> String {
        let names = format?.arguments.map(\.name) ?? []
        guard !names.isEmpty else { return "No parameters." }
        var descriptions: [String: String] = [:]
        let messageKey: String? =
            switch CatalogKey.meaning(of: key) {
            case .fieldSpecific(_, let validatorKey): validatorKey
            case .message: key
            case .displayName: nil
            }
        if let messageKey, let form = ValidatorDefinition.all.lazy.flatMap(\.forms).first(where: { $0.messageKey == messageKey }) {
            for parameter in form.parameters { descriptions[parameter.name] = describe(parameter.kind) }
            if let variadic = form.variadic { descriptions[variadic.name] = "the list of allowed values" }
        }
        let described = names.map { name -> String in
            if name == "field" { return "{field}: the field's display name" }
            guard let description = descriptions[name] else { return "{\(name)}" }
            return "{\(name)}: " + description
        }
        return "Parameters: " + described.joined(separator: "; ") + "."
    }

    private static func describe(_ kind: ParameterKind) -> String {
        switch kind {
        case .count: "a whole number (choose plural forms)"
        case .number: "a number"
        case .regex: "the pattern"
        case .literal: "a value"
        case .dateBound: "a date or another field's name"
        case .field: "another field's display name"
        }
    }

    /// An NMTOKEN unit id from a key, unique within the file.
    private static func uniqueID(for key: String, used: inout Set<String>) -> String {
        var id = String(
            key.unicodeScalars.map { scalar -> Character in
                let ok = (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "." || scalar == "-" || scalar == "_")
                return ok ? Character(scalar) : "_"
            })
        if id.isEmpty { id = "unit" }
        var candidate = id
        var suffix = 2
        while !used.insert(candidate).inserted {
            candidate = "\(id)_\(suffix)"
            suffix += 1
        }
        return candidate
    }

    /// Escapes text for XML content and attribute values.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}

/// Why an XLIFF file could not be imported.
package struct XLIFFError: Error, Sendable, Hashable, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}

/// Writes catalogues as pretty-printed JSON in a stable key order.
package enum CatalogWriter {
    /// `{ "key": "message", … }` with two-space indentation and a final newline; keys
    /// in `order` first (those present), then the rest sorted. Non-ASCII text is kept
    /// as is; quotes, backslashes and control characters are escaped.
    package static func json(_ messages: [String: String], order: [String]) -> String {
        var keys = order.filter { messages[$0] != nil }
        let listed = Set(keys)
        keys += messages.keys.filter { !listed.contains($0) }.sorted()
        guard !keys.isEmpty else { return "{}\n" }
        var text = "{\n"
        for (index, key) in keys.enumerated() {
            text += "  " + CatalogEdits.quoted(key) + ": " + CatalogEdits.quoted(messages[key] ?? "")
            text += index == keys.count - 1 ? "\n" : ",\n"
        }
        return text + "}\n"
    }
}
