import Foundation
import Rulebook
import RulebookTooling

/// The workspace as analyses see it: roots, each root's project configuration (the
/// nearest `rulebook.json` from the root up, as `rulebook check` would read it), the
/// message catalogues of each root's catalogue directory (open catalogue documents over
/// the files on disk), and the display locale. Immutable; the analyzer builds a new one
/// when catalogues or a configuration change.
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
    /// The client's display locale (`nil`: the configuration's, else the base catalogue).
    let locale: String?
    /// Each root's project configuration, when it has a valid one.
    let configurations: [String: ProjectConfiguration]
    /// Why configuration files were not used (an invalid `rulebook.json` is reported and
    /// ignored, so the editor keeps working with the defaults).
    let configurationProblems: [String]
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
        var configurations: [String: ProjectConfiguration] = [:]
        var problems: [String] = []
        for root in roots {
            do throws(InputFileError) {
                configurations[root] = try Self.configuration(of: root, documents: documents)
            } catch {
                problems.append(error.message)
            }
        }
        self.configurations = configurations
        configurationProblems = problems
        var catalogues: [String: CatalogueDirectory] = [:]
        for root in roots {
            let directory = configurations[root]?.catalogs ?? (root.hasSuffix("/") ? root + "Localizations" : root + "/Localizations")
            var texts = (try? MessageCatalogs.readFiles(in: directory)) ?? [:]
            for document in documents.all where document.isCatalogue && SourcePathText.directory(of: document.path) == directory {
                texts[document.path] = document.text
            }
            guard !texts.isEmpty else { continue }
            catalogues[root] = CatalogueDirectory(path: directory, texts: texts, catalogs: MessageCatalogs(files: texts))
        }
        self.catalogues = catalogues
    }

    /// The nearest `rulebook.json` from `root` up (an open buffer wins over the file),
    /// or nil when there is none.
    private static func configuration(of root: String, documents: DocumentStore) throws(InputFileError) -> ProjectConfiguration? {
        guard let found = ProjectConfiguration.nearest(from: URL(fileURLWithPath: root)) else { return nil }
        let path = found.file.path
        let text: String
        if let document = documents.document(atPath: path) {
            text = document.text
        } else if let data = FileManager.default.contents(atPath: path) {
            text = String(decoding: data, as: UTF8.self)
        } else {
            throw InputFileError(FileErrorText.missing(path))
        }
        return try ProjectConfiguration.parse(text, path: path, base: SourcePathText.directory(of: path) + "/")
    }

    /// The project configuration that applies to the file at `path`.
    func configuration(for path: String) -> ProjectConfiguration? {
        root(of: path).flatMap { configurations[$0] }
    }

    /// `diagnostics` of the file at `path` as its project configuration levels them, the
    /// codes turned `off` left out; none for a file the configuration excludes.
    func configured(_ diagnostics: [Diagnostic], for path: String) -> [Diagnostic] {
        guard let configuration = configuration(for: path) else { return diagnostics }
        if configuration.skips(path, isDirectory: false, includes: false) { return [] }
        return configuration.relevel(diagnostics)
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
        let configured = configuration(for: path)?.locale
        return directory.catalogs.localizer(locale: locale ?? configured ?? MessageCatalogs.baseLocale)
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
    /// the base catalogue (when there is one) and a missing key gets the fix that adds it;
    /// the lint passes run; the check's working tables are handed back, to be freed with
    /// the check result after the diagnostics are published (``Analyzer/releaseRetired()``).
    func checkOptions(for path: String) -> CheckOptions {
        var options = catalogueCheckOptions(for: path)
        options.handsOverWorkingState = true
        return options
    }

    /// ``checkOptions(for:)`` as `rulebook check` would check the file.
    private func catalogueCheckOptions(for path: String) -> CheckOptions {
        guard let directory = catalogueDirectory(for: path), directory.catalogs.base != nil else {
            return CheckOptions(patternCache: patternCache).withLint
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
        ).withLint
    }

    /// A parse of `source`, cached by path and text. An edited buffer is parsed again only
    /// around the edit: the previous version's statements before and after it are kept.
    func tree(for source: SourceFile) -> SyntaxTree {
        parseCache.tree(for: source) { Parser.parse($0, reusing: $1) }
    }

    /// Rule files under the roots, except those their project configuration excludes.
    func ruleFiles() -> [String] {
        RuleFiles.list(under: roots).filter { path in
            !(configuration(for: path)?.skips(path, isDirectory: false, includes: false) ?? false)
        }
    }

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
