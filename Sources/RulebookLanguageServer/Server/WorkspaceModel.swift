import Foundation
import Rulebook
import RulebookTooling

/// The workspace as analyses see it: roots, the message catalogues of each root's
/// `Localizations/` directory (open catalogue documents over the files on disk), and
/// the display locale. Immutable; the analyzer builds a new one when catalogues change.
struct WorkspaceModel: Sendable {
    /// The catalogues of one `Localizations/` directory.
    struct CatalogueDirectory: Sendable {
        /// The directory's path.
        let path: String
        /// Catalogue texts by file path (editor buffers win over disk).
        let texts: [String: String]
        /// The parsed catalogues.
        let catalogs: MessageCatalogs

        /// The base catalogue's path (whether or not it exists).
        var basePath: String { path + "/" + MessageCatalogs.baseLocale + ".json" }
    }

    let roots: [String]
    let locale: String?
    /// Catalogue directories by root.
    let catalogues: [String: CatalogueDirectory]
    /// Parsed files shared by every analysis (only edited files are parsed again).
    let parseCache: ParseCache
    /// Compiled patterns shared by every analysis's check.
    let patternCache: PatternCache
    /// "Add the key to the base catalogue" fixes by key (valid while the catalogues are).
    private let insertionFixes = Locked<[String: FixIt]>([:])

    /// Reads the catalogues of every root (open documents override files on disk).
    init(
        roots: [String], locale: String?, documents: DocumentStore, parseCache: ParseCache,
        patternCache: PatternCache
    ) {
        self.roots = roots
        self.locale = locale
        self.parseCache = parseCache
        self.patternCache = patternCache
        var catalogues: [String: CatalogueDirectory] = [:]
        for root in roots {
            let directory = root.hasSuffix("/") ? root + "Localizations" : root + "/Localizations"
            var texts = (try? MessageCatalogs.readFiles(in: directory)) ?? [:]
            for document in documents.all where document.isCatalogue && SourcePathText.directory(of: document.path) == directory {
                texts[document.path] = document.text
            }
            guard !texts.isEmpty else { continue }
            catalogues[root] = CatalogueDirectory(path: directory, texts: texts, catalogs: MessageCatalogs(files: texts))
        }
        self.catalogues = catalogues
    }

    /// The root containing `path` (the longest match), else the first root.
    func root(of path: String) -> String? {
        roots.filter { path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }.max { $0.count < $1.count } ?? roots.first
    }

    /// The catalogues that apply to the file at `path`.
    func catalogueDirectory(for path: String) -> CatalogueDirectory? {
        root(of: path).flatMap { catalogues[$0] }
    }

    /// The catalogue directory a catalogue file belongs to.
    func catalogueDirectory(containing cataloguePath: String) -> CatalogueDirectory? {
        catalogues.values.first { SourcePathText.directory(of: cataloguePath) == $0.path }
    }

    /// Renders violation messages for the file at `path` as users see them: the
    /// catalogues in the display locale, or the built-in English defaults.
    func renderer(for path: String) -> any MessageRendering {
        guard let directory = catalogueDirectory(for: path) else { return DefaultMessages() }
        return directory.catalogs.localizer(locale: locale ?? MessageCatalogs.baseLocale)
    }

    /// The base catalogue's text for `key`.
    func baseMessage(forKey key: String, for path: String) -> String? {
        catalogueDirectory(for: path)?.catalogs.base?.entry(forKey: key)?.text
    }

    /// Every key of the base catalogue, sorted.
    func baseMessageKeys(for path: String) -> [String] {
        (catalogueDirectory(for: path)?.catalogs.base?.keys ?? []).sorted()
    }

    /// The checker's options for the file at `path`: message keys are checked against
    /// the base catalogue (when there is one) and a missing key gets the fix that adds it.
    func checkOptions(for path: String) -> CheckOptions {
        guard let directory = catalogueDirectory(for: path), directory.catalogs.base != nil else {
            return CheckOptions(patternCache: patternCache)
        }
        let basePath = directory.basePath
        let baseText = directory.texts[basePath]
        let fixes = insertionFixes
        return CheckOptions(
            knownMessageKeys: directory.catalogs.baseKeys,
            missingMessageKeyFix: { missing in
                // The same fix as `rulebook check` offers; computing it parses the base
                // catalogue, so it is computed once per key (a key is often used many times).
                fixes.withLock { cache in
                    if let fix = cache[missing.key] { return fix }
                    let fix = CatalogEdits.insertKey(missing.key, message: "{field} is invalid.", intoCatalogAt: basePath, text: baseText)
                    cache[missing.key] = fix
                    return fix
                }
            },
            patternCache: patternCache
        )
    }

    /// A parse of `source`, cached by path and text. An edited buffer is parsed again only
    /// around the edit: the previous version's statements before and after it are kept.
    func tree(for source: SourceFile) -> SyntaxTree {
        parseCache.tree(for: source) { Parser.parse($0, reusing: $1) }
    }

    /// Rule files under the roots.
    func ruleFiles() -> [String] { RuleFiles.list(under: roots) }

    /// The rule files on disk under the roots, parsed (cached), except `excluded` paths
    /// and any open document (`documents` wins: its text is newer).
    func workspaceTrees(excluding excluded: Set<String>, documents: DocumentStore) -> [SyntaxTree] {
        ruleFiles().compactMap { path in
            guard !excluded.contains(path) else { return nil }
            if let document = documents.document(atPath: path) { return tree(for: document.source) }
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            return tree(for: SourceFile(path: path, text: String(decoding: data, as: UTF8.self)))
        }
    }
}
