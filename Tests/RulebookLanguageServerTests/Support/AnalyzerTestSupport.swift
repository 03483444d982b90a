import Rulebook

@testable import RulebookLanguageServer

/// Helpers for tests that drive the ``Analyzer`` directly, without a server around it.
extension LSPTestCase {
    /// An analyzer whose one root is the test's workspace, with no display locale.
    func workspaceAnalyzer() -> Analyzer {
        let analyzer = Analyzer()
        analyzer.configure(roots: [workspace.path], locale: nil)
        return analyzer
    }

    /// Version `version` of an editor buffer at `relativePath` in the workspace.
    func buffer(_ version: Int, _ text: String, at relativePath: String = "a.rules") -> TextDocument {
        TextDocument(uri: uri(relativePath), version: version, languageID: "rulebook", text: text)
    }
}
