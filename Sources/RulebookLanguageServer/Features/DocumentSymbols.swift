import Rulebook

/// `textDocument/documentSymbol`: fields, named rules, imports and `when` blocks as a
/// tree (or a flat list with container names for clients without hierarchy support).
enum DocumentSymbols {
    /// The method name.
    static let method = "textDocument/documentSymbol"

    // LSP SymbolKind values.
    private static let fileKind = 1, namespaceKind = 3, fieldKind = 8, functionKind = 12

    struct Symbol: Sendable {
        var name: String
        var detail: String?
        var kind: Int
        var range: SourceRange
        var selectionRange: SourceRange
        var children: [Symbol]
    }

    /// Memory: the answer is written as JSON text one top-level statement at a time; built
    /// whole as values first, it took about forty times the file's size. The text is kept
    /// in pieces of about ``pieceSize`` bytes: one growing array is copied into one twice
    /// as large as it grows, and holds both at that moment. A cancelled request stops
    /// within a few thousand statements.
    static let route = Route.typedText(DocumentParams.self) { params, context in
        let analysis = try await context.analysis(params.textDocument.uri)
        var pieces: [[UInt8]] = []
        var text = Array("[".utf8)
        guard let tree = analysis.tree else { return [text + Array("]".utf8)] }
        text.reserveCapacity(pieceSize)
        let converter = analysis.document.converter(context.encoding)
        let writer = JSONWriter()
        var first = true
        func append(_ value: Value) {
            if !first { text.append(UInt8(ascii: ",")) }
            first = false
            writer.write(value, into: &text)
            // (Past the size, not at it: a piece may outgrow its room by one symbol.)
            if text.count >= pieceSize - 4096 {
                pieces.append(text)
                text = []
                text.reserveCapacity(pieceSize)
            }
        }
        for (position, statement) in tree.statements.enumerated() {
            // Now and then, let the server's other work run (on two cores, two long answers
            // would hold both threads, and the cancellations meant to stop them would wait
            // for them to finish), then stop if cancelled.
            if position % 4096 == 4095 {
                await Task.yield()
                try Task.checkCancellation()
            }
            guard let symbol = symbol(for: statement, in: tree.source) else { continue }
            if context.session.client.hierarchicalSymbols {
                append(json(symbol, converter))
            } else {
                var flat: [Value] = []
                flatten([symbol], container: nil, uri: params.textDocument.uri, converter: converter, into: &flat)
                flat.forEach(append)
            }
        }
        text.append(UInt8(ascii: "]"))
        pieces.append(text)
        return pieces
    }

    /// The room of each piece of the answer's text.
    static let pieceSize = 1 << 20

    static func symbol(for statement: StatementSyntax, in source: SourceFile) -> Symbol? {
        switch statement {
        case .field(let field):
            let rules = field.rules.map { source.text(in: $0.range) }.joined(separator: ", ")
            return Symbol(
                name: field.path.description, detail: rules.isEmpty ? nil : rules, kind: fieldKind,
                range: field.range, selectionRange: field.path.range, children: [])
        case .namedRule(let rule):
            guard !rule.name.name.isEmpty else { return nil }
            let body = rule.rules.map { source.text(in: $0.range) }.joined(separator: ", ")
            return Symbol(
                name: rule.name.name, detail: body.isEmpty ? "rule" : "= " + body, kind: functionKind,
                range: rule.range, selectionRange: rule.name.range, children: [])
        case .importDecl(let importDecl):
            return Symbol(
                name: "import \"\(importDecl.path)\"", detail: nil, kind: fileKind,
                range: importDecl.range, selectionRange: importDecl.pathRange.isEmpty ? importDecl.keywordRange : importDecl.pathRange,
                children: [])
        case .when(let block):
            let condition = source.text(in: block.condition.range)
            return Symbol(
                name: "when \(condition)", detail: nil, kind: namespaceKind, range: block.range,
                selectionRange: block.keywordRange.union(block.condition.range),
                children: block.body.compactMap { symbol(for: $0, in: source) })
        case .unexpected:
            return nil
        }
    }

    private static func json(_ symbol: Symbol, _ converter: PositionConverter) -> Value {
        .object([
            "name": .string(symbol.name),
            "detail": symbol.detail.map(Value.string),
            "kind": .integer(symbol.kind),
            "range": converter.range(of: symbol.range).json,
            "selectionRange": converter.range(of: symbol.selectionRange).json,
            "children": symbol.children.isEmpty ? Value?.none : .array(symbol.children.map { json($0, converter) }),
        ])
    }

    private static func flatten(
        _ symbols: [Symbol], container: String?, uri: String, converter: PositionConverter, into result: inout [Value]
    ) {
        for symbol in symbols {
            result.append(
                .object([
                    "name": .string(symbol.name),
                    "kind": .integer(symbol.kind),
                    "location": Location(uri: uri, range: converter.range(of: symbol.range)).json,
                    "containerName": container.map(Value.string),
                ]))
            flatten(symbol.children, container: symbol.name, uri: uri, converter: converter, into: &result)
        }
    }
}

/// `{ textDocument }`: the params of document-wide requests.
struct DocumentParams: Sendable, JSONDecodable {
    var textDocument: TextDocumentIdentifier

    init(json: JSONView) throws(InvalidParams) {
        try json.requireObject()
        textDocument = try TextDocumentIdentifier(json: json["textDocument"])
    }
}
