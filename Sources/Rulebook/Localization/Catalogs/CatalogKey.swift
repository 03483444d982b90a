/// The catalogue key scheme (docs/localization.md):
///
/// | key | meaning |
/// |---|---|
/// | `minLength`, `lengthBetween`, … | a validator form's message (its `messageKey`) |
/// | `firstName.minLength`, `items[*].sku.pattern` | that message for one field: `<path as written>.<messageKey>` |
/// | `field.firstName`, `field.items[*].sku` | a field's display name, the `{field}` placeholder |
/// | `address.postcodeFormat` | any other key, named by `message KEY` in a rule file |
///
/// A record field literally named `field` writes its field-specific keys quoted:
/// `"field".minLength`.
package enum CatalogKey {
    /// The prefix of display-name keys.
    package static let displayNamePrefix = "field."

    /// Every validator form's message key, from the validator table.
    package static let validatorMessageKeys: Set<String> = Set(ValidatorDefinition.all.flatMap { $0.forms.map(\.messageKey) })

    /// What a key means.
    package enum Meaning: Hashable, Sendable {
        /// A display name for the path.
        case displayName(FieldPath)
        /// A validator message for one field.
        case fieldSpecific(FieldPath, messageKey: String)
        /// A validator message (the key is a `messageKey`) or an override key.
        case message
    }

    /// Classifies a key.
    package static func meaning(of key: String) -> Meaning {
        if key.hasPrefix(displayNamePrefix), let path = parsePath(key.dropFirst(displayNamePrefix.count)) {
            return .displayName(path)
        }
        if let dot = key.lastIndex(of: "."), validatorMessageKeys.contains(String(key[key.index(after: dot)...])),
            let path = parsePath(key[..<dot])
        {
            return .fieldSpecific(path, messageKey: String(key[key.index(after: dot)...]))
        }
        return .message
    }

    /// Reads a path as rule files write it: identifiers or `"quoted"` keys joined by
    /// `.`, each optionally followed by `[*]`. Nil when the text is not a path.
    package static func parsePath(_ text: Substring) -> FieldPath? {
        FieldQuery(parsing: String(text), asWritten: true)?.pattern
    }
}
