/// The cardinal plural rules of one locale: which ``PluralCategory`` a number takes.
///
/// Built from the pinned CLDR data in `PluralRules+CLDR.swift` (see
/// ``PluralRules/cldrVersion``). Look rules up with ``PluralRules/forLocale(_:)``: a
/// regional tag without rules of its own uses its language's (`de-AT` → `de`), while
/// `pt-PT` has its own; a language CLDR data here does not cover gets the root rules
/// (everything is `other`).
@usableFromInline
package struct PluralRules: Sendable, Hashable {
    /// The locale whose rules these are (`root` for the fallback).
    package let locale: String
    /// Conditions in CLDR order; `other` is implied when none matches.
    let conditions: [(category: PluralCategory, condition: PluralCondition)]
    /// The rule text as CLDR writes it, samples included, by category.
    package let ruleText: [PluralCategory: String]

    /// The categories this locale distinguishes, in canonical order (always ending in `other`).
    package var categories: [PluralCategory] { ruleText.keys.sorted() }

    @usableFromInline
    package static func == (lhs: PluralRules, rhs: PluralRules) -> Bool { lhs.locale == rhs.locale }
    @usableFromInline
    package func hash(into hasher: inout Hasher) { hasher.combine(locale) }

    /// The category of a number with the given operands.
    package func category(for operands: PluralOperands) -> PluralCategory {
        for entry in conditions where entry.condition.matches(operands) { return entry.category }
        return .other
    }

    /// The category of a number written in ASCII as it will be shown (`"1"`, `"1.0"`,
    /// `"22"`); text that is not a number takes `other`.
    package func category(forDecimal text: some StringProtocol) -> PluralCategory {
        PluralOperands(decimal: text).map { category(for: $0) } ?? .other
    }

    /// The rules for a BCP 47 tag: the tag itself, then shorter prefixes
    /// (`pt-PT-x` → `pt-PT` → `pt`), then root.
    package static func forLocale(_ tag: String) -> PluralRules {
        for candidate in LocaleTag.truncations(of: tag) {
            if let rules = table[candidate] { return rules }
        }
        return root
    }

    /// Rules that put every number in `other`.
    package static let root = PluralRules(locale: "root", rules: [(.other, "")])

    private init(locale: String, rules: [(PluralCategory, String)]) {
        self.locale = locale
        var conditions: [(category: PluralCategory, condition: PluralCondition)] = []
        var text: [PluralCategory: String] = [:]
        for (category, source) in rules {
            text[category] = source.trimmingSpaces
            // The pinned data parses (a test asserts it); a bad string would only drop a category.
            if category != .other, let condition = PluralCondition(source) {
                conditions.append((category, condition))
            }
        }
        self.conditions = conditions
        self.ruleText = text
    }

    /// Performance: each CLDR rule set is parsed once and shared by its locales, not
    /// parsed per locale at the first lookup of every `rulebook check`.
    package static let table: [String: PluralRules] = {
        var table: [String: PluralRules] = [:]
        for set in cldrRuleSets {
            guard let first = set.locales.first else { continue }
            let parsed = PluralRules(locale: first, rules: set.rules)
            for locale in set.locales { table[locale] = parsed.named(locale) }
        }
        return table
    }()

    /// The same rules under another locale's name.
    private func named(_ locale: String) -> PluralRules {
        PluralRules(locale: locale, conditions: conditions, ruleText: ruleText)
    }

    private init(
        locale: String, conditions: [(category: PluralCategory, condition: PluralCondition)],
        ruleText: [PluralCategory: String]
    ) {
        self.locale = locale
        self.conditions = conditions
        self.ruleText = ruleText
    }
}

extension String {
    /// The text without leading and trailing spaces.
    var trimmingSpaces: String {
        var slice = self[...]
        while slice.first == " " { slice = slice.dropFirst() }
        while slice.last == " " { slice = slice.dropLast() }
        return String(slice)
    }
}
