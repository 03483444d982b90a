import Rulebook

/// `textDocument/hover`: validator documentation with the message a user would see,
/// a named rule's definition and expansion, a message key's text, a field's rules.
enum Hover {
    static let method = "textDocument/hover"

    static let route = Route.typed(TextDocumentPositionParams.self) { params, context in
        let analysis = try await context.analysis(params.textDocument.uri)
        let converter = analysis.document.converter(context.encoding)
        let offset = converter.offset(of: params.position)
        guard let index = analysis.index, let occurrence = index.occurrence(at: offset),
            let markdown = content(for: occurrence, analysis: analysis)
        else { return .null }
        let text =
            context.session.client.markdownHover
            ? markdown : markdown.replacingOccurrences(of: "```rulebook\n", with: "").replacingOccurrences(of: "```", with: "")
        return .object([
            "contents": MarkupContent(kind: context.session.client.markdownHover ? .markdown : .plaintext, value: text).json,
            "range": converter.range(of: occurrence.range).json,
        ])
    }

    static func content(for occurrence: SyntaxOccurrence, analysis: DocumentAnalysis) -> String? {
        switch occurrence.kind {
        case .validator(let validator, let rule):
            return validatorDocumentation(validator.definition, rule: rule, analysis: analysis)
        case .ruleReference(let name, _):
            guard let definition = analysis.scope[name] else { return nil }
            return namedRuleDocumentation(definition, analysis: analysis)
        case .ruleDeclaration(let syntax):
            return namedRuleDocumentation(NamedRuleDefinition(source: analysis.document.source, syntax: syntax), analysis: analysis)
        case .messageKey(let key):
            return messageKeyDocumentation(key, analysis: analysis)
        case .field(let path):
            return fieldDocumentation(path, analysis: analysis)
        default:
            return nil
        }
    }

    // MARK: Validators

    static func validatorDocumentation(_ definition: ValidatorDefinition, rule: RuleSyntax?, analysis: DocumentAnalysis) -> String {
        var parts = ["```rulebook\n" + definition.signatures.joined(separator: "\n") + "\n```", definition.summary]
        if !definition.details.isEmpty { parts.append(definition.details) }
        if let message = renderedMessage(definition, rule: rule, analysis: analysis) {
            parts.append("**Message:** " + message)
        }
        parts.append("**Example:**\n```rulebook\n" + definition.example + "\n```")
        return parts.joined(separator: "\n\n")
    }

    /// The message this rule would show (field and arguments as written), or, when the
    /// rule is not in a field statement or its arguments do not fit, the message of the
    /// validator's example.
    static func renderedMessage(_ definition: ValidatorDefinition, rule: RuleSyntax?, analysis: DocumentAnalysis) -> String? {
        if let rule, let field = analysis.index?.field(containing: rule),
            let request = MessageArguments.request(for: rule, definition: definition, field: field)
        {
            return analysis.renderer.render(request)
        }
        let example = SourceFile(path: "example.rules", text: String(definition.example.split(separator: "\n").first ?? ""))
        let tree = Parser.parse(example)
        guard case .field(let statement)? = tree.statements.first,
            let exampleRule = statement.rules.first(where: { $0.name.name == definition.name }),
            let request = MessageArguments.request(for: exampleRule, definition: definition, field: statement.path)
        else { return nil }
        return analysis.renderer.render(request)
    }

    // MARK: Named rules, message keys, fields

    static func namedRuleDocumentation(_ definition: NamedRuleDefinition, analysis: DocumentAnalysis) -> String {
        let text = String(definition.source.text(in: definition.syntax.range))
        var parts = ["```rulebook\n" + text + "\n```"]
        let line = definition.source.location(of: definition.syntax.range.start).line
        let file = definition.source.path == analysis.document.path ? "this file" : "`\(Self.displayName(definition.source.path))`"
        parts.append("Named rule defined in \(file), line \(line).")
        let scope =
            definition.source.path == analysis.document.path
            ? analysis.scope : (analysis.scope(of: definition.source.path) ?? analysis.scope)
        let expansion = scope.expansion(of: definition.syntax.name.name, scopes: { analysis.scope(of: $0) })
        if !expansion.isEmpty {
            parts.append("Expands to: " + expansion.map { "`\($0)`" }.joined(separator: ", "))
        }
        return parts.joined(separator: "\n\n")
    }

    static func messageKeyDocumentation(_ key: String, analysis: DocumentAnalysis) -> String {
        if let text = analysis.baseMessage(forKey: key) {
            return "**\(key)**\n\n" + text
        }
        return "**\(key)**\n\nNot defined in the base catalogue."
    }

    static func fieldDocumentation(_ path: PathSyntax, analysis: DocumentAnalysis) -> String? {
        guard let tree = analysis.tree else { return nil }
        let name = path.description
        var lines: [String] = []
        func visit(_ statements: [StatementSyntax], condition: String?) {
            for statement in statements {
                switch statement {
                case .field(let field) where field.path.description == name:
                    let rules = field.rules.map { tree.source.text(in: $0.range) }.joined(separator: ", ")
                    lines.append((condition.map { "when \($0): " } ?? "") + rules)
                case .when(let block):
                    let text = String(tree.source.text(in: block.condition.range))
                    visit(block.body, condition: condition.map { "\($0) and \(text)" } ?? text)
                default:
                    continue
                }
            }
        }
        visit(tree.statements, condition: nil)
        guard !lines.isEmpty else { return "Field `\(name)`" }
        return "Field `\(name)`\n\n```rulebook\n" + lines.joined(separator: "\n") + "\n```"
    }

    static func displayName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
