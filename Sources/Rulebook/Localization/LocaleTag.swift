/// BCP 47 language tags as Rulebook uses them: catalogue file names, `--locale`,
/// and the fallback chain `de-AT` → `de` → `en`.
///
/// Only the shape Rulebook needs is handled: language, optional script, optional
/// region, optional variants (`zh-Hant-TW`, `sr-Latn`, `de-AT`, `pt-PT`). The locale is
/// always passed explicitly; nothing here reads the process environment.
package enum LocaleTag {
    /// The canonical spelling: language lower case, script title case, region upper
    /// case; `_` is accepted as a separator (`de_at` → `de-AT`).
    package static func canonical(_ tag: String) -> String {
        var parts: [String] = []
        for (index, subtag) in tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).enumerated() {
            let lower = subtag.lowercased()
            if index == 0 {
                parts.append(lower)
            } else if subtag.count == 4 && subtag.allSatisfy(\.isLetter) {
                parts.append(lower.prefix(1).uppercased() + lower.dropFirst())
            } else if subtag.count == 2 && subtag.allSatisfy(\.isLetter) {
                parts.append(lower.uppercased())
            } else {
                parts.append(lower)
            }
        }
        return parts.joined(separator: "-")
    }

    /// Whether `tag` is a well-formed tag in canonical spelling (what a catalogue file
    /// must be named): `en`, `de-AT`, `zh-Hant-TW`, `es-419`.
    package static func isWellFormed(_ tag: String) -> Bool {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = subtags.first, (2...3).contains(language.count),
            language.allSatisfy({ $0.isASCII && $0.isLowercase })
        else { return false }
        var rest = subtags.dropFirst()
        if let script = rest.first, script.count == 4, script.allSatisfy({ $0.isASCII && $0.isLetter }) {
            guard script.first?.isUppercase == true, script.dropFirst().allSatisfy(\.isLowercase) else { return false }
            rest = rest.dropFirst()
        }
        if let region = rest.first, region.count == 2 || (region.count == 3 && region.allSatisfy(\.isNumber)) {
            guard region.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) else { return false }
            rest = rest.dropFirst()
        }
        // Variants: 5–8 alphanumerics, or a digit and three alphanumerics.
        return rest.allSatisfy { variant in
            variant.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) }
                && ((5...8).contains(variant.count) || (variant.count == 4 && variant.first?.isNumber == true))
        }
    }

    /// The tag and each shorter prefix, longest first: `zh-Hant-TW` → `zh-Hant-TW`,
    /// `zh-Hant`, `zh`.
    package static func truncations(of tag: String) -> [String] {
        let subtags = canonical(tag).split(separator: "-")
        return (0..<subtags.count).reversed().map { subtags[0...$0].joined(separator: "-") }
    }

    /// The lookup chain for `tag`: the tag, its parents, then `base` (`de-AT` →
    /// `de-AT`, `de`, `en`), without repeats.
    package static func fallbackChain(for tag: String, base: String) -> [String] {
        var chain = truncations(of: tag).filter { !$0.isEmpty }
        if !chain.contains(base) { chain.append(base) }
        return chain
    }

    /// The language subtag (`de` for `de-AT`).
    package static func language(of tag: String) -> String {
        String(canonical(tag).split(separator: "-").first ?? "")
    }
}
