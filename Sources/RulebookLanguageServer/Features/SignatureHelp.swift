import Rulebook

/// `textDocument/signatureHelp`: the forms of the validator whose arguments are being
/// typed, with the argument under the cursor highlighted.
enum SignatureHelp {
    static let method = "textDocument/signatureHelp"

    static let route = Route.typed(TextDocumentPositionParams.self) { params, context in
        let analysis = try await context.analysis(params.textDocument.uri)
        let offset = analysis.document.converter(context.encoding).offset(of: params.position)
        let completion = CompletionContext(source: analysis.document.source, offset: offset)
        guard case .argument(let name, let index) = completion.kind, let definition = ValidatorDefinition.named(name) else {
            return .null
        }
        return help(definition, argumentIndex: index)
    }

    static func help(_ definition: ValidatorDefinition, argumentIndex index: Int) -> Value {
        let takesArguments = definition.forms.contains { !$0.parameters.isEmpty || $0.variadic != nil }
        guard takesArguments else { return .null }
        let signatures: [Value] = definition.forms.map { form in
            let parameters = form.parameters + (form.variadic.map { [$0] } ?? [])
            let label = form.signature(of: definition.name)
            return .object([
                "label": .string(label),
                "documentation": MarkupContent(kind: .markdown, value: definition.summary).json,
                "parameters": .array(
                    parameters.map { parameter in
                        .object(["label": .string(parameter.name), "documentation": .string(describe(parameter.kind))])
                    }),
            ])
        }
        // The first form that has a parameter at `index` (or a variadic tail).
        let active = definition.forms.firstIndex { index < $0.parameters.count || $0.variadic != nil } ?? (definition.forms.count - 1)
        let form = definition.forms[active]
        let parameterCount = form.parameters.count + (form.variadic == nil ? 0 : 1)
        return .object([
            "signatures": .array(signatures),
            "activeSignature": .integer(active),
            "activeParameter": .integer(Swift.min(index, Swift.max(0, parameterCount - 1))),
        ])
    }

    private static func describe(_ kind: ParameterKind) -> String {
        switch kind {
        case .count: "a whole number ≥ 0"
        case .number: "a number"
        case .regex: "a /regular expression/"
        case .literal: "a string, number or boolean"
        case .dateBound: "a date (2026-01-31), today, or a field"
        case .field: "a field path"
        }
    }
}
