import Rulebook

/// The semantic token types and modifiers the server reports, in legend order (the
/// numbers sent in `semanticTokens/full` are indices into these lists).
///
/// Standard LSP type names are used so that every theme colours them: validators are
/// functions, fields properties, named rules macros (they expand in place).
enum SemanticTokenType: Int, CaseIterable, Sendable {
    case keyword, function, property, macro, string, number, regexp, comment, `operator`, enumMember

    /// The LSP name.
    var name: String {
        switch self {
        case .keyword: "keyword"
        case .function: "function"
        case .property: "property"
        case .macro: "macro"
        case .string: "string"
        case .number: "number"
        case .regexp: "regexp"
        case .comment: "comment"
        case .operator: "operator"
        case .enumMember: "enumMember"
        }
    }
}

/// Token modifiers, as bits.
enum SemanticTokenModifier: Int, CaseIterable, Sendable {
    /// Where a named rule is defined.
    case declaration
    /// A built-in validator.
    case defaultLibrary

    /// The LSP name.
    var name: String {
        switch self {
        case .declaration: "declaration"
        case .defaultLibrary: "defaultLibrary"
        }
    }

    /// The modifier's bit in the token's modifier set.
    var bit: Int { 1 << rawValue }
}

enum SemanticTokenLegend {
    static var json: Value {
        .object([
            "tokenTypes": .array(SemanticTokenType.allCases.map { .string($0.name) }),
            "tokenModifiers": .array(SemanticTokenModifier.allCases.map { .string($0.name) }),
        ])
    }
}
