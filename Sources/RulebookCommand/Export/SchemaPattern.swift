import Rulebook

/// Rulebook patterns translated for JSON Schema's `pattern`, which searches (rather than
/// matches the whole text) in ECMA-262 or, in many validators, Python's dialect.
///
/// Only a subset translates exactly: ASCII literals, classes of ASCII characters and
/// ranges, `\d \w \s` and their complements, `.`, groups, alternation, greedy and lazy
/// quantifiers, `^` `$`. Anchors become look-arounds (`$` of some dialects also matches
/// before a final newline; Rulebook's never does). Anything else (flags, Unicode
/// properties, POSIX classes, non-ASCII literals) is not translated: `nil`.
enum SchemaPattern {
    /// Unicode White_Space, as Rulebook's `\s` and its empty-text test read it.
    static let whitespace = #"\t\n\u000B\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000"#
    static let start = #"(?<![\s\S])"#
    static let end = #"(?![\s\S])"#

    /// A search pattern that holds exactly when `source` matches the whole text.
    static func wholeText(_ source: String, flags: String) -> String? {
        guard flags.isEmpty, let body = translate(Array(source.unicodeScalars)) else { return nil }
        return "^(?:\(body))\(end)"
    }

    /// A search pattern for text made only of characters of `characterClass`.
    static func only(_ characterClass: String, count: Int? = nil) -> String {
        "^[\(characterClass)]\(count.map { "{\($0)}" } ?? "*")\(end)"
    }

    private static func translate(_ scalars: [Unicode.Scalar]) -> String? {
        var output = ""
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\\":
                guard index < scalars.count, let escape = escape(scalars[index], inClass: false) else { return nil }
                output += escape
                index += 1
            case "[":
                guard let (text, next) = characterClass(scalars, from: index) else { return nil }
                output += text
                index = next
            case "(":
                guard let (text, next) = group(scalars, from: index) else { return nil }
                output += text
                index = next
            case "{":
                guard let close = scalars[index...].firstIndex(of: "}") else { return nil }
                let inside = String(String.UnicodeScalarView(scalars[index..<close]))
                let bounds = inside.split(separator: ",", omittingEmptySubsequences: false)
                guard (1...2).contains(bounds.count), bounds.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
                    !(bounds.count == 1 && bounds[0].isEmpty)
                else { return nil }
                output += "{" + (bounds.count == 2 && bounds[0].isEmpty ? "0" + inside : inside) + "}"
                index = close + 1
            case "^": output += start
            case "$": output += end
            case ".": output += #"[^\n]"#
            case ")", "|", "*", "+", "?": output.unicodeScalars.append(scalar)
            default:
                guard scalar.value >= 0x20, scalar.value < 0x7F else { return nil }
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// `(?:…`, a named group as a plain one, a comment dropped; flags are not translated.
    private static func group(_ scalars: [Unicode.Scalar], from index: Int) -> (String, Int)? {
        guard index < scalars.count, scalars[index] == "?" else { return ("(?:", index) }
        let rest = String(String.UnicodeScalarView(scalars[index...]))
        if rest.hasPrefix("?:") { return ("(?:", index + 2) }
        if rest.hasPrefix("?#") {
            guard let close = scalars[index...].firstIndex(of: ")") else { return nil }
            return ("(?:", close)  // an empty group in place of the comment
        }
        for opener in ["?<", "?'", "?P<"] where rest.hasPrefix(opener) && !rest.hasPrefix("?<=") && !rest.hasPrefix("?<!") {
            let closer: Unicode.Scalar = opener == "?'" ? "'" : ">"
            guard let close = scalars[(index + opener.unicodeScalars.count)...].firstIndex(of: closer) else { return nil }
            return ("(?:", close + 1)
        }
        return nil
    }

    /// A class from after its `[` to past its `]`.
    private static func characterClass(_ scalars: [Unicode.Scalar], from start: Int) -> (String, Int)? {
        var index = start
        var output = "["
        if index < scalars.count, scalars[index] == "^" {
            output += "^"
            index += 1
        }
        var first = true
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "]" && !first { return (output + "]", index) }
            first = false
            switch scalar {
            case "\\":
                guard index < scalars.count, let escape = escape(scalars[index], inClass: true) else { return nil }
                output += escape
                index += 1
            case "[":
                return nil  // POSIX classes
            case "]", "^", "&", "~", "|":
                output += "\\" + String(scalar)
            default:
                guard scalar.value >= 0x20, scalar.value < 0x7F else { return nil }
                output.unicodeScalars.append(scalar)
            }
        }
        return nil
    }

    private static func escape(_ scalar: Unicode.Scalar, inClass: Bool) -> String? {
        let wrap: (String) -> String = { inClass ? $0 : "[\($0)]" }
        switch scalar {
        case "d": return wrap("0-9")
        case "w": return wrap("A-Za-z0-9_")
        case "s": return wrap(whitespace)
        case "D": return inClass ? nil : "[^0-9]"
        case "W": return inClass ? nil : "[^A-Za-z0-9_]"
        case "S": return inClass ? nil : "[^\(whitespace)]"
        case "n", "t", "r", "f": return "\\" + String(scalar)
        case "v": return #"\u000B"#
        default:
            guard scalar.isASCII, scalar.properties.isPatternSyntax || scalar == " " else { return nil }
            return scalar == "/" || scalar == " " ? String(scalar) : "\\" + String(scalar)
        }
    }
}
