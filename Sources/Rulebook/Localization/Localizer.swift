import RulebookMessageFormat

/// Renders violation messages from catalogues in one locale, passed explicitly (never
/// read from the environment), so one server can answer each request in its user's
/// language.
///
/// Lookup, for each catalogue of the chain *requested locale → its parents →
/// base `en`* in turn: the rule's `message` override key, the field-specific key
/// (`firstName.minLength`), the validator's key (`minLength`). The user's language wins
/// over specificity: a Polish user gets the Polish `minLength` message rather than an
/// English field-specific one. When no catalogue has any of them, the validator
/// table's built-in English default renders. A literal override (`message "…"`) is
/// used as given, its `{…}` placeholders filled. A raw key is never shown.
///
/// `{field}` and field arguments render as the field's display name (`field.<path>`
/// along the same chain), or else its humanised last key (`firstName` → "First name").
public struct Localizer: MessageRendering {
    /// The catalogues.
    package let catalogs: MessageCatalogs
    /// The requested locale, canonical (`de-AT`).
    public let locale: String
    /// The chain's catalogues with the conventions to render their messages in.
    let chain: [(catalog: MessageCatalog, locale: RenderLocale)]
    /// How built-in English defaults render.
    private let englishLocale: RenderLocale

    /// A renderer for `locale` over `catalogs`.
    public init(catalogs: MessageCatalogs, locale: String) {
        self.catalogs = catalogs
        self.locale = LocaleTag.canonical(locale)
        let requested = RenderLocale(self.locale)
        let language = LocaleTag.language(of: self.locale)
        chain = LocaleTag.fallbackChain(for: self.locale, base: MessageCatalogs.baseLocale).compactMap { tag in
            guard let catalog = catalogs.catalogs[tag] else { return nil }
            // A parent of the requested locale writes numbers and dates the requested way
            // (de for de-AT: "Jänner"); the base, when another language, its own way.
            let sameLanguage = LocaleTag.language(of: tag) == language
            return (catalog, sameLanguage ? requested : RenderLocale(tag))
        }
        englishLocale = language == "en" ? requested : RenderLocale(MessageCatalogs.baseLocale)
    }

    /// The message for `request`; never a raw key, never empty.
    package func render(_ request: MessageRequest) -> String {
        var output = ""
        append(request, to: &output)
        return output
    }

    /// Appends the message for `request` to `output`.
    package func append(_ request: MessageRequest, to output: inout String) {
        let arguments = RequestArguments(request: request, localizer: self)
        let fieldKey = FieldMessageKey(path: request.field, messageKey: request.messageKey)
        if case .literal(let text)? = request.messageOverride {
            // A literal is the rule's text in the base language: a catalogue of another
            // language translates it under the rule's field-specific key
            // (`passwordConfirmation.same`).
            for entry in chain where entry.catalog.locale != MessageCatalogs.baseLocale {
                if let format = entry.catalog.fieldMessages[fieldKey] {
                    return format.render(into: &output, arguments: arguments, locale: entry.locale)
                }
            }
            Localizer.appendLiteral(text, arguments: arguments, locale: chain.first?.locale ?? englishLocale, to: &output)
            return
        }
        for entry in chain {
            let catalog = entry.catalog
            if case .key(let key)? = request.messageOverride, let format = catalog.messages[key] {
                return format.render(into: &output, arguments: arguments, locale: entry.locale)
            }
            if let format = catalog.fieldMessages[fieldKey] ?? catalog.messages[request.messageKey] {
                return format.render(into: &output, arguments: arguments, locale: entry.locale)
            }
        }
        let format =
            BuiltinMessages.messages[request.messageKey]
            ?? request.defaultMessage.flatMap { try? MessageFormat.parse($0).get() } ?? BuiltinMessages.fallback
        format.render(into: &output, arguments: arguments, locale: englishLocale)
    }

    /// The display name of `field` in this locale.
    public func displayName(of field: FieldPath) -> String {
        var output = ""
        appendDisplayName(of: field, to: &output)
        return output
    }

    /// Appends the display name: the first `field.<path>` along the chain, or the
    /// humanised last key.
    func appendDisplayName(of field: FieldPath, to output: inout String) {
        for entry in chain {
            if let format = entry.catalog.displayNames[field] {
                return format.render(into: &output, arguments: NoArguments(), locale: entry.locale)
            }
        }
        FieldNames.appendHumanized(field, to: &output)
    }

    /// A literal override: plain text is appended as is; text with placeholders is
    /// parsed and filled; text that does not parse is shown as written.
    private static func appendLiteral(_ text: String, arguments: RequestArguments, locale: RenderLocale, to output: inout String) {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "'") }) else {
            output += text
            return
        }
        switch MessageFormat.parse(text) {
        case .success(let format): format.render(into: &output, arguments: arguments, locale: locale)
        case .failure: output += text
        }
    }
}

/// A request's arguments: `field` is the violation's field; the others come from the
/// request's parameters, looked up by linear search (a handful, no dictionary built).
private struct RequestArguments: MessageArgumentSource {
    let request: MessageRequest
    let localizer: Localizer

    func argument(named name: String) -> MessageArgument? {
        if name == "field" { return .field(request.field) }
        for argument in request.arguments where argument.name == name { return argument.value }
        return nil
    }

    func appendDisplayName(of field: FieldPath, to output: inout String) {
        localizer.appendDisplayName(of: field, to: &output)
    }
}

/// Display names have no arguments.
private struct NoArguments: MessageArgumentSource {
    func argument(named name: String) -> MessageArgument? { nil }
    func appendDisplayName(of field: FieldPath, to output: inout String) { FieldNames.appendHumanized(field, to: &output) }
}

/// The validator table's English defaults, parsed once.
enum BuiltinMessages {
    /// By message key.
    static let messages: [String: MessageFormat] = {
        var messages: [String: MessageFormat] = [:]
        for form in ValidatorDefinition.all.flatMap(\.forms) {
            // The table's messages parse (a test asserts it); a broken one would show as written.
            messages[form.messageKey] = (try? MessageFormat.parse(form.defaultMessage).get()) ?? .literal(form.defaultMessage)
        }
        return messages
    }()

    /// For a message key nothing knows (never a raw key).
    static let fallback: MessageFormat = (try? MessageFormat.parse("{field} is invalid.").get()) ?? .literal("The value is invalid.")
}

extension Localizer {
    /// A localiser's messages depend only on its catalogues and locale, never on the
    /// record, so the engine may render each rule's message once per (catalogues,
    /// locale) instead of once per violation.
    package var cacheIdentity: AnyHashable? { LocalizerCacheKey(catalogs: catalogs.identity, locale: locale) }
}

/// The cache key of a ``Localizer``.
private struct LocalizerCacheKey: Hashable, Sendable {
    let catalogs: CatalogSetIdentity
    let locale: String
}
