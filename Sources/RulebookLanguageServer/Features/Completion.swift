import Foundation
import Rulebook

/// `textDocument/completion`: validators (with argument snippets) and named rules where a
/// rule begins, field paths used anywhere in the workspace at a statement start and in
/// conditions and field arguments, catalogue keys after `message`, rule files inside
/// `import "…"`.
enum Completion {
    static let method = "textDocument/completion"

    // LSP CompletionItemKind values.
    static let fieldKind = 5, functionKind = 3, constantKind = 21, keywordKind = 14, fileKind = 17, enumMemberKind = 20

    struct Item: Sendable, Hashable {
        var label: String
        var kind: Int
        var detail: String?
        var documentation: String?
        var insertText: String
        var isSnippet = false
        var sortText: String?
    }

    /// `textDocument/completion` params: a position and how completion was triggered.
    struct Params: JSONDecodable {
        var position: TextDocumentPositionParams
        var triggerCharacter: String?

        init(json: JSONView) throws(InvalidParams) {
            position = try TextDocumentPositionParams(json: json)
            triggerCharacter = try json["context"]["triggerCharacter"].optionalString()
        }
    }

    static let route = Route.typed(Params.self) { params, context in
        let analysis = try await context.analysis(params.position.textDocument.uri)
        let converter = analysis.document.converter(context.encoding)
        let offset = converter.offset(of: params.position.position)
        let completion = CompletionContext(source: analysis.document.source, offset: offset)
        // A space typed in indentation or between words should not pop up every field;
        // after `message `, `same `, `when ` … it should.
        if params.triggerCharacter == " ", completion.kind == .statementStart || completion.kind == .ruleName {
            return .object(["isIncomplete": .bool(false), "items": .array([])])
        }
        let items = Completion.items(
            for: completion, analysis: analysis, documents: context.documents, snippets: context.session.client.snippets)
        let replace = converter.range(of: SourceRange(start: completion.wordStart, end: offset))
        return .object([
            "isIncomplete": .bool(false),
            "items": .array(items.map { json($0, replace: replace) }),
        ])
    }

    static func items(for context: CompletionContext, analysis: DocumentAnalysis, documents: DocumentStore, snippets: Bool) -> [Item] {
        switch context.kind {
        case .ruleName:
            return validatorItems(snippets: snippets) + namedRuleItems(analysis)
        case .argument(let name, let index):
            return argumentItems(validator: name, index: index, analysis: analysis, documents: documents)
        case .messageKey:
            return analysis.baseMessageKeys.map {
                Item(label: $0, kind: enumMemberKind, detail: analysis.baseMessage(forKey: $0), insertText: $0)
            }
        case .importPath:
            return importItems(analysis)
        case .statementStart:
            let keywords = ["rule", "import", "when"].map { Item(label: $0, kind: keywordKind, insertText: $0 + " ", sortText: "2" + $0) }
            return fieldItems(analysis, documents: documents, suffix: ": ") + keywords
        case .condition:
            return fieldItems(analysis, documents: documents, suffix: "")
        case .none:
            return []
        }
    }

    // MARK: Sources of items

    static func validatorItems(snippets: Bool) -> [Item] {
        ValidatorDefinition.all.flatMap { definition in
            definition.forms.enumerated().map { number, form in
                Item(
                    label: definition.name, kind: functionKind, detail: form.signature(of: definition.name),
                    documentation: definition.summary,
                    insertText: snippets
                        ? snippet(definition.name, form) : definition.name + (form.parameters.isEmpty && form.variadic == nil ? "" : " "),
                    isSnippet: snippets, sortText: "0\(definition.name)\(number)")
            }
        }
    }

    /// `minLength ${1:2}`, `pattern /${1:regex}/`, `oneOf "${1:value}"`: the parameters as tab stops.
    static func snippet(_ name: String, _ form: ValidatorForm) -> String {
        var text = name
        var stop = 1
        for parameter in form.parameters + (form.variadic.map { [$0] } ?? []) {
            text += " " + placeholder(parameter, stop: stop)
            stop += 1
        }
        return text
    }

