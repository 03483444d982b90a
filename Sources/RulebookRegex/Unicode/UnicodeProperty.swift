/// Resolves the name inside `\p{…}` to a set of scalars.
///
/// Names match loosely as UTS #18 recommends (case, spaces, `_` and `-` are ignored), so
/// `\p{Lu}`, `\p{uppercase letter}` and `\p{Uppercase_Letter}` are the same. Supported:
/// every general category and group by short or long name (optionally prefixed `gc=` or
/// `General_Category=`), `Any`, `ASCII`, `Assigned`, and the binary properties Alphabetic,
/// Uppercase, Lowercase, White_Space, Emoji, Emoji_Presentation, Ideographic, Math and
/// Hex_Digit. Scripts are not: the standard library exposes no script property.
enum UnicodeProperty {
    /// What a property name means.
    enum Resolution {
        case set(ScalarSet)
        /// A script name or `sc=`/`scx=` query: valid elsewhere, not available here.
        case script
        case unknown
    }

    /// Resolves a property name (the text between the braces).
    static func resolve(_ name: String) -> Resolution {
        let key = looseKey(name)
        if let equals = key.firstIndex(of: "=") {
            let property = String(key[..<equals]), value = String(key[key.index(after: equals)...])
            if property == "gc" || property == "generalcategory" {
                return categorySets[value].map { .set($0) } ?? .unknown
            }
            if property == "sc" || property == "script" || property == "scx" || property == "scriptextensions" {
                return .script
            }
            return .unknown
        }
        if let set = categorySets[key] { return .set(set) }
        if let set = special(key) { return .set(set) }
        if scriptNames.contains(key) { return .script }
        return .unknown
    }

    /// Lowercased, with spaces, `_` and `-` removed (UAX #44 loose matching).
    static func looseKey(_ name: String) -> String {
        String(name.lowercased().filter { $0 != " " && $0 != "_" && $0 != "-" })
    }

    private static func special(_ key: String) -> ScalarSet? {
        switch key {
        case "any": return .all
        case "ascii": return ScalarSet(ranges: [0...0x7F])
        case "assigned": return UnicodeTables.category(.unassigned).inverted()
        case "alpha", "alphabetic": return UnicodeTables.alphabetic
        case "upper", "uppercase": return UnicodeTables.uppercase
        case "lower", "lowercase": return UnicodeTables.lowercase
        case "space", "whitespace", "wspace": return UnicodeTables.whiteSpace
        case "emoji": return UnicodeTables.emoji
        case "emojipresentation", "epres": return UnicodeTables.emojiPresentation
        case "ideographic", "ideo": return UnicodeTables.ideographic
        case "math": return UnicodeTables.math
        case "hexdigit", "hex": return UnicodeTables.hexDigit
        default: return nil
        }
    }

    /// Loose category names (short and long, UCD PropertyValueAliases.txt) to categories.
    static let categoryGroups: [String: [GeneralCategoryCode]] = {
        typealias C = GeneralCategoryCode
        let letters: [C] = [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter]
        let marks: [C] = [.nonspacingMark, .spacingMark, .enclosingMark]
        let numbers: [C] = [.decimalNumber, .letterNumber, .otherNumber]
        let punctuation: [C] = [
            .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation,
        ]
        let symbols: [C] = [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol]
        let separators: [C] = [.spaceSeparator, .lineSeparator, .paragraphSeparator]
        let others: [C] = [.control, .format, .surrogate, .privateUse, .unassigned]
        let table: [([String], [C])] = [
            (["l", "letter"], letters),
            (["lc", "l&", "casedletter"], [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter]),
            (["lu", "uppercaseletter"], [.uppercaseLetter]),
            (["ll", "lowercaseletter"], [.lowercaseLetter]),
            (["lt", "titlecaseletter"], [.titlecaseLetter]),
            (["lm", "modifierletter"], [.modifierLetter]),
            (["lo", "otherletter"], [.otherLetter]),
            (["m", "mark", "combiningmark"], marks),
            (["mn", "nonspacingmark"], [.nonspacingMark]),
            (["mc", "spacingmark"], [.spacingMark]),
            (["me", "enclosingmark"], [.enclosingMark]),
            (["n", "number"], numbers),
            (["nd", "decimalnumber", "digit"], [.decimalNumber]),
            (["nl", "letternumber"], [.letterNumber]),
            (["no", "othernumber"], [.otherNumber]),
            (["p", "punctuation", "punct"], punctuation),
            (["pc", "connectorpunctuation"], [.connectorPunctuation]),
            (["pd", "dashpunctuation"], [.dashPunctuation]),
            (["ps", "openpunctuation"], [.openPunctuation]),
            (["pe", "closepunctuation"], [.closePunctuation]),
            (["pi", "initialpunctuation"], [.initialPunctuation]),
            (["pf", "finalpunctuation"], [.finalPunctuation]),
            (["po", "otherpunctuation"], [.otherPunctuation]),
            (["s", "symbol"], symbols),
            (["sm", "mathsymbol"], [.mathSymbol]),
            (["sc", "currencysymbol"], [.currencySymbol]),
            (["sk", "modifiersymbol"], [.modifierSymbol]),
            (["so", "othersymbol"], [.otherSymbol]),
            (["z", "separator"], separators),
            (["zs", "spaceseparator"], [.spaceSeparator]),
            (["zl", "lineseparator"], [.lineSeparator]),
            (["zp", "paragraphseparator"], [.paragraphSeparator]),
            (["c", "other"], others),
            (["cc", "control", "cntrl"], [.control]),
            (["cf", "format"], [.format]),
            (["cs", "surrogate"], [.surrogate]),
            (["co", "privateuse"], [.privateUse]),
            (["cn", "unassigned"], [.unassigned]),
        ]
        var result: [String: [C]] = [:]
        for (names, codes) in table { for name in names { result[name] = codes } }
        return result
    }()

    /// The set of every category name, built once on first use (unions such as `L` would
    /// otherwise be re-sorted for every pattern that names them).
    static let categorySets: [String: ScalarSet] = categoryGroups.mapValues { UnicodeTables.categories($0) }

    /// Common script names, recognised only to explain that scripts are not supported.
    static let scriptNames: Set<String> = [
        "latin", "latn", "greek", "grek", "cyrillic", "cyrl", "arabic", "arab", "hebrew", "hebr",
        "han", "hani", "hiragana", "hira", "katakana", "kana", "hangul", "hang", "thai",
        "devanagari", "deva", "armenian", "armn", "georgian", "geor", "ethiopic", "ethi",
        "bengali", "beng", "tamil", "taml", "common", "zyyy", "inherited", "zinh",
    ]
}
