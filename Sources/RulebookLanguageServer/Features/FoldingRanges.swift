import Rulebook

/// `textDocument/foldingRange`: `when` blocks, statements continued over several lines,
/// runs of comment lines and runs of imports.
enum FoldingRanges {
    static let method = "textDocument/foldingRange"

    struct Fold: Sendable, Hashable {
        var startLine: Int
        var endLine: Int
        /// `comment`, `imports` or `region`.
        var kind: String
    }

    static let route = Route.typed(DocumentParams.self) { params, context in
        let analysis = try await context.analysis(params.textDocument.uri)
        guard let tree = analysis.tree else { return .array([]) }
        return .array(
            folds(in: tree).map { fold in
                .object(["startLine": .integer(fold.startLine), "endLine": .integer(fold.endLine), "kind": .string(fold.kind)])
            })
    }

    static func folds(in tree: SyntaxTree) -> [Fold] {
        let lines = tree.source.lines
        var folds: [Fold] = []
        func line(_ offset: Int) -> Int { lines.line(containing: offset) }

        func visit(_ statements: [StatementSyntax]) {
            for statement in statements {
                switch statement {
                case .when(let block):
                    // Fold up to the line before `}` so the brace stays visible.
                    let start = line(block.range.start)
                    let closing = block.closeBraceRange.isEmpty ? line(block.range.end) : line(block.closeBraceRange.start) - 1
                    if closing > start { folds.append(Fold(startLine: start, endLine: closing, kind: "region")) }
                    visit(block.body)
                case .field, .namedRule:
                    let start = line(statement.range.start), end = line(statement.range.end)
                    if end > start { folds.append(Fold(startLine: start, endLine: end, kind: "region")) }
                default:
                    continue
                }
            }
        }
        visit(tree.statements)
        folds += runs(of: tree.comments.map { line($0.range.start) }, kind: "comment")
        let importLines = tree.statements.compactMap { statement -> Int? in
            if case .importDecl(let node) = statement { return line(node.range.start) } else { return nil }
        }
        folds += runs(of: importLines, kind: "imports")
        return folds.sorted { ($0.startLine, $0.endLine) < ($1.startLine, $1.endLine) }
    }

    /// Groups of two or more consecutive line numbers.
    private static func runs(of lineNumbers: [Int], kind: String) -> [Fold] {
        var folds: [Fold] = []
        var start: Int?
        var previous = Int.min
        for number in lineNumbers.sorted() {
            if number == previous + 1 || number == previous {
                previous = number
                continue
            }
            if let first = start, previous > first { folds.append(Fold(startLine: first, endLine: previous, kind: kind)) }
            start = number
            previous = number
        }
        if let first = start, previous > first { folds.append(Fold(startLine: first, endLine: previous, kind: kind)) }
        return folds
    }
}
