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

    /// Memory: the answer is written as JSON text straight to the output, a batch of
    /// top-level statements at a time, and never held whole (as values the answer takes
    /// about forty times the file's size, and its text alone about eight): the handler
    /// first counts its bytes (the message header comes first), a statement at a time,
    /// then writes it when it is sent. Both make the same bytes: they read the same tree
    /// through the same code. A cancelled request stops within a batch, and between
    /// batches (where it lets other requests run) it holds no text.
    static let route = Route.typedText(DocumentParams.self) { params, context in
        let analysis = try await context.analysis(params.textDocument.uri)
        let writer = SymbolWriter(
            tree: analysis.tree, converter: analysis.document.converter(context.encoding),
            hierarchical: context.session.client.hierarchicalSymbols, uri: params.textDocument.uri)
        var length = 0
        var batches = writer.batches
        while let counted = batches.nextLength() {
            length += counted
            if !batches.isFinished {
                // Now and then, let the server's other work run (on two cores, two long
                // answers would hold both threads, and the cancellations meant to stop them
                // would wait for them to finish), then stop if cancelled.
                await Task.yield()
                try Task.checkCancellation()
            }
        }
        return Route.TextAnswer(length: length) { sink in
            var batches = writer.batches
            while let text = batches.next() {
                guard text.withUnsafeBytes(sink) else { return false }
            }
            return true
        }
    }

    /// Writes the answer's JSON text (`[`, the symbols, `]`) in batches of statements.
    private struct SymbolWriter: Sendable {
        let tree: SyntaxTree?
        let converter: PositionConverter
        let hierarchical: Bool
        let uri: String
        /// Top-level statements per batch.
        static let batchSize = 4096

        /// The text, a batch at a time.
        var batches: Batches { Batches(writer: self) }

        struct Batches {
            let writer: SymbolWriter
            /// The first statement of the next batch.
            private var position = 0
            private var first = true
            private var text: [UInt8] = []
            /// Whether the last batch has been made.
            private(set) var isFinished = false

            init(writer: SymbolWriter) { self.writer = writer }

            /// The next batch's text (valid until the next call), or nil after the last.
            mutating func next() -> [UInt8]? {
                text.removeAll(keepingCapacity: true)
                return advance(keepingText: true) == nil ? nil : text
            }

            /// The next batch's length in bytes, or nil after the last; its text is made a
            /// statement at a time and not kept.
            mutating func nextLength() -> Int? {
                defer { text = [] }
                return advance(keepingText: false)
            }

            /// Makes the next batch's text, after what `text` holds; returns its length.
            private mutating func advance(keepingText: Bool) -> Int? {
                guard !isFinished else { return nil }
                var length = 0
                func flush() {
                    guard !keepingText else { return }
                    length += text.count
                    text.removeAll(keepingCapacity: true)
                }
                if position == 0 { text.append(UInt8(ascii: "[")) }
                let statements = writer.tree?.statements ?? []
                let end = Swift.min(statements.count, position + SymbolWriter.batchSize)
                for statement in statements[position..<end] {
                    writer.append(statement, first: &first, to: &text)
                    flush()
                }
                position = end
                if position == statements.count {
                    text.append(UInt8(ascii: "]"))
                    isFinished = true
                }
                flush()
                return keepingText ? text.count : length
            }
        }

        /// Appends the symbols of `statement` (one, or several flat ones), each after a
        /// comma unless it is the answer's first.
        func append(_ statement: StatementSyntax, first: inout Bool, to text: inout [UInt8]) {
            guard let tree, let symbol = symbol(for: statement, in: tree.source) else { return }
            let writer = JSONWriter()
            func append(_ value: Value) {
                if !first { text.append(UInt8(ascii: ",")) }
                first = false
                writer.write(value, into: &text)
            }
            if hierarchical {
                append(json(symbol, converter))
            } else {
                var flat: [Value] = []
                flatten([symbol], container: nil, uri: uri, converter: converter, into: &flat)
                flat.forEach(append)
            }
        }
    }

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
