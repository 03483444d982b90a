import Rulebook
import RulebookMessageFormat

extension LocaleTag {
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
}
