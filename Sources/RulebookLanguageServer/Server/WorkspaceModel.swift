import Rulebook

/// The workspace as analyses see it: roots and display locale (catalogues and the
/// library workspace hook in here).
struct WorkspaceModel: Sendable {
    let roots: [String]
    let locale: String?
    /// Renders violation messages as users see them (base catalogue, or built-in English).
    var renderer: any MessageRendering { DefaultMessages() }

    /// The base catalogue's text for `key`.
    func baseMessage(forKey key: String) -> String? { nil }

    /// Every key of the base catalogue, sorted.
    var baseMessageKeys: [String] { [] }

    /// A parse of `source` (cached).
    func tree(for source: SourceFile) -> SyntaxTree { Parser.parse(source) }

    /// Parsed rule files of the workspace roots, except `excluded` paths.
    func workspaceTrees(excluding excluded: Set<String>) -> [SyntaxTree] { [] }

    /// Rule files under the workspace roots.
    func ruleFiles() -> [String] { [] }

    init(roots: [String], locale: String?) {
        self.roots = roots
        self.locale = locale
    }
}
