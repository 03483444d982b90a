/// Renders violation messages from the validator table's built-in English defaults
/// through the ICU renderer: plurals by CLDR English rules, `{field}` as the field's
/// humanised last key ("First name"). The same as a ``Localizer`` over no catalogues.
package struct DefaultMessages: MessageRendering {
    /// Whether `renderer` is the built-in English renderer (whose messages reports may
    /// share and cache without asking for a cache identity).
    static func isDefault(_ renderer: any MessageRendering) -> Bool {
        type(of: renderer) == DefaultMessages.self
    }

    /// The built-in English renderer.
    package init() {}

    private static let localizer = Localizer(catalogs: .empty, locale: MessageCatalogs.baseLocale)

    /// The built-in English message for `request`.
    package func render(_ request: MessageRequest) -> String {
        DefaultMessages.localizer.render(request)
    }
}
