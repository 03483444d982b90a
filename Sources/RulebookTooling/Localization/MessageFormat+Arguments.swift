import Rulebook

// Rendering a message from plain values, outside the catalogue machinery of a
// `Localizer`: for tests and tools that try a message out.

extension MessageFormat {
    /// Renders with named arguments in `locale` (fields render by their humanised
    /// last key).
    package func render(_ arguments: [String: MessageArgument], locale: String) -> String {
        var output = ""
        render(into: &output, arguments: DictionaryArguments(values: arguments), locale: RenderLocale(locale))
        return output
    }
}

extension MessageCatalogs {
    /// The message for `request` in `locale`.
    package func render(_ request: MessageRequest, locale: String) -> String {
        localizer(locale: locale).render(request)
    }
}

/// Arguments from a dictionary; fields render by their humanised last key.
struct DictionaryArguments: MessageArgumentSource {
    let values: [String: MessageArgument]
    func argument(named name: String) -> MessageArgument? { values[name] }
    func appendDisplayName(of field: FieldPath, to output: inout String) { FieldNames.appendHumanized(field, to: &output) }
}
