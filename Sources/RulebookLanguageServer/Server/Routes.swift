import Rulebook

/// The request methods the server answers (besides `initialize` and `shutdown`, which
/// the server handles itself), each implemented in `Features/`.
enum Routes {
    static let all: [String: Route] = [
        DocumentSymbols.method: DocumentSymbols.route,
        FoldingRanges.method: FoldingRanges.route,
        SemanticTokens.method: SemanticTokens.route,
        Hover.method: Hover.route,
        Completion.method: Completion.route,
        SignatureHelp.method: SignatureHelp.route,
        Formatting.method: Formatting.route,
        Definition.method: Definition.route,
        References.referencesMethod: References.referencesRoute,
        References.prepareRenameMethod: References.prepareRenameRoute,
        References.renameMethod: References.renameRoute,
        CodeActions.method: CodeActions.route,
        PullDiagnostics.method: PullDiagnostics.route,
    ]
}
