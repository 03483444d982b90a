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
