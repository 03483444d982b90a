import Rulebook
import RulebookMessageFormat

extension CheckOptions {
    /// The message text a fix gives a key it adds to the base catalogue: a correct,
    /// neutral English sentence the author then refines (never a raw key or "TODO").
    package static let newMessageKeyText = "{field} is invalid."

    /// Options that check `message KEY` overrides against the base catalogue of
    /// `catalogs` and offer, for a key it lacks, a fix adding it to that file (after its
    /// namespace siblings, see ``CatalogEdits/insertKey(_:message:intoCatalogAt:text:)``).
    ///
    /// Without a base catalogue, keys are not checked (the catalogue checker reports
    /// `missing-base-catalog` instead).
    package static func checkingMessageKeys(against catalogs: MessageCatalogs, limits: CheckLimits = .default) -> CheckOptions {
        guard let base = catalogs.base else { return CheckOptions(limits: limits) }
        let path = base.file.path
        let text = base.file.text
        return CheckOptions(
            knownMessageKeys: Set(base.keys),
            missingMessageKeyFix: { missing in
                CatalogEdits.insertKey(missing.key, message: newMessageKeyText, intoCatalogAt: path, text: text)
            }, limits: limits)
    }
}

extension MessageCatalogs {
    /// The keys the base catalogue defines: what `message KEY` in a rule file may name
    /// (the checker's `unknown-message-key` check).
    package var baseKeys: Set<String> { Set(base?.keys ?? []) }
}

extension PluralRules {
    /// Whether CLDR data for `tag` (or one of its prefixes) is built in.
    package static func hasRules(for tag: String) -> Bool {
        LocaleTag.truncations(of: tag).contains { table[$0] != nil }
    }
}
