import Rulebook
import RulebookTooling

/// `textDocument/semanticTokens/full`: every occurrence of the syntax index and every
/// comment, in LSP's relative encoding (lengths in the negotiated encoding).
enum SemanticTokens {
    static let method = "textDocument/semanticTokens/full"

    struct Token: Sendable, Hashable {
        var range: SourceRange
        var type: SemanticTokenType
        var modifiers: Int
    }

    static let route = Route.typed(DocumentParams.self) { params, context in
        let analysis = try await context.analysis(params.textDocument.uri)
        guard let index = analysis.index else { return .object(["data": .array([])]) }
        let data = encode(tokens(index), converter: analysis.document.converter(context.encoding))
        return .object(["data": .array(data.map(Value.integer))])
    }

    /// The tokens of a file, sorted, without overlaps.
    static func tokens(_ index: SyntaxIndex) -> [Token] {
        var tokens = index.tree.comments.map { Token(range: $0.range, type: .comment, modifiers: 0) }
        for occurrence in index.occurrences {
            let token: (SemanticTokenType, Int)?
            switch occurrence.kind {
            case .validator: token = (.function, SemanticTokenModifier.defaultLibrary.bit)
            case .ruleReference: token = (.macro, 0)
            case .ruleDeclaration: token = (.macro, SemanticTokenModifier.declaration.bit)
            case .field: token = (.property, 0)
            case .messageKey: token = (.enumMember, 0)
            case .messageLiteral, .importPath, .string: token = (.string, 0)
            case .keyword, .constant: token = (.keyword, 0)
            case .number: token = (.number, 0)
            case .regex: token = (.regexp, 0)
            case .operator: token = (.operator, 0)
            }
            if let (type, modifiers) = token { tokens.append(Token(range: occurrence.range, type: type, modifiers: modifiers)) }
        }
        tokens.sort { $0.range.start < $1.range.start }
        var result: [Token] = []
        for token in tokens where result.last.map({ $0.range.end <= token.range.start }) ?? true {
            result.append(token)
        }
        return result
    }

    /// LSP's integer encoding: per token, the line delta, start delta (relative to the
    /// previous token on the same line), length, type and modifier bits. A token is cut
    /// at the end of its first line (clients without multi-line support need that).
    static func encode(_ tokens: [Token], converter: PositionConverter) -> [Int] {
        var data: [Int] = []
        data.reserveCapacity(tokens.count * 5)
        var previousLine = 0, previousStart = 0
        for token in tokens {
            let start = converter.position(of: token.range.start)
            var end = converter.position(of: token.range.end)
            if end.line != start.line {
                let lineEnd = converter.source.lines.contentRange(ofLine: start.line, in: converter.source.text).end
                end = converter.position(of: lineEnd)
            }
            let length = end.character - start.character
            guard length > 0 else { continue }
            let deltaLine = start.line - previousLine
            data += [
                deltaLine, deltaLine == 0 ? start.character - previousStart : start.character, length,
                token.type.rawValue, token.modifiers,
            ]
            previousLine = start.line
            previousStart = start.character
        }
        return data
    }
}
