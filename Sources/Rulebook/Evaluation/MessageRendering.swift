import RulebookMessageFormat

/// Everything needed to turn one violation into a message: the seam between the engine
/// and the localiser. The engine fills it; a ``MessageRendering`` renders it.
package struct MessageRequest: Sendable {
    /// The rule's `message` override, looked up (or shown) first.
    package var messageOverride: MessageOverride?
    /// The field as the rule file wrote it (`items[*].sku`): field-specific keys
    /// (`items[*].sku.pattern`) and the display name (`field.items[*].sku`) derive from it.
    package var field: FieldPath
    /// The validator form's key (`minLength`, `lengthBetween`).
    package var messageKey: String
    /// The parameters by name; a `field` parameter (`same other`) is given as
    /// ``MessageArgument/field(_:)`` so it renders as that field's display name.
    package var arguments: [(name: String, value: MessageArgument)]
    /// The English message of a validator an application registered (nil for the
    /// built-ins, whose messages the renderer knows): used when no catalogue has the key.
    package var defaultMessage: String?

    package init(
        messageOverride: MessageOverride?, field: FieldPath, messageKey: String,
        arguments: [(name: String, value: MessageArgument)], defaultMessage: String? = nil
    ) {
        self.messageOverride = messageOverride
        self.field = field
        self.messageKey = messageKey
        self.arguments = arguments
        self.defaultMessage = defaultMessage
    }
}

/// A message parameter's value: a field is a ``FieldPath`` (rendered as its display
/// name), a date a ``CalendarDate``.
package typealias MessageArgument = MessageValue<FieldPath, CalendarDate>

/// Message formatting shows a date argument in the locale's pattern.
extension CalendarDate: MessageDate {}

/// Renders violation messages. The built-in default (no `localizer` in ``ValidationOptions``)
/// renders the validator table's English defaults; the localiser renders from catalogues
/// in a locale.
package protocol MessageRendering: Sendable {
    /// The message for `request`; never a raw key.
    ///
    /// Reports render their violations when read, possibly more than once and from any
    /// thread, so equal requests must get the same text.
    func render(_ request: MessageRequest) -> String

    /// Identifies this renderer's output for caching: two renderers with equal
    /// identities must render every request alike. A request never carries record data
    /// (only the field as written, the rule's constants and today), so the engine can then
    /// render each rule's message once per compiled rule set instead of once per
    /// violation. Nil (the default) turns caching off.
    var cacheIdentity: AnyHashable? { get }
}

extension MessageRendering {
    /// No caching unless the renderer opts in.
    package var cacheIdentity: AnyHashable? { nil }
}