    private static func placeholder(_ parameter: ParameterDefinition, stop: Int) -> String {
        switch parameter.kind {
        case .count, .number: "${\(stop):\(parameter.name)}"
        case .regex: "/${\(stop):regex}/"
        case .literal: "\"${\(stop):value}\""
        case .dateBound: "${\(stop):today}"
        case .field: "${\(stop):field}"
        }
    }

    static func namedRuleItems(_ analysis: DocumentAnalysis) -> [Item] {
        analysis.scope.rules.keys.sorted().compactMap { name in
            guard let definition = analysis.scope[name] else { return nil }
            let body = definition.syntax.rules.map { definition.source.text(in: $0.range) }.joined(separator: ", ")
            return Item(label: name, kind: constantKind, detail: "rule \(name) = \(body)", insertText: name, sortText: "1" + name)
        }
    }

    static func argumentItems(validator name: String, index: Int, analysis: DocumentAnalysis, documents: DocumentStore) -> [Item] {
        guard let definition = ValidatorDefinition.named(name) else { return [] }
        let kinds = Set(
            definition.forms.compactMap { form -> ParameterKind? in
                if index < form.parameters.count { return form.parameters[index].kind }
                return form.variadic?.kind
            })
        var items: [Item] = []
        if kinds.contains(.dateBound) { items.append(Item(label: "today", kind: keywordKind, insertText: "today", sortText: "0today")) }
        if kinds.contains(.literal) {
            items += ["true", "false"].map { Item(label: $0, kind: keywordKind, insertText: $0) }
        }
        if kinds.contains(.field) || kinds.contains(.dateBound) {
            items += fieldItems(analysis, documents: documents, suffix: "")
        }
        return items
    }

    /// Field paths written anywhere: this file, what it imports, other open documents,
    /// and rule files in the workspace.
    static func fieldItems(_ analysis: DocumentAnalysis, documents: DocumentStore, suffix: String) -> [Item] {
        var counts: [String: Int] = [:]
        var trees = Array(analysis.trees.values)
        for document in documents.all where !document.isCatalogue && analysis.trees[document.path] == nil {
            trees.append(analysis.workspace.tree(for: document.source))
        }
        trees += analysis.workspace.workspaceTrees(excluding: Set(trees.map(\.source.path)), documents: documents)
        for tree in trees {
            for path in SyntaxIndex(tree).fieldPaths { counts[path.description, default: 0] += 1 }
        }
        return counts.keys.sorted().map { path in
            Item(label: path, kind: fieldKind, detail: "used \(counts[path] ?? 0)×", insertText: path + suffix, sortText: "1" + path)
        }
    }

    static func importItems(_ analysis: DocumentAnalysis) -> [Item] {
        let directory = SourcePathText.directory(of: analysis.document.path)
        return analysis.workspace.ruleFiles().compactMap { path in
            guard path != analysis.document.path else { return nil }
            let relative = SourcePathText.relative(path, from: directory)
            return Item(label: relative, kind: fileKind, insertText: relative)
        }
    }

    // MARK: JSON

    static func json(_ item: Item, replace: LSPRange) -> Value {
        .object([
            "label": .string(item.label),
            "kind": .integer(item.kind),
            "detail": item.detail.map(Value.string),
            "documentation": item.documentation.map { MarkupContent(kind: .markdown, value: $0).json },
            "sortText": item.sortText.map(Value.string),
            "filterText": .string(item.label),
            "insertTextFormat": .integer(item.isSnippet ? 2 : 1),
            "textEdit": LSPTextEdit(range: replace, newText: item.insertText).json,
        ])
    }
}

/// Relative paths between `/`-separated file paths (for import completion).
enum SourcePathText {
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// `path` relative to `directory` (`../common.rules`, `forms/a.rules`).
    static func relative(_ path: String, from directory: String) -> String {
        let target = path.split(separator: "/")
        let base = directory.split(separator: "/")
        var common = 0
        while common < Swift.min(target.count - 1, base.count) && target[common] == base[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...].map(String.init)).joined(separator: "/")
    }
}
