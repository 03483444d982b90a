import Rulebook
import RulebookMessageFormat

/// Checks message catalogues: the entry point `rulebook check` and the language server
/// call for `Localizations/*.json`.
///
/// Reports (each at an exact range in the JSON file; codes in
/// `DiagnosticCode+Localization.swift`): files that are not JSON or not a flat object
/// of strings, duplicate keys, messages that do not parse, placeholders a translation
/// adds or drops, base keys a translation lacks and keys only a translation has,
/// plural messages missing a category their locale needs or using one it never
/// selects, placeholders a base message cannot be given, file names that are not a
/// known locale, and a missing base catalogue.
package enum CatalogChecker {
    /// Checks every `*.json` catalogue in `directory`.
    /// - Throws: when the directory or a file cannot be read.
    package static func check(directory: String) throws -> [Diagnostic] {
        check(files: try MessageCatalogs.readFiles(in: directory))
    }

    /// Checks catalogue texts keyed by file path (the language server passes its open
    /// documents over the files on disk). The locale is each file's name.
    package static func check(files: [String: String]) -> [Diagnostic] {
        let catalogs = files.keys.sorted().map { path in
            MessageCatalog(locale: MessageCatalogs.locale(ofFile: path), path: path, text: files[path] ?? "")
        }
        return check(catalogs)
    }

    /// Checks parsed catalogues of one directory.
    package static func check(_ catalogs: [MessageCatalog]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let byLocale = Dictionary(catalogs.map { ($0.locale, $0) }, uniquingKeysWith: { first, _ in first })
        let base = byLocale[MessageCatalogs.baseLocale]
        if base == nil, let first = catalogs.first {
            diagnostics.append(
                Diagnostic(
                    file: first.file.path, range: .empty(at: 0), code: .missingBaseCatalog,
                    message:
                        "no base catalogue '\(MessageCatalogs.baseLocale).json' beside this file; every key must be defined in the base"))
        }
        // Performance (`rulebook check` runs this at every start): what every translation
        // is compared with is read off the base once, not once per translation.
        let index = base.map(BaseIndex.init)
        for catalog in catalogs {
            diagnostics += catalog.diagnostics
            diagnostics += checkLocaleName(catalog)
            diagnostics += checkPlurals(catalog)
            if catalog.locale == MessageCatalogs.baseLocale {
                diagnostics += checkBasePlaceholders(catalog)
            } else if let base, let index {
                let hasIntermediateParent = LocaleTag.truncations(of: catalog.locale).dropFirst()
                    .contains { $0 != MessageCatalogs.baseLocale && byLocale[$0] != nil }
                diagnostics += checkKeys(catalog, against: base, index: index, expectComplete: !hasIntermediateParent)
                diagnostics += checkPlaceholders(catalog, against: base, index: index)
            }
        }
        return diagnostics.sorted()
    }

    /// The base catalogue as translations are checked against it: its keys, and for each
    /// key the entry that counts (the last, as in ``MessageCatalog/entry(forKey:)``) with
    /// its message's placeholders.
    struct BaseIndex {
        struct Message {
            let entry: MessageCatalog.Entry
            let arguments: [ArgumentReference]
        }

        let keys: Set<String>
        let messages: [String: Message]

        init(_ base: MessageCatalog) {
            var keys = Set<String>(minimumCapacity: base.entries.count)
            var messages = [String: Message](minimumCapacity: base.entries.count)
            for entry in base.entries {
                keys.insert(entry.key)
                if let format = entry.format {
                    messages[entry.key] = Message(entry: entry, arguments: format.arguments)
                } else {
                    messages[entry.key] = nil  // a later entry that does not parse hides an earlier one
                }
            }
            self.keys = keys
            self.messages = messages
        }
    }

    // MARK: File names

    static func checkLocaleName(_ catalog: MessageCatalog) -> [Diagnostic] {
        let name = MessageCatalogs.locale(ofFile: catalog.file.path)
        let range = catalog.objectRange.map { SourceRange(start: $0.start, end: $0.start + 1) } ?? .empty(at: 0)
        if !LocaleTag.isWellFormed(name) {
            let canonical = LocaleTag.canonical(name)
            let hint = LocaleTag.isWellFormed(canonical) && canonical != name ? " (name the file '\(canonical).json')" : ""
            return [
                Diagnostic(
                    file: catalog.file.path, range: range, code: .unknownLocale,
                    message: "'\(name)' is not a BCP 47 locale such as 'de' or 'de-AT'\(hint)")
            ]
        }
        if !PluralRules.hasRules(for: name) {
            return [
                Diagnostic(
                    file: catalog.file.path, range: range, code: .unknownLocale,
                    message: "Rulebook has no CLDR plural rules or number formats for '\(name)'; plurals will use 'other' only",
                    severity: .warning)
            ]
        }
        return []
    }

    // MARK: Keys

    static func checkKeys(
        _ catalog: MessageCatalog, against base: MessageCatalog, index: BaseIndex,
        expectComplete: Bool
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let baseKeys = index.keys
        var keys = Set<String>(minimumCapacity: catalog.entries.count)
        for entry in catalog.entries { keys.insert(entry.key) }
        var reported: Set<String> = []
        for entry in catalog.entries where !baseKeys.contains(entry.key) && reported.insert(entry.key).inserted {
            diagnostics.append(
                Diagnostic(
                    file: catalog.file.path, range: entry.keyRange, code: .extraTranslation,
                    message:
                        "'\(entry.key)' is not in the base catalogue \(base.file.path); define it there too, so that every language has it and translators see it"
                ))
        }
        guard expectComplete, let objectRange = catalog.objectRange else { return diagnostics }
        let brace = SourceRange(start: objectRange.start, end: objectRange.start + 1)
        let missing = base.entries.filter { !keys.contains($0.key) && reported.insert($0.key).inserted }
        if let diagnostic = missingTranslations(missing, in: catalog, base: base, at: brace) { diagnostics.append(diagnostic) }
        return diagnostics
    }

    /// One diagnostic per catalogue for every base key it lacks: a catalogue started late
    /// lacks dozens, and one line naming them all reads better than one line each at 1:1.
    /// The note points at the first missing key in the base catalogue.
    static func missingTranslations(
        _ missing: [MessageCatalog.Entry], in catalog: MessageCatalog, base: MessageCatalog,
        at brace: SourceRange
    ) -> Diagnostic? {
        guard let first = missing.first else { return nil }
        let name = catalog.file.path.split(separator: "/").last.map(String.init) ?? catalog.file.path
        let count = missing.count == 1 ? "1 key" : "\(missing.count) keys"
        let list = missing.map { "'\($0.key)'" }.joined(separator: ", ")
        return Diagnostic(
            file: catalog.file.path, range: brace, code: .missingTranslation,
            message: "\(name) lacks \(count) of the base catalogue (their base messages will be shown): \(list)",
            notes: [
                Note(
                    message: "'\(first.key)' is defined in the base catalogue here", file: base.file.path,
                    range: first.keyRange)
            ])
    }

    // MARK: Placeholders

    /// A translation's placeholders must be the base message's.
    static func checkPlaceholders(_ catalog: MessageCatalog, against base: MessageCatalog, index: BaseIndex) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for entry in catalog.entries {
            guard let format = entry.format, let baseMessage = index.messages[entry.key] else { continue }
            let arguments = format.arguments
            let baseArguments = baseMessage.arguments
            // (A message has a handful of placeholders: a linear search beats two sets.)
            for argument in arguments where !baseArguments.contains(where: { $0.name == argument.name }) {
                let baseNames = Set(baseArguments.map(\.name))
                diagnostics.append(
                    Diagnostic(
                        file: catalog.file.path, range: catalog.sourceRange(ofDecoded: argument.range, in: entry),
                        code: .unknownPlaceholder,
                        message:
                            "'{\(argument.name)}' is not a placeholder of the base message '\(entry.key)'\(placeholderList(baseNames))",
                        notes: [Note(message: "base message", file: base.file.path, range: baseMessage.entry.valueRange)]))
            }
            for argument in baseArguments where !arguments.contains(where: { $0.name == argument.name }) {
                diagnostics.append(
                    Diagnostic(
                        file: catalog.file.path, range: entry.valueRange, code: .missingPlaceholder,
                        message: "the translation of '\(entry.key)' drops the placeholder '{\(argument.name)}' of the base message",
                        notes: [
                            Note(
                                message: "used here in the base message", file: base.file.path,
                                range: base.sourceRange(ofDecoded: argument.range, in: baseMessage.entry))
                        ]))
            }
        }
        return diagnostics
    }

    /// Base messages may use only what a request supplies: `field` and the validator
    /// form's parameters (validator and field-specific keys); display names none.
    static func checkBasePlaceholders(_ catalog: MessageCatalog) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for entry in catalog.entries {
            guard let format = entry.format, let allowed = allowedArguments(forKey: entry.key) else { continue }
            for argument in format.arguments where !allowed.contains(argument.name) {
                let what =
                    allowed.isEmpty
                    ? "a display name takes no placeholders"
                    : "'\(entry.key)' is given\(placeholderList(allowed))"
                diagnostics.append(
                    Diagnostic(
                        file: catalog.file.path, range: catalog.sourceRange(ofDecoded: argument.range, in: entry),
                        code: .unknownPlaceholder,
                        message: "'{\(argument.name)}' will never have a value: \(what)"))
            }
        }
        return diagnostics
    }

    /// The argument names a key's message receives, or nil when any may be (override keys).
    static func allowedArguments(forKey key: String) -> Set<String>? {
        let messageKey: String
        switch CatalogKey.meaning(of: key) {
        case .displayName: return []
        case .fieldSpecific(_, let validatorKey): messageKey = validatorKey
        case .message: messageKey = key
        }
        guard let form = ValidatorDefinition.all.lazy.flatMap(\.forms).first(where: { $0.messageKey == messageKey }) else { return nil }
        var names: Set<String> = ["field"]
        for parameter in form.parameters { names.insert(parameter.name) }
        if let variadic = form.variadic { names.insert(variadic.name) }
        return names
    }

    private static func placeholderList(_ names: Set<String>) -> String {
        names.isEmpty ? " (it has none)" : " (it has " + names.sorted().map { "{\($0)}" }.joined(separator: ", ") + ")"
    }

    // MARK: Plurals

    /// Whether `=N` cases cover every number of `category`: CLDR lists its integer
    /// samples completely (no `…`) and it has no decimal samples, e.g. English `one` is
    /// exactly 1, so `=1 {…}` may stand for it.
    static func coveredByExactCases(_ category: PluralCategory, _ exact: [Double], _ rules: PluralRules) -> Bool {
        guard !exact.isEmpty, let text = rules.ruleText[category], !text.contains("@decimal") else { return false }
        guard let integers = text.components(separatedBy: "@integer").dropFirst().first, !integers.contains("…") else { return false }
        let samples = PluralSamples.expand(text).integers.compactMap(Double.init)
        return !samples.isEmpty && samples.allSatisfy { exact.contains($0) }
    }

    /// Every plural must write each category its locale selects, and no other.
    static func checkPlurals(_ catalog: MessageCatalog) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let rules = PluralRules.forLocale(catalog.locale)
        let needed = Set(rules.categories)
        for entry in catalog.entries {
            guard let format = entry.format else { continue }
            for plural in format.pluralCases {
                let written = Set(plural.cases.map(\.category))
                let missing = needed.subtracting(written).filter { !coveredByExactCases($0, plural.exactValues, rules) }.sorted()
                if !missing.isEmpty {
                    let list = missing.map(\.rawValue).joined(separator: ", ")
                    diagnostics.append(
                        Diagnostic(
                            file: catalog.file.path, range: catalog.sourceRange(ofDecoded: plural.range, in: entry),
                            code: .missingPluralCategory,
                            message:
                                "the plural of '{\(plural.argument.name)}' in '\(entry.key)' lacks \(list): '\(catalog.locale)' (CLDR \(PluralRules.cldrVersion)) uses \(rules.categories.map(\.rawValue).joined(separator: ", "))"
                        ))
                }
                for (category, range) in plural.cases where !needed.contains(category) {
                    diagnostics.append(
                        Diagnostic(
                            file: catalog.file.path, range: catalog.sourceRange(ofDecoded: range, in: entry),
                            code: .unusedPluralCategory,
                            message:
                                "'\(category.rawValue)' is never selected in '\(catalog.locale)' (CLDR \(PluralRules.cldrVersion) uses \(rules.categories.map(\.rawValue).joined(separator: ", ")))"
                        ))
                }
            }
        }
        return diagnostics
    }
}
