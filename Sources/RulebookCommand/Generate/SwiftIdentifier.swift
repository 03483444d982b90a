/// Swift names made from rule-file keys: `first-name` → `firstName` / `FirstName`,
/// keywords in backticks, a leading digit behind `_`.
enum SwiftIdentifier {
    /// A lower camel case name (properties, field constants).
    static func lower(_ words: [String]) -> String {
        escaped(camel(words, upperFirst: false))
    }

    /// An upper camel case name (types).
    static func upper(_ words: [String]) -> String {
        escaped(camel(words, upperFirst: true))
    }

    /// The words of a key: runs of letters and digits.
    static func words(_ key: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in key {
            if character.isLetter || ("0"..."9").contains(character) {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private static func camel(_ words: [String], upperFirst: Bool) -> String {
        var name = ""
        for word in words where !word.isEmpty {
            let capitalise = upperFirst || !name.isEmpty
            name += capitalise ? word.prefix(1).uppercased() + word.dropFirst() : word.prefix(1).lowercased() + word.dropFirst()
        }
        if name.isEmpty { name = upperFirst ? "Field" : "field" }
        if let first = name.first, first.isNumber { name = "_" + name }
        return name
    }

    private static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// Names that need backticks as identifiers.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true",
        "try", "Type", "Protocol", "package", "consume", "borrowing", "consuming", "some", "any",
    ]
}
